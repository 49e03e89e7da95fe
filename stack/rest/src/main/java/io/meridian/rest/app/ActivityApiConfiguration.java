package io.meridian.rest.app;

import io.meridian.api.route.ApiResources;
import io.meridian.core.activity.ActivityService;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.counter.CounterService;
import io.meridian.core.counter.EventQueue;
import io.meridian.core.counter.EventService;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.rest.api.JsonBodies;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Usergrid's events and counters, and activity streams with their feeds. */
@Configuration(proxyBeanMethods = false)
public class ActivityApiConfiguration {
  @Bean
  ApiResources activityResources(
      ApplicationService applications,
      EventService events,
      EventQueue queue,
      CounterService counters,
      ActivityService activities,
      EntityService entities,
      ConnectionService connections,
      EntityQueries queries,
      JsonBodies bodies) {
    ConnectionListings listings = new ConnectionListings(entities, connections, queries);
    return ApiResources.of(
        new EventResource(applications, events, queue, queries, bodies),
        new CounterResource(applications, counters),
        new ActivityResource(applications, activities, listings, bodies),
        new FeedResource(applications, listings));
  }
}
