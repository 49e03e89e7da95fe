package io.meridian.rest.param;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * The headers that describe a request's body, which the body readers check it against (see {@link
 * AppPath} for the annotation). The API document leaves them out: the protocol owns them.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
public class BodyHeaders {
  @HeaderParam(HttpHeaders.CONTENT_TYPE)
  private String contentType;

  @HeaderParam(HttpHeaders.CONTENT_LENGTH)
  @DefaultValue("-1")
  private long contentLength;

  public String contentType() {
    return contentType;
  }

  /** The body's declared length; -1 when the request declares none (a chunked body). */
  public long contentLength() {
    return contentLength;
  }
}
