package io.meridian.core.counter;

import java.util.List;

/** One counter's buckets, as Usergrid shows it: {@code {name, values: [{timestamp, value}]}}. */
public record CounterSeries(String name, List<CounterStore.CounterValue> values) {}
