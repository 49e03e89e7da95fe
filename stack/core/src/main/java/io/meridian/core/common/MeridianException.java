package io.meridian.core.common;

/**
 * The one exception type of Meridian's API: it carries the {@link ErrorCode} that decides the
 * response and a description safe to show to the caller (never a stack trace or internal detail).
 */
public class MeridianException extends RuntimeException {
  private final ErrorCode code;

  public MeridianException(ErrorCode code, String description) {
    super(description);
    this.code = code;
  }

  public MeridianException(ErrorCode code, String description, Throwable cause) {
    super(description, cause);
    this.code = code;
  }

  public ErrorCode code() {
    return code;
  }

  public String description() {
    return getMessage();
  }
}
