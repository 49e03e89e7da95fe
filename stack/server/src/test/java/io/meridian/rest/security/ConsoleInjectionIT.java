package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.edge.EdgeServer;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.ConsoleIT;
import io.meridian.rest.support.Identities;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Console injection through entity data: an app user or a device writes markup, event handlers and
 * {@code javascript:} URLs into what an admin's console then shows (an entity's properties in the
 * collection's table and the entity's page, a user's name, a device's info). The console puts data
 * in the page as text only, so each view shows the payload as characters, holds no element or
 * handler it made, and no script of it ran; a view that parsed data as HTML would leave the element
 * in the page, and the page's policy would refuse its handler (a fault {@link ConsoleIT#noFaults}
 * reports).
 */
class ConsoleInjectionIT extends ConsoleIT {
  // No double quote in the payload the views are searched for: the JSON view escapes it.
  private static final String IMG = "<img src=x onerror=window.__pwned=1>";
  private static final String SCRIPT = "<script>window.__pwned=2</script>";
  private static final String SVG = "\"><svg onload=\"window.__pwned=3\"></svg>";
  private static final String LINK = "javascript:window.__pwned=4";

  @Autowired private EdgeServer edge;

  /** What the current view left in the page: anything but nothing is an injection. */
  private void nothingRan(String view) {
    String text = browser.main();
    assertThat(text).as(view).contains(IMG);
    @SuppressWarnings("unchecked")
    Map<String, Object> page =
        (Map<String, Object>)
            browser.script(
                "return {pwned: window.__pwned === undefined ? 'no' : String(window.__pwned),"
                    + " injected: document.querySelectorAll('main [onerror], main [onload],"
                    + " main script, main svg, main iframe, main a[href^=\"javascript:\" i]').length};");
    assertThat(page.get("pwned")).as(view).isEqualTo("no");
    assertThat(((Number) page.get("injected")).intValue()).as(view).isZero();
  }

  @Test
  void markup_in_entities_users_and_devices_is_shown_as_text_and_never_runs() {
    Reply note =
        api.post(
            path("notes"),
            Identities.json(
                "name", "xss-note", "html", IMG, "script", SCRIPT, "svg", SVG, "url", LINK));
    assertThat(note.status()).as(note.body()).isEqualTo(200);
    Reply user = api.post(path("users"), Identities.json("username", "mallory", "name", IMG));
    assertThat(user.status()).as(user.body()).isEqualTo(200);
    String id = "probe-" + app.substring(3);
    try (CometaDevice device =
        CometaDevice.attach(edge.port(), credentials.clientId(), id, deviceSecret(id), IMG)) {
      assertThat(device.status()).as(device.greeting()).isEqualTo(200);
      awaitOneConnectedDevice();

      signIn();
      openSection("data", "notes");
      browser.waitForText("xss-note");
      nothingRan("the collection's table");

      openSection("data", "notes", "xss-note");
      browser.waitForText("Entity notes/xss-note");
      browser.waitForText("javascript:");
      nothingRan("the entity's page");

      openSection("identity", "users");
      browser.waitForText("mallory");
      nothingRan("the users");

      openSection("devices");
      browser.waitForText(id);
      nothingRan("the devices");
    }
  }
}
