package io.meridian.rest.device;

import io.meridian.core.device.DeviceRpc;
import io.meridian.core.identity.Principal;
import io.meridian.rest.access.Caller;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.UUID;

/** An RPC to a device as HTTP carries it: where it came in, and its answer as a response. */
final class RpcHttp {
  private RpcHttp() {}

  /** Where a request came in, from what JAX-RS knows of it. */
  static DeviceRpc.Origin origin(HttpHeaders headers, UriInfo uri) {
    return new DeviceRpc.Origin(
        uri.getPath(false).replaceFirst("^/+", ""),
        uri.getRequestUri().getRawQuery(),
        headers.getHeaderString(HttpHeaders.AUTHORIZATION),
        headers.getHeaderString(HttpHeaders.CONTENT_TYPE),
        "1".equals(headers.getHeaderString(HttpDeviceRelay.RELAYED)));
  }

  /** Whose RPC this is, for the bound of RPCs one caller may have waiting: null for a guest. */
  static UUID caller() {
    Principal caller = Caller.current();
    return caller == null || caller.isGuest() ? null : caller.subject();
  }

  static Response response(DeviceRpc.Answer answer) {
    return Response.status(answer.status()).type(answer.type()).entity(answer.body()).build();
  }
}
