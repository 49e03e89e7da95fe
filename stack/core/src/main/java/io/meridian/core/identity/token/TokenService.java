package io.meridian.core.identity.token;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.Superuser;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;

/**
 * Issues and checks access tokens. A check costs an HMAC and a cache lookup: the subject's
 * revocation state is read from Cassandra once per node, then kept by the {@link AccessFeed}, which
 * drops it within a second of a revocation anywhere.
 *
 * <p>A superuser token is only honoured while the superuser is configured as it was when the token
 * was issued (see {@link Superuser}); it can also be revoked like anyone's.
 *
 * <p>The cache is loaded inside Caffeine's per-key computation, and the feed's invalidation of a
 * key waits for a load of that key under way, so a state read just before a revocation can never
 * stay cached after the feed has seen it.
 */
public final class TokenService {
  private final TokenCodec codec;
  private final TokenSubjectStore subjects;
  private final AccessFeed feed;
  private final Clock clock;
  private final Duration defaultTtl;
  private final Duration maxTtl;
  private final Superuser superuser;
  private final SecureRandom random = new SecureRandom();
  private final LoadingCache<UUID, TokenSubjectStore.SubjectState> states;
  private final LongAdder[] verifications = new LongAdder[Verification.values().length];

  public TokenService(
      TokenCodec codec,
      TokenSubjectStore subjects,
      AccessFeed feed,
      Clock clock,
      Duration defaultTtl,
      Duration maxTtl,
      Superuser superuser) {
    this.codec = codec;
    this.superuser = superuser;
    this.subjects = subjects;
    this.feed = feed;
    this.clock = clock;
    this.defaultTtl = defaultTtl;
    this.maxTtl = maxTtl;
    for (int i = 0; i < verifications.length; i++) {
      verifications[i] = new LongAdder();
    }
    this.states = Caffeine.newBuilder().maximumSize(1_000_000).build(subjects::load);
    feed.subscribe(
        event -> {
          if (event.kind() == AccessEvent.Kind.SUBJECT) {
            states.invalidate(event.target());
          }
        });
  }

  /** A new token; {@code ttl} null means the default. 400 when the ttl is out of range. */
  public Issued issue(PrincipalKind kind, UUID subject, UUID scope, Duration ttl) {
    Duration lifetime = ttl == null ? defaultTtl : ttl;
    if (lifetime.isNegative() || lifetime.isZero() || lifetime.compareTo(maxTtl) > 0) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "ttl must be between 1 and " + maxTtl.toMillis() + " milliseconds");
    }
    long now = clock.millis();
    long generation = subjects.load(subject).generation();
    AccessToken token =
        new AccessToken(
            kind,
            subject,
            scope,
            generation,
            now,
            now + lifetime.toMillis(),
            new UUID(random.nextLong(), random.nextLong()));
    return new Issued(codec.encode(token), token, lifetime);
  }

  /** The caller a token stands for; 401 when it is forged, expired or revoked. */
  public Principal authenticate(String text) {
    Verification outcome = Verification.INVALID;
    try {
      AccessToken token = codec.decode(text);
      outcome = Verification.UNCONFIRMED;
      Principal principal = check(token);
      outcome = Verification.VALID;
      return principal;
    } catch (TokenRefused e) {
      outcome = e.outcome;
      throw e.error;
    } finally {
      verifications[outcome.ordinal()].increment();
    }
  }

  /**
   * The caller a token verified earlier still stands for, checked without its signature and not
   * counted among verifications (a long-lived connection checks its token again and again); 401
   * once it has expired or been revoked.
   */
  public Principal confirm(AccessToken token) {
    try {
      return check(token);
    } catch (TokenRefused e) {
      throw e.error;
    }
  }

  private Principal check(AccessToken token) {
    if (clock.millis() >= token.expiresMillis()) {
      throw new TokenRefused(
          Verification.EXPIRED,
          new MeridianException(ErrorCode.EXPIRED_TOKEN, "The access token has expired"));
    }
    if (token.kind() == PrincipalKind.SUPERUSER && !superuser.issuedTo(token.subject())) {
      throw revoked(); // a superuser since disabled or given new credentials
    }
    feed.requireFresh(); // unconfirmed until the revocation state has been read
    if (!states.get(token.subject()).accepts(token)) {
      throw revoked();
    }
    return new Principal(token.kind(), token.subject(), token.scope(), token.id());
  }

  private static TokenRefused revoked() {
    return new TokenRefused(
        Verification.REVOKED,
        new MeridianException(ErrorCode.BAD_ACCESS_TOKEN, "The access token has been revoked"));
  }

  /** A refusal with the outcome it counts as. */
  private static final class TokenRefused extends RuntimeException {
    private final transient Verification outcome;
    private final MeridianException error;

    TokenRefused(Verification outcome, MeridianException error) {
      super(null, null, false, false);
      this.outcome = outcome;
      this.error = error;
    }
  }

  /** How many {@link #authenticate} calls ended with this outcome since this node started. */
  public long verifications(Verification outcome) {
    return verifications[outcome.ordinal()].sum();
  }

  /** The claims of a valid token (for revoking it); 401 as {@link #authenticate}. */
  public AccessToken verify(String text) {
    AccessToken token = codec.decode(text);
    if (clock.millis() >= token.expiresMillis()) {
      throw new MeridianException(ErrorCode.EXPIRED_TOKEN, "The access token has expired");
    }
    return token;
  }

  /**
   * Revokes every token of the subject: on this node at once (the feed applies its own events
   * locally, so a secret derived right after is the new one), on every other within its bound.
   */
  public void revokeAll(UUID subject) {
    subjects.raiseGeneration(subject);
    feed.publish(new AccessEvent(AccessEvent.Kind.SUBJECT, subject));
  }

  /** Revokes one token. */
  public void revoke(AccessToken token) {
    long remaining = token.expiresMillis() - clock.millis();
    if (remaining > 0) {
      subjects.revokeToken(token.subject(), token.id(), Duration.ofMillis(remaining));
      feed.publish(new AccessEvent(AccessEvent.Kind.SUBJECT, token.subject()));
    }
  }

  /** The subject's current generation, as this node knows it (for client secrets). */
  public long generation(UUID subject) {
    return states.get(subject).generation();
  }

  public record Issued(String text, AccessToken token, Duration ttl) {}

  /** How a token check ended. */
  public enum Verification {
    VALID,
    /** Authentic but past its expiry. */
    EXPIRED,
    /** Authentic and current, but its subject's tokens or this token were revoked. */
    REVOKED,
    /** Not a token this cluster issued: malformed or forged. */
    INVALID,
    /** Authentic, but this node could not read the revocation state (feed or store down). */
    UNCONFIRMED
  }
}
