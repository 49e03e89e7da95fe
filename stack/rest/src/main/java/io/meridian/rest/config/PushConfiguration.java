package io.meridian.rest.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.push.CassandraPushStore;
import io.meridian.core.push.NoopProvider;
import io.meridian.core.push.NotificationService;
import io.meridian.core.push.NotifierService;
import io.meridian.core.push.PushCredentials;
import io.meridian.core.push.PushProviders;
import io.meridian.core.push.PushStore;
import io.meridian.core.push.PushWorker;
import io.meridian.core.secret.SecretStore;
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
  PushProviders pushProviders() {
    return PushProviders.of(List.of(new NoopProvider()));
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
