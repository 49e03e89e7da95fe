package io.meridian.testing.identity.access;

import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.Grants;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * {@link GrantStore} in memory with {@code CassandraGrantStore}'s two sides: a holder's grants, and
 * a value's holders in holder order. Removing a holder or a value removes both sides.
 */
public final class MemoryGrantStore implements GrantStore {
  private record Grant(String kind, String value) {}

  private record HolderKey(UUID application, String holder) {}

  private record ValueKey(UUID application, String kind, String value) {}

  private final Map<HolderKey, Set<Grant>> grants = new HashMap<>();
  private final Map<ValueKey, TreeSet<String>> holders = new HashMap<>();

  @Override
  public synchronized Grants grants(UUID application, String holder) {
    Set<String> permissions = new HashSet<>();
    Set<String> roles = new HashSet<>();
    Set<String> groups = new HashSet<>();
    for (Grant grant : grants.getOrDefault(new HolderKey(application, holder), Set.of())) {
      switch (grant.kind()) {
        case PERMISSION -> permissions.add(grant.value());
        case ROLE -> roles.add(grant.value());
        case GROUP -> groups.add(grant.value());
        default -> {}
      }
    }
    if (permissions.isEmpty() && roles.isEmpty() && groups.isEmpty()) {
      return Grants.NONE;
    }
    return new Grants(Set.copyOf(permissions), Set.copyOf(roles), Set.copyOf(groups));
  }

  @Override
  public synchronized void grant(UUID application, String holder, String kind, String value) {
    grants
        .computeIfAbsent(new HolderKey(application, holder), key -> new HashSet<>())
        .add(new Grant(kind, value));
    holders
        .computeIfAbsent(new ValueKey(application, kind, value), key -> new TreeSet<>())
        .add(holder);
  }

  @Override
  public synchronized void revoke(UUID application, String holder, String kind, String value) {
    grants
        .getOrDefault(new HolderKey(application, holder), new HashSet<>())
        .remove(new Grant(kind, value));
    holders.getOrDefault(new ValueKey(application, kind, value), new TreeSet<>()).remove(holder);
  }

  @Override
  public synchronized List<String> holders(UUID application, String kind, String value) {
    return List.copyOf(
        holders.getOrDefault(new ValueKey(application, kind, value), new TreeSet<>()));
  }

  @Override
  public synchronized void removeHolder(UUID application, String holder) {
    Set<Grant> granted = grants.remove(new HolderKey(application, holder));
    for (Grant grant : granted == null ? Set.<Grant>of() : granted) {
      holders
          .getOrDefault(new ValueKey(application, grant.kind(), grant.value()), new TreeSet<>())
          .remove(holder);
    }
  }

  @Override
  public synchronized void removeValue(UUID application, String kind, String value) {
    TreeSet<String> granted = holders.remove(new ValueKey(application, kind, value));
    for (String holder : granted == null ? Set.<String>of() : granted) {
      grants
          .getOrDefault(new HolderKey(application, holder), new HashSet<>())
          .remove(new Grant(kind, value));
    }
  }
}
