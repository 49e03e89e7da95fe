package io.meridian.index.query;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * What the two orders of a query, Elasticsearch's ({@code SortKeys}) and the one kept in memory
 * ({@link EntityOrder}), share about the position a page continues from: its numbers come back from
 * JSON as any {@link Number}, and a position that cannot come from the query's order is refused
 * alike.
 */
public final class Positions {
  private Positions() {}

  /**
   * The number as a long, exactly.
   *
   * @throws ArithmeticException or NumberFormatException when it is not a whole number a long holds
   */
  public static long exactLong(Number number) {
    if (number instanceof Long
        || number instanceof Integer
        || number instanceof Short
        || number instanceof Byte) {
      return number.longValue();
    }
    if (number instanceof BigInteger big) {
      return big.longValueExact();
    }
    return new BigDecimal(number.toString()).longValueExact();
  }

  /**
   * The refusal of a position that cannot come from the query's order (another query's, altered).
   */
  public static MeridianException invalid() {
    return new MeridianException(
        ErrorCode.BAD_REQUEST, "The position to continue from does not fit this query's order");
  }
}
