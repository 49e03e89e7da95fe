package io.meridian.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code meridian index rebuild <org>/<app>}: asks a running server to rebuild an application's
 * index from Cassandra and follows its progress until it ends. The work happens in the server (it
 * owns the connections and keeps serving meanwhile); this command only starts and watches it, so it
 * may be interrupted and the rebuild goes on.
 */
@Command(
    name = "rebuild",
    mixinStandardHelpOptions = true,
    description = "Rebuild an application's index from Cassandra, showing progress.")
public final class IndexRebuildCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "<org>/<app>", description = "The application to rebuild.")
  String application;

  @Option(
      names = "--url",
      defaultValue = "http://127.0.0.1:8080",
      description = "A Meridian server (default: ${DEFAULT-VALUE}).")
  URI url;

  @Option(
      names = "--token",
      defaultValue = "${env:MERIDIAN_TOKEN}",
      description = "A superuser access token (default: $MERIDIAN_TOKEN); else sign in as --user.")
  String token;

  @Option(
      names = "--user",
      defaultValue = "superuser",
      description =
          "The superuser to sign in as (default: ${DEFAULT-VALUE}), with the password"
              + " from $MERIDIAN_PASSWORD or asked for.")
  String user;

  @Option(names = "--no-wait", description = "Start the rebuild and return at once.")
  boolean noWait;

  @Option(
      names = "--poll",
      defaultValue = "1s",
      converter = DurationConverter.class,
      description = "How often to report progress (default: ${DEFAULT-VALUE}).")
  Duration poll;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** {@code meridian index ...}: operator commands on indexes. */
  @Command(
      name = "index",
      mixinStandardHelpOptions = true,
      subcommands = IndexRebuildCommand.class,
      description = "Index operations.")
  public static final class Index {}

  public static CommandLine commandLine() {
    return new CommandLine(new Index());
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String[] parts = application.split("/");
    if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
      err.println("Name the application as <org>/<app>, got '" + application + "'");
      return 2;
    }
    String root = url.toString().replaceAll("/+$", "");
    if (token == null || token.isBlank()) {
      token = signIn(root, err);
      if (token == null) {
        return 1;
      }
    }
    String base = root + "/system/index/rebuild/" + application;
    JsonNode started = send(HttpRequest.newBuilder(URI.create(base)).POST(noBody()), err);
    if (started == null) {
      return 1;
    }
    String jobId = started.path("data").path("jobId").asText();
    out.println("Rebuild " + jobId + " of " + application + " started");
    out.flush();
    if (noWait) {
      return 0;
    }
    while (true) {
      Thread.sleep(poll.toMillis());
      JsonNode job = send(HttpRequest.newBuilder(URI.create(base + "/" + jobId)).GET(), err);
      if (job == null) {
        return 1;
      }
      JsonNode data = job.path("data");
      out.println(progress(data));
      out.flush();
      String status = data.path("status").asText();
      if (!status.equals("running")) {
        return status.equals("completed") ? 0 : 1;
      }
    }
  }

  static String progress(JsonNode job) {
    int total = job.path("collectionsTotal").asInt();
    int done = job.path("collectionsDone").asInt();
    int width = 30;
    int filled = total == 0 ? 0 : Math.min(width, done * width / total);
    String line =
        String.format(
            "[%s%s] %d/%d collections, %d entities indexed, %d stale entries removed (%s, %s)",
            "#".repeat(filled),
            ".".repeat(width - filled),
            done,
            total,
            job.path("entitiesIndexed").asLong(),
            job.path("entriesRemoved").asLong(),
            job.path("phase").asText(),
            job.path("status").asText());
    return job.hasNonNull("error") ? line + ": " + job.path("error").asText() : line;
  }

  /**
   * A superuser token from {@code /management/token}; the password never goes on a command line.
   */
  private String signIn(String root, PrintWriter err) throws IOException, InterruptedException {
    String password = System.getenv("MERIDIAN_PASSWORD");
    if (password == null && System.console() != null) {
      char[] typed = System.console().readPassword("Password for %s: ", user);
      password = typed == null ? null : new String(typed);
    }
    if (password == null) {
      err.println("Give a token (--token or $MERIDIAN_TOKEN) or a password ($MERIDIAN_PASSWORD)");
      return null;
    }
    var body = Json.object().put("grant_type", "password").put("username", user);
    body.put("password", password);
    JsonNode answer =
        send(
            HttpRequest.newBuilder(URI.create(root + "/management/token"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))),
            err);
    return answer == null ? null : answer.path("access_token").asText();
  }

  private JsonNode send(HttpRequest.Builder request, PrintWriter err)
      throws IOException, InterruptedException {
    HttpResponse<String> response;
    if (token != null && !token.isBlank()) {
      request.header("Authorization", "Bearer " + token);
    }
    try {
      response =
          http.send(
              request.timeout(Duration.ofSeconds(30)).build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (java.net.ConnectException e) {
      err.println("No Meridian server answers at " + url + " (use --url)");
      return null;
    }
    JsonNode body = Json.MAPPER.readTree(response.body());
    if (response.statusCode() >= 300) {
      err.println(
          "The server refused ("
              + response.statusCode()
              + "): "
              + body.path("error_description").asText(response.body()));
      return null;
    }
    return body;
  }

  private static HttpRequest.BodyPublisher noBody() {
    return HttpRequest.BodyPublishers.noBody();
  }

  /** Reads {@code 500ms}, {@code 2s} or an ISO-8601 duration. */
  static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      if (value.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
      }
      if (value.endsWith("s")) {
        return Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1)));
      }
      return Duration.parse(value);
    }
  }
}
