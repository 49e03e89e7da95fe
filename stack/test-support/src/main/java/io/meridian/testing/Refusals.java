package io.meridian.testing;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;

/** The error code a use case refuses with, for assertions that name it. */
public final class Refusals {
  private Refusals() {}

  /** The code of the {@link MeridianException} the action throws; fails if it throws none. */
  public static ErrorCode codeOf(Runnable action) {
    return refusalOf(action).code();
  }

  /** The {@link MeridianException} the action throws, for its message; fails if it throws none. */
  public static MeridianException refusalOf(Runnable action) {
    try {
      action.run();
    } catch (MeridianException e) {
      return e;
    }
    throw new AssertionError("Expected a refusal (a MeridianException), but the call succeeded");
  }
}
