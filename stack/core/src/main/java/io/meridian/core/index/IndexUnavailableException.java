package io.meridian.core.index;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;

/** The index could not be reached; writes still succeed, queries answer 503. */
public class IndexUnavailableException extends MeridianException {
  public IndexUnavailableException(String description, Throwable cause) {
    super(ErrorCode.INDEX_UNAVAILABLE, description, cause);
  }
}
