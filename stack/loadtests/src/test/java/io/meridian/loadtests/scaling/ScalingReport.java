package io.meridian.loadtests.scaling;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.loadtests.load.MeridianClient;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Turns the runs of {@code deploy/bench-scaling} into the scaling table and plot of
 * docs/benchmarks.md. Input: {@code runs.tsv} lines of simulation, REST node count, measured
 * seconds and Gatling report directory. Throughput is the OK count of the measured requests over
 * the measured seconds (a phase of fixed length), or Gatling's own rate of those requests over the
 * simulation when the seconds are 0; efficiency is throughput(N) / (N x throughput(1)).
 *
 * <p>Usage: {@code ScalingReport <runs.tsv> <table.md> <plot.png>}.
 */
public final class ScalingReport {

  /** The requests that count as throughput, by simulation. */
  private static final Map<String, String> MEASURED =
      Map.of("baseline", "GET by uuid", "geomarketing", "ads at position");

  record Run(
      String simulation,
      int nodes,
      double throughput,
      double p50,
      double p99,
      double koPercent,
      double generatorCores,
      double machineCores,
      Map<String, Double> roleCores) {}

  /** The roles of {@code cpuCoresUsed.roles} the table shows, with their column headings. */
  private static final Map<String, String> ROLE_COLUMNS = roleColumns();

  private static Map<String, String> roleColumns() {
    Map<String, String> columns = new LinkedHashMap<>();
    columns.put("meridian", "REST cores");
    columns.put("cassandra", "Cassandra");
    columns.put("elasticsearch", "Elasticsearch");
    columns.put("haproxy", "HAProxy");
    columns.put("other", "other");
    return columns;
  }

  private ScalingReport() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: ScalingReport <runs.tsv> <table.md> <plot.png>");
      System.exit(2);
    }
    List<Run> runs = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(args[0]))) {
      if (line.isBlank()) {
        continue;
      }
      String[] fields = line.split("\t");
      runs.add(
          read(
              fields[0],
              Integer.parseInt(fields[1]),
              Double.parseDouble(fields[2]),
              Path.of(fields[3])));
    }
    String table = table(runs);
    Files.writeString(Path.of(args[1]), table);
    System.out.print(table);
    plot(runs, Path.of(args[2]));
    System.out.println("Plot: " + args[2]);
  }

  static Run read(String simulation, int nodes, double seconds, Path report) throws IOException {
    JsonNode summary = MeridianClient.JSON.readTree(report.resolve("summary.json").toFile());
    String prefix = MEASURED.get(simulation);
    if (prefix == null) {
      throw new IllegalArgumentException("No measured request known for " + simulation);
    }
    double ok = 0;
    double perSecond = 0;
    double total = 0;
    double ko = 0;
    double p50 = 0;
    double p99 = 0;
    for (JsonNode request : summary.path("requests")) {
      if (request.path("name").asText().startsWith(prefix)) {
        double count = request.path("total").asDouble();
        ok += request.path("ok").asDouble();
        perSecond += request.path("perSecond").asDouble() * request.path("ok").asDouble() / count;
        ko += request.path("ko").asDouble();
        // Weighted by count: the access kinds of the baseline are measured apart.
        p50 += request.path("p50").asDouble() * count;
        p99 += request.path("p99").asDouble() * count;
        total += count;
      }
    }
    if (total == 0) {
      throw new IllegalStateException("No '" + prefix + "' requests in " + report);
    }
    JsonNode cores = summary.path("run").path("cpuCoresUsed");
    Map<String, Double> roles = new LinkedHashMap<>();
    for (String role : ROLE_COLUMNS.keySet()) {
      JsonNode value = cores.path("roles").path(role);
      roles.put(role, value.isNumber() ? value.asDouble() : Double.NaN);
    }
    return new Run(
        simulation,
        nodes,
        seconds > 0 ? ok / seconds : perSecond,
        p50 / total,
        p99 / total,
        100 * ko / total,
        cores.path("loadGenerator").asDouble(),
        cores.path("machine").asDouble(),
        roles);
  }

  static String table(List<Run> runs) {
    StringBuilder text = new StringBuilder();
    text.append(
        "| simulation | REST nodes | requests/s | per node | efficiency | p50 ms | p99 ms | KO % |");
    ROLE_COLUMNS.values().forEach(column -> text.append(' ').append(column).append(" |"));
    text.append(" Gatling | machine cores |\n");
    text.append("|---|---:|---:|---:|---:|---:|---:|---:|");
    text.append("---:|".repeat(ROLE_COLUMNS.size() + 2)).append('\n');
    for (Map.Entry<String, List<Run>> entry : bySimulation(runs).entrySet()) {
      double one = oneNode(entry.getValue());
      for (Run run : entry.getValue()) {
        text.append(
            String.format(
                Locale.ROOT,
                "| %s | %d | %,.0f | %,.0f | %.2f | %.0f | %.0f | %.2f |",
                run.simulation(),
                run.nodes(),
                run.throughput(),
                run.throughput() / run.nodes(),
                run.throughput() / (run.nodes() * one),
                run.p50(),
                run.p99(),
                run.koPercent()));
        for (String role : ROLE_COLUMNS.keySet()) {
          text.append(String.format(Locale.ROOT, " %.2f |", run.roleCores().get(role)));
        }
        text.append(
            String.format(
                Locale.ROOT, " %.2f | %.2f |%n", run.generatorCores(), run.machineCores()));
      }
    }
    return text.toString();
  }

  static void plot(List<Run> runs, Path file) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    for (Map.Entry<String, List<Run>> entry : bySimulation(runs).entrySet()) {
      double one = oneNode(entry.getValue());
      XYSeries measured = new XYSeries(entry.getKey());
      for (Run run : entry.getValue()) {
        measured.add(run.nodes(), run.throughput() / one);
      }
      data.addSeries(measured);
    }
    // The target is the same line for every simulation: 0.8 x N x one node's throughput.
    XYSeries target = new XYSeries("target: 0.8 x N x one node");
    runs.stream().mapToInt(Run::nodes).distinct().sorted().forEach(n -> target.add(n, 0.8 * n));
    data.addSeries(target);
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            "Throughput per REST node count, relative to one node",
            "REST nodes",
            "throughput / throughput with one node",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    ((NumberAxis) plot.getDomainAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    Color[] colors = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c)};
    int last = data.getSeriesCount() - 1;
    for (int i = 0; i <= last; i++) {
      renderer.setSeriesPaint(i, i == last ? Color.GRAY : colors[i % colors.length]);
      if (i == last) {
        renderer.setSeriesStroke(
            i,
            new BasicStroke(
                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
        renderer.setSeriesShapesVisible(i, false);
      } else {
        renderer.setSeriesStroke(i, new BasicStroke(2.5f));
      }
    }
    plot.setRenderer(renderer);
    Files.createDirectories(file.toAbsolutePath().getParent());
    ChartUtils.saveChartAsPNG(file.toFile(), chart, 900, 540);
  }

  /** The throughput with one node, which efficiency is relative to; NaN without such a run. */
  private static double oneNode(List<Run> runs) {
    return runs.stream()
        .filter(run -> run.nodes() == 1)
        .map(Run::throughput)
        .findFirst()
        .orElse(Double.NaN);
  }

  private static Map<String, List<Run>> bySimulation(List<Run> runs) {
    Map<String, List<Run>> grouped = new LinkedHashMap<>();
    for (Run run : runs) {
      grouped.computeIfAbsent(run.simulation(), key -> new ArrayList<>()).add(run);
    }
    return grouped;
  }
}
