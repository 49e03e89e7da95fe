package io.meridian.server.identity;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MissingNames;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.CassandraAccessEventStore;
import io.meridian.core.identity.token.CassandraTokenSubjectStore;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenCodec;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.secret.SecretStore;
import io.meridian.server.startup.StartupProgress;
import io.meridian.server.storage.EmbeddedProperties;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tokens and who they stand for: the access feed every node follows, the signing keys, client
 * credentials and the superuser.
 */
@Configuration(proxyBeanMethods = false)
class TokenConfiguration {
  private static final Logger LOG = LoggerFactory.getLogger(TokenConfiguration.class);

  private static final String TOKEN_KEY = "token-hmac-key";

  private static final String SUPERUSER_KEY = "superuser-binding-key";

  @Bean(destroyMethod = "close")
  AccessFeed accessFeed(
      CqlSession session,
      IdGenerator ids,
      Clock clock,
      IdentityProperties identity,
      ApplicationService applications,
      MissingNames missing) {
    AccessFeed feed =
        new AccessFeed(
            new CassandraAccessEventStore(session, ids),
            clock,
            identity.feedInterval(),
            identity.feedLookback(),
            identity.feedMaxStaleness());
    // Only a deletion or a registration changes what the registry caches; grant changes leave it
    // alone.
    feed.subscribe(
        event -> {
          if (event.kind() == AccessEvent.Kind.APPLICATION_DELETED) {
            applications.forget(event.target());
          } else if (event.kind() == AccessEvent.Kind.NAME_REGISTERED) {
            missing.registered(event.target());
          }
        });
    return feed;
  }

  /** Polling starts once every singleton, so every listener, exists, before requests arrive. */
  @Bean
  SmartInitializingSingleton accessFeedStart(AccessFeed feed) {
    return feed::start;
  }

  @Bean
  TokenCodec tokenCodec(SecretStore secrets, IdentityProperties identity) {
    IdentityProperties.TokenKeys keys = identity.tokenKeys();
    byte[] original = secrets.obtain(TOKEN_KEY, 32);
    Map<Integer, byte[]> accepted = new HashMap<>();
    for (int id : keys.accepted()) {
      accepted.put(id, tokenKey(secrets, original, id));
    }
    accepted.put(keys.current(), tokenKey(secrets, original, keys.current()));
    return new TokenCodec(original, accepted, keys.current());
  }

  /** Key 1 is the original key; key n is the cluster secret {@code token-hmac-key-n}. */
  private static byte[] tokenKey(SecretStore secrets, byte[] original, int id) {
    if (id < 1 || id > TokenCodec.MAX_KEY_ID) {
      throw new IllegalArgumentException(
          "meridian.identity.token-keys: a key id is 1 to "
              + TokenCodec.MAX_KEY_ID
              + ", got "
              + id);
    }
    return id == TokenCodec.ORIGINAL_KEY ? original : secrets.obtain(TOKEN_KEY + "-" + id, 32);
  }

  @Bean
  TokenService tokenService(
      TokenCodec codec,
      CqlSession session,
      AccessFeed feed,
      Clock clock,
      IdentityProperties identity,
      Superuser superuser) {
    return new TokenService(
        codec,
        new CassandraTokenSubjectStore(session),
        feed,
        clock,
        identity.tokenTtl(),
        identity.maxTokenTtl(),
        superuser);
  }

  @Bean
  ClientCredentials clientCredentials(TokenCodec codec, TokenService tokens) {
    return new ClientCredentials(codec, tokens);
  }

  /**
   * From configuration; generated and printed once in the embedded profile; else none. Its tokens
   * are bound to what is configured here (see {@link Superuser}).
   */
  @Bean
  Superuser superuser(
      SecretStore secrets,
      IdentityProperties identity,
      EmbeddedProperties embedded,
      PasswordHasher hasher,
      StartupProgress progress) {
    String username = identity.superuserUsername();
    String hash = identity.superuserPasswordHash();
    if (hash != null && !hash.isBlank()) {
      return Superuser.configured(username, hash, hash, secrets.obtain(SUPERUSER_KEY, 32));
    }
    String configured = identity.superuserPassword();
    if (configured != null && !configured.isBlank()) {
      return Superuser.configured(
          username, hasher.hash(configured), configured, secrets.obtain(SUPERUSER_KEY, 32));
    }
    if (!embedded.enabled()) {
      LOG.info("No superuser is configured (meridian.identity.superuser-password)");
      return Superuser.DISABLED;
    }
    byte[] random = new byte[18];
    new SecureRandom().nextBytes(random);
    String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    // Shown on the console only: a password must not be in a log file.
    progress.showWhenReady(
        "  superuser for this run: username '"
            + username
            + "', password '"
            + password
            + "' (generated; set meridian.identity.superuser-password to choose one)");
    LOG.info(
        "Generated a superuser password for this run (shown on standard output, not logged)."
            + " Set meridian.identity.superuser-password to choose one.");
    return Superuser.configured(
        username, hasher.hash(password), password, secrets.obtain(SUPERUSER_KEY, 32));
  }
}
