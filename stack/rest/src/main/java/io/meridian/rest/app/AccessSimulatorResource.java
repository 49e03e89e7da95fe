package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.AccessExplanation;
import io.meridian.core.identity.access.PermissionGrant;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.permission.PathPattern;
import io.meridian.rest.access.PermissionSimulator;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The permission simulator: may a user (or an anonymous caller) make a request, and which grant
 * allows it. Answered by the server's own access control ({@link PermissionSimulator}), for the
 * application's administrators only (the access filter checks), since it lists what users hold.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "access", tag = "Identity")
@Path("/{org}/{app}/_access")
@Produces(MediaType.APPLICATION_JSON)
public class AccessSimulatorResource {
  private final ApplicationService applications;
  private final PermissionSimulator simulator;
  private final EntityService entities;

  public AccessSimulatorResource(
      ApplicationService applications, PermissionSimulator simulator, EntityService entities) {
    this.applications = applications;
    this.simulator = simulator;
    this.entities = entities;
  }

  @GET
  @Operation(
      summary =
          "Whether a user may make a request, and the grant (the user's own permission, a group's"
              + " or a role's) that allows it, with every grant the user holds; application"
              + " administrators only")
  public byte[] simulate(
      @BeanParam AppPath path,
      @Parameter(description = "uuid, username or email of the user; absent: an anonymous caller")
          @QueryParam("user")
          String user,
      @Parameter(
              description = "the request's method",
              required = true,
              schema =
                  @Schema(
                      type = "string",
                      allowableValues = {"GET", "PUT", "POST", "DELETE", "HEAD"}))
          @QueryParam("method")
          String method,
      @Parameter(
              description = "the request path inside the application, e.g. /cats/fido",
              required = true,
              schema = @Schema(type = "string", maxLength = PermissionSimulator.MAX_PATH_LENGTH))
          @QueryParam("path")
          String requestPath) {
    ApplicationRef application = applications.require(path.org(), path.app());
    PermissionSimulator.Simulation simulation =
        simulator.simulate(application, user, method, requestPath);
    Names names = new Names(application);
    ObjectNode data = Json.object();
    data.put("allowed", simulation.allowed());
    data.put("method", simulation.method());
    data.put("path", simulation.path());
    data.put("checked_as", shown(simulation.requirement().path()));
    data.put("checked_verb", simulation.requirement().verb().name().toLowerCase(Locale.ROOT));
    data.put("rule", simulation.requirement().rule().name().toLowerCase(Locale.ROOT));
    if (simulation.user().isPresent()) {
      StoredEntity found = simulation.user().get();
      data.set("user", holder("user", found.uuid(), found.name()));
    } else {
      data.putNull("user");
    }
    Optional<AccessExplanation> explanation = simulation.explanation();
    if (explanation.isPresent() && explanation.get().by().isPresent()) {
      data.set("by", grant(explanation.get().by().get(), names));
    } else {
      data.putNull("by");
    }
    data.put("reason", simulation.reason());
    ArrayNode considered = data.putArray("considered");
    explanation.ifPresent(e -> e.considered().forEach(g -> considered.add(grant(g, names))));
    return Responses.envelope("get", application, "_access").data(data).toJson();
  }

  /** The checked path as a permission would name it: "any entity" is written {@code *}. */
  private static String shown(List<String> path) {
    return path.stream()
        .map(segment -> segment.equals(PathPattern.ANY_ENTITY) ? "*" : segment)
        .collect(Collectors.joining("/", "/", ""));
  }

  private static ObjectNode grant(PermissionGrant grant, Names names) {
    ObjectNode json = holder(grant.holder(), names);
    json.put("permission", grant.permission().format());
    if (grant.through() == null) {
      json.putNull("through");
    } else {
      json.set("through", holder(grant.through(), names));
    }
    return json;
  }

  private static ObjectNode holder(PermissionGrant.Holder holder, Names names) {
    String type = holder.kind().name().toLowerCase(Locale.ROOT);
    return holder(type, holder.id(), names.of(holder));
  }

  private static ObjectNode holder(String type, UUID id, String name) {
    ObjectNode json = Json.object();
    json.put("from", type);
    json.put("uuid", id.toString());
    if (name == null) {
      json.putNull("name");
    } else {
      json.put("name", name);
    }
    return json;
  }

  /** Names of the users, groups and roles of one answer, each looked up once. */
  private final class Names {
    private final ApplicationRef application;
    private final Map<UUID, String> known = new HashMap<>();

    Names(ApplicationRef application) {
      this.application = application;
    }

    String of(PermissionGrant.Holder holder) {
      CollectionName collection =
          switch (holder.kind()) {
            case USER -> RoleService.USERS;
            case GROUP -> RoleService.GROUPS;
            case ROLE -> RoleService.ROLES;
          };
      return known.computeIfAbsent(
          holder.id(),
          id ->
              entities
                  .find(application, collection, id.toString())
                  .map(AccessSimulatorResource::nameOf)
                  .orElse(null));
    }
  }

  /** A group is known by its path, anything else by its name. */
  private static String nameOf(StoredEntity entity) {
    if (entity.collection().equals(RoleService.GROUPS.plural())) {
      String path = Json.parseStoredObject(entity.json()).path("path").asText(null);
      if (path != null) {
        return path;
      }
    }
    return entity.name();
  }
}
