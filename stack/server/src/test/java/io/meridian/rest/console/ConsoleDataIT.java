package io.meridian.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ConsoleIT;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The console's data browser (issue 21, feature 3) in a real browser against the real server:
 * queries, their errors, cursor paging, the JSON editor, deleting by query, connections both ways
 * and files. Each test acts as an admin would, checks what the page shows, and checks through the
 * API what the console changed.
 */
class ConsoleDataIT extends ConsoleIT {

  @Test
  void a_query_shows_the_matching_entities_as_a_table_and_as_json() {
    for (int i = 1; i <= 6; i++) {
      String color = i % 2 == 0 ? "brown" : "black";
      assertThat(
              api.post(
                      path("dogs"),
                      "{\"name\":\"dog" + i + "\",\"age\":" + i + ",\"color\":\"" + color + "\"}")
                  .status())
          .isEqualTo(200);
    }
    signIn();
    openSection("data");
    browser.waitForText("Collections of this application");
    browser.follow("dogs"); // listed: the collection has held an entity
    browser.waitForText("Collection dogs");
    browser.fill("Query", "select * where color = 'brown' order by age desc").press("Run query");
    browser.wait(d -> names().equals(List.of("dog6", "dog4", "dog2")) ? true : null);
    List<String> headers =
        browser.driver().findElements(By.cssSelector("table.entities thead th")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(headers.subList(0, 2)).containsExactly("uuid", "name");
    assertThat(headers).contains("age", "color");
    browser.screenshot("console-data");

    browser.press("JSON");
    String json = browser.wait(d -> d.findElement(By.cssSelector(".results pre.json"))).getText();
    assertThat(json).contains("\"dog6\"", "\"dog4\"", "\"dog2\"").doesNotContain("\"dog5\"");
    browser.press("Table");
    browser.wait(d -> names().size() == 3 ? true : null);
  }

  @Test
  void a_malformed_query_shows_the_servers_message_with_a_caret_at_its_column() {
    assertThat(api.post(path("dogs"), "{\"name\":\"rex\"}").status()).isEqualTo(200);
    String ql = "select * where age >= and color = 'brown'";
    ApiClient.Reply refused = api.get(path("dogs") + "?ql=" + ApiClient.encode(ql));
    assertThat(refused.status()).isEqualTo(400);
    String description = refused.json().path("error_description").asText();
    Matcher position = Pattern.compile("at position (\\d+)").matcher(description);
    assertThat(position.find()).as(description).isTrue();
    int column = Integer.parseInt(position.group(1));

    signIn();
    openSection("data", "dogs");
    browser.waitForText("Collection dogs");
    browser.fill("Query", ql).press("Run query");
    WebElement caret = browser.wait(d -> d.findElement(By.cssSelector("pre.query-caret")));
    String[] lines = caret.getText().split("\n");
    assertThat(lines[0]).isEqualTo(ql);
    assertThat(lines[1].indexOf('^')).isEqualTo(column - 1);
    assertThat(browser.main()).contains(description);
    assertThat(browser.driver().findElements(By.cssSelector("table.entities"))).isEmpty();
  }

  @Test
  void next_and_previous_pages_follow_cursors_and_no_request_asks_for_a_count() {
    StringBuilder batch = new StringBuilder("[");
    for (int i = 0; i < 25; i++) {
      batch.append(i == 0 ? "" : ",").append("{\"name\":\"item").append(i).append("\"}");
    }
    assertThat(api.post(path("items"), batch.append(']').toString()).status()).isEqualTo(200);
    signIn();
    openSection("data", "items?limit=10");
    List<String> first = browser.wait(d -> names().size() == 10 ? names() : null);
    browser.press("Next page");
    List<String> second =
        browser.wait(d -> names().size() == 10 && !names().equals(first) ? names() : null);
    browser.press("Next page");
    List<String> third = browser.wait(d -> names().size() == 5 ? names() : null);
    assertThat(browser.text()).contains("Page 3");
    WebElement next =
        browser.driver().findElement(By.xpath("//button[normalize-space()='Next page']"));
    assertThat(next.isEnabled()).as("the last page has no cursor").isFalse();
    Set<String> all = new HashSet<>(first);
    all.addAll(second);
    all.addAll(third);
    assertThat(all).hasSize(25);

    browser.press("Previous page");
    browser.wait(d -> names().equals(second) ? true : null);
    @SuppressWarnings("unchecked")
    List<String> requests =
        (List<String>)
            browser.script(
                "return performance.getEntriesByType('resource').map(e => e.name)"
                    + ".filter(n => n.includes('/items'))");
    assertThat(requests).hasSizeGreaterThanOrEqualTo(4);
    assertThat(requests)
        .allSatisfy(url -> assertThat(url).doesNotContainPattern("[?&]count="))
        .anySatisfy(url -> assertThat(url).contains("cursor="));
  }

  @Test
  void an_entity_is_created_edited_and_deleted_with_the_json_editor() {
    signIn();
    openSection("data", "cats");
    browser.waitForText("Collection cats");
    summary("New entity").click();
    // A comma left out: the editor names where the text goes wrong.
    browser.fill("New entity (JSON)", "{\"name\": \"tom\"\n \"lives\": 9}").press("Create entity");
    browser.waitForText("Not valid JSON at line 2, column 2");
    assertThat(api.get(path("cats")).uuids()).as("nothing is saved").isEmpty();

    browser
        .fill("New entity (JSON)", "{\"name\": \"tom\", \"lives\": 9, \"color\": \"grey\"}")
        .press("Create entity");
    browser.waitForText("Entity cats/tom");
    JsonNode made = api.get(path("cats/tom")).entity();
    assertThat(made.path("lives").asInt()).isEqualTo(9);

    browser.fill("Properties (JSON)", "{\"name\": \"tom\", \"lives\": 8}").press("Save changes");
    browser.waitForText("Saved.");
    JsonNode edited = api.get(path("cats/tom")).entity();
    assertThat(edited.path("lives").asInt()).isEqualTo(8);
    assertThat(edited.has("color")).as("a property taken out of the text is removed").isFalse();
    assertThat(edited.path("uuid").asText()).isEqualTo(made.path("uuid").asText());

    browser.press("Delete entity");
    browser.wait(d -> d.findElement(By.cssSelector("dialog[open] button.danger"))).click();
    browser.waitForText("Collection cats");
    assertThat(api.get(path("cats/tom")).status()).isEqualTo(404);
  }

  @Test
  void deleting_by_query_previews_the_matches_then_deletes_exactly_those() {
    List<String> keep = new ArrayList<>();
    Set<String> old = new HashSet<>();
    for (int i = 0; i < 12; i++) {
      String kind = i % 3 == 0 ? "old" : "new";
      ApiClient.Reply made =
          api.post(path("notes"), "{\"name\":\"note" + i + "\",\"kind\":\"" + kind + "\"}");
      (kind.equals("old") ? old : keep).add(made.entity().path("uuid").asText());
    }
    signIn();
    openSection("data", "notes");
    browser.waitForText("Collection notes");
    summary("Delete by query").click();
    browser.fill("Delete query", "kind = 'old'").fill("At most", "100").press("Preview");
    browser.waitForText("4 matching entities: all of them would be deleted.");
    @SuppressWarnings("unchecked")
    List<String> previewed =
        (List<String>)
            browser.script(
                "return [...document.querySelectorAll('details[open] table.entities tbody tr')]"
                    + ".map(r => r.cells[0].textContent)");
    assertThat(previewed).containsExactlyInAnyOrderElementsOf(old);

    browser.press("Delete matching entities");
    browser.wait(d -> d.findElement(By.cssSelector("dialog[open] button.danger"))).click();
    browser.waitForText("Deleted 4 entities.");
    assertThat(api.get(path("notes") + "?ql=" + ApiClient.encode("kind = 'old'")).uuids())
        .isEmpty();
    assertThat(api.get(path("notes") + "?limit=100").uuids())
        .containsExactlyInAnyOrderElementsOf(keep);
  }

  @Test
  void connections_are_shown_both_ways_linked_made_and_removed() {
    assertThat(api.post(path("owners"), "{\"name\":\"ann\"}").status()).isEqualTo(200);
    assertThat(api.post(path("pets"), "{\"name\":\"rex\"}").status()).isEqualTo(200);
    assertThat(api.post(path("owners/ann/owns/pets/rex"), "{}").status()).isEqualTo(200);
    signIn();
    openSection("data", "owners", "ann");
    browser.waitForText("Entity owners/ann");
    browser.waitForText("owns → pets/rex");
    assertThat(browser.main()).contains("Nothing connects to this entity.");

    browser.follow("pets/rex");
    browser.waitForText("Entity pets/rex");
    browser.waitForText("← owns owners/ann");

    browser
        .fill("Verb", "likes")
        .fill("Target collection", "owners")
        .fill("Target name or uuid", "ann")
        .press("Connect");
    browser.waitForText("Connected under likes.");
    browser.waitForText("likes → owners/ann");
    assertThat(
            api.get(path("pets/rex/likes")).json().path("entities").path(0).path("name").asText())
        .isEqualTo("ann");

    browser.press("Disconnect likes ann");
    browser.wait(d -> d.findElement(By.cssSelector("dialog[open] button.danger"))).click();
    browser.waitForText("Disconnected likes ann.");
    assertThat(browser.main()).doesNotContain("likes → owners/ann").contains("← owns owners/ann");
    assertThat(api.get(path("pets/rex/likes")).json().path("entities").size()).isZero();
    assertThat(api.get(path("owners/ann/owns")).json().path("entities").size()).isEqualTo(1);
  }

  @Test
  void a_file_is_uploaded_previewed_as_an_image_and_downloaded() throws IOException {
    assertThat(api.post(path("pictures"), "{\"name\":\"sky\"}").status()).isEqualTo(200);
    Path folder = Files.createTempDirectory("console-data-files");
    Path image = folder.resolve("sky.png");
    BufferedImage pixels = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < 40; x++) {
      for (int y = 0; y < 30; y++) {
        pixels.setRGB(x, y, new Color(x * 6, y * 8, 200).getRGB());
      }
    }
    ImageIO.write(pixels, "png", image.toFile());
    byte[] bytes = Files.readAllBytes(image);

    signIn();
    openSection("data", "pictures", "sky");
    browser.waitForText("This entity has no file.");
    browser.field("Choose a file").sendKeys(image.toString());
    browser.press("Upload file");
    browser.waitForText("Uploaded sky.png.");
    Long width =
        browser.wait(
            d -> {
              Object shown =
                  browser.script(
                      "const i = document.querySelector('.preview img');"
                          + " return i && i.complete ? i.naturalWidth : 0;");
              return ((Number) shown).longValue() > 0 ? ((Number) shown).longValue() : null;
            });
    assertThat(width).isEqualTo(40L);
    JsonNode meta = api.get(path("pictures/sky")).entity().path("file-metadata");
    assertThat(meta.path("content-length").asLong()).isEqualTo(bytes.length);
    assertThat(meta.path("content-type").asText()).isEqualTo("image/png");

    Path downloads = Files.createDirectories(folder.resolve("downloads"));
    browser
        .driver()
        .executeCdpCommand(
            "Browser.setDownloadBehavior",
            Map.of("behavior", "allow", "downloadPath", downloads.toString()));
    browser.press("Download file");
    Path saved = downloads.resolve("sky.png");
    byte[] downloaded =
        browser.wait(
            d -> {
              try {
                return Files.exists(saved) && Files.size(saved) == bytes.length
                    ? Files.readAllBytes(saved)
                    : null;
              } catch (IOException e) {
                return null;
              }
            });
    assertThat(downloaded).isEqualTo(bytes);
  }

  /** The names in the results table, in order. */
  @SuppressWarnings("unchecked")
  private List<String> names() {
    return (List<String>)
        browser.script(
            "return [...document.querySelectorAll('.results table.entities tbody tr')]"
                + ".map(r => r.cells[1].textContent)");
  }

  private WebElement summary(String text) {
    return browser.wait(
        d -> d.findElement(By.xpath("//summary[normalize-space()='" + text + "']")));
  }
}
