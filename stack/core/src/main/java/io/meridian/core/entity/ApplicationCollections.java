package io.meridian.core.entity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.index.EntityIndex;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * An application's collections as Usergrid describes them in the application's {@code
 * metadata.collections}: Usergrid's built-in ones and every one that ever held an entity, each with
 * its name, title, entity type and the live entities the index counts. One read of one Cassandra
 * partition and one aggregation, for the application's description only.
 */
public final class ApplicationCollections {
  /** The collections Usergrid lists for every application, even empty. */
  static final List<String> BUILT_IN =
      List.of("activities", "assets", "devices", "events", "groups", "roles", "users");

  private final EntityStore store;
  private final EntityIndex index;

  public ApplicationCollections(EntityStore store, EntityIndex index) {
    this.store = store;
    this.index = index;
  }

  /**
   * @param title the name with its first letter upper-cased, as Usergrid titles a collection
   */
  public record Described(String name, String title, String type, long count) {}

  /** The application's collections in name order. */
  public List<Described> describe(ApplicationRef application) {
    TreeSet<String> names = new TreeSet<>(BUILT_IN);
    names.addAll(store.collections(application.id()));
    Map<String, Long> counts = index.counts(application.id());
    return names.stream()
        .map(name -> new Described(name, title(name), type(name), counts.getOrDefault(name, 0L)))
        .toList();
  }

  private static String title(String name) {
    return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }

  private static String type(String name) {
    try {
      return CollectionName.of(name).type();
    } catch (RuntimeException e) {
      return name; // a stored name the current rules would not accept: shown as it is
    }
  }
}
