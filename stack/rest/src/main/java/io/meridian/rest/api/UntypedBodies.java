package io.meridian.rest.api;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.io.BufferedInputStream;
import java.io.IOException;

/**
 * A request body sent without {@code Content-Type} is JSON, as Usergrid read it: its resources took
 * such a body as JSON, and clients written for it (curl one-liners, old SDKs) send none. So is a
 * {@code text/plain} body that starts (after white space) with <code>{</code> or {@code [}, as
 * Usergrid's content-type filter took it: browsers' simple requests and some SDKs label JSON so.
 * Set before matching, so that the route a typed JSON body would reach is the one chosen, and every
 * check of the body (size, syntax, schema) applies unchanged. A body with any other declared type
 * is left alone, and still refused with {@code 415} where JSON is expected.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION - 50)
public final class UntypedBodies implements ContainerRequestFilter {
  /** How far a text body is looked into for its first character; the bytes are handed back. */
  static final int LOOK_AHEAD = 256;

  @Override
  public void filter(ContainerRequestContext request) throws IOException {
    String type = request.getHeaderString(HttpHeaders.CONTENT_TYPE);
    if (type == null && carriesBody(request)) {
      request.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
    } else if (type != null && isPlainText(type) && carriesBody(request)) {
      BufferedInputStream body = new BufferedInputStream(request.getEntityStream(), LOOK_AHEAD);
      request.setEntityStream(body);
      if (startsLikeJson(body)) {
        request.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
      }
    }
  }

  private static boolean isPlainText(String type) {
    int parameters = type.indexOf(';');
    String bare = (parameters < 0 ? type : type.substring(0, parameters)).trim();
    return bare.equalsIgnoreCase(MediaType.TEXT_PLAIN);
  }

  /** Whether the first non-blank byte is an opening brace or bracket; the stream is reset. */
  static boolean startsLikeJson(BufferedInputStream body) throws IOException {
    body.mark(LOOK_AHEAD);
    try {
      for (int i = 0; i < LOOK_AHEAD; i++) {
        int next = body.read();
        if (next != ' ' && next != '\t' && next != '\r' && next != '\n') {
          return next == '{' || next == '[';
        }
      }
      return false;
    } finally {
      body.reset();
    }
  }

  /** A body is announced by a positive length or by a transfer encoding (chunked). */
  private static boolean carriesBody(ContainerRequestContext request) {
    return request.getLength() > 0 || request.getHeaderString("Transfer-Encoding") != null;
  }
}
