package io.meridian.core.identity.admin;

import io.meridian.core.common.MissingNames;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;

/**
 * An {@link OrganizationStore} that remembers briefly which names it found missing ({@link
 * MissingNames}), so that requests naming made-up organizations read the store once per name and
 * period; everything else goes to the store as it is. Registering a name here forgets it at once;
 * other nodes forget it through the access feed's event ({@link #nameId}).
 */
public final class CachedOrganizationStore implements OrganizationStore {
  private final OrganizationStore store;
  private final MissingNames missing;

  /** Reads of the store by name, since start (for the metrics, and to show what misses cost). */
  private final LongAdder lookups = new LongAdder();

  public CachedOrganizationStore(OrganizationStore store, MissingNames missing) {
    this.store = store;
    this.missing = missing;
  }

  /** The id of an organization's name in {@link MissingNames} and in the access feed's event. */
  public static UUID nameId(String name) {
    return MissingNames.id("organization", name.toLowerCase(Locale.ROOT));
  }

  /** How many times {@link #find(String)} read the store since this node started. */
  public long lookups() {
    return lookups.sum();
  }

  @Override
  public Optional<Organization> find(String name) {
    UUID id = nameId(name);
    if (missing.isMissing(id)) {
      return Optional.empty();
    }
    long generation = missing.generation();
    lookups.increment();
    Optional<Organization> found = store.find(name);
    if (found.isEmpty()) {
      missing.missing(id, generation);
    }
    return found;
  }

  @Override
  public Optional<Organization> find(UUID id) {
    return store.find(id);
  }

  @Override
  public boolean create(Organization organization) {
    boolean won = store.create(organization);
    missing.registered(nameId(organization.name()));
    return won;
  }

  @Override
  public Optional<String> properties(Organization organization) {
    return store.properties(organization);
  }

  @Override
  public void setProperties(Organization organization, String json) {
    store.setProperties(organization, json);
  }

  @Override
  public void addAdmin(UUID organization, UUID admin) {
    store.addAdmin(organization, admin);
  }

  @Override
  public void removeAdmin(UUID organization, UUID admin) {
    store.removeAdmin(organization, admin);
  }

  @Override
  public List<UUID> admins(UUID organization) {
    return store.admins(organization);
  }

  @Override
  public List<UUID> organizationsOf(UUID admin) {
    return store.organizationsOf(admin);
  }
}
