package io.meridian.server.startup;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says what a starting server is doing, one line per step with the time elapsed since the run
 * began, so that a first run is never a silent minute. Steps are logged at INFO; with {@code
 * meridian.startup.console} on (what {@code ./meridian run} sets) they are also printed plainly on
 * standard output, with a reminder every {@link #REMINDER_SECONDS} s while a step lasts. Standard
 * output is also where a generated superuser password goes: it is never logged.
 *
 * <p>Steps are reported from the thread that builds the application context; the reminder runs on
 * its own daemon thread until the server is ready or failed.
 */
public final class StartupProgress implements AutoCloseable {
  static final String STARTED_AT_PROPERTY = "meridian.run.started-at";
  private static final Logger LOG = LoggerFactory.getLogger(StartupProgress.class);
  private static final long REMINDER_SECONDS = 15;

  private final boolean console;
  private final long startedAtMillis;
  private final PrintStream out;
  private final ScheduledExecutorService reminder;
  private volatile String current;
  private volatile long currentSinceMillis;
  private volatile long lastLineMillis = System.currentTimeMillis();
  private final List<String> shownWhenReady = new CopyOnWriteArrayList<>();

  StartupProgress(boolean console, long startedAtMillis, PrintStream out) {
    this.console = console;
    this.startedAtMillis = startedAtMillis;
    this.out = out;
    this.reminder =
        console
            ? Executors.newSingleThreadScheduledExecutor(
                task -> {
                  Thread thread = new Thread(task, "startup-progress");
                  thread.setDaemon(true);
                  return thread;
                })
            : null;
    if (reminder != null) {
      reminder.scheduleWithFixedDelay(this::remind, 1, 1, TimeUnit.SECONDS);
    }
  }

  /**
   * A reporter whose clock starts where the run began: the {@value #STARTED_AT_PROPERTY} system
   * property (epoch milliseconds, set by the run command before it builds), else the JVM's start.
   */
  static StartupProgress create(boolean console) {
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    long startedAt = Long.getLong(STARTED_AT_PROPERTY, jvmStart);
    return new StartupProgress(console, Math.min(startedAt, jvmStart), System.out);
  }

  /** A step begins: {@code starting Cassandra}. Until the next step, reminders name this one. */
  public void step(String what) {
    current = what;
    currentSinceMillis = System.currentTimeMillis();
    report(what);
  }

  /** A step ended with a result worth saying; the next reminder waits for the next step. */
  public void done(String what) {
    current = null;
    report(what);
  }

  /**
   * Shown on standard output after the ready line, never logged: a secret the operator must see
   * once (the generated superuser password of an embedded run).
   */
  public void showWhenReady(String text) {
    shownWhenReady.add(text);
  }

  /** The last line of a start, then what must be shown once; stops the reminders. */
  public void ready(String what) {
    done(what);
    close();
    shownWhenReady.forEach(out::println);
    shownWhenReady.clear();
    out.flush();
  }

  @Override
  public void close() {
    current = null;
    if (reminder != null) {
      reminder.shutdownNow();
    }
  }

  private void report(String what) {
    LOG.info("{}", what);
    if (console) {
      lastLineMillis = System.currentTimeMillis();
      out.println(line(elapsedSeconds(lastLineMillis), what));
      out.flush();
    }
  }

  /** Runs every second: a step that has been silent for the interval says that it goes on. */
  private void remind() {
    String step = current;
    long now = System.currentTimeMillis();
    if (step == null || now - lastLineMillis < REMINDER_SECONDS * 1000) {
      return;
    }
    lastLineMillis = now;
    out.println(
        line(
            elapsedSeconds(now),
            "still " + step + " (" + (now - currentSinceMillis) / 1000 + " s so far)"));
    out.flush();
  }

  private double elapsedSeconds(long nowMillis) {
    return (nowMillis - startedAtMillis) / 1000.0;
  }

  static String line(double elapsedSeconds, String what) {
    return String.format(Locale.ROOT, "%7.1fs  %s", elapsedSeconds, what);
  }
}
