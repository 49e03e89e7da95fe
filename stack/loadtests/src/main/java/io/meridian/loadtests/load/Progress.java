package io.meridian.loadtests.load;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The progress of a load on one line: percent, count of total, entities per second and the time
 * left. On a terminal the line is redrawn in place ({@code \r}) four times a second; elsewhere (a
 * log file, CI) a new line is printed every five seconds, so the output stays readable.
 */
final class Progress implements AutoCloseable {
  private static final int WIDTH = 72;

  private final String label;
  private final long total;
  private final long skipped;
  private final PrintStream out;
  private final boolean terminal;
  private final LongSupplier nanoTime;
  private final long started;
  private final AtomicLong done = new AtomicLong();
  private final ScheduledExecutorService ticker;
  private volatile boolean drawing;

  /**
   * @param skipped entities already there when the load started: counted as done, but not in the
   *     rate, which is what this run achieves
   */
  Progress(String label, long total, long skipped, PrintStream out, boolean terminal) {
    this(label, total, skipped, out, terminal, System::nanoTime);
  }

  Progress(
      String label,
      long total,
      long skipped,
      PrintStream out,
      boolean terminal,
      LongSupplier nanoTime) {
    this.label = label;
    this.total = total;
    this.skipped = skipped;
    this.out = out;
    this.terminal = terminal;
    this.nanoTime = nanoTime;
    this.started = nanoTime.getAsLong();
    this.ticker =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "load-progress");
              thread.setDaemon(true);
              return thread;
            });
  }

  /** Starts drawing the line; without this call the object only counts. */
  Progress start() {
    drawing = true;
    long period = terminal ? 250 : 5_000;
    ticker.scheduleAtFixedRate(this::print, terminal ? 0 : period, period, TimeUnit.MILLISECONDS);
    return this;
  }

  void add(long entities) {
    done.addAndGet(entities);
  }

  /** The current line, without any carriage return. */
  String line() {
    long now = done.get();
    double seconds = (nanoTime.getAsLong() - started) / 1e9;
    double rate = seconds <= 0 ? 0 : now / seconds;
    return line(label, skipped + now, total, rate);
  }

  /**
   * {@code places 45.2% 295,512/653,796 4,812/s ETA 1m14s}; the ETA is {@code --} until there is a
   * rate to estimate it from.
   */
  static String line(String label, long done, long total, double perSecond) {
    double percent = total == 0 ? 100 : 100.0 * done / total;
    String eta = perSecond <= 0 ? "--" : duration(Math.round((total - done) / perSecond));
    return String.format(
        Locale.ROOT,
        "%s %5.1f%% %,d/%,d  %,d/s  ETA %s",
        label,
        percent,
        done,
        total,
        Math.round(perSecond),
        eta);
  }

  /** {@code 42s}, {@code 3m07s}, {@code 2h05m}. */
  static String duration(long seconds) {
    Duration time = Duration.ofSeconds(Math.max(0, seconds));
    if (time.toHours() > 0) {
      return String.format(Locale.ROOT, "%dh%02dm", time.toHours(), time.toMinutesPart());
    }
    if (time.toMinutes() > 0) {
      return String.format(Locale.ROOT, "%dm%02ds", time.toMinutes(), time.toSecondsPart());
    }
    return time.toSeconds() + "s";
  }

  private void print() {
    String line = line();
    if (terminal) {
      out.print("\r" + line + " ".repeat(Math.max(0, WIDTH - line.length())));
    } else {
      out.println(line);
    }
    out.flush();
  }

  /** Stops the ticker and leaves the final line on screen. */
  @Override
  public void close() {
    ticker.shutdownNow();
    try {
      ticker.awaitTermination(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (drawing) {
      drawing = false;
      print();
      if (terminal) {
        out.println();
        out.flush();
      }
    }
  }
}
