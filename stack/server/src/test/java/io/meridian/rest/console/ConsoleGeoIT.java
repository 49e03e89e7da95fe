package io.meridian.rest.console;

import static io.meridian.rest.geo.GeoJsonText.location;
import static io.meridian.rest.geo.GeoJsonText.rectangle;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ConsoleIT;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The console's Geo section in a real browser: the offline base map, a collection's fences on the
 * map and in the table, a fence drawn by clicking the map and saved through the API, a refused
 * fence explained, a fence's vertices dragged, point lookups by click and by form, and a {@code
 * within} circle. Each test checks what the page shows and what the API then holds.
 */
class ConsoleGeoIT extends ConsoleIT {

  private String fence(String collection, String name, String geometry) {
    ApiClient.Reply reply =
        api.post(path(collection), "{\"name\":\"" + name + "\",\"geometry\":" + geometry + "}");
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.entity().path("uuid").asText();
  }

  private void place(String collection, String name, double lat, double lon) {
    ApiClient.Reply reply =
        api.post(
            path(collection),
            "{\"name\":\"" + name + "\",\"location\":" + location(lat, lon) + "}");
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
  }

  private List<String> containing(String collection, double lat, double lon) {
    String ql = String.format(Locale.ROOT, "select * where geometry contains %s, %s", lat, lon);
    return api.get(path(collection) + "?ql=" + ApiClient.encode(ql)).uuids();
  }

  private int count(String css) {
    return browser.driver().findElements(By.cssSelector(css)).size();
  }

  private WebElement map() {
    return browser.driver().findElement(By.cssSelector(".geo-map"));
  }

  /** Waits until the base map and the collection's fences are drawn. */
  private void waitForMap(int fences) {
    browser.wait(d -> count(".geo-map path.land") >= 170 && count(".geo-map path.fence") == fences);
  }

  /** Clicks the map at the centre of an element's box (a fence's path), as a mouse would. */
  @SuppressWarnings("unchecked")
  private void clickMapAtCentreOf(WebElement target) {
    Map<String, Number> offset =
        (Map<String, Number>)
            browser.script(
                "const t = arguments[0].getBoundingClientRect();"
                    + " const m = arguments[1].getBoundingClientRect();"
                    + " return {x: t.left + t.width / 2 - (m.left + m.width / 2),"
                    + " y: t.top + t.height / 2 - (m.top + m.height / 2)};",
                target,
                map());
    new Actions(browser.driver())
        .moveToElement(map(), offset.get("x").intValue(), offset.get("y").intValue())
        .click()
        .perform();
  }

  private String lookupResults() {
    return browser.driver().findElement(By.cssSelector(".lookup-results")).getText();
  }

  @Test
  void fences_from_the_api_are_drawn_on_the_offline_base_map_and_listed() {
    fence("ads", "mission", rectangle(37.75, -122.43, 37.77, -122.40));
    fence("ads", "soma", rectangle(37.77, -122.41, 37.79, -122.38));
    fence(
        "ads",
        "islands",
        "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[-122.36,37.80],[-122.35,37.80],"
            + "[-122.35,37.81],[-122.36,37.80]]],[[[-122.34,37.80],[-122.33,37.80],"
            + "[-122.33,37.81],[-122.34,37.80]]]]}");
    place("ads", "ferry-building", 37.7955, -122.3937);
    signIn();
    openSection("geo", "ads");
    browser.waitForText("Fences of ads");
    waitForMap(3);

    List<String> rows =
        browser.driver().findElements(By.cssSelector("table.fences.all tbody tr")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(rows).hasSize(3);
    assertThat(String.join("\n", rows)).contains("mission", "soma", "islands", "MultiPolygon");
    assertThat(browser.main()).contains("ferry-building", "The map shows 3 fences and 1 place.");
    assertThat(count(".geo-map path.place")).isEqualTo(1);
    assertThat(browser.text()).contains("Natural Earth");

    // The base map came from the console itself: every request the page made went to loopback.
    @SuppressWarnings("unchecked")
    List<String> requested =
        (List<String>)
            browser.script(
                "return performance.getEntriesByType('resource').map(e => e.name)"
                    + ".concat([location.href]);");
    assertThat(requested)
        .anyMatch(url -> url.endsWith("/vendor/natural-earth/countries-110m.json"));
    assertThat(requested)
        .allSatisfy(
            url ->
                assertThat(java.net.URI.create(url).getHost())
                    .as(url)
                    .isIn("127.0.0.1", "localhost"));
  }

  @Test
  void clicking_the_map_inside_a_fence_lists_that_fence_and_the_form_does_the_same() {
    String north = fence("zones", "north", rectangle(40, -4, 42, -1));
    String south = fence("zones", "south", rectangle(37, -5, 39, -2));
    signIn();
    openSection("geo", "zones");
    waitForMap(2);

    clickMapAtCentreOf(
        browser.driver().findElement(By.cssSelector("path.fence[data-uuid='" + north + "']")));
    browser.wait(d -> lookupResults().contains("1 fence contains"));
    assertThat(lookupResults()).contains("north", north).doesNotContain("south");
    assertThat(count("path.fence.highlighted[data-uuid='" + north + "']")).isEqualTo(1);
    assertThat(count("path.fence.highlighted")).isEqualTo(1);
    browser.screenshot("console-geo");

    // Without a mouse: the latitude/longitude form.
    browser.fill("Latitude", "38.5").fill("Longitude", "-3.5").press("Find fences");
    browser.wait(d -> lookupResults().contains("south"));
    assertThat(lookupResults())
        .contains("1 fence contains 38.5, -3.5", south)
        .doesNotContain("north");
    browser.fill("Latitude", "20").fill("Longitude", "20").press("Find fences");
    browser.wait(d -> lookupResults().contains("0 fences contain 20, 20"));
    assertThat(count("path.fence.highlighted")).isZero();
  }

  @Test
  void a_fence_drawn_by_clicking_the_map_is_saved_and_found_by_a_point_lookup() {
    signIn();
    openSection("geo", "drawn");
    browser.waitForText("drawn has no fences");
    waitForMap(0);
    browser.press("Draw a new fence");
    browser.fill("Fence name", "sketch");
    int[][] clicks = {{-120, -80}, {110, -90}, {130, 70}, {-100, 90}};
    for (int[] click : clicks) {
      new Actions(browser.driver())
          .moveToElement(map(), click[0], click[1])
          .click()
          .pause(Duration.ofMillis(400))
          .perform();
    }
    browser.waitForText("4 vertices.");
    assertThat(count(".geo-map .vertex-handle")).isEqualTo(4);
    browser.press("Finish");
    browser.waitForText("Fence sketch is saved.");
    waitForMap(1);

    ApiClient.Reply listed = api.get(path("drawn"));
    JsonNode saved = listed.entity();
    assertThat(saved.path("name").asText()).isEqualTo("sketch");
    JsonNode ring = saved.path("geometry").path("coordinates").path(0);
    assertThat(ring.size()).isEqualTo(5);
    assertThat(ring.get(0)).isEqualTo(ring.get(4));
    double lon = 0;
    double lat = 0;
    for (int i = 0; i < 4; i++) {
      lon += ring.get(i).get(0).asDouble() / 4;
      lat += ring.get(i).get(1).asDouble() / 4;
    }
    assertThat(containing("drawn", lat, lon)).containsExactly(saved.path("uuid").asText());
  }

  @Test
  void a_self_intersecting_fence_is_refused_with_the_servers_reason_and_nothing_is_saved() {
    signIn();
    openSection("geo", "bows");
    browser.waitForText("bows has no fences");
    browser.press("Draw a new fence");
    browser.fill("Vertices (latitude, longitude per line)", "0, 0\n1, 1\n0, 1\n1, 0");
    browser.waitForText("4 vertices.");
    browser.press("Finish");
    WebElement alert =
        browser.wait(d -> d.findElement(By.cssSelector(".fence-editor [role=alert]")));
    assertThat(alert.getText())
        .contains(
            "The server refused this fence",
            "geometry.coordinates is not a valid polygon: Self-intersection at [0.5, 0.5]")
        .doesNotContainIgnoringCase("exception");
    assertThat(api.get(path("bows")).uuids()).isEmpty();

    browser.press("Cancel");
    browser.waitForText("No fence was drawn.");
    assertThat(count(".geo-map .vertex-handle")).isZero();
  }

  @Test
  void dragging_a_vertex_of_an_existing_fence_saves_the_new_shape() {
    String uuid = fence("areas", "square", rectangle(40, 0, 41, 1));
    signIn();
    openSection("geo", "areas");
    waitForMap(1);
    browser.press("Edit the vertices of square");
    browser.wait(d -> count(".geo-map .vertex-handle") == 4);
    String before = browser.field("Vertices (latitude, longitude per line)").getAttribute("value");
    WebElement first = browser.driver().findElements(By.cssSelector(".vertex-handle")).get(0);
    new Actions(browser.driver())
        .clickAndHold(first)
        .moveByOffset(10, 10)
        .moveByOffset(-50, 40)
        .release()
        .perform();
    browser.wait(
        d ->
            !browser
                .field("Vertices (latitude, longitude per line)")
                .getAttribute("value")
                .equals(before));
    browser.press("Finish");
    browser.waitForText("Fence square is saved.");

    JsonNode ring = api.get(path("areas/" + uuid)).entity().path("geometry").path("coordinates");
    JsonNode moved = ring.path(0).path(0);
    assertThat(moved.get(0).asDouble()).as("longitude moved west").isLessThan(0);
    assertThat(moved.get(1).asDouble()).as("latitude moved south").isLessThan(40);
    assertThat(ring.path(0).size()).isEqualTo(5);
    assertThat(containing("areas", 40.5, 0.5)).containsExactly(uuid);
  }

  @Test
  void a_within_query_draws_its_circle_and_lists_the_places_inside_nearest_first() {
    place("stops", "near", 37.7760, -122.4194);
    place("stops", "middle", 37.7930, -122.4194);
    place("stops", "far", 37.8650, -122.4194);
    signIn();
    openSection("geo", "stops");
    browser.waitForText("Places of stops");
    waitForMap(0);

    browser
        .fill("Centre latitude", "37.7749")
        .fill("Centre longitude", "-122.4194")
        .fill("Radius (metres)", "3000")
        .press("Search within");
    browser.waitForText("2 places within 3000 m of 37.7749, -122.4194.");
    List<String> rows =
        browser.driver().findElements(By.cssSelector(".within-results tbody tr")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0)).startsWith("near");
    assertThat(rows.get(1)).startsWith("middle");
    assertThat(count(".geo-map path.within-circle")).isEqualTo(1);
    assertThat(count(".geo-map path.within-result")).isEqualTo(2);

    browser.fill("Radius (metres)", "1000000").press("Search within");
    WebElement alert =
        browser.wait(
            d ->
                d.findElement(
                    By.cssSelector("section[aria-label='Within a circle'] [role=alert]")));
    assertThat(alert.getText())
        .containsIgnoringCase("radius")
        .doesNotContainIgnoringCase("exception");
  }
}
