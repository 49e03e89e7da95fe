package io.meridian.rest.param;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.Locale;

/** Usergrid's {@code ?connections=}: which connection metadata listed entities carry. */
public enum ConnectionsShown {
  /** Both (Usergrid's default, also {@code all} or {@code both}). */
  ALL,
  /** Only {@code connecting}: what connects to the entity. */
  IN,
  /** Only {@code connections}: what the entity connects to. */
  OUT,
  NONE;

  /** The parameter as sent (null or empty for the default); a 400 for any other value. */
  public static ConnectionsShown of(String parameter) {
    if (parameter == null || parameter.isEmpty()) {
      return ALL;
    }
    return switch (parameter.toLowerCase(Locale.ROOT)) {
      case "all", "both" -> ALL;
      case "in" -> IN;
      case "out" -> OUT;
      case "none" -> NONE;
      default ->
          throw new MeridianException(
              ErrorCode.ILLEGAL_ARGUMENT,
              "connections is none, in, out or all; got '" + parameter + "'");
    };
  }
}
