package io.meridian.index.query;

/**
 * Property names are case-insensitive in queries, as in Usergrid 2 (which lower-cases every field
 * name it indexes): {@code Ordinal} and {@code ordinal} name the same property. Both sides fold:
 * the index document names each entry with the folded path, and the parser folds the paths of
 * {@code where} and {@code order by}, so that an Elasticsearch search and the in-memory matcher
 * compare folded names with folded names. The stored entity keeps the spelling it was written with;
 * {@code select} finds its fields without regard to case.
 */
public final class PropertyNames {
  private PropertyNames() {}

  /**
   * {@code name} lower-cased code point by code point (as {@link LowercaseNormalizer} folds
   * values). Almost every name is lower case already: those are returned as they are, after one
   * scan and no allocation, since this runs for every indexed value.
   */
  public static String fold(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isUpperCase(c) || Character.isTitleCase(c) || Character.isSurrogate(c)) {
        return LowercaseNormalizer.normalize(name);
      }
    }
    return name;
  }
}
