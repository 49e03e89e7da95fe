package io.meridian.loadtests.scenarios;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The used heap of a local server after a full collection, read with the JDK's {@code jcmd} ({@code
 * GC.run}, then {@code GC.heap_info}): sampled before and after opening connections, it gives the
 * heap each connection holds. Without a local server (a given {@code baseUrl}) nothing is measured.
 */
public final class HeapProbe {
  private static final Pattern USED = Pattern.compile("used (\\d+)K");

  private final OptionalLong pid;
  private volatile long before = -1;
  private volatile long after = -1;
  private volatile String problem = "";

  public HeapProbe(OptionalLong pid) {
    this.pid = pid;
  }

  public void sampleBefore() {
    before = usedAfterGc();
  }

  public void sampleAfter() {
    after = usedAfterGc();
  }

  /** Bytes used before and after, and per connection over {@code connections}. */
  public ObjectNode summary(int connections) {
    ObjectNode summary = MeridianClient.JSON.createObjectNode();
    if (before < 0 || after < 0) {
      summary.put(
          "notMeasured", pid.isEmpty() ? "no local server" : "jcmd failed: " + problem.trim());
      return summary;
    }
    summary.put("usedBeforeBytes", before);
    summary.put("usedAfterBytes", after);
    summary.put("connections", connections);
    if (connections > 0) {
      summary.put("bytesPerConnection", (after - before) / connections);
    }
    return summary;
  }

  private long usedAfterGc() {
    if (pid.isEmpty()) {
      return -1;
    }
    try {
      jcmd("GC.run");
      Matcher used = USED.matcher(jcmd("GC.heap_info"));
      if (used.find()) {
        return Long.parseLong(used.group(1)) * 1024;
      }
      problem = "no used heap in GC.heap_info";
    } catch (IOException e) {
      problem = e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      problem = "interrupted";
    }
    return -1;
  }

  private String jcmd(String command) throws IOException, InterruptedException {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process process =
        new ProcessBuilder(List.of(jcmd.toString(), Long.toString(pid.getAsLong()), command))
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException("jcmd " + command + " failed: " + output);
    }
    return output;
  }
}
