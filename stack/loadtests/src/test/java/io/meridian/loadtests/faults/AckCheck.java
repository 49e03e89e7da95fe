package io.meridian.loadtests.faults;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.loadtests.faults.WriteLoad.Ack;
import io.meridian.loadtests.faults.WriteLoad.Result;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.load.MeridianClient.App;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.stream.Collectors;

/**
 * Checks that every write a {@link WriteLoad} acknowledged is there, through one node: {@link
 * #byUuid} reads each from Cassandra by its uuid, {@link #byQuery} finds them all with queries
 * (Elasticsearch), polling until a deadline since an index may still be converging after a fault. A
 * check never writes.
 */
public final class AckCheck {
  /** Reads at a time in {@link #byUuid}. */
  static final int READERS = 4;

  /** Attempts of one read that fails for a moment (5xx, 429, a connection failure). */
  static final int ATTEMPTS = 5;

  /** Names asked for by one query while polling; keeps the URL well under Tomcat's 8 KB. */
  static final int NAMES_PER_QUERY = 40;

  private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);

  /** Between two polls; a poll is many queries, and the check should not slow what it measures. */
  private static final Duration POLL_INTERVAL = Duration.ofSeconds(1);

  private final URI node;
  private final App app;
  private final String token;
  private final NodeHttp http = new NodeHttp(NodeHttp.DEFAULT_TIMEOUT);

  /** Checks through {@code node} (a REST node or the load balancer) with a token of {@code app}. */
  public AckCheck(URI node, App app, String token) {
    this.node = NodeHttp.requireLoopback(List.of(node)).get(0);
    this.app = app;
    this.token = token;
  }

  /**
   * Reads every acknowledged entity by uuid, a few at a time, retrying transient failures. Found:
   * read with the name that was written. Lost: 404, or another name. An entity that could not be
   * read at all (the node kept failing) is neither and is listed under {@link Report#errors()}.
   */
  public Report byUuid(Result load) throws InterruptedException {
    long started = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(READERS, daemon("ack-check-uuid"));
    List<Future<Verdict>> verdicts = new ArrayList<>();
    try {
      for (Ack ack : load.acks()) {
        verdicts.add(pool.submit(() -> read(load.collection(), ack)));
      }
      long found = 0;
      List<String> lost = new ArrayList<>();
      List<String> errors = new ArrayList<>();
      for (Future<Verdict> future : verdicts) {
        Verdict verdict;
        try {
          verdict = future.get();
        } catch (ExecutionException e) {
          throw new IllegalStateException("A read by uuid failed", e.getCause());
        }
        switch (verdict.kind) {
          case FOUND -> found++;
          case LOST -> lost.add(verdict.detail);
          case ERROR -> errors.add(verdict.detail);
        }
      }
      return new Report(
          "by uuid",
          load.acknowledged(),
          found,
          lost,
          errors,
          load.failures(),
          Duration.ofNanos(System.nanoTime() - started));
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Finds the acknowledged writes with queries and polls until all are found or {@code limit}
   * passes. A poll asks only for the names still missing, {@value #NAMES_PER_QUERY} to a query
   * ({@code select name where runId = '<run>' and (name = 'a' or name = 'b' ...)}): a query loads
   * every hit from Cassandra, so asking for the whole run at every poll would load each write once
   * per poll and the check itself would slow the catch-up it measures. A query failure while
   * polling (503 {@code index_unavailable} while Elasticsearch recovers) only waits for the next
   * poll; the failures are summed up under {@link Report#errors()}. {@link Report#took()} is the
   * time until all were found (or until the limit).
   */
  public Report byQuery(Result load, Duration limit) throws InterruptedException {
    long started = System.nanoTime();
    long deadline = started + limit.toNanos();
    Map<String, Ack> missing = new LinkedHashMap<>();
    load.acks().forEach(ack -> missing.put(ack.name(), ack));
    Map<String, Long> pollFailures = new LinkedHashMap<>();
    while (true) {
      String failure = findMissing(load, missing.keySet());
      if (failure != null) {
        pollFailures.merge(failure, 1L, Long::sum);
      }
      if (missing.isEmpty() || System.nanoTime() > deadline) {
        break;
      }
      Thread.sleep(POLL_INTERVAL.toMillis());
    }
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    List<String> lost = new ArrayList<>();
    missing
        .values()
        .forEach(
            ack -> lost.add(ack.uuid() + " " + ack.name() + ": not found by query in " + limit));
    List<String> errors = new ArrayList<>();
    pollFailures.forEach((what, count) -> errors.add(count + " polls failed with " + what));
    return new Report(
        "by query",
        load.acknowledged(),
        load.acknowledged() - missing.size(),
        lost,
        errors,
        load.failures(),
        took);
  }

  /**
   * Queries for the names in {@code missing}, a group at a time, removing those found; returns why
   * the poll stopped early, or null.
   */
  private String findMissing(Result load, Set<String> missing) throws InterruptedException {
    List<String> names = List.copyOf(missing);
    for (int start = 0; start < names.size(); start += NAMES_PER_QUERY) {
      String anyOf =
          names.subList(start, Math.min(names.size(), start + NAMES_PER_QUERY)).stream()
              .map(name -> "name = '" + name + "'")
              .collect(Collectors.joining(" or "));
      String ql = "select name where runId = '" + load.runId() + "' and (" + anyOf + ")";
      String failure = pageNames(load.collection(), ql, missing);
      if (failure != null) {
        return failure;
      }
    }
    return null;
  }

  /**
   * One pass over the query's pages, removing every name it returns from {@code missing}; returns
   * why the pass stopped early ({@code 503 index_unavailable}, {@code IO}), or null.
   */
  private String pageNames(String collection, String ql, Set<String> missing)
      throws InterruptedException {
    String cursor = null;
    do {
      String path =
          app.path()
              + "/"
              + collection
              + "?limit=1000&ql="
              + MeridianClient.encode(ql)
              + (cursor == null ? "" : "&cursor=" + MeridianClient.encode(cursor));
      NodeHttp.Reply reply;
      try {
        reply = http.send("GET", NodeHttp.url(node, path), null, token);
      } catch (IOException e) {
        return NodeHttp.outcomeOf(e);
      }
      if (reply.status() == 404 && cursor == null) {
        return null; // the collection never held an entity: nothing is indexed yet
      }
      if (!reply.ok()) {
        return (reply.status() + " " + reply.error()).trim();
      }
      JsonNode page = reply.json();
      for (JsonNode entity : page.path("entities")) {
        missing.remove(entity.path("name").asText());
      }
      cursor = page.path("cursor").textValue();
    } while (cursor != null);
    return null;
  }

  private enum Kind {
    FOUND,
    LOST,
    ERROR
  }

  private record Verdict(Kind kind, String detail) {}

  private Verdict read(String collection, Ack ack) throws InterruptedException {
    String path = app.path() + "/" + collection + "/" + ack.uuid();
    Duration backoff = FIRST_BACKOFF;
    String last = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      if (attempt > 1) {
        Thread.sleep(backoff.toMillis());
        backoff = backoff.multipliedBy(2);
      }
      NodeHttp.Reply reply;
      try {
        reply = http.send("GET", NodeHttp.url(node, path), null, token);
      } catch (IOException e) {
        last = NodeHttp.outcomeOf(e);
        continue;
      }
      String subject = ack.uuid() + " " + ack.name() + ": ";
      if (reply.ok()) {
        String name = reply.json().path("entities").path(0).path("name").asText();
        return name.equals(ack.name())
            ? new Verdict(Kind.FOUND, null)
            : new Verdict(Kind.LOST, subject + "read with name '" + name + "'");
      }
      if (reply.status() == 404) {
        return new Verdict(Kind.LOST, subject + "404 " + reply.error());
      }
      last = (reply.status() + " " + reply.error()).trim();
      if (!isTransient(reply.status())) {
        return new Verdict(Kind.ERROR, subject + last);
      }
    }
    return new Verdict(
        Kind.ERROR,
        ack.uuid() + " " + ack.name() + ": " + ATTEMPTS + " reads failed, last " + last);
  }

  static boolean isTransient(int status) {
    return status >= 500 || status == 429 || status == 408;
  }

  static ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
