package io.meridian.core.entity;

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
  private static final Pattern VALID = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,63}");

  public static CollectionName of(String pathSegment) {
    if (pathSegment == null || !VALID.matcher(pathSegment).matches()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Invalid collection name '"
              + pathSegment
              + "': use 1 to 64 letters, digits or '_', starting with a letter");
    }
    String type = Inflector.singular(pathSegment);
    return new CollectionName(Inflector.plural(type), type);
  }
}
