package io.meridian.core.entity;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.regex.Pattern;

/**
 * A collection as addressed in a path: {@code dogs} and {@code dog} (and {@code Dogs}) are the same
 * collection, stored under its plural, whose entities have the singular as their {@code type}.
 *
 * @param plural the canonical, stored name (e.g. {@code dogs})
 * @param type the entity type (e.g. {@code dog})
 */
public record CollectionName(String plural, String type) {
  /** The longest collection name: Usergrid's clients use long, dashed names ({@code my-things}). */
  public static final int MAX_LENGTH = 255;

  private static final Pattern VALID =
      Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0," + (MAX_LENGTH - 1) + "}");

  /**
   * Inflection runs dozens of regular expressions; every request names a collection, and apps use
   * few, so resolved names are kept (only valid ones ever enter).
   */
  private static final Cache<String, CollectionName> RESOLVED =
      Caffeine.newBuilder().maximumSize(10_000).build();

  public static CollectionName of(String pathSegment) {
    CollectionName cached = pathSegment == null ? null : RESOLVED.getIfPresent(pathSegment);
    if (cached != null) {
      return cached;
    }
    if (pathSegment == null || !VALID.matcher(pathSegment).matches()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Invalid collection name '"
              + pathSegment
              + "': use 1 to "
              + MAX_LENGTH
              + " letters, digits, '_' or '-', starting with a letter");
    }
    String type = Inflector.singular(pathSegment);
    CollectionName name = new CollectionName(Inflector.plural(type), type);
    RESOLVED.put(pathSegment, name);
    return name;
  }

  /**
   * The property that names an entity uniquely in its collection and addresses it in paths, as in
   * Usergrid: a user's {@code username}, a group's {@code path}, everything else's {@code name}.
   */
  public String alias() {
    return switch (plural) {
      case "users" -> "username";
      case "groups" -> "path";
      default -> "name";
    };
  }
}
