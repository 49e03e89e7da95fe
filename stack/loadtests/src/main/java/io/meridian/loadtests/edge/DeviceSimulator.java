package io.meridian.loadtests.edge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code java -jar device-simulator.jar}: a fleet of simulated Cometa devices in one process (see
 * {@link Fleet}), with a progress line every {@code --report} seconds and a JSON summary at the end
 * (printed on one line starting {@code SUMMARY }, and written to {@code --summary-file}). It runs
 * for {@code --duration} seconds, or until it is stopped (SIGTERM or SIGINT), which also writes the
 * summary. One process holds at most one open file per device plus a few dozen: keep {@code
 * --devices} under the process's file limit ({@code ulimit -n}, 20,000 here: 19,000 devices).
 *
 * <p>Over 300 lines because half of it is its 26 options, each declared with its help text, which
 * picocli reads from this class.
 */
@Command(
    name = "device-simulator",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Attach simulated Cometa devices to Meridian's edge and keep them busy.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:done", "1:not every device attached (with --require-all)", "2:bad options"})
public final class DeviceSimulator implements Callable<Integer> {

  @Option(
      names = "--host",
      defaultValue = "127.0.0.1",
      description = "Edge host (${DEFAULT-VALUE}).")
  String host;

  @Option(
      names = "--port",
      defaultValue = "8090",
      description = "Edge device port (${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--app-key",
      defaultValue = "${env:MERIDIAN_APP_KEY}",
      description = "The application's client id (default: $MERIDIAN_APP_KEY).")
  String appKey;

  @Option(names = "--devices", defaultValue = "1000", description = "Devices (${DEFAULT-VALUE}).")
  int devices;

  @Option(
      names = "--first",
      defaultValue = "0",
      description =
          "Number of the first device; processes take disjoint ranges (${DEFAULT-VALUE}).")
  int first;

  @Option(
      names = "--prefix",
      defaultValue = "sim-",
      description = "Device id prefix (${DEFAULT-VALUE}).")
  String prefix;

  @Option(
      names = "--rate",
      defaultValue = "500",
      description = "Attaches per second (${DEFAULT-VALUE}).")
  double rate;

  @Option(
      names = "--source-base",
      defaultValue = "127.0.1.1",
      description = "First local address to bind (${DEFAULT-VALUE}).")
  String sourceBase;

  @Option(
      names = "--sources",
      defaultValue = "8",
      description =
          "Local addresses from --source-base, devices spread over them; 0: no bind (${DEFAULT-VALUE}).")
  int sources;

  @Option(
      names = "--secret",
      defaultValue = "${env:MERIDIAN_DEVICE_SECRET}",
      description =
          "Per-device secret; %%d is the device's number (default: $MERIDIAN_DEVICE_SECRET).")
  String secret;

  @Option(
      names = "--secret-in",
      defaultValue = "query",
      description =
          "Where the secret goes: query (?secret=) or header (X-Device-Secret) (${DEFAULT-VALUE}).")
  String secretIn;

  @Option(
      names = "--framing",
      defaultValue = "libcometa",
      description =
          "libcometa (exact chunk sizes) or legacy (the 2014 SDK's miscounted sizes) (${DEFAULT-VALUE}).")
  String framing;

  @Option(
      names = "--reply",
      defaultValue = "echo",
      description =
          "echo, fixed (--reply-body) or jsonrpc (id echoed, result --reply-body or the params) (${DEFAULT-VALUE}).")
  String reply;

  @Option(
      names = "--reply-body",
      defaultValue = "{\"ok\":true}",
      description = "Reply body (${DEFAULT-VALUE}).")
  String replyBody;

  @Option(
      names = "--event-rate",
      defaultValue = "0",
      description = "Upstream events per second over the fleet (${DEFAULT-VALUE}).")
  double eventRate;

  @Option(
      names = "--event-bytes",
      defaultValue = "128",
      description = "Event size (${DEFAULT-VALUE}).")
  int eventBytes;

  @Option(
      names = "--heartbeat",
      description = "Heartbeat period in seconds (default: the one the edge announces).")
  Long heartbeat;

  @Option(
      names = "--info",
      defaultValue = "meridian-device-simulator",
      description = "The info string sent at attach (${DEFAULT-VALUE}).")
  String info;

  @Option(names = "--reattach", description = "Attach again when a connection closes.")
  boolean reattach;

  @Option(
      names = "--attach-timeout",
      defaultValue = "30",
      description = "Seconds an attach may take (${DEFAULT-VALUE}).")
  long attachTimeout;

  @Option(
      names = "--threads",
      defaultValue = "2",
      description = "Event loop threads (${DEFAULT-VALUE}).")
  int threads;

  @Option(
      names = "--duration",
      defaultValue = "0",
      description = "Seconds to run; 0: until stopped (${DEFAULT-VALUE}).")
  long duration;

  @Option(
      names = "--report",
      defaultValue = "5",
      description = "Seconds between progress lines (${DEFAULT-VALUE}).")
  long report;

  @Option(
      names = "--ready-file",
      description =
          "Written (JSON) once every device has been tried (with --reattach: is attached).")
  Path readyFile;

  @Option(names = "--summary-file", description = "Where the final JSON summary is written.")
  Path summaryFile;

  @Option(names = "--require-all", description = "Exit 1 unless every device attached.")
  boolean requireAll;

  private final PrintStream out;

  DeviceSimulator(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    // picocli exits 2 on invalid options.
    System.exit(new CommandLine(new DeviceSimulator(System.out)).execute(args));
  }

  /** The fleet's options from the command line. */
  FleetOptions options() {
    if (appKey == null || appKey.isBlank()) {
      throw new IllegalArgumentException("--app-key (or $MERIDIAN_APP_KEY) is needed");
    }
    if (devices < 1 || rate <= 0 || threads < 1 || report < 1 || sources < 0) {
      throw new IllegalArgumentException(
          "--devices, --rate, --threads and --report must be positive, --sources not negative");
    }
    return new FleetOptions(
        host,
        port,
        appKey,
        prefix,
        first,
        devices,
        rate,
        sources == 0 ? List.of() : FleetOptions.addresses(sourceBase, sources),
        secret == null ? "" : secret,
        AttachRequest.SecretMode.parse(secret == null || secret.isEmpty() ? "none" : secretIn),
        Framing.parse(framing),
        new Replier(Replier.Mode.parse(reply), replyBody),
        eventRate,
        eventBytes,
        heartbeat == null ? null : Duration.ofSeconds(heartbeat),
        info,
        reattach,
        Duration.ofSeconds(attachTimeout),
        threads);
  }

  @Override
  public Integer call() throws InterruptedException {
    FleetOptions options;
    try {
      options = options();
    } catch (IllegalArgumentException e) {
      out.println(e.getMessage());
      return 2;
    }
    Fleet fleet = new Fleet(options);
    Instant started = Instant.now();
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              finish(fleet, started);
              stopped.countDown();
            },
            "device-simulator-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    out.printf(
        "%,d devices %s..%s to %s:%d at %,.0f/s from %s%n",
        devices,
        FleetOptions.deviceId(prefix, first),
        FleetOptions.deviceId(prefix, (long) first + devices - 1),
        host,
        port,
        rate,
        sources == 0 ? "the kernel's address" : sources + " addresses from " + sourceBase);
    fleet.start();
    long deadline = duration > 0 ? System.nanoTime() + TimeUnit.SECONDS.toNanos(duration) : -1;
    FleetStats.Snapshot previous = fleet.stats().snapshot();
    boolean ready = false;
    while (deadline < 0 || System.nanoTime() < deadline) {
      long wait = TimeUnit.SECONDS.toMillis(report);
      if (deadline > 0) {
        wait = Math.min(wait, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
      }
      if (stopped.await(Math.max(1, wait), TimeUnit.MILLISECONDS)) {
        return 0; // stopped by a signal: the hook wrote the summary
      }
      FleetStats.Snapshot now = fleet.stats().snapshot();
      out.println(now.line(previous, devices));
      previous = now;
      if (!ready && fleet.attachPhaseDone()) {
        ready = true;
        out.printf(
            "attach phase done: %,d attached, %,d failed, %.0f attaches/s%n",
            now.attaches(), now.attachFailures(), now.attachRate());
        if (readyFile != null) {
          write(readyFile, summary(now, started).toString());
        }
      }
    }
    Runtime.getRuntime().removeShutdownHook(hook);
    FleetStats.Snapshot last = finish(fleet, started);
    return requireAll && last.attaches() < devices ? 1 : 0;
  }

  private FleetStats.Snapshot finish(Fleet fleet, Instant started) {
    FleetStats.Snapshot last = fleet.stats().snapshot();
    fleet.close();
    ObjectNode summary = summary(last, started);
    out.println("SUMMARY " + summary);
    if (summaryFile != null) {
      write(summaryFile, summary.toPrettyString());
    }
    return last;
  }

  private ObjectNode summary(FleetStats.Snapshot snapshot, Instant started) {
    ObjectNode summary = FleetStats.JSON.createObjectNode();
    summary.put("started", started.toString());
    summary.put("pid", ProcessHandle.current().pid());
    ObjectNode config = summary.putObject("config");
    config.put("edge", host + ":" + port);
    config.put("devices", devices);
    config.put("first", first);
    config.put("prefix", prefix);
    config.put("rate", rate);
    config.put("sources", sources == 0 ? "none" : sources + " from " + sourceBase);
    config.put("secret", secret == null || secret.isEmpty() ? "none" : "in " + secretIn);
    config.put("framing", framing);
    config.put("reply", reply);
    config.put("eventRate", eventRate);
    config.put("eventBytes", eventBytes);
    config.put("heartbeat", heartbeat == null ? "announced" : heartbeat + "s");
    summary.set("devices", snapshot.json());
    return summary;
  }

  /** Writes {@code text} whole: to a temporary file, then moved over {@code file}. */
  private static void write(Path file, String text) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Path temporary = Files.createTempFile(parent, ".device-simulator", ".tmp");
      Files.writeString(temporary, text + "\n", StandardCharsets.UTF_8);
      Files.move(
          temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + file, e);
    }
  }
}
