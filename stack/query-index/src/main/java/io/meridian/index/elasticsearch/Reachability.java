package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.elasticsearch.client.ResponseException;

/** Tells "Elasticsearch answered with an error" apart from "Elasticsearch could not be reached". */
final class Reachability {
  private Reachability() {}

  static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /**
   * True when no usable answer came back: connection refused or reset, timeouts, and 503 (the
   * cluster is up but cannot serve, e.g. no master or unassigned shards).
   */
  static boolean unreachable(Throwable failure) {
    Throwable cause = unwrap(failure);
    if (cause instanceof ElasticsearchException answered) {
      return answered.status() == 503;
    }
    if (cause instanceof ResponseException answered) {
      return answered.getResponse().getStatusLine().getStatusCode() == 503;
    }
    // The transport reports refused/reset connections and timeouts as IOExceptions; anything
    // else is a bug on this side and must not be mistaken for an outage.
    return cause instanceof IOException || cause instanceof TimeoutException;
  }
}
