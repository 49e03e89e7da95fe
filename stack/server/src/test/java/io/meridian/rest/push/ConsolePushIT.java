package io.meridian.rest.push;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ConsoleIT;
import io.meridian.rest.support.SharedResources;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The console's Push section in a real browser, sending through the same protocol fakes as the push
 * tests (Pushy's HTTP/2 APNs server, WireMock's FCM v1 and OAuth endpoints): the admin creates a
 * notifier in the console, sends to a user or a query's devices, and sees the notification finish
 * with a receipt per device, while the fake shows what it received.
 */
@Order(3) // long: starts early, so that it overlaps the others
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@ResourceLock(SharedResources.PUSH_QUEUE)
class ConsolePushIT extends ConsoleIT {
  private static final ApnsFake APNS = PushServersIT.APNS;
  private static final FcmFake FCM = PushServersIT.FCM;

  @DynamicPropertySource
  static void push(DynamicPropertyRegistry registry) {
    PushServersIT.properties().forEach((key, value) -> registry.add(key, () -> value));
  }

  @Test
  void an_admin_creates_an_fcm_notifier_and_sends_to_a_user_who_gets_a_receipt() {
    signIn();
    openSection("push");
    browser.waitForText("No notifiers yet");
    String notifier = "fcm" + app.substring(3, 7);
    browser.fill("Notifier name", notifier);
    choose("Provider", "Google (FCM HTTP v1)");
    String key = FcmFake.serviceAccount().toString();
    browser.fill("Service account key (JSON)", key);
    browser.press("Create notifier");
    browser.waitForText("Notifier " + notifier + " is created.");
    assertThat(browser.main()).contains("google").doesNotContain("PRIVATE KEY");
    assertThat((String) browser.script("return document.documentElement.outerHTML"))
        .as("the key left the page once sent")
        .doesNotContain("PRIVATE KEY");
    ApiClient.Reply stored = api.get(path("notifiers/" + notifier));
    assertThat(stored.entity().path("provider").asText()).isEqualTo("google");
    assertThat(stored.body()).doesNotContain("PRIVATE KEY");

    String token = "console-" + UUID.randomUUID();
    String device = registerDevice(notifier, token, "alice");

    choose("Send to", "A user’s devices");
    browser.fill("User (username or UUID)", "alice");
    choose("Notifier", notifier);
    browser.fill("Message", "Your order shipped");
    browser.press("Send");
    waitUntilFinished();
    WebElement receipt =
        browser.wait(d -> d.findElement(By.xpath("//tr[td/code[text()='" + device + "']]")));
    assertThat(receipt.getText()).contains(notifier, "sent");
    assertThat(browser.main()).contains("Your order shipped");
    assertThat(
            FCM.server.findAll(
                postRequestedFor(urlEqualTo(FcmFake.SEND))
                    .withRequestBody(matchingJsonPath("$.message.token", equalTo(token)))
                    .withRequestBody(
                        matchingJsonPath(
                            "$.message.notification.body", equalTo("Your order shipped")))))
        .hasSize(1);
    browser.screenshot("console-push");

    String hash = (String) browser.script("return window.location.hash");
    String uuid = hash.substring(hash.lastIndexOf('/') + 1);
    browser.follow("← Push notifications");
    WebElement row =
        browser.wait(d -> d.findElement(By.xpath("//tr[td/code[text()='" + uuid + "']]")));
    assertThat(row.getText()).contains("FINISHED", notifier);
  }

  @Test
  void an_apns_notifier_made_in_the_console_sends_json_to_the_devices_a_query_selects() {
    signIn();
    openSection("push");
    String notifier = "ios" + app.substring(3, 7);
    browser.fill("Notifier name", notifier);
    choose("Provider", "Apple (APNs), token key (.p8)");
    browser.fill("Topic (the app bundle id)", ApnsFake.TOPIC);
    browser.fill("Key id", ApnsFake.KEY_ID);
    browser.fill("Team id", ApnsFake.TEAM_ID);
    browser.fill("Signing key (.p8 PEM text)", APNS.p8());
    browser.press("Create notifier");
    browser.waitForText("Notifier " + notifier + " is created.");
    assertThat(browser.main()).contains(ApnsFake.KEY_ID, "development").doesNotContain("PRIVATE");

    // APNs device tokens are 32 bytes, written in hex.
    String token =
        APNS.register(
            (UUID.randomUUID().toString() + UUID.randomUUID().toString()).replace("-", ""));
    String device = registerDevice(notifier, token, null);
    String marker = "console-" + UUID.randomUUID();

    choose("Send to", "Devices a query selects");
    browser.fill("Query (devices matching it)", "select * where uuid = " + device);
    choose("Notifier", notifier);
    choose("Payload", "JSON: the provider’s own payload");
    browser.fill(
        "Payload (JSON)", "{\"aps\": {\"alert\": \"Hi\"}, \"marker\": \"" + marker + "\"}");
    browser.press("Send");
    waitUntilFinished();
    WebElement receipt =
        browser.wait(d -> d.findElement(By.xpath("//tr[td/code[text()='" + device + "']]")));
    assertThat(receipt.getText()).contains("sent");
    assertThat(APNS.accepted(token)).isEqualTo(1);
    assertThat(APNS.payloads()).anyMatch(payload -> payload.contains(marker));
  }

  @Test
  void receipts_come_in_pages_the_admin_moves_through_with_cursors() {
    String notifier = "fcm" + app.substring(3, 7);
    ObjectNode body = Json.object().put("name", notifier).put("provider", "google");
    body.set("serviceAccount", FcmFake.serviceAccount());
    assertThat(api.post(path("notifiers"), body.toString()).status()).isEqualTo(200);
    StringBuilder devices = new StringBuilder("[");
    for (int i = 0; i < 51; i++) {
      devices.append(i == 0 ? "" : ",");
      devices.append("{\"fleet\":\"paged\",\"" + notifier + ".notifier.id\":\"tok-" + i + "\"}");
    }
    assertThat(api.post(path("devices"), devices.append(']').toString()).status()).isEqualTo(200);
    signIn();
    openSection("push");
    choose("Send to", "Devices a query selects");
    browser.fill("Query (devices matching it)", "select * where fleet = 'paged'");
    choose("Notifier", notifier);
    browser.fill("Message", "To the fleet");
    browser.press("Send");
    waitUntilFinished();
    assertThat(receiptRows()).isEqualTo(50);
    browser.press("Next page");
    browser.wait(d -> receiptRows() == 1);
    assertThat(browser.main()).contains("Page 2");
    browser.press("Previous page");
    browser.wait(d -> receiptRows() == 50);
  }

  /** Sending takes longer than one of the browser's waits on a busy machine: up to 90 s. */
  private void waitUntilFinished() {
    new WebDriverWait(browser.driver(), Duration.ofSeconds(90))
        .ignoring(RuntimeException.class) // the view redraws while it is read
        .until(d -> browser.main().contains("FINISHED"));
  }

  private int receiptRows() {
    return browser
        .driver()
        .findElements(By.cssSelector("section[aria-label=Receipts] tbody tr"))
        .size();
  }

  @Test
  void refused_sends_and_notifiers_are_explained_and_a_notifier_is_deleted_after_confirming() {
    String notifier = "fcm" + app.substring(3, 7);
    ObjectNode body = Json.object().put("name", notifier).put("provider", "google");
    body.set("serviceAccount", FcmFake.serviceAccount());
    assertThat(api.post(path("notifiers"), body.toString()).status()).isEqualTo(200);
    String device = registerDevice(notifier, "tok-" + UUID.randomUUID(), null);
    signIn();
    openSection("push");
    browser.waitForText(notifier);

    // A google payload whose data values are not strings: FCM would refuse it, so Meridian does.
    choose("Send to", "A device");
    browser.fill("Device (name or UUID)", device);
    choose("Notifier", notifier);
    choose("Payload", "JSON: the provider’s own payload");
    browser.fill("Payload (JSON)", "{\"data\": {\"count\": 1}}");
    browser.press("Send");
    String refused = alert("Send a notification");
    assertThat(refused).contains("notifier '" + notifier + "'").doesNotContain("Exception");

    browser.fill("Payload (JSON)", "{\"data\": ");
    browser.waitForText("Not valid JSON");

    choose("Payload", "Message text");
    browser.fill("Message", "Hello");
    browser.script(
        "arguments[0].value = '2020-01-01T00:00'", browser.field("Expire at (optional)"));
    browser.press("Send");
    browser.wait(d -> alert("Send a notification").contains("'expire' is in the past"));
    browser.script("arguments[0].value = ''", browser.field("Expire at (optional)"));

    browser.fill("Device (name or UUID)", "no-such-phone");
    browser.press("Send");
    browser.wait(d -> alert("Send a notification").startsWith("Not found."));
    JsonNode notifications = api.get(path("notifications")).json().path("entities");
    assertThat(notifications).as("nothing was queued").isEmpty();

    // A google key that does not load is refused, without echoing what it held.
    browser.fill("Notifier name", "badkey");
    choose("Provider", "Google (FCM HTTP v1)");
    browser.fill(
        "Service account key (JSON)", "{\"client_email\": \"x@y\", \"private_key\": \"nope\"}");
    browser.press("Create notifier");
    assertThat(alert("New notifier")).doesNotContain("nope").doesNotContain("Exception");
    assertThat(api.get(path("notifiers/badkey")).status()).isEqualTo(404);

    browser.press("Delete notifier " + notifier);
    browser.waitForText("Delete notifier " + notifier + "?");
    browser.driver().findElement(By.cssSelector("dialog button.danger")).click();
    browser.waitForText("Notifier " + notifier + " is deleted.");
    assertThat(api.get(path("notifiers/" + notifier)).status()).isEqualTo(404);
  }

  /** The error a form shows. */
  private String alert(String form) {
    return browser.wait(
        d ->
            d.findElements(By.cssSelector("form[aria-label='" + form + "'] [role=alert]")).stream()
                .filter(WebElement::isDisplayed)
                .map(WebElement::getText)
                .filter(text -> !text.isBlank())
                .findFirst()
                .orElse(null));
  }

  private void choose(String label, String option) {
    WebElement select = browser.field(label);
    browser.wait(
        d ->
            select.findElements(By.tagName("option")).stream()
                .anyMatch(o -> o.getText().equals(option)));
    new Select(select).selectByVisibleText(option);
  }

  /** A device with a token for the notifier, through the API; connected to a new user if named. */
  private String registerDevice(String notifier, String token, String user) {
    ApiClient.Reply created =
        api.post(path("devices"), "{\"" + notifier + ".notifier.id\":\"" + token + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    String device = created.entity().path("uuid").asText();
    if (user != null) {
      assertThat(api.post(path("users"), "{\"username\":\"" + user + "\"}").status())
          .isEqualTo(200);
      assertThat(api.post(path("users/" + user + "/devices/" + device), "").status())
          .isEqualTo(200);
    }
    return device;
  }
}
