package io.meridian.testing.identity.admin;

import io.meridian.core.identity.admin.Organization;
import io.meridian.core.identity.admin.OrganizationStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@link OrganizationStore} in memory with {@code CassandraOrganizationStore}'s rules: names are
 * claimed compare-and-set without case, an id leads to its organization through its name, custom
 * properties are only ever set on an organization that exists, membership is kept both ways.
 */
public final class MemoryOrganizationStore implements OrganizationStore {
  private final Map<String, Organization> byName = new HashMap<>();
  private final Map<UUID, String> names = new HashMap<>();
  private final Map<String, String> properties = new HashMap<>();
  private final Map<UUID, Set<UUID>> admins = new HashMap<>();
  private final Map<UUID, Set<UUID>> organizations = new HashMap<>();

  @Override
  public synchronized Optional<Organization> find(String name) {
    return Optional.ofNullable(byName.get(lower(name)));
  }

  @Override
  public synchronized Optional<Organization> find(UUID id) {
    String name = names.get(id);
    return name == null
        ? Optional.empty()
        : find(name).filter(organization -> organization.id().equals(id));
  }

  @Override
  public synchronized boolean create(Organization organization) {
    if (byName.putIfAbsent(lower(organization.name()), organization) != null) {
      return false;
    }
    names.put(organization.id(), lower(organization.name()));
    return true;
  }

  @Override
  public synchronized Optional<String> properties(Organization organization) {
    return Optional.ofNullable(properties.get(lower(organization.name())));
  }

  @Override
  public synchronized void setProperties(Organization organization, String json) {
    if (byName.containsKey(lower(organization.name()))) { // IF EXISTS
      properties.put(lower(organization.name()), json);
    }
  }

  @Override
  public synchronized void addAdmin(UUID organization, UUID admin) {
    organizations.computeIfAbsent(admin, a -> new LinkedHashSet<>()).add(organization);
    admins.computeIfAbsent(organization, o -> new LinkedHashSet<>()).add(admin);
  }

  @Override
  public synchronized void removeAdmin(UUID organization, UUID admin) {
    admins.getOrDefault(organization, new LinkedHashSet<>()).remove(admin);
    organizations.getOrDefault(admin, new LinkedHashSet<>()).remove(organization);
  }

  @Override
  public synchronized List<UUID> admins(UUID organization) {
    return sorted(admins.get(organization));
  }

  @Override
  public synchronized List<UUID> organizationsOf(UUID admin) {
    return sorted(organizations.get(admin));
  }

  /** Clustering order of a {@code uuid} column: Cassandra's UUIDType, for time uuids by time. */
  private static List<UUID> sorted(Set<UUID> ids) {
    List<UUID> sorted = new ArrayList<>(ids == null ? Set.of() : ids);
    sorted.sort(io.meridian.testing.TimeUuidOrder.ASCENDING);
    return sorted;
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
