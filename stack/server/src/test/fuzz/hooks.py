"""Checks of Meridian's own, added to schemathesis' checks by ApiFuzzIT.

A response must never show the server's insides: no stack trace and no Java class name of the
server or its libraries, whatever the request was. Entities echo what clients stored, so the
check looks for what only a leaked exception would carry.
"""
import re

import schemathesis

LEAK = re.compile(
    r"(\bat [\w$.]+\([\w$]+\.java:\d+\))"  # a stack frame
    r"|(\b(?:java|javax|jakarta|sun|jdk)\.[a-z][\w$]*\.[\w$.]*[A-Z][\w$]*)"  # a JDK/Jakarta class
    r"|(\b(?:org\.springframework|org\.glassfish|org\.apache|com\.fasterxml|com\.datastax"
    r"|co\.elastic|org\.elasticsearch|io\.meridian|io\.swagger|org\.hibernate)\.[\w$.]+)"
    r"|(\b[A-Z]\w*(?:Exception|Error)\b(?::|\s+at\b))"  # "FooException: ..." or "Error at"
)


@schemathesis.check
def no_server_internals(ctx, response, case):
    text = response.text or ""
    match = LEAK.search(text)
    if match:
        raise AssertionError(
            f"The response shows the server's internals: {match.group(0)!r} "
            f"(status {response.status_code})"
        )
