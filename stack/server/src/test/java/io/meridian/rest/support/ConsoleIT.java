package io.meridian.rest.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Base of the console's end-to-end tests: the real server (as every {@link MeridianIT}) and one
 * headless Chromium per test class, signed in as this test's organization admin by {@link
 * #signIn()}. After each test the browser must not have reported a refused script or style (the
 * console runs under a Content-Security-Policy without {@code unsafe-inline}) or an uncaught error.
 */
@ResourceLock(SharedResources.BROWSER)
public abstract class ConsoleIT extends MeridianIT {
  protected static ConsoleBrowser browser;
  private static int browserPort;

  @LocalServerPort private int serverPort;

  /** The browser, started on first use (the server's port is known once a test runs). */
  protected ConsoleBrowser browser() {
    if (browser == null || browserPort != serverPort) {
      if (browser != null) {
        browser.close();
      }
      browser = new ConsoleBrowser("http://127.0.0.1:" + serverPort);
      browserPort = serverPort;
    }
    return browser;
  }

  /** Opens the console signed out, signs in as this test's organization admin. */
  protected ConsoleBrowser signIn() {
    return signIn(organization.admin(), Identities.PASSWORD, "Organization " + org);
  }

  /** Signs in as the superuser; the console asks which organization to open. */
  protected ConsoleBrowser signInAsSuperuser() {
    return signIn("superuser", TestServers.SUPERUSER_PASSWORD, "Organizations");
  }

  private ConsoleBrowser signIn(String username, String password, String landing) {
    ConsoleBrowser browser = browser();
    browser.signedOut();
    browser.fill("Username or email", username).fill("Password", password).press("Sign in");
    browser.waitForText(landing);
    return browser;
  }

  /** Opens a section of this test's application: {@code "data"}, {@code "identity"}... */
  protected ConsoleBrowser openSection(String section, String... params) {
    StringBuilder route = new StringBuilder("#/orgs/" + org + "/apps/" + app + "/" + section);
    for (String param : params) {
      route.append('/').append(param);
    }
    browser().go(route.toString());
    return browser;
  }

  /** Waits until the application's devices collection shows one device connected. */
  protected void awaitOneConnectedDevice() {
    Eventually.within(
        Duration.ofSeconds(15),
        () ->
            assertThat(
                    api.get(path("devices") + "?ql=select%20*%20where%20connected%20%3D%20true")
                        .uuids())
                .hasSize(1));
  }

  @AfterEach
  void noFaults() {
    if (browser != null) {
      assertThat(browser.faults()).as("refused scripts or styles, uncaught errors").isEmpty();
      assertThat(browser.unlabelled()).as("controls a screen reader cannot name").isEmpty();
    }
  }

  @AfterAll
  static void closeBrowser() {
    if (browser != null) {
      browser.close();
      browser = null;
    }
  }
}
