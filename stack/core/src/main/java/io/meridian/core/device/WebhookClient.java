package io.meridian.core.device;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * One webhook delivery's HTTP exchange. It connects only to the addresses {@link WebhookAddresses}
 * checked, follows no redirect (a 3xx is an answer like any other, wherever it points), retries
 * nothing itself, and never reads the answer's body: the status is all a delivery needs. The whole
 * exchange, connection included, is cut off at the timeout, however slowly the other side drips.
 */
final class WebhookClient implements AutoCloseable {
  private final CloseableHttpClient client;
  private final ScheduledExecutorService timer;
  private final Duration timeout;

  /**
   * @param connections connections kept at most (the deliveries in flight)
   * @param timer cuts exchanges off at the timeout
   */
  WebhookClient(
      WebhookAddresses addresses,
      int connections,
      Duration connectTimeout,
      Duration timeout,
      ScheduledExecutorService timer) {
    this.timer = timer;
    this.timeout = timeout;
    this.client =
        HttpClients.custom()
            .setConnectionManager(
                PoolingHttpClientConnectionManagerBuilder.create()
                    .setDnsResolver(addresses)
                    .setMaxConnTotal(connections)
                    .setMaxConnPerRoute(connections)
                    .setDefaultConnectionConfig(
                        ConnectionConfig.custom()
                            .setConnectTimeout(Timeout.of(connectTimeout))
                            .setSocketTimeout(Timeout.of(timeout))
                            .build())
                    .build())
            .disableRedirectHandling()
            .disableAutomaticRetries()
            .disableCookieManagement()
            .disableAuthCaching()
            .setUserAgent("Meridian-Webhooks")
            .build();
  }

  /**
   * Posts the body; answers the HTTP status. Throws {@link WebhookAddresses.RefusedAddress} for a
   * host with a refused address, another {@link IOException} when no answer came in time.
   */
  int post(URI url, Map<String, String> headers, byte[] body) throws IOException {
    HttpPost post = new HttpPost(url);
    headers.forEach(post::setHeader);
    post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
    ScheduledFuture<?> deadline =
        timer.schedule(post::cancel, timeout.toMillis(), TimeUnit.MILLISECONDS);
    try {
      ClassicHttpResponse response = client.executeOpen(null, post, null);
      int status = response.getCode();
      post.cancel(); // drops the connection: the body is never read, nor waited for
      response.close();
      return status;
    } finally {
      deadline.cancel(false);
    }
  }

  @Override
  public void close() throws IOException {
    client.close();
  }
}
