package io.meridian.server.identity;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.MissingNames;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.identity.RouteAccess;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.CassandraGrantStore;
import io.meridian.core.identity.access.CassandraRoleGrantMigration;
import io.meridian.core.identity.access.GrantCleanup;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.Memberships;
import io.meridian.core.identity.access.RequestAccess;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.admin.CachedOrganizationStore;
import io.meridian.core.identity.admin.CassandraOrganizationStore;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.OrganizationStore;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.server.storage.EmbeddedProperties;
import java.time.Clock;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Who may do what: grants, roles, organizations' admins, and the rules of requests and routes the
 * protocols hand their callers to.
 */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration {
  /**
   * At most this many missing names per node: about 10 MB, whatever the names' lengths (each is
   * kept as a 128-bit digest).
   */
  private static final int MISSING_NAMES = 100_000;

  /**
   * Grants an older version stored by role name move to role uuids once per cluster, before any
   * request is served.
   */
  @Bean
  SmartInitializingSingleton roleGrantMigration(
      CqlSession session,
      GrantStore grants,
      RoleService roles,
      ApplicationService applications,
      AccessFeed feed) {
    return () ->
        new CassandraRoleGrantMigration(session, grants, roles, applications::find, feed).runOnce();
  }

  @Bean
  GrantStore grantStore(CqlSession session) {
    return new CassandraGrantStore(session);
  }

  /** Names of organizations and applications found missing, remembered briefly on this node. */
  @Bean
  MissingNames missingNames(IdentityProperties identity, Clock clock) {
    return new MissingNames(identity.missingNameTtl(), MISSING_NAMES, clock);
  }

  @Bean
  CachedOrganizationStore organizationStore(CqlSession session, MissingNames missing) {
    return new CachedOrganizationStore(new CassandraOrganizationStore(session), missing);
  }

  @Bean
  AccessControl accessControl(
      GrantStore grants, RoleService roles, OrganizationStore organizations, AccessFeed feed) {
    return new AccessControl(grants, roles, organizations, feed);
  }

  /** Observes every entity write (see the entity configuration's observers). */
  @Bean
  GrantCleanup grantCleanup(GrantStore grants, AccessFeed feed) {
    return new GrantCleanup(grants, feed);
  }

  @Bean
  RoleService roleService(GrantStore grants, EntityService entities, AccessFeed feed) {
    return new RoleService(entities, grants, feed);
  }

  /** Memberships of users, groups and roles. */
  @Bean
  Memberships memberships(EntityService entities, EntityStore store, RoleService roles) {
    return new Memberships(entities, store, roles);
  }

  /** What a request inside an application needs; the HTTP API asks it of every such request. */
  @Bean
  RequestAccess requestAccess(AccessControl access, EntityService entities) {
    return new RequestAccess(access, entities);
  }

  /** The declared rules of operations; registration is open as the operator configured it. */
  @Bean
  RouteAccess routeAccess(
      AccessControl access,
      ManagementService management,
      IdentityProperties identity,
      EmbeddedProperties embedded) {
    return new RouteAccess(
        access, management, IdentityProperties.openRegistration(identity, embedded));
  }
}
