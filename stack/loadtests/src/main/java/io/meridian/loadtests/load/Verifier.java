package io.meridian.loadtests.load;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.loadtests.load.Loader.Verification;
import io.meridian.loadtests.load.MeridianClient.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Checks an application against a data set three ways: the collection listing (Cassandra) holds
 * exactly the data set's names; a query, which the index answers, finds every one of them; and a
 * sample of entities, read by name, carries every generated property with its generated value.
 */
final class Verifier {
  static final int SAMPLE = 200;

  /** How long the index may lag behind Cassandra after a load with eventual consistency. */
  static final Duration INDEX_LAG = Duration.ofSeconds(10);

  private static final int PAGE = 1000;

  /** Names listed per problem; the count says how many there are in all. */
  private static final int NAMED = 10;

  private final AppRequests requests;
  private final Dataset dataset;
  private final int count;
  private final long seed;

  Verifier(AppRequests requests, Dataset dataset, int count, long seed) {
    this.requests = requests;
    this.dataset = dataset;
    this.count = count;
    this.seed = seed;
  }

  /** The names a listing or a query returned. */
  private final class Names {
    final BitSet ofDataset = new BitSet();
    final List<String> others = new ArrayList<>();
    long total;
    long otherCount;

    void add(String name) {
      total++;
      int index = indexOf(name);
      if (index >= 0) {
        ofDataset.set(index);
      } else {
        otherCount++;
        if (others.size() < NAMED) {
          others.add(name == null ? "(an entity without a name)" : name);
        }
      }
    }
  }

  Verification verify() {
    List<String> problems = new ArrayList<>();
    Names stored = pages("select name", count);
    if (stored.total > count) {
      problems.add(
          String.format(
              Locale.ROOT,
              "%s holds more entities than the %,d of the data set: at least %,d",
              dataset.collection(),
              count,
              stored.total));
    }
    int storedOfDataset = stored.ofDataset.cardinality();
    if (storedOfDataset < count && stored.total <= count) {
      problems.add(
          String.format(
              Locale.ROOT,
              "%,d of %,d entities are not stored: %s",
              count - storedOfDataset,
              count,
              String.join(", ", absent(stored.ofDataset))));
    }
    if (stored.otherCount > 0) {
      problems.add(
          String.format(
              Locale.ROOT,
              "%,d entities in %s are not of the data set: %s",
              stored.otherCount,
              dataset.collection(),
              String.join(", ", stored.others)));
    }
    BitSet indexed = indexed(stored.ofDataset);
    BitSet unindexed = (BitSet) stored.ofDataset.clone();
    unindexed.andNot(indexed);
    if (!unindexed.isEmpty()) {
      problems.add(
          String.format(
              Locale.ROOT,
              "%,d stored entities are not found by a query (the index) after %d s: %s",
              unindexed.cardinality(),
              INDEX_LAG.toSeconds(),
              String.join(", ", present(unindexed))));
    }
    int[] sample = sample(count, SAMPLE);
    problems.addAll(checkSample(sample));
    return new Verification(
        dataset, count, stored.total, indexed.cardinality(), sample.length, List.copyOf(problems));
  }

  /**
   * The data set's entities that a query sees: {@code name = '<prefix>*'} is a filter, so the index
   * answers it. Queried again for up to {@link #INDEX_LAG} while some stored entity is missing.
   */
  private BitSet indexed(BitSet stored) {
    String ql = "select name where name = '" + dataset.prefix() + "*'";
    long deadline = System.nanoTime() + INDEX_LAG.toNanos();
    while (true) {
      BitSet found = pages(ql, Integer.MAX_VALUE).ofDataset;
      BitSet missing = (BitSet) stored.clone();
      missing.andNot(found);
      if (missing.isEmpty() || System.nanoTime() > deadline) {
        return found;
      }
      sleep(Duration.ofSeconds(1));
    }
  }

  /** Pages a listing or a query of names until its end, or until more than {@code stopAbove}. */
  private Names pages(String ql, long stopAbove) {
    Names names = new Names();
    requests.pages(
        dataset.collection(),
        ql,
        PAGE,
        page -> {
          for (JsonNode entity : page.path("entities")) {
            names.add(entity.path("name").textValue());
          }
          return names.total <= stopAbove;
        });
    return names;
  }

  /** The index of a name of this data set within the count, else -1. */
  int indexOf(String name) {
    int index = dataset.index(name);
    return index < count ? index : -1;
  }

  /**
   * {@code size} indexes spread evenly over {@code [0, count)}, the first and the last included;
   * every index when the count is smaller.
   */
  static int[] sample(int count, int size) {
    if (count <= size) {
      int[] all = new int[count];
      for (int i = 0; i < count; i++) {
        all[i] = i;
      }
      return all;
    }
    int[] spread = new int[size];
    for (int k = 0; k < size; k++) {
      spread[k] = (int) ((long) k * (count - 1) / (size - 1));
    }
    return spread;
  }

  private List<String> checkSample(int[] sample) {
    List<String> problems = new ArrayList<>();
    Dataset.Source source = dataset.generate(seed, count);
    for (int index : sample) {
      String name = dataset.name(index);
      JsonNode stored;
      try {
        stored =
            requests
                .send("GET", "/" + dataset.collection() + "/" + MeridianClient.encode(name), null)
                .path("entities")
                .path(0);
      } catch (ApiException e) {
        if (e.status() != 404) {
          throw e;
        }
        problems.add(name + ": not found by name");
        continue;
      }
      for (String difference : JsonMatch.differences(source.entity(index), stored)) {
        problems.add(name + ": " + difference);
      }
    }
    return problems;
  }

  /** Names of the first absent indexes below the count. */
  private List<String> absent(BitSet seen) {
    List<String> names = new ArrayList<>();
    for (int i = seen.nextClearBit(0);
        i < count && names.size() < NAMED;
        i = seen.nextClearBit(i + 1)) {
      names.add(dataset.name(i));
    }
    return names;
  }

  private List<String> present(BitSet indexes) {
    List<String> names = new ArrayList<>();
    for (int i = indexes.nextSetBit(0);
        i >= 0 && names.size() < NAMED;
        i = indexes.nextSetBit(i + 1)) {
      names.add(dataset.name(i));
    }
    return names;
  }

  private static void sleep(Duration time) {
    try {
      Thread.sleep(time.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the index", e);
    }
  }
}
