package io.meridian.core.app;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.MissingNames;
import io.meridian.core.common.TimeUuids;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * The registry of applications: {@code /{org}/{app}} to an application, created through the
 * management API only.
 *
 * <p>Resolved applications are cached by name and by id. An application's id never changes, so the
 * only staleness is a deleted one still cached; {@link #forget} (called for the access feed's
 * application events) drops it on every node within the feed's bound. Names found missing are
 * remembered briefly too ({@link MissingNames}): a flood of requests for made-up applications reads
 * the store once per name, and a registration ends that at once here and, through the access feed,
 * on every other node.
 */
public final class ApplicationService {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,1023}");

  private final ApplicationStore store;
  private final IdGenerator ids;
  private final MissingNames missing;

  /** Reads of the store by name, since start (for the metrics, and to show what misses cost). */
  private final LongAdder lookups = new LongAdder();

  private final Cache<String, ApplicationRef> byName =
      Caffeine.newBuilder().maximumSize(100_000).build();
  private final Cache<UUID, Optional<ApplicationRef>> byId =
      Caffeine.newBuilder().maximumSize(100_000).build();

  public ApplicationService(ApplicationStore store, IdGenerator ids, MissingNames missing) {
    this.store = store;
    this.ids = ids;
    this.missing = missing;
  }

  /** The application; 404 {@code organization_application_not_found} if unknown. */
  public ApplicationRef require(String organization, String application) {
    return find(organization, application)
        .orElseThrow(
            () ->
                new MeridianException(
                    ErrorCode.APPLICATION_NOT_FOUND,
                    "Could not find application for " + organization + "/" + application));
  }

  public Optional<ApplicationRef> find(String organization, String application) {
    if (organization != null && application != null) {
      ApplicationRef cached = byName.getIfPresent(key(organization, application));
      if (cached != null) {
        return Optional.of(cached); // only valid names are ever cached
      }
    }
    validate("organization", organization);
    validate("application", application);
    String key = key(organization, application);
    UUID name = nameId(key);
    if (missing.isMissing(name)) {
      return Optional.empty();
    }
    long generation = missing.generation();
    lookups.increment();
    Optional<ApplicationRef> found = store.find(organization, application);
    if (found.isPresent()) {
      byName.put(key, found.get());
    } else {
      missing.missing(name, generation);
    }
    return found;
  }

  /** How many times {@link #find(String, String)} read the store since this node started. */
  public long lookups() {
    return lookups.sum();
  }

  /**
   * The id of an application's name in {@link MissingNames} (and in the access feed's event that
   * announces its registration to other nodes).
   */
  public static UUID nameId(ApplicationRef application) {
    return nameId(key(application.organization(), application.application()));
  }

  private static UUID nameId(String key) {
    return MissingNames.id("application", key);
  }

  public Optional<ApplicationRef> find(UUID applicationId) {
    return byId.get(applicationId, store::find);
  }

  /** The organization's applications, in name order. */
  public List<ApplicationRef> list(String organization) {
    return store.list(organization);
  }

  /**
   * Registers a new application under its lower-cased name, as Usergrid names applications; 400
   * {@code duplicate_unique_property_exists} if one of that name (in any case) exists.
   */
  public ApplicationRef create(UUID organizationId, String organization, String application) {
    validate("application", application);
    UUID id = ids.newTimeUuid();
    ApplicationRef candidate =
        new ApplicationRef(
            id,
            organizationId,
            organization,
            application.toLowerCase(Locale.ROOT),
            TimeUuids.millis(id));
    ApplicationRef registered = store.createIfAbsent(candidate);
    if (!registered.id().equals(id)) {
      throw new MeridianException(
          ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS,
          "Application " + application + " already exists in organization " + organization);
    }
    missing.registered(nameId(registered));
    return registered;
  }

  /**
   * Registers a deleted application of this organization again, under the name it had: its data,
   * roles and client credentials are reachable again. 404 {@code entity_not_found} when the
   * organization deleted no application of that id (or it is registered), 409 {@code conflict} when
   * another application took its name since.
   */
  public ApplicationRef restore(UUID organizationId, String organization, UUID applicationId) {
    ApplicationStore.DeletedName names =
        store
            .deletedNames(applicationId)
            .filter(name -> name.organization().equals(organization.toLowerCase(Locale.ROOT)))
            .orElseThrow(
                () ->
                    new MeridianException(
                        ErrorCode.ENTITY_NOT_FOUND,
                        "No deleted application " + applicationId + " in " + organization));
    ApplicationRef candidate =
        new ApplicationRef(
            applicationId,
            organizationId,
            organization,
            names.application(),
            TimeUuids.millis(applicationId));
    ApplicationRef registered = store.createIfAbsent(candidate);
    if (!registered.id().equals(applicationId)) {
      throw new MeridianException(
          ErrorCode.CONFLICT,
          "Another application is named " + names.application() + " in " + organization + " now");
    }
    forget(applicationId);
    missing.registered(nameId(registered));
    return registered;
  }

  /** Removes the application from the registry (its data stays, unreachable). */
  public void delete(ApplicationRef application) {
    store.delete(application);
    forget(application.id());
  }

  /** Drops whatever this node cached about the application. */
  public void forget(UUID applicationId) {
    byId.invalidate(applicationId);
    byName.asMap().values().removeIf(ref -> ref.id().equals(applicationId));
  }

  public static void validate(String what, String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Invalid "
              + what
              + " name: use 1 to 1,024 letters, digits, '_', '-' or '.', starting with a letter or"
              + " digit");
    }
  }

  static String key(String organization, String application) {
    return organization.toLowerCase(Locale.ROOT) + "/" + application.toLowerCase(Locale.ROOT);
  }
}
