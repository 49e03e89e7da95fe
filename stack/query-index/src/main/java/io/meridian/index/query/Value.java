package io.meridian.index.query;

import java.util.UUID;

/** A literal on the right-hand side of a comparison, typed as the query text wrote it. */
public sealed interface Value
    permits Value.StringValue,
        Value.LongValue,
        Value.DoubleValue,
        Value.BooleanValue,
        Value.UuidValue {

  /**
   * A quoted string, as written (case preserved; equality is case-insensitive downstream).
   *
   * @param prefix true when the literal ended with an unescaped {@code *}, which is not part of
   *     {@code text}: {@code 'abc*'} matches every string starting with {@code abc}
   */
  record StringValue(String text, boolean prefix) implements Value {}

  record LongValue(long value) implements Value {}

  record DoubleValue(double value) implements Value {}

  record BooleanValue(boolean value) implements Value {}

  record UuidValue(UUID value) implements Value {}
}
