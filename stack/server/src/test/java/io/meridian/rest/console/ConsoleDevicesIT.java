package io.meridian.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.edge.EdgeServer;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.ConsoleIT;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console's Devices view in a real browser with a real device attached to the edge port (the C
 * SDK's bytes): the admin sees it connected, sends it an RPC from the page and sees its reply, sees
 * the statistics count it, and an RPC to a device that is not attached explained.
 */
class ConsoleDevicesIT extends ConsoleIT {
  @Autowired private EdgeServer edge;

  private CometaDevice attach(String id) {
    CometaDevice device =
        CometaDevice.attach(edge.port(), credentials.clientId(), id, deviceSecret(id), "console");
    assertThat(device.status()).as(device.greeting()).isEqualTo(200);
    return device;
  }

  private long statistic(String label) {
    WebElement value =
        browser.wait(d -> d.findElement(By.cssSelector("dd[data-stat='" + label + "']")));
    return Long.parseLong(value.getText().trim());
  }

  @Test
  void an_attached_device_is_listed_answers_an_rpc_from_the_page_and_is_counted() {
    String id = "thermo-" + app.substring(3);
    try (CometaDevice device = attach(id).serve(request -> "{\"echo\":" + request + "}")) {
      awaitOneConnectedDevice();
      signIn();
      openSection("devices");
      browser.waitForText(id);
      WebElement row =
          browser.wait(
              d -> d.findElement(By.xpath("//table//tr[td[normalize-space()='" + id + "']]")));
      assertThat(row.getText()).contains("connected", "http", "console");

      row.click();
      assertThat(browser.field("Device id").getAttribute("value")).isEqualTo(id);
      browser.fill("Message", "{\"method\":\"read\"}").press("Send RPC");
      browser.waitForText("Device " + id + " replied in");
      String reply = browser.wait(d -> d.findElement(By.cssSelector(".rpc-result pre"))).getText();
      assertThat(reply).contains("\"echo\"", "\"method\": \"read\"");

      browser.wait(d -> statistic("Messages") >= 1 ? true : null);
      assertThat(statistic("Devices attached")).isEqualTo(1);
      assertThat(statistic("RPCs answered")).isGreaterThanOrEqualTo(1);
      assertThat(statistic("Bytes to devices")).isGreaterThan(0);
      assertThat(browser.driver().findElements(By.cssSelector(".device-charts canvas")))
          .hasSizeGreaterThanOrEqualTo(3);
      // A few samples drawn, so that the charts show lines in the screenshot.
      browser.wait(
          d ->
              Integer.parseInt(
                          d.findElement(By.cssSelector(".device-charts"))
                              .getAttribute("data-samples"))
                      >= 4
                  ? true
                  : null);
      browser.script("window.scrollTo(0, 0)");
      browser.screenshot("console-devices");
    }
  }

  @Test
  void an_rpc_to_a_device_that_is_not_attached_says_it_is_not_connected() {
    signIn();
    openSection("devices");
    browser.waitForText("No device is connected.");
    browser.fill("Device id", "nobody-here").fill("Message", "ping");
    browser.field("Message format").sendKeys("Text");
    browser.press("Send RPC");
    WebElement alert = browser.wait(d -> d.findElement(By.cssSelector(".rpc-result [role=alert]")));
    assertThat(alert.getText())
        .contains("Device nobody-here is not connected to any node")
        .doesNotContainIgnoringCase("exception");
  }

  @Test
  void open_attachment_is_allowed_only_after_a_warning_and_a_devices_secret_is_shown_once() {
    signIn();
    openSection("devices");
    browser.waitForText("Devices must present their own secret to attach.");

    browser.press("Allow open attachment");
    browser.waitForText("Allow open attachment?");
    browser.press("Allow");
    WebElement warning =
        browser.wait(
            d -> d.findElement(By.xpath("//section//p[@role='alert'][contains(., 'public')]")));
    assertThat(warning.getText()).contains("Open attachment is on", "in its name");
    assertThat(
            api.get(path("devices/_settings"))
                .json()
                .path("data")
                .path("device_secret_required")
                .asBoolean())
        .isFalse();
    browser.press("Require device secrets");
    browser.waitForText("Devices must present their own secret to attach.");

    browser.fill("Secret of device", "meter-9").press("Show device secret");
    String shown =
        browser.wait(d -> d.findElement(By.cssSelector(".device-secret code"))).getText();
    assertThat(shown).isEqualTo(deviceSecret("meter-9"));

    browser.press("Revoke secret");
    browser.waitForText("Revoke the device secret?");
    browser.press("Revoke");
    browser.waitForText("The secret of meter-9 is revoked");
    assertThat(
            api.get(path("devices/meter-9/secret")).json().path("data").path("revoked").asBoolean())
        .isTrue();
    browser.press("Rotate secret");
    browser.waitForText("Rotate the device secret?");
    browser.press("Rotate");
    String rotated =
        browser
            .wait(
                d -> {
                  String text = d.findElement(By.cssSelector(".device-secret code")).getText();
                  return text.isEmpty() ? null : text;
                })
            .toString();
    assertThat(rotated).isNotEqualTo(shown).isEqualTo(deviceSecret("meter-9"));
    assertThat(browser.faults()).isEmpty();
  }

  @Test
  void a_message_that_is_not_json_is_explained_before_anything_is_sent() {
    signIn();
    openSection("devices");
    browser.fill("Device id", "anyone").fill("Message", "{\"method\":");
    browser.press("Send RPC");
    WebElement alert = browser.wait(d -> d.findElement(By.cssSelector(".rpc-result [role=alert]")));
    assertThat(alert.getText()).startsWith("Not valid JSON");
  }
}
