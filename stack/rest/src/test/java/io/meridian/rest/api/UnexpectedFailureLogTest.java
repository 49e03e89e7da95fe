package io.meridian.rest.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The line an unexpected failure (a 500) leaves in the log names the request, never a secret. */
class UnexpectedFailureLogTest {
  private final Logger logger = (Logger) LoggerFactory.getLogger(ApiExceptionMapper.class);
  private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

  @BeforeEach
  void capture() {
    lines.start();
    logger.addAppender(lines);
  }

  @AfterEach
  void release() {
    logger.detachAppender(lines);
    RequestInfo.end();
  }

  private void serving(String uri) {
    UriInfo info = mock(UriInfo.class);
    when(info.getRequestUri()).thenReturn(URI.create(uri));
    when(info.getPath()).thenReturn(URI.create(uri).getPath().substring(1));
    RequestInfo.begin(new RequestInfo(System.nanoTime(), System.currentTimeMillis(), "GET", info));
  }

  @Test
  void the_500_line_names_the_path_without_any_credential_sent_with_the_request() {
    serving(
        "http://h:8080/acme/app/dogs;access_token=matrixS3cret/fido"
            + "?access_token=queryS3cret&client_id=YXA6x&client_secret=clientS3cret&password=pw0rd");

    int status =
        new ApiExceptionMapper().toResponse(new IllegalStateException("a bug")).getStatus();

    assertThat(status).isEqualTo(500);
    assertThat(lines.list).hasSize(1);
    String line = lines.list.get(0).getFormattedMessage();
    assertThat(line)
        .isEqualTo("Unexpected failure serving GET /acme/app/dogs;access_token=***/fido");
    assertThat(line)
        .doesNotContain("matrixS3cret")
        .doesNotContain("queryS3cret")
        .doesNotContain("clientS3cret")
        .doesNotContain("pw0rd");
  }
}
