package io.meridian.loadtests.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Loads a {@link Dataset} into an application through the bulk API, resumably, and verifies it
 * afterwards.
 */
public final class Loader {

  /** What to load and how. */
  public record Options(
      Dataset dataset,
      int count,
      long seed,
      int batchSize,
      int workers,
      Path stateDir,
      boolean progress) {

    /** Batches of 500, 4 requests at a time, state under {@code target/loadtests/state}. */
    public static Options of(Dataset dataset, int count, long seed) {
      return new Options(
          dataset, count, seed, 500, 4, Path.of("target", "loadtests", "state"), true);
    }
  }

  /** What a load did: entities created now, entities found already there. */
  public record Report(Dataset dataset, int count, int created, int existing, Duration took) {}

  /** What a verification found. */
  public record Verification(
      Dataset dataset,
      int expected,
      long stored,
      long indexed,
      int sampled,
      List<String> problems) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private final MeridianClient client;
  private final MeridianClient.App app;

  public Loader(MeridianClient client, MeridianClient.App app) {
    this.client = client;
    this.app = app;
  }

  /** Loads entities 0 to count - 1, skipping what an earlier (possibly interrupted) run wrote. */
  public Report load(Options options) {
    throw new UnsupportedOperationException("not yet written");
  }

  /** Checks that the application holds exactly the data set, in Cassandra and in the index. */
  public Verification verify(Options options) {
    throw new UnsupportedOperationException("not yet written");
  }
}
