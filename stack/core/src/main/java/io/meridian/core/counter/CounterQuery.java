package io.meridian.core.counter;

import java.util.List;

/**
 * A read of counters, as Usergrid's {@code GET /counters} takes it.
 *
 * @param names the counters, each once, in the order asked
 * @param resolution the buckets to return
 * @param start the first bucket's time (epoch milliseconds), rounded down to its bucket
 * @param end the last bucket's time, rounded down to its bucket
 * @param pad whether buckets without a value are returned as 0
 */
public record CounterQuery(
    List<String> names, CounterResolution resolution, long start, long end, boolean pad) {}
