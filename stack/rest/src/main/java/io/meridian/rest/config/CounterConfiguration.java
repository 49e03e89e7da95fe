package io.meridian.rest.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.counter.CassandraCounterStore;
import io.meridian.core.counter.CollectionCounters;
import io.meridian.core.counter.CounterService;
import io.meridian.core.counter.EventService;
import io.meridian.core.entity.EntityService;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Counters, the events that increment them, and the counters kept on entity writes. */
@Configuration(proxyBeanMethods = false)
class CounterConfiguration {

  @Bean
  CounterService counterService(
      CqlSession session, Clock clock, EntityService entities, CounterProperties properties) {
    CounterService counters = new CounterService(new CassandraCounterStore(session), clock);
    if (properties.collectionCounters()) {
      CollectionCounters.keep(entities, counters);
    }
    return counters;
  }

  @Bean
  EventService eventService(EntityService entities, CounterService counters) {
    return new EventService(entities, counters);
  }
}
