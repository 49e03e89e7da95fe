package io.meridian.core.identity.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.TokenService;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Organizations, their admins and their applications: the use cases behind {@code /management}. Who
 * may call them is the caller's business (see {@link AccessControl}); this class keeps the registry
 * consistent, and {@link RegistryRules} says what input it accepts.
 */
public final class ManagementService {
  /** The largest custom properties an organization keeps, as JSON text. */
  public static final int MAX_PROPERTIES_BYTES = 16 * 1024;

  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  private final OrganizationStore organizations;
  private final AdminStore admins;
  private final ApplicationService applications;
  private final RoleService roles;
  private final PasswordHasher hasher;
  private final TokenService tokens;
  private final AccessFeed feed;
  private final IdGenerator ids;

  public ManagementService(
      OrganizationStore organizations,
      AdminStore admins,
      ApplicationService applications,
      RoleService roles,
      PasswordHasher hasher,
      TokenService tokens,
      AccessFeed feed,
      IdGenerator ids) {
    this.organizations = organizations;
    this.admins = admins;
    this.applications = applications;
    this.roles = roles;
    this.hasher = hasher;
    this.tokens = tokens;
    this.feed = feed;
    this.ids = ids;
  }

  /** A new organization and its first admin. */
  public Registration register(
      String organization, String username, String name, String email, String password) {
    return register(organization, username, name, email, password, () -> {});
  }

  /**
   * A new organization and its first admin; {@code admit} runs once the request is found well
   * formed and before anything is looked up or hashed, so a throttle it applies never counts a
   * malformed request and always runs ahead of the store reads and the bcrypt work. Other nodes
   * learn at once that the name exists (the access feed), whatever they remembered as missing.
   */
  public Registration register(
      String organization,
      String username,
      String name,
      String email,
      String password,
      Runnable admit) {
    ApplicationService.validate("organization", organization);
    RegistryRules.requireUnreserved(organization);
    RegistryRules.requireAdminLogin(username, email);
    hasher.requireAcceptable(password);
    admit.run();
    if (organizations.find(organization).isPresent()) {
      throw duplicate("organization", organization);
    }
    AdminUser admin = createAdmin(username, name, email, password);
    UUID id = ids.newTimeUuid();
    // Usergrid lower-cases an organization's name; lookups ignore case either way.
    Organization created =
        new Organization(id, organization.toLowerCase(Locale.ROOT), TimeUuids.millis(id));
    if (!organizations.create(created)) {
      throw duplicate("organization", organization);
    }
    feed.publish(
        new AccessEvent(
            AccessEvent.Kind.NAME_REGISTERED, CachedOrganizationStore.nameId(organization)));
    organizations.addAdmin(created.id(), admin.id());
    return new Registration(created, admin);
  }

  public record Registration(Organization organization, AdminUser owner) {}

  /** A new admin user (not yet in any organization). */
  public AdminUser createAdmin(String username, String name, String email, String password) {
    return createAdmin(username, name, email, password, () -> {});
  }

  /**
   * A new admin user (not yet in any organization); {@code beforeHashing} runs once the request is
   * found valid and before the password is hashed, so a throttle it applies never counts a bad
   * request and always runs ahead of the bcrypt work.
   */
  public AdminUser createAdmin(
      String username, String name, String email, String password, Runnable beforeHashing) {
    RegistryRules.requireAdminLogin(username, email);
    hasher.requireAcceptable(password);
    beforeHashing.run();
    String hash = hasher.hash(password);
    UUID id = ids.newTimeUuid();
    AdminUser admin =
        new AdminUser(id, username, email, name == null ? username : name, TimeUuids.millis(id));
    if (!admins.create(admin, hash)) {
      throw new MeridianException(
          ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS,
          "An admin with this username or email already exists");
    }
    return admin;
  }

  /**
   * A new admin added to an organization by its administrators, as Usergrid takes one: without a
   * username its email is its username, and without a password it gets a random one that nobody
   * knows, so it cannot sign in until it is given a password.
   */
  public AdminUser createMemberAdmin(
      String username, String name, String email, String password, Runnable beforeHashing) {
    String login = username == null || username.isBlank() ? email : username;
    String secret = password == null ? randomPassword() : password;
    return createAdmin(login, name, email, secret, beforeHashing);
  }

  /** 32 random bytes, base64url: within bcrypt's 72 and any minimum length. */
  private static String randomPassword() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * When the admin's password was last set (Usergrid's {@code passwordChanged}); its creation time
   * when the store does not know.
   */
  public long passwordChanged(AdminUser admin) {
    return admins.passwordSetMillis(admin.id()).orElse(admin.created());
  }

  /** Whether no organization may take this name: it is the first segment of other paths. */
  public static boolean isReservedName(String name) {
    return RegistryRules.isReserved(name);
  }

  /** The organization by name or uuid; 404 when there is none. */
  public Organization organization(String nameOrId) {
    Optional<Organization> found;
    try {
      found = organizations.find(UUID.fromString(nameOrId));
    } catch (IllegalArgumentException e) {
      found =
          nameOrId == null || nameOrId.isBlank() ? Optional.empty() : organizations.find(nameOrId);
    }
    return found.orElseThrow(
        () ->
            new MeridianException(ErrorCode.NOT_FOUND, "Could not find organization " + nameOrId));
  }

  /** The organization's custom properties (Usergrid's {@code properties}); empty when unset. */
  public ObjectNode properties(Organization organization) {
    return organizations
        .properties(organization)
        .map(Json::parseStoredObject)
        .orElseGet(Json::object);
  }

  /**
   * Replaces the organization's custom properties with {@code properties}, which must be a JSON
   * object of at most {@link #MAX_PROPERTIES_BYTES} bytes; anything else is refused and changes
   * nothing.
   */
  public ObjectNode setProperties(Organization organization, JsonNode properties) {
    String json = RegistryRules.requireProperties(properties, MAX_PROPERTIES_BYTES);
    organizations.setProperties(organization, json);
    return (ObjectNode) properties;
  }

  public Optional<Organization> organization(UUID id) {
    return organizations.find(id);
  }

  public Optional<AdminUser> admin(UUID id) {
    return admins.find(id);
  }

  /** The admin by uuid, username or email; 404 when there is none. */
  public AdminUser admin(String idOrLogin) {
    Optional<UUID> id;
    try {
      id = Optional.of(UUID.fromString(idOrLogin));
    } catch (IllegalArgumentException e) {
      id = admins.findByLogin(idOrLogin);
    }
    return id.flatMap(admins::find)
        .orElseThrow(
            () -> new MeridianException(ErrorCode.NOT_FOUND, "Could not find admin " + idOrLogin));
  }

  /** The admin a sign-in names by username or email, or empty. */
  public Optional<AdminUser> adminForLogin(String login) {
    return admins.findByLogin(login).flatMap(admins::find);
  }

  /**
   * Whether {@code password} is the admin's; as slow for an empty {@code admin} (a login that names
   * nobody) as for a real one, since a bcrypt check runs either way.
   */
  public boolean passwordMatches(Optional<AdminUser> admin, String password) {
    String hash = admin.flatMap(found -> admins.passwordHash(found.id())).orElse(null);
    return hasher.matches(password, hash);
  }

  /**
   * One of the organization's admins, by uuid, username or email; 404 otherwise. Only the
   * organization's own admins are looked at, so the answer says nothing about admins elsewhere.
   */
  public AdminUser member(Organization organization, String idOrLogin) {
    for (AdminUser admin : admins(organization)) {
      if (idOrLogin.equalsIgnoreCase(admin.id().toString())
          || idOrLogin.equalsIgnoreCase(admin.username())
          || idOrLogin.equalsIgnoreCase(admin.email())) {
        return admin;
      }
    }
    throw new MeridianException(
        ErrorCode.NOT_FOUND, idOrLogin + " is not an admin of " + organization.name());
  }

  public List<AdminUser> admins(Organization organization) {
    return organizations.admins(organization.id()).stream()
        .map(admins::find)
        .flatMap(Optional::stream)
        .toList();
  }

  public List<Organization> organizationsOf(AdminUser admin) {
    return organizations.organizationsOf(admin.id()).stream()
        .map(organizations::find)
        .flatMap(Optional::stream)
        .toList();
  }

  /**
   * Makes the admin an admin of the organization. Only for an admin's own consent (an accepted
   * invitation) or an account just created for the organization: see {@link AdminInvitations}.
   */
  public void addAdmin(Organization organization, AdminUser admin) {
    organizations.addAdmin(organization.id(), admin.id());
    feed.publish(new AccessEvent(AccessEvent.Kind.SUBJECT, admin.id()));
  }

  /** Removes an admin from the organization; never its last one. */
  public void removeAdmin(Organization organization, AdminUser admin) {
    List<UUID> current = organizations.admins(organization.id());
    if (!current.contains(admin.id())) {
      throw new MeridianException(
          ErrorCode.NOT_FOUND, admin.username() + " is not an admin of " + organization.name());
    }
    if (current.size() == 1) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "An organization keeps at least one admin");
    }
    organizations.removeAdmin(organization.id(), admin.id());
    feed.publish(new AccessEvent(AccessEvent.Kind.SUBJECT, admin.id()));
  }

  /**
   * Sets an admin's password and revokes its tokens. The caller has checked the old password (see
   * {@code AuthService}, which does it under the login throttle).
   */
  public void setPassword(AdminUser admin, String newPassword) {
    admins.setPasswordHash(admin.id(), hasher.hash(newPassword));
    tokens.revokeAll(admin.id());
  }

  public List<ApplicationRef> applications(Organization organization) {
    return applications.list(organization.name()).stream()
        .filter(app -> organization.id().equals(app.organizationId()))
        .toList();
  }

  /**
   * A new application with Usergrid's default roles; other nodes learn at once that its name exists
   * (the access feed), whatever they remembered as missing.
   */
  public ApplicationRef createApplication(Organization organization, String name) {
    ApplicationRef application = applications.create(organization.id(), organization.name(), name);
    feed.publish(
        new AccessEvent(AccessEvent.Kind.NAME_REGISTERED, ApplicationService.nameId(application)));
    roles.createDefaults(application);
    return application;
  }

  /** The organization's application by name or uuid; 404 otherwise. */
  public ApplicationRef application(Organization organization, String nameOrId) {
    Optional<ApplicationRef> found;
    try {
      found = applications.find(UUID.fromString(nameOrId));
    } catch (IllegalArgumentException e) {
      found = applications.find(organization.name(), nameOrId);
    }
    // Usergrid's management routes answer a missing (or deleted) application as a missing entity.
    return found
        .filter(app -> organization.id().equals(app.organizationId()))
        .orElseThrow(
            () ->
                new MeridianException(
                    ErrorCode.ENTITY_NOT_FOUND,
                    "Could not find application " + nameOrId + " in " + organization.name()));
  }

  /**
   * Restores an application the organization deleted, by its uuid, as Usergrid's {@code PUT
   * /management/orgs/{org}/apps/{id}} does: 404 {@code entity_not_found} for anything else, 409
   * when its name was taken since. Every node forgets what it cached about the id (its absence)
   * through the event a deletion sends, whose handlers only drop caches; its revoked tokens stay
   * revoked.
   */
  public ApplicationRef restoreApplication(Organization organization, String applicationId) {
    UUID id;
    try {
      id = UUID.fromString(applicationId);
    } catch (IllegalArgumentException e) {
      throw new MeridianException(
          ErrorCode.ENTITY_NOT_FOUND, "Restore an application by its uuid, not " + applicationId);
    }
    ApplicationRef restored = applications.restore(organization.id(), organization.name(), id);
    feed.publish(new AccessEvent(AccessEvent.Kind.APPLICATION_DELETED, id));
    feed.publish(
        new AccessEvent(AccessEvent.Kind.NAME_REGISTERED, ApplicationService.nameId(restored)));
    return restored;
  }

  /**
   * Deletes an application once the caller confirms it by name or uuid: the registry forgets it on
   * every node, and its client credentials and tokens stop working. Its data stays unreachable.
   */
  public void deleteApplication(ApplicationRef application, String confirmation) {
    RegistryRules.requireDeletionConfirmed(application, confirmation);
    applications.delete(application);
    tokens.revokeAll(application.id());
    feed.publish(new AccessEvent(AccessEvent.Kind.APPLICATION_DELETED, application.id()));
  }

  private static MeridianException duplicate(String what, String name) {
    return new MeridianException(
        ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS, "The " + what + " " + name + " already exists");
  }
}
