package io.meridian.testing.app;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationStore;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link ApplicationStore} in memory with {@code CassandraApplicationStore}'s rules: names compare
 * without case, registration is compare-and-set (a loser gets the registered application back), an
 * id leads to its application only while that name is still registered to it, and keeps its names
 * once deleted.
 */
public final class MemoryApplicationStore implements ApplicationStore {
  private record Name(String organization, String application) {}

  private final Map<Name, ApplicationRef> byName = new HashMap<>();
  private final Map<UUID, Name> names = new HashMap<>();

  @Override
  public synchronized Optional<ApplicationRef> find(String organization, String application) {
    return Optional.ofNullable(byName.get(name(organization, application)));
  }

  @Override
  public synchronized Optional<ApplicationRef> find(UUID applicationId) {
    Name name = names.get(applicationId);
    return name == null
        ? Optional.empty()
        : Optional.ofNullable(byName.get(name)).filter(app -> app.id().equals(applicationId));
  }

  @Override
  public synchronized List<ApplicationRef> list(String organization) {
    String lower = organization.toLowerCase(Locale.ROOT);
    return byName.entrySet().stream()
        .filter(entry -> entry.getKey().organization().equals(lower))
        .sorted(Comparator.comparing(entry -> entry.getKey().application()))
        .map(Map.Entry::getValue)
        .toList();
  }

  @Override
  public synchronized ApplicationRef createIfAbsent(ApplicationRef candidate) {
    Name name = name(candidate.organization(), candidate.application());
    ApplicationRef registered = byName.putIfAbsent(name, candidate);
    if (registered != null) {
      return registered;
    }
    names.put(candidate.id(), name);
    return candidate;
  }

  @Override
  public synchronized void delete(ApplicationRef application) {
    byName.remove(name(application.organization(), application.application()));
  }

  @Override
  public synchronized Optional<DeletedName> deletedNames(UUID applicationId) {
    Name name = names.get(applicationId);
    if (name == null || find(applicationId).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(new DeletedName(name.organization(), name.application()));
  }

  private static Name name(String organization, String application) {
    return new Name(organization.toLowerCase(Locale.ROOT), application.toLowerCase(Locale.ROOT));
  }
}
