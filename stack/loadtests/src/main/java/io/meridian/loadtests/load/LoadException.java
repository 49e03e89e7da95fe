package io.meridian.loadtests.load;

/**
 * A load or a verification that could not go on: the server kept failing, refused the data, or the
 * state file is unusable. The message says what failed and, for a load, that rerunning resumes.
 */
public final class LoadException extends RuntimeException {
  public LoadException(String message, Throwable cause) {
    super(message, cause);
  }

  public LoadException(String message) {
    super(message);
  }
}
