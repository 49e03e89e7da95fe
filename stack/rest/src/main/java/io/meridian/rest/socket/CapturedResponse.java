package io.meridian.rest.socket;

import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * Where Jersey writes the response of one socket request: its status, type and body, kept in
 * memory. Requests are synchronous: nothing is ever suspended.
 */
final class CapturedResponse implements ContainerResponseWriter {
  private int status;
  private MediaType type;
  private ByteArrayOutputStream body;
  private Throwable failure;

  @Override
  public OutputStream writeResponseStatusAndHeaders(
      long contentLength, ContainerResponse response) {
    status = response.getStatus();
    type = response.getMediaType();
    body =
        new ByteArrayOutputStream(contentLength > 0 ? (int) Math.min(contentLength, 1 << 20) : 512);
    return body;
  }

  @Override
  public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
    return false;
  }

  @Override
  public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
    throw new IllegalStateException("Requests over the socket are never suspended");
  }

  @Override
  public void commit() {}

  @Override
  public void failure(Throwable error) {
    failure = error;
  }

  @Override
  public boolean enableResponseBuffering() {
    return false;
  }

  /** 0 when Jersey wrote no response. */
  int status() {
    return status;
  }

  /** The declared type, or null when none was declared. */
  MediaType type() {
    return type;
  }

  byte[] body() {
    return body == null ? new byte[0] : body.toByteArray();
  }

  /** Why Jersey could not finish the response, or null. */
  Throwable failure() {
    return failure;
  }
}
