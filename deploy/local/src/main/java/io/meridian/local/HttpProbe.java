package io.meridian.local;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Readiness over HTTP: does a GET of this URL answer 200 in time. */
final class HttpProbe {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

  private HttpProbe() {}

  static boolean answers200(URI url, Duration timeout) {
    HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout).build();
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
