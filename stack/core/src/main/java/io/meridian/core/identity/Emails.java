package io.meridian.core.identity;

import java.util.regex.Pattern;

/** The one email check of admins and app users: a local part, one {@code @}, a domain. */
public final class Emails {
  private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]{1,255}");

  private Emails() {}

  public static boolean valid(String email) {
    return email != null && EMAIL.matcher(email).matches();
  }
}
