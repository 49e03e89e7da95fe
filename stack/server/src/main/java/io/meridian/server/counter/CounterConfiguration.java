package io.meridian.server.counter;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.counter.CassandraCounterStore;
import io.meridian.core.counter.CounterService;
import io.meridian.core.counter.EventQueue;
import io.meridian.core.counter.EventService;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Counters and the events that increment them. The counters kept on entity writes observe them (see
 * the entity configuration's observers).
 */
@Configuration(proxyBeanMethods = false)
class CounterConfiguration {

  @Bean
  CounterService counterService(CqlSession session, Clock clock) {
    return new CounterService(new CassandraCounterStore(session), clock);
  }

  @Bean
  EventService eventService(EntityService entities, CounterService counters) {
    return new EventService(entities, counters);
  }

  @Bean
  EventQueue eventQueue(EntityService entities, EntityQueries queries) {
    return new EventQueue(entities, queries);
  }
}
