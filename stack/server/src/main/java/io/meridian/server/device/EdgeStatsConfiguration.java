package io.meridian.server.device;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.device.CassandraEdgeStatsStore;
import io.meridian.core.device.EdgeStats;
import io.meridian.core.device.EdgeStatsService;
import io.meridian.edge.EdgeProperties;
import java.time.Clock;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The edge's statistics: this node's counters (an observer of the hub) and their sums over every
 * node, stored every {@code meridian.edge.stats-interval}.
 */
@Configuration(proxyBeanMethods = false)
public class EdgeStatsConfiguration {

  @Bean
  EdgeStats edgeStats() {
    return new EdgeStats();
  }

  /**
   * The node's id in {@code edge_stats}: a random one per process, so that a restarted node adds a
   * row and the counts of its previous run are kept.
   */
  @Bean(destroyMethod = "close")
  EdgeStatsService edgeStatsService(
      EdgeStats edgeStats, CqlSession session, Clock clock, EdgeProperties properties) {
    EdgeStatsService service =
        new EdgeStatsService(
            edgeStats,
            new CassandraEdgeStatsStore(session),
            UUID.randomUUID().toString(),
            clock,
            properties.nodeTimeout());
    service.start(properties.statsInterval());
    return service;
  }
}
