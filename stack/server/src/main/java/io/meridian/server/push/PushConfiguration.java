package io.meridian.server.push;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.push.ApnsProvider;
import io.meridian.core.push.CassandraPushStore;
import io.meridian.core.push.FcmProvider;
import io.meridian.core.push.NoopProvider;
import io.meridian.core.push.NotificationService;
import io.meridian.core.push.NotifierCleanup;
import io.meridian.core.push.NotifierService;
import io.meridian.core.push.PushCredentials;
import io.meridian.core.push.PushProviders;
import io.meridian.core.push.PushStore;
import io.meridian.core.push.PushWorker;
import io.meridian.core.secret.SecretStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Push notifications: notifiers, the queue, its worker on this node, and the providers. */
@Configuration(proxyBeanMethods = false)
class PushConfiguration {
  /** The data key that seals notifier credentials; a cluster secret like the cursor key. */
  private static final String CREDENTIALS_KEY = "push-credentials-key";

  @Bean
  PushStore pushStore(CqlSession session) {
    return new CassandraPushStore(session);
  }

  @Bean(destroyMethod = "close")
  PushProviders pushProviders(PushProperties push) {
    return PushProviders.of(
        List.of(
            new NoopProvider(),
            new ApnsProvider(
                new ApnsProvider.Connection(
                    push.apnsHost(),
                    push.apnsPort(),
                    certificates(push.apnsTrustedCertificates()),
                    push.apnsConnections(),
                    push.connectTimeout())),
            new FcmProvider(
                new FcmProvider.Connection(
                    push.fcmEndpoint(), push.fcmTokenUri(), push.connectTimeout()))));
  }

  private static List<X509Certificate> certificates(Path pem) {
    if (pem == null) {
      return List.of();
    }
    try (InputStream in = Files.newInputStream(pem)) {
      return CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
          .map(X509Certificate.class::cast)
          .toList();
    } catch (IOException | CertificateException e) {
      throw new IllegalStateException(
          "meridian.push.apns-trusted-certificates: cannot read certificates from " + pem, e);
    }
  }

  /** Observes every entity write (see the entity configuration's observers). */
  @Bean
  NotifierCleanup notifierCleanup(PushStore store) {
    return new NotifierCleanup(store);
  }

  @Bean
  NotifierService notifierService(
      EntityService entities, PushStore store, SecretStore secrets, PushProviders pushProviders) {
    return new NotifierService(
        entities,
        store,
        new PushCredentials(secrets.obtain(CREDENTIALS_KEY, 32)),
        pushProviders.byName());
  }

  @Bean
  NotificationService notificationService(
      EntityService entities,
      EntityQueries queries,
      NotifierService notifiers,
      PushStore store,
      Clock clock) {
    return new NotificationService(entities, queries, notifiers, store, clock);
  }

  @Bean(destroyMethod = "close")
  PushWorker pushWorker(
      PushStore store,
      ApplicationService applications,
      EntityService entities,
      EntityQueries queries,
      RoleService roles,
      NotifierService notifiers,
      PushProviders pushProviders,
      Clock clock,
      PushProperties push) {
    PushWorker worker =
        new PushWorker(
            store,
            applications,
            entities,
            queries,
            roles,
            notifiers,
            pushProviders.byName(),
            clock,
            UUID.randomUUID().toString(),
            new PushWorker.Settings(
                push.poll(),
                push.lease(),
                push.chunkSize(),
                push.concurrency(),
                push.maxAttempts(),
                push.backoff(),
                push.maxBackoff()));
    if (push.enabled()) {
      worker.start();
    }
    return worker;
  }
}
