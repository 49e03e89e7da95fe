package io.meridian.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ConsoleIT;
import io.meridian.rest.support.Identities;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's Operations view in a real browser on the real server: the stores' health and the
 * index lag from {@code /status}, the application's requests from its metrics endpoint as the API
 * serves them, and an index rebuild followed to its end.
 */
class ConsoleOperationsIT extends ConsoleIT {

  private static String text(WebDriver driver, String css) {
    return driver.findElement(By.cssSelector(css)).getText();
  }

  /** Requests to this test's application: {@code ok} answered 200, {@code missing} 404. */
  private void serve(int ok, int missing) {
    for (int i = 0; i < ok; i++) {
      assertThat(api.post(path("lamps"), "{\"name\":\"lamp-" + i + "\"}").status()).isEqualTo(200);
    }
    for (int i = 0; i < missing; i++) {
      assertThat(api.get(path("lamps/no-such-lamp-" + i)).status()).isEqualTo(404);
    }
  }

  @Test
  void an_admin_sees_the_stores_up_the_index_lag_and_the_requests_the_application_served() {
    signIn();
    openSection("operations");
    browser.waitForText("Operations");
    browser.wait(d -> text(d, "dd.cassandra").equals("up"));
    browser.wait(d -> text(d, "dd.elasticsearch").equals("up"));
    assertThat(text(browser.driver(), "dd.index-lag")).matches("\\d+ changes pending, lag \\d+ s");
    browser.wait(d -> text(d, "dd.requests").equals("0"));

    serve(4, 3);
    browser.press("Refresh charts");

    browser.wait(d -> text(d, "dd.requests").equals("7"));
    assertThat(text(browser.driver(), "dd.errors-4xx")).isEqualTo("3");
    assertThat(text(browser.driver(), "dd.errors-5xx")).isEqualTo("0");
    WebElement requests =
        browser.driver().findElement(By.cssSelector("figure.chart[aria-label^='Requests']"));
    assertThat(requests.getAttribute("aria-label")).contains("7 requests in the last 30 minutes");
    assertThat(requests.findElements(By.tagName("canvas"))).isNotEmpty();
    assertThat(browser.main())
        .contains("Only the superuser may rebuild an index", "meridian index rebuild " + org);
    assertThat(browser.driver().findElements(By.xpath("//button[.='Rebuild the index']")))
        .isEmpty();

    new Select(browser.field("Time window")).selectByVisibleText("Last 5 minutes");
    browser.wait(
        d ->
            d.findElement(By.cssSelector("figure.chart[aria-label^='Requests']"))
                .getAttribute("aria-label")
                .contains("7 requests in the last 5 minutes"));
  }

  @Test
  void the_superuser_rebuilds_the_index_and_follows_it_to_the_end() {
    serve(6, 2);
    signInAsSuperuser();
    openSection("operations");
    browser.wait(d -> text(d, "dd.requests").equals("8"));

    browser.press("Rebuild the index");

    WebElement progress =
        browser.driver().findElement(By.cssSelector(".rebuild-progress progress"));
    browser.wait(d -> text(d, ".rebuild-status").contains("completed"));
    assertThat(text(browser.driver(), ".rebuild-status"))
        .matches("\\d+/\\d+ collections, \\d+ entities indexed, .*")
        .contains("(done, completed)");
    assertThat(progress.getAttribute("value")).isEqualTo(progress.getAttribute("max"));
    assertThat(
            api.anonymous()
                .withToken(Identities.superuserToken(api.anonymous()))
                .get("/system/index/rebuild/" + org + "/" + app)
                .json()
                .path("data")
                .path(0)
                .path("status")
                .asText())
        .isEqualTo("completed");
    new Select(browser.field("Time window")).selectByVisibleText("Last 5 minutes");
    browser.wait(
        d ->
            d.findElement(By.cssSelector("figure.chart[aria-label^='Requests']"))
                .getAttribute("aria-label")
                .contains("8 requests in the last 5 minutes"));
    browser.script("window.scrollTo(0, 0)");
    browser.screenshot("console-operations");
  }
}
