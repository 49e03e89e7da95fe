package io.meridian.rest.api;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.activity.ActivityService;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.asset.AssetService;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.counter.CounterService;
import io.meridian.core.counter.EventService;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.EdgeSettingsService;
import io.meridian.core.device.EdgeStatsService;
import io.meridian.core.entity.BulkOperations;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.admin.AdminInvitations;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.identity.user.UserService;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexBacklog;
import io.meridian.core.push.NotificationService;
import io.meridian.core.push.NotifierService;
import io.meridian.core.rebuild.IndexRebuilder;
import io.meridian.rest.access.AccessFilter;
import io.meridian.rest.access.ApplicationRequests;
import io.meridian.rest.access.DeclaredAccessFilter;
import io.meridian.rest.access.PermissionSimulator;
import io.meridian.rest.app.AccessSimulatorResource;
import io.meridian.rest.app.ActivityResource;
import io.meridian.rest.app.CollectionSettingsResource;
import io.meridian.rest.app.ConnectedWrites;
import io.meridian.rest.app.ConnectionResource;
import io.meridian.rest.app.CounterResource;
import io.meridian.rest.app.EntityResource;
import io.meridian.rest.app.EventResource;
import io.meridian.rest.app.FeedResource;
import io.meridian.rest.app.FenceLookupResource;
import io.meridian.rest.app.IdentityTargets;
import io.meridian.rest.app.MembershipResource;
import io.meridian.rest.app.PermissionsResource;
import io.meridian.rest.app.TokenResource;
import io.meridian.rest.app.UserCredentialsResource;
import io.meridian.rest.asset.AssetResource;
import io.meridian.rest.config.ApiProperties;
import io.meridian.rest.config.CorsProperties;
import io.meridian.rest.config.EmbeddedProperties;
import io.meridian.rest.config.GeoProperties;
import io.meridian.rest.config.IdentityProperties;
import io.meridian.rest.console.ConsoleFiles;
import io.meridian.rest.console.ConsoleResource;
import io.meridian.rest.cors.CorsFilter;
import io.meridian.rest.cors.CorsPolicy;
import io.meridian.rest.edge.CometaResource;
import io.meridian.rest.edge.CometaStatsResource;
import io.meridian.rest.edge.DeviceLiveFields;
import io.meridian.rest.edge.DeviceResource;
import io.meridian.rest.edge.DeviceRpc;
import io.meridian.rest.edge.DeviceSecretResource;
import io.meridian.rest.edge.DeviceSettingsResource;
import io.meridian.rest.edge.DeviceStatsResource;
import io.meridian.rest.edge.LiveDevices;
import io.meridian.rest.management.ManagementResource;
import io.meridian.rest.management.OrganizationResource;
import io.meridian.rest.metrics.ApiMetrics;
import io.meridian.rest.openapi.ApiDocument;
import io.meridian.rest.openapi.OpenApiResource;
import io.meridian.rest.push.ReceiptsResource;
import io.meridian.rest.realtime.AsyncApiDocument;
import io.meridian.rest.realtime.JerseyContainer;
import io.meridian.rest.realtime.RealtimeResource;
import io.meridian.rest.request.RouteCapture;
import io.meridian.rest.status.StatusResource;
import io.meridian.rest.system.IndexRebuildResource;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.glassfish.hk2.utilities.binding.AbstractBinder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.stereotype.Component;

/**
 * Every resource and provider of the API, registered explicitly. Resources are built here from the
 * services as plain singletons: letting Jersey's Spring bridge supply them cost a bean lookup on
 * every request (about 9% of a GET's CPU in a profile).
 */
@Component
public class JerseyConfig extends ResourceConfig {
  /** The root resources, each also described in the API document. */
  public static final List<Class<?>> RESOURCES =
      List.of(
          StatusResource.class,
          EntityResource.class,
          AssetResource.class,
          CollectionSettingsResource.class,
          FenceLookupResource.class,
          ConnectionResource.class,
          ReceiptsResource.class,
          IndexRebuildResource.class,
          TokenResource.class,
          UserCredentialsResource.class,
          PermissionsResource.class,
          AccessSimulatorResource.class,
          MembershipResource.class,
          ManagementResource.class,
          OrganizationResource.class,
          OpenApiResource.class,
          ConsoleResource.class,
          EventResource.class,
          CounterResource.class,
          ActivityResource.class,
          FeedResource.class,
          RealtimeResource.class,
          DeviceResource.class,
          CometaResource.class,
          DeviceSettingsResource.class,
          DeviceSecretResource.class,
          DeviceStatsResource.class,
          CometaStatsResource.class);

  public JerseyConfig(
      ApplicationService applications,
      EntityService entities,
      EntityQueries queries,
      BulkOperations bulk,
      ConnectionService connections,
      IndexRebuilder rebuilder,
      JsonBodies bodies,
      CqlSession session,
      EntityIndex index,
      EntityStore store,
      UserService users,
      RoleService roles,
      AuthService auth,
      ManagementService management,
      TokenService tokens,
      ClientCredentials credentials,
      AccessControl access,
      AccessFeed feed,
      IdentityProperties identity,
      EmbeddedProperties embedded,
      GeoIndexes geo,
      GeoProperties geoProperties,
      IndexBacklog backlog,
      ApiMetrics metrics,
      ObjectProvider<BuildProperties> build,
      CorsProperties cors,
      Superuser superuser,
      AdminInvitations invitations,
      EventService events,
      CounterService counters,
      ActivityService activities,
      AssetService assets,
      ApiProperties api,
      HashingBudget hashingBudget,
      SignUpThrottle signUps,
      NotifierService notifiers,
      NotificationService notifications,
      JerseyContainer container,
      DeviceRpc deviceRpc,
      EdgeSettingsService edgeSettings,
      DeviceSecrets deviceSecrets,
      DeviceHub deviceHub,
      EdgeStatsService edgeStats) {
    BuildProperties properties = build.getIfAvailable();
    register(RequestTiming.class);
    register(UntypedBodies.class);
    register(new AccessFilter(tokens, credentials, applications, access, feed, entities));
    register(new DeclaredAccessFilter(access, management));
    register(
        new CorsFilter(CorsPolicy.of(cors.allowedOrigins(), cors.allowedHeaders()), cors.maxAge()));
    register(RouteCapture.class);
    register(new DeviceLiveFields(LiveDevices.of(deviceHub), () -> deviceHub.size() > 0));
    register(ApiExceptionMapper.class);
    register(container); // hands the running application to requests over the WebSocket
    metrics.registerOn(this);
    StatusResource status =
        new StatusResource(
            session, index, backlog, properties == null ? "development" : properties.getVersion());
    EntityResource entityResource =
        new EntityResource(
            applications, entities, queries, bulk, bodies, users, access, notifiers, notifications);
    AssetResource assetResource =
        new AssetResource(applications, entities, assets, api.maxBodySize().toBytes());
    CollectionSettingsResource settingsResource =
        new CollectionSettingsResource(applications, geo, bodies);
    FenceLookupResource lookupResource =
        new FenceLookupResource(applications, queries, bodies, geoProperties.maxBatchPoints());
    ConnectionResource connectionResource =
        new ConnectionResource(
            applications,
            entities,
            connections,
            queries,
            notifications,
            bodies,
            new ConnectedWrites(entities, users, access));
    ReceiptsResource receiptsResource = new ReceiptsResource(applications, notifications);
    IndexRebuildResource rebuildResource = new IndexRebuildResource(applications, rebuilder);
    TokenResource tokenResource = new TokenResource(applications, auth, bodies);
    IdentityTargets targets = new IdentityTargets(applications, entities, users);
    UserCredentialsResource credentialsResource =
        new UserCredentialsResource(targets, auth, access, tokens, bodies);
    PermissionsResource permissionsResource = new PermissionsResource(targets, roles, bodies);
    MembershipResource membershipResource = new MembershipResource(targets, entities, store, roles);
    AccessSimulatorResource simulatorResource =
        new AccessSimulatorResource(
            applications,
            new PermissionSimulator(new ApplicationRequests(entities), access, users),
            entities);
    ManagementResource managementResource =
        new ManagementResource(
            auth,
            management,
            tokens,
            bodies,
            superuser,
            invitations,
            hashingBudget,
            signUps,
            IdentityProperties.openRegistration(identity, embedded));
    OrganizationResource organizationResource =
        new OrganizationResource(
            management,
            credentials,
            bodies,
            invitations,
            store,
            IdentityProperties.openRegistration(identity, embedded));
    EventResource eventResource = new EventResource(applications, events, queries, bodies);
    CounterResource counterResource = new CounterResource(applications, counters);
    ActivityResource activityResource =
        new ActivityResource(applications, activities, entities, connections, queries, bodies);
    FeedResource feedResource = new FeedResource(applications, entities, connections, queries);
    DeviceSettingsResource deviceSettingsResource =
        new DeviceSettingsResource(applications, edgeSettings, bodies);
    DeviceSecretResource deviceSecretResource =
        new DeviceSecretResource(applications, deviceSecrets);
    register(
        new AbstractBinder() {
          @Override
          protected void configure() {
            bind(eventResource).to(EventResource.class);
            bind(counterResource).to(CounterResource.class);
            bind(activityResource).to(ActivityResource.class);
            bind(feedResource).to(FeedResource.class);
            bind(new DeviceResource(applications, deviceRpc)).to(DeviceResource.class);
            bind(new CometaResource(deviceRpc)).to(CometaResource.class);
            bind(new DeviceStatsResource(applications, edgeStats)).to(DeviceStatsResource.class);
            bind(new CometaStatsResource(applications, edgeStats)).to(CometaStatsResource.class);
            bind(status).to(StatusResource.class);
            bind(entityResource).to(EntityResource.class);
            bind(assetResource).to(AssetResource.class);
            bind(settingsResource).to(CollectionSettingsResource.class);
            bind(lookupResource).to(FenceLookupResource.class);
            bind(connectionResource).to(ConnectionResource.class);
            bind(receiptsResource).to(ReceiptsResource.class);
            bind(rebuildResource).to(IndexRebuildResource.class);
            bind(tokenResource).to(TokenResource.class);
            bind(credentialsResource).to(UserCredentialsResource.class);
            bind(permissionsResource).to(PermissionsResource.class);
            bind(membershipResource).to(MembershipResource.class);
            bind(simulatorResource).to(AccessSimulatorResource.class);
            bind(managementResource).to(ManagementResource.class);
            bind(organizationResource).to(OrganizationResource.class);
            bind(deviceSettingsResource).to(DeviceSettingsResource.class);
            bind(deviceSecretResource).to(DeviceSecretResource.class);
          }
        });
    RESOURCES.forEach(this::register);
    register(
        new AbstractBinder() {
          @Override
          protected void configure() {
            String version = properties == null ? "development" : properties.getVersion();
            bind(new OpenApiResource(
                    ApiDocument.of(
                        Stream.concat(RESOURCES.stream(), metrics.resources().stream()).toList(),
                        version,
                        publicPaths(IdentityProperties.openRegistration(identity, embedded))),
                    AsyncApiDocument.of(version)))
                .to(OpenApiResource.class);
            bind(new ConsoleResource(ConsoleFiles.load())).to(ConsoleResource.class);
          }
        });
    // Errors are rendered by ApiExceptionMapper, never by the container's HTML error page.
    property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
    property(ServerProperties.WADL_FEATURE_DISABLE, true);
  }

  /** The paths served without credentials, as the access filter lets them through. */
  static Set<String> publicPaths(boolean openRegistration) {
    Set<String> paths =
        new HashSet<>(
            Set.of(
                "/status",
                "/lb-status",
                "/openapi.json",
                "/openapi.yaml",
                "/asyncapi.json",
                "/docs",
                "/docs/{asset}",
                "/console",
                "/console/{file}",
                "/management/token",
                "/{org}/{app}/token"));
    if (openRegistration) {
      paths.add("/management/orgs");
      paths.add("/management/users");
    }
    return paths;
  }
}
