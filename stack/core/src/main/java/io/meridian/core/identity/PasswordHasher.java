package io.meridian.core.identity;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * Password hashing with bcrypt (Spring Security's implementation). A check against an unknown user
 * still runs one bcrypt comparison against a throwaway hash, so the response time does not tell
 * whether the username exists.
 */
public final class PasswordHasher {
  /** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut. */
  private static final int MAX_BYTES = 72;

  private final BCryptPasswordEncoder encoder;
  private final int minLength;
  private final String throwaway;

  /** bcrypt computations since start, hashes and checks alike (for the metrics). */
  private final LongAdder computations = new LongAdder();

  public PasswordHasher(int strength, int minLength) {
    this.encoder = new BCryptPasswordEncoder(strength);
    this.minLength = minLength;
    this.throwaway = encoder.encode("not-a-password-anyone-has");
  }

  /** The hash to store; 400 when the password is too short or too long. */
  public String hash(String password) {
    requireAcceptable(password);
    computations.increment();
    return encoder.encode(password);
  }

  /** How many bcrypt computations this node ran since it started. */
  public long computations() {
    return computations.sum();
  }

  public void requireAcceptable(String password) {
    if (password == null) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A password is required");
    }
    if (password.codePointCount(0, password.length()) < minLength) {
      throw new MeridianException(
          ErrorCode.PASSWORD_POLICY_VIOLATION,
          "A password needs at least " + minLength + " characters");
    }
    if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
      throw new MeridianException(
          ErrorCode.PASSWORD_POLICY_VIOLATION,
          "A password may have at most " + MAX_BYTES + " bytes");
    }
  }

  /** Whether the password matches the hash; a null hash (no such user) is checked anyway. */
  public boolean matches(String password, String hash) {
    computations.increment();
    if (password == null || password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
      encoder.matches("", throwaway);
      return false;
    }
    if (hash == null) {
      encoder.matches(password, throwaway);
      return false;
    }
    return encoder.matches(password, hash);
  }
}
