package io.meridian.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ConsoleIT;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The console's Live view in a real browser over the real real-time WebSocket: an admin watches a
 * collection through a query while entities are written through the API, and sees the events of the
 * entities the query selects, newest first, and none of the others.
 */
class ConsoleLiveIT extends ConsoleIT {

  /** The rows of the events table as "event name" pairs, newest first. */
  private List<String> events() {
    return browser.driver().findElements(By.cssSelector("table.live-events tbody tr")).stream()
        .map(
            row -> {
              List<WebElement> cells = row.findElements(By.tagName("td"));
              return cells.get(1).getText() + " " + cells.get(3).getText();
            })
        .toList();
  }

  private void startWatching(String collection, String query) {
    signIn();
    openSection("live");
    browser.fill("Collection", collection).fill("Query (optional)", query).press("Start");
    browser.waitForText("Watching " + collection);
  }

  @Test
  void the_page_shows_the_events_of_the_entities_the_query_selects_and_not_the_others() {
    startWatching("trucks", "select * where status = 'active'");

    String match =
        api.post(path("trucks"), "{\"name\":\"red\",\"status\":\"active\"}").uuids().get(0);
    String other =
        api.post(path("trucks"), "{\"name\":\"blue\",\"status\":\"idle\"}").uuids().get(0);
    assertThat(api.put(path("trucks") + "/red", "{\"speed\":42}").status()).isEqualTo(200);
    assertThat(api.put(path("trucks") + "/blue", "{\"speed\":7}").status()).isEqualTo(200);
    assertThat(api.delete(path("trucks") + "/blue").status()).isEqualTo(200);
    assertThat(api.delete(path("trucks") + "/red").status()).isEqualTo(200);

    browser.wait(d -> events().size() >= 3 ? true : null);
    String page = browser.waitForText("delete");
    assertThat(events()).containsExactly("delete red", "update red", "create red");
    assertThat(page).contains(match).doesNotContain(other).contains("changed speed");
    assertThat(browser.main()).contains("3 events received.");
    browser.screenshot("console-live");
  }

  @Test
  void an_entity_that_starts_matching_enters_and_stopping_closes_the_socket() {
    startWatching("pumps", "select * where pressure > 10");
    api.post(path("pumps"), "{\"name\":\"p1\",\"pressure\":3}");
    api.put(path("pumps") + "/p1", "{\"pressure\":12}");
    browser.wait(d -> events().contains("enter p1") ? true : null);
    api.put(path("pumps") + "/p1", "{\"pressure\":2}");
    browser.wait(d -> events().contains("leave p1") ? true : null);
    assertThat(events()).containsExactly("leave p1", "enter p1");

    browser.press("Stop");
    browser.waitForText("Closed.");
    api.put(path("pumps") + "/p1", "{\"pressure\":20}");
    // The next watch starts afresh and shows only what follows it: the stopped one heard nothing.
    browser.press("Start");
    browser.waitForText("Watching pumps");
    api.put(path("pumps") + "/p1", "{\"pressure\":30}");
    browser.wait(d -> events().contains("update p1") ? true : null);
    List<String> seen = events();
    assertThat(seen.get(0)).isEqualTo("update p1");
    assertThat(seen.subList(seen.size() - 2, seen.size())).containsExactly("leave p1", "enter p1");
    // Between them at most the enter of the write made while stopped: acknowledged just before
    // the new watch subscribed, the feed may still hand it to the new watch (never to the old).
    assertThat(seen).hasSizeBetween(3, 4);
  }

  /**
   * The browser's WebSocket, wrapped so the test can cut the connection and keep the network "down"
   * (a new socket fails as an unreachable network makes it fail) until it says otherwise: the
   * server, the sockets and the view are the real ones.
   */
  private static final String CUTTABLE_SOCKETS =
      "const Native = window.WebSocket; window.testSockets = []; window.testOffline = false;"
          + "window.testRefused = 0;"
          + "window.WebSocket = class extends Native {"
          + "  constructor(url, protocols) {"
          + "    if (window.testOffline) {"
          + "      window.testRefused += 1;"
          + "      throw new DOMException('the network is down', 'NetworkError');"
          + "    }"
          + "    super(url, protocols);"
          + "    window.testSockets.push(this);"
          + "  }"
          + "};";

  @Test
  void a_dropped_connection_is_opened_again_the_missed_events_follow_and_leaving_closes_it() {
    signIn();
    openSection("live");
    browser.waitForText("Not watching.");
    browser.script(CUTTABLE_SOCKETS);
    browser.fill("Collection", "valves").press("Start");
    browser.waitForText("Watching valves");
    api.post(path("valves"), "{\"name\":\"before\"}");
    browser.wait(d -> events().contains("create before") ? true : null);

    browser.script("window.testOffline = true; window.testSockets.at(-1).close(3000, 'cut')");
    browser.waitForText("Connection lost; reconnecting");
    browser.wait(d -> (Long) browser.script("return window.testRefused") >= 1 ? true : null);
    api.post(path("valves"), "{\"name\":\"while-away\"}");
    browser.script("window.testOffline = false");

    browser.wait(d -> events().contains("create while-away") ? true : null);
    browser.waitForText("Watching valves");
    assertThat(events()).containsExactly("create while-away", "create before");

    // Leaving the view closes the socket (CLOSED is 3).
    openSection("overview");
    browser.waitForText("Application " + app);
    browser.wait(
        d ->
            (Long) browser.script("return window.testSockets.at(-1).readyState") == 3
                ? true
                : null);
  }

  @Test
  void a_bad_query_is_explained_and_the_watch_ends() {
    signIn();
    openSection("live");
    browser
        .fill("Collection", "trucks")
        .fill("Query (optional)", "select * where (")
        .press("Start");
    WebElement alert = browser.wait(d -> d.findElement(By.cssSelector("main [role=alert]")));
    assertThat(alert.getText()).isNotBlank().doesNotContainIgnoringCase("exception");
    browser.waitForText("Closed.");
  }
}
