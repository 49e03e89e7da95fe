package io.meridian.core.identity;

/** Who a request acts for. The code is what a token carries: never renumber a released one. */
public enum PrincipalKind {
  /** An anonymous caller: the application's {@code guest} role decides. */
  GUEST(0),
  /** A user of one application ({@code /{org}/{app}/users}). */
  APP_USER(1),
  /** An application's client credentials: full access to that application. */
  APPLICATION(2),
  /** An organization's client credentials: full access to its applications. */
  ORGANIZATION(3),
  /** An organization administrator: manages the organizations it belongs to and their apps. */
  ADMIN(4),
  /** The operators' account from configuration: everything, including {@code /system}. */
  SUPERUSER(5);

  private final int code;

  PrincipalKind(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** The kind with this code, or null. */
  public static PrincipalKind ofCode(int code) {
    for (PrincipalKind kind : values()) {
      if (kind.code == code) {
        return kind;
      }
    }
    return null;
  }
}
