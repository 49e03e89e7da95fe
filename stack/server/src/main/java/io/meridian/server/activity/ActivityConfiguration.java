package io.meridian.server.activity;

import io.meridian.core.activity.ActivityService;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.access.RoleService;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Activity streams: activities posted to users and groups, and the feeds they reach. */
@Configuration(proxyBeanMethods = false)
class ActivityConfiguration {

  @Bean
  ActivityService activityService(
      EntityService entities, ConnectionStore connections, RoleService roles, Clock clock) {
    return new ActivityService(entities, connections, roles, clock);
  }
}
