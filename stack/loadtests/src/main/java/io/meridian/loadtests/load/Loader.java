package io.meridian.loadtests.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.LoadState.Range;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Loads a {@link Dataset} into an application through the bulk API, resumably, and verifies it
 * afterwards.
 */
public final class Loader {
  /** The most entities one POST may create. */
  public static final int MAX_BATCH = 1000;

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
  private final AppRequests requests;
  private final PrintStream messages;

  public Loader(MeridianClient client, MeridianClient.App app) {
    this(client, app, System.err);
  }

  /** A loader that writes its progress and notices to {@code messages}. */
  public Loader(MeridianClient client, MeridianClient.App app, PrintStream messages) {
    this.client = client;
    this.app = app;
    this.requests = new AppRequests(client, app);
    this.messages = messages;
  }

  /**
   * Loads entities 0 to count - 1, skipping what an earlier (possibly interrupted) run wrote.
   *
   * @throws LoadException when the server keeps failing or refuses the data; what was written is
   *     recorded, so running the same load again resumes
   */
  public Report load(Options options) {
    check(options);
    long started = System.nanoTime();
    Dataset dataset = options.dataset();
    LoadState state = state(options);
    forgetIfGone(state, dataset);
    int recorded = state.doneWithin(options.count());
    List<Range> pending = state.pending(options.count());
    if (pending.isEmpty()) {
      messages.printf(
          Locale.ROOT,
          "%s: all %,d entities already loaded (%s), nothing to write%n",
          label(dataset),
          options.count(),
          state.file());
      return new Report(dataset, options.count(), 0, recorded, since(started));
    }
    Dataset.Source source = dataset.generate(options.seed(), options.count());
    try (Progress progress =
        new Progress(
            label(dataset), options.count(), recorded, messages, System.console() != null)) {
      if (options.progress()) {
        progress.start();
      }
      BatchWriter writer = new BatchWriter(requests, dataset, state, progress);
      RuntimeException failure = writeAll(options, pending, source, writer);
      if (failure != null) {
        int done = state.doneWithin(options.count());
        throw new LoadException(
            String.format(
                Locale.ROOT,
                "Loading %s into %s stopped with %,d of %,d entities stored: %s. Run the same"
                    + " load again to resume; what is done is recorded in %s",
                dataset.collection(),
                app.path(),
                done,
                options.count(),
                failure.getMessage(),
                state.file()),
            failure);
      }
      return new Report(
          dataset, options.count(), writer.created(), recorded + writer.existing(), since(started));
    }
  }

  /**
   * Hands the pending ranges, cut into batches, to {@code workers} threads; at most two batches per
   * worker are generated ahead, so memory stays flat whatever the count. Stops handing out batches
   * at the first failure and returns it once the batches under way have ended.
   */
  private RuntimeException writeAll(
      Options options, List<Range> pending, Dataset.Source source, BatchWriter writer) {
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    Semaphore ahead = new Semaphore(2 * options.workers());
    ExecutorService workers =
        Executors.newFixedThreadPool(
            options.workers(),
            runnable -> {
              Thread thread = new Thread(runnable, "loader-" + options.dataset().collection());
              thread.setDaemon(true);
              return thread;
            });
    try {
      for (Range range : pending) {
        for (int from = range.from(); from < range.to(); from += options.batchSize()) {
          Range batch = new Range(from, Math.min(range.to(), from + options.batchSize()));
          ahead.acquire();
          if (failure.get() != null) {
            return failure.get();
          }
          List<ObjectNode> entities = new ArrayList<>(batch.size());
          for (int i = batch.from(); i < batch.to(); i++) {
            entities.add(source.entity(i));
          }
          workers.execute(
              () -> {
                try {
                  writer.write(batch, entities);
                } catch (RuntimeException e) {
                  failure.compareAndSet(null, e);
                } catch (Error e) {
                  failure.compareAndSet(null, new LoadException(e.toString(), e));
                  throw e;
                } finally {
                  ahead.release();
                }
              });
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure.compareAndSet(null, new LoadException("Interrupted", e));
    } finally {
      workers.shutdown();
      awaitQuietly(workers);
    }
    return failure.get();
  }

  /** Checks that the application holds exactly the data set, in Cassandra and in the index. */
  public Verification verify(Options options) {
    check(options);
    return new Verifier(requests, options.dataset(), options.count(), options.seed()).verify();
  }

  /** The file where loads of this data set into this application record their progress. */
  public Path stateFile(Options options) {
    return state(options).file();
  }

  private LoadState state(Options options) {
    return LoadState.open(
        options.stateDir(),
        client.base().toString(),
        app.org(),
        app.app(),
        options.dataset(),
        options.seed());
  }

  /**
   * The state file may outlive the data (a wiped server, a deleted collection): if the first or the
   * last entity it says is stored is not, it is forgotten and every batch is checked again. Two
   * reads, so a complete load stays quick to rerun.
   */
  private void forgetIfGone(LoadState state, Dataset dataset) {
    List<Range> done = state.done();
    if (done.isEmpty()) {
      return;
    }
    for (int probe : new int[] {done.get(0).from(), done.get(done.size() - 1).to() - 1}) {
      String name = dataset.name(probe);
      try {
        requests.send("GET", "/" + dataset.collection() + "/" + MeridianClient.encode(name), null);
      } catch (MeridianClient.ApiException e) {
        if (e.status() != 404) {
          throw e;
        }
        messages.printf(
            Locale.ROOT,
            "%s: %s says %s is stored but it is not; checking every batch again%n",
            label(dataset),
            state.file(),
            name);
        state.clear();
        return;
      }
    }
  }

  private static void check(Options options) {
    if (options.dataset() == null) {
      throw new IllegalArgumentException("Name a data set");
    }
    if (options.count() < 0) {
      throw new IllegalArgumentException("The count must not be negative: " + options.count());
    }
    if (options.batchSize() < 1 || options.batchSize() > MAX_BATCH) {
      throw new IllegalArgumentException(
          "The batch size must be 1 to " + MAX_BATCH + ": " + options.batchSize());
    }
    if (options.workers() < 1) {
      throw new IllegalArgumentException("At least one worker: " + options.workers());
    }
  }

  private static String label(Dataset dataset) {
    return dataset.collection();
  }

  private static Duration since(long startedNanos) {
    return Duration.ofNanos(System.nanoTime() - startedNanos);
  }

  private static void awaitQuietly(ExecutorService workers) {
    boolean interrupted = false;
    while (true) {
      try {
        if (workers.awaitTermination(1, TimeUnit.MINUTES)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
