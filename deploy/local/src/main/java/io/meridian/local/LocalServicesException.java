package io.meridian.local;

/** A local service could not be started or stopped; the message tells the operator what to do. */
public class LocalServicesException extends RuntimeException {

  public LocalServicesException(String message) {
    super(message);
  }

  public LocalServicesException(String message, Throwable cause) {
    super(message, cause);
  }
}
