package io.meridian.loadtests.load;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.loadtests.load.MeridianClient.ApiException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * Requests to one application with its client-credentials token. A token that expired during a long
 * load is replaced once per request; a request that fails for a moment (5xx, 429, a network error)
 * is tried again after 0.5, 1, 2, 4 and 8 seconds, then given up with the last error.
 */
public final class AppRequests {
  static final int ATTEMPTS = 6;
  private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);

  private final MeridianClient client;
  private final MeridianClient.App app;
  private final Object tokenLock = new Object();
  private volatile String token;

  public AppRequests(MeridianClient client, MeridianClient.App app) {
    this.client = client;
    this.app = app;
  }

  /** Whether the error is the server's or the network's for a moment, not the request's. */
  static boolean isTransient(RuntimeException e) {
    if (e instanceof UncheckedIOException) {
      return true;
    }
    return e instanceof ApiException api
        && (api.status() >= 500 || api.status() == 429 || api.status() == 408);
  }

  /**
   * Pages {@code ql} over a collection ({@code select *} lists it from Cassandra), {@code limit}
   * per page, handing each page to {@code page} until it returns false or the cursor ends. A
   * collection that never held an entity has no pages.
   */
  public void pages(String collection, String ql, int limit, Predicate<JsonNode> page) {
    String cursor = null;
    do {
      String path =
          "/"
              + collection
              + "?limit="
              + limit
              + "&ql="
              + MeridianClient.encode(ql)
              + (cursor == null ? "" : "&cursor=" + MeridianClient.encode(cursor));
      JsonNode answer;
      try {
        answer = send("GET", path, null);
      } catch (ApiException e) {
        if (e.status() == 404 && cursor == null) {
          return;
        }
        throw e;
      }
      if (!page.test(answer)) {
        return;
      }
      cursor = answer.path("cursor").textValue();
    } while (cursor != null);
  }

  /** Sends a request to a path under the application ({@code /places?limit=10}). */
  JsonNode send(String method, String pathInApp, Object body) {
    String path = app.path() + pathInApp;
    boolean renewed = false;
    Duration backoff = FIRST_BACKOFF;
    for (int attempt = 1; ; attempt++) {
      String used = token();
      try {
        return client.send(method, path, body, used);
      } catch (ApiException e) {
        if (e.status() == 401 && !renewed) {
          renewed = true;
          renew(used);
          attempt--;
          continue;
        }
        if (!isTransient(e)) {
          throw e;
        }
        if (attempt == ATTEMPTS) {
          throw givenUp(method, path, attempt, e);
        }
      } catch (UncheckedIOException e) {
        if (attempt == ATTEMPTS) {
          throw givenUp(method, path, attempt, e);
        }
      }
      sleep(backoff);
      backoff = backoff.multipliedBy(2);
    }
  }

  private String token() {
    String current = token;
    if (current != null) {
      return current;
    }
    renew(null);
    return token;
  }

  /** Signs in again unless another thread already replaced the token that was refused. */
  private void renew(String refused) {
    synchronized (tokenLock) {
      if (token == null || token.equals(refused)) {
        token = signIn();
      }
    }
  }

  private String signIn() {
    Duration backoff = FIRST_BACKOFF;
    for (int attempt = 1; ; attempt++) {
      try {
        return client.clientToken(app);
      } catch (RuntimeException e) {
        if (!isTransient(e)) {
          throw e;
        }
        if (attempt == ATTEMPTS) {
          throw givenUp("POST", app.path() + "/token", attempt, e);
        }
      }
      sleep(backoff);
      backoff = backoff.multipliedBy(2);
    }
  }

  private static LoadException givenUp(
      String method, String path, int attempts, RuntimeException last) {
    return new LoadException(
        method + " " + path + " failed " + attempts + " times, last with " + last.getMessage(),
        last);
  }

  private static void sleep(Duration time) {
    try {
      Thread.sleep(time.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting to retry", e);
    }
  }
}
