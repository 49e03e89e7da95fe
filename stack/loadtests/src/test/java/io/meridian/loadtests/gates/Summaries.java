package io.meridian.loadtests.gates;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The gate after the simulations: writes {@code summary.json} (requests/s, percentiles and errors
 * per request, the assertions, and the run's CPU shares) into each new Gatling report folder,
 * prints a table, and fails when an assertion failed or an expected simulation left no report.
 *
 * <p>Gatling 3.15 writes its statistics only into the report's HTML, so they are read from the
 * statistics table of {@code index.html} (Gatling's version is pinned; a format it does not
 * recognise is an error, never an empty summary).
 *
 * <p>Arguments: the Gatling results folder, the runs folder ({@code Target}'s CPU records), and the
 * expected simulations' simple class names (comma-separated; empty for none), unless the run was
 * narrowed to one with {@code -Dgatling.simulationClass}.
 */
public final class Summaries {
  private static final Pattern ROW =
      Pattern.compile(
          "<tr id=\"([^\"]+)\"(?: data-parent=\"([^\"]+)\")?\\s*>(.*?)</tr>", Pattern.DOTALL);
  private static final Pattern NAME = Pattern.compile("class=\"ellipsed-name\">(.*?)</span>");
  private static final Pattern VALUE =
      Pattern.compile("<td class=\"value [^\"]*col-(\\d+)\">([^<]*)</td>");
  private static final Pattern ASSERTION =
      Pattern.compile("<td class=\"error-col-1 (ok|ko) total\">\\s*(.*?)\\s*<span", Pattern.DOTALL);
  private static final String[] COLUMNS = {
    "total",
    "ok",
    "ko",
    "koPercent",
    "perSecond",
    "min",
    "p50",
    "p75",
    "p95",
    "p99",
    "max",
    "mean",
    "stdDev"
  };

  private Summaries() {}

  public static void main(String[] args) throws IOException {
    Path results = Path.of(args[0]);
    Path runs = Path.of(args[1]);
    List<String> expected = new ArrayList<>();
    String only = System.getProperty("gatling.simulationClass", "");
    String names = !only.isBlank() ? only : args.length > 2 ? args[2] : "";
    if (!names.isBlank()) {
      for (String name : names.split(",")) {
        expected.add(name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT));
      }
    }
    List<String> failures = new ArrayList<>();
    TreeSet<String> reported = new TreeSet<>();
    List<Path> reports = new ArrayList<>();
    if (Files.isDirectory(results)) {
      try (Stream<Path> folders = Files.list(results)) {
        folders
            .filter(f -> Files.isRegularFile(f.resolve("index.html")))
            .filter(f -> !Files.exists(f.resolve("summary.json")))
            .sorted()
            .forEach(reports::add);
      }
    }
    for (Path report : reports) {
      String simulation = report.getFileName().toString().replaceAll("-\\d+$", "");
      reported.add(simulation);
      ObjectNode summary = summarize(report, runs.resolve(simulation + ".json"));
      Files.writeString(report.resolve("summary.json"), summary.toPrettyString() + "\n");
      System.out.println(table(summary));
      for (JsonNode assertion : summary.path("assertions")) {
        if (!assertion.path("ok").asBoolean()) {
          failures.add(simulation + ": " + assertion.path("assertion").asText());
        }
      }
    }
    for (String simulation : expected) {
      if (!reported.contains(simulation)) {
        failures.add(simulation + ": no report (the simulation did not run to its end)");
      }
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException(
          "Load test gates failed:\n  " + String.join("\n  ", failures));
    }
  }

  /** The summary of one report folder. */
  static ObjectNode summarize(Path report, Path run) {
    String html;
    try {
      html = Files.readString(report.resolve("index.html"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ObjectNode summary = MeridianClient.JSON.createObjectNode();
    summary.put("report", report.getFileName().toString());
    ArrayNode requests = summary.putArray("requests");
    ArrayNode groups = summary.putArray("groups");
    Matcher rows = ROW.matcher(html);
    while (rows.find()) {
      String id = rows.group(1);
      Matcher name = NAME.matcher(rows.group(3));
      if (!name.find()) {
        continue;
      }
      ObjectNode stats = MeridianClient.JSON.createObjectNode();
      stats.put("name", unescape(name.group(1)));
      if (rows.group(2) != null && rows.group(2).startsWith("group_")) {
        stats.put("group", groupName(html, rows.group(2)));
      }
      Matcher values = VALUE.matcher(rows.group(3));
      int found = 0;
      while (values.find()) {
        int column = Integer.parseInt(values.group(1));
        if (column >= 2 && column - 2 < COLUMNS.length) {
          String text = values.group(2).trim().replace(",", "");
          try {
            stats.put(COLUMNS[column - 2], Double.parseDouble(text));
          } catch (NumberFormatException e) {
            stats.put(COLUMNS[column - 2], text);
          }
          found++;
        }
      }
      if (found != COLUMNS.length) {
        throw new IllegalStateException(
            "Unrecognised statistics row " + id + " in " + report.resolve("index.html"));
      }
      if (id.equals("ROOT")) {
        summary.set("global", stats);
      } else if (id.startsWith("group_")) {
        groups.add(stats);
      } else {
        requests.add(stats);
      }
    }
    if (!summary.has("global")) {
      throw new IllegalStateException("No statistics table in " + report.resolve("index.html"));
    }
    ArrayNode assertions = summary.putArray("assertions");
    Matcher assertion = ASSERTION.matcher(html);
    while (assertion.find()) {
      assertions
          .addObject()
          .put("assertion", unescape(assertion.group(2)))
          .put("ok", assertion.group(1).equals("ok"));
    }
    if (Files.isRegularFile(run)) {
      try {
        summary.set("run", MeridianClient.JSON.readTree(run.toFile()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return summary;
  }

  private static String groupName(String html, String groupId) {
    Matcher row =
        Pattern.compile("<tr id=\"" + Pattern.quote(groupId) + "\"[^>]*>(.*?)</tr>", Pattern.DOTALL)
            .matcher(html);
    if (row.find()) {
      Matcher name = NAME.matcher(row.group(1));
      if (name.find()) {
        return unescape(name.group(1));
      }
    }
    return groupId;
  }

  private static String unescape(String text) {
    return text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
        .trim();
  }

  /** A fixed-width table of a summary, for the build log. */
  static String table(JsonNode summary) {
    StringBuilder out = new StringBuilder();
    out.append("\n== ").append(summary.path("report").asText()).append('\n');
    out.append(
        String.format(
            Locale.ROOT,
            "%-44s %8s %6s %9s %7s %7s %7s %7s%n",
            "request",
            "count",
            "KO",
            "req/s",
            "mean",
            "p50",
            "p95",
            "p99"));
    List<JsonNode> rows = new ArrayList<>();
    summary.path("requests").forEach(rows::add);
    rows.add(summary.path("global"));
    for (JsonNode row : rows) {
      String name =
          (row.has("group") ? row.path("group").asText() + " / " : "") + row.path("name").asText();
      out.append(
          String.format(
              Locale.ROOT,
              "%-44.44s %8.0f %6.0f %9.1f %7.0f %7.0f %7.0f %7.0f%n",
              name,
              row.path("total").asDouble(),
              row.path("ko").asDouble(),
              row.path("perSecond").asDouble(),
              row.path("mean").asDouble(),
              row.path("p50").asDouble(),
              row.path("p95").asDouble(),
              row.path("p99").asDouble()));
    }
    JsonNode cpu = summary.path("run").path("cpuCoresUsed");
    if (!cpu.isMissingNode()) {
      out.append("CPU cores used: ").append(cpu).append('\n');
    }
    summary
        .path("run")
        .path("measured")
        .properties()
        .forEach(
            figure ->
                out.append("Measured ")
                    .append(figure.getKey())
                    .append(": ")
                    .append(figure.getValue())
                    .append('\n'));
    for (JsonNode assertion : summary.path("assertions")) {
      out.append(assertion.path("ok").asBoolean() ? "  OK  " : "  KO  ")
          .append(assertion.path("assertion").asText())
          .append('\n');
    }
    return out.toString();
  }
}
