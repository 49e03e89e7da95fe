package io.meridian.server.realtime;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.realtime.CassandraFeedStore;
import io.meridian.core.realtime.RealtimeFeed;
import io.meridian.core.realtime.RealtimeHub;
import io.meridian.realtime.RealtimeProperties;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The real-time feed every write appends to (an entity write observer) and this node's view of it,
 * which the WebSocket's subscriptions watch.
 */
@Configuration(proxyBeanMethods = false)
class RealtimeFeedConfiguration {
  @Bean
  RealtimeFeed realtimeFeed(CqlSession session, Clock clock, RealtimeProperties properties) {
    return new RealtimeFeed(
        new CassandraFeedStore(session, properties.retention()), clock, properties.retention());
  }

  @Bean(destroyMethod = "close")
  RealtimeHub realtimeHub(RealtimeFeed feed, RealtimeProperties properties) {
    return new RealtimeHub(
        feed,
        properties.pollInterval(),
        properties.settle(),
        properties.sweepInterval(),
        properties.sweepWindow());
  }
}
