package io.meridian.rest.access;

import io.meridian.api.route.ApiResources;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.RouteAccess;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.RequestAccess;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.TokenService;
import io.meridian.rest.api.JerseyConfig;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Who a request acts for, and whether it may: the two access filters, over core's rules. */
@Configuration(proxyBeanMethods = false)
public class AccessConfiguration {
  /** The open routes come from the rules of every part's resources. */
  @Bean
  AccessFilter accessFilter(
      TokenService tokens,
      AuthService clients,
      ApplicationService applications,
      AccessControl access,
      AccessFeed feed,
      RequestAccess requests,
      List<ApiResources> parts) {
    return new AccessFilter(
        tokens,
        clients,
        applications,
        access,
        feed,
        requests,
        OpenRoutes.of(JerseyConfig.resourceClasses(parts)));
  }

  @Bean
  DeclaredAccessFilter declaredAccessFilter(RouteAccess routes) {
    return new DeclaredAccessFilter(routes);
  }
}
