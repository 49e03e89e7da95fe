package io.meridian.rest.system;

import io.meridian.api.route.ApiResources;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.StorageHealth;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexBacklog;
import io.meridian.core.rebuild.IndexRebuilder;
import io.meridian.rest.status.StatusResource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The node's health, and the operator's index rebuilds. */
@Configuration(proxyBeanMethods = false)
public class SystemApiConfiguration {
  @Bean
  ApiResources systemResources(
      StorageHealth storage,
      EntityIndex index,
      IndexBacklog backlog,
      ApplicationService applications,
      IndexRebuilder rebuilder,
      ObjectProvider<BuildProperties> build) {
    BuildProperties properties = build.getIfAvailable();
    return ApiResources.of(
        new StatusResource(
            storage, index, backlog, properties == null ? "development" : properties.getVersion()),
        new IndexRebuildResource(applications, rebuilder));
  }
}
