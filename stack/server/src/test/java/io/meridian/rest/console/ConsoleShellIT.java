package io.meridian.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ConsoleIT;
import io.meridian.rest.support.Identities;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The console's features 1 and 2 in a real browser: signing in and out, an ended session, the
 * organization's applications, credentials and admins. Each test acts as an admin would and checks
 * what the page then shows, and what the API then holds.
 */
class ConsoleShellIT extends ConsoleIT {

  @Test
  void an_admin_signs_in_to_their_organization_and_signing_out_revokes_the_token() {
    signIn();
    String page = browser.waitForText(app);
    assertThat(page)
        .contains("Organization " + org, "Applications", "Admins", organization.admin());
    String token =
        (String)
            browser.script(
                "return JSON.parse(sessionStorage.getItem('meridian.console.session')).token");
    assertThat(api.anonymous().withToken(token).get("/management/me").status()).isEqualTo(200);
    assertThat((String) browser.script("return JSON.stringify(sessionStorage)"))
        .doesNotContain(credentials.clientSecret());
    browser.screenshot("console-organization");

    browser.press("Sign out");
    browser.waitForText("You are signed out.");
    assertThat(browser.field("Password").isDisplayed()).isTrue();
    assertThat(api.anonymous().withToken(token).get("/management/me").status()).isEqualTo(401);
  }

  @Test
  void a_wrong_password_is_explained_and_signs_nobody_in() {
    browser().signedOut();
    browser.screenshot("console-sign-in");
    browser.fill("Username or email", organization.admin()).fill("Password", "not the password");
    browser.press("Sign in");
    WebElement alert = browser.wait(d -> d.findElement(By.cssSelector("[role=alert]")));
    assertThat(alert.getText()).isNotBlank().doesNotContainIgnoringCase("exception");
    assertThat(browser.script("return sessionStorage.getItem('meridian.console.session')"))
        .isNull();
  }

  @Test
  void an_ended_session_asks_to_sign_in_again_and_returns_where_the_admin_was() {
    signIn();
    browser.go("#/orgs/" + org + "/apps/" + app + "/overview");
    browser.waitForText("Application " + app);
    // Every token of the admin is revoked elsewhere (another tab, another admin).
    ApiClient admin = api.anonymous().withToken(organization.adminToken());
    assertThat(
            admin.put("/management/users/" + organization.admin() + "/revoketokens", "{}").status())
        .isEqualTo(200);

    browser.go("#/orgs/" + org);
    browser.waitForText("Your session has ended");
    browser
        .fill("Username or email", organization.admin())
        .fill("Password", Identities.PASSWORD)
        .press("Sign in");
    browser.waitForText("Organization " + org);
    assertThat((String) browser.script("return window.location.hash")).isEqualTo("#/orgs/" + org);
  }

  @Test
  void an_admin_creates_an_application_and_deletes_it_after_typing_its_name() {
    signIn();
    String created = "made" + app.substring(3);
    browser.fill("New application name", created).press("Create application");
    browser.waitForText("Application " + created + " is created.");
    assertThat(
            api.anonymous()
                .withToken(organization.adminToken())
                .get("/management/orgs/" + org + "/apps/" + created)
                .status())
        .isEqualTo(200);

    browser.press("Delete application " + created);
    WebElement delete =
        browser.wait(d -> d.findElement(By.cssSelector("dialog[open] button.danger")));
    assertThat(delete.isEnabled()).as("disabled until the name is typed").isFalse();
    browser.fill("Type " + created + " to confirm", created);
    delete.click();
    browser.waitForText("Application " + created + " is deleted.");
    List<String> rows =
        browser.driver().findElements(By.cssSelector("table.grid tbody tr")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(rows).noneMatch(row -> row.contains(created)).anyMatch(row -> row.contains(app));
    assertThat(
            api.anonymous()
                .withToken(organization.adminToken())
                .get("/management/orgs/" + org + "/apps/" + created)
                .status())
        .isEqualTo(404);
  }

  @Test
  void application_credentials_are_shown_on_request_and_regenerated_after_a_confirmation() {
    signIn();
    browser.go("#/orgs/" + org + "/apps/" + app + "/overview");
    browser.waitForText("Application " + app);
    assertThat(browser.main()).doesNotContain(credentials.clientSecret());
    browser.press("Show client credentials");
    browser.waitForText(credentials.clientSecret());
    assertThat(browser.main()).contains(credentials.clientId());
    browser.screenshot("console-application");

    browser.press("Regenerate");
    browser.wait(d -> d.findElement(By.cssSelector("dialog[open] button.danger"))).click();
    String secret =
        browser.wait(
            d -> {
              String shown = d.findElement(By.cssSelector("code.client-secret")).getText();
              return shown.equals(credentials.clientSecret()) ? null : shown;
            });
    assertThat(secret).isNotBlank();
    ApiClient.Reply old =
        api.anonymous()
            .post(
                "/" + org + "/" + app + "/token",
                Identities.json(
                    "grant_type", "client_credentials",
                    "client_id", credentials.clientId(),
                    "client_secret", credentials.clientSecret()));
    assertThat(old.status()).as(old.body()).isIn(400, 401);
    ApiClient.Reply fresh =
        api.anonymous()
            .post(
                "/" + org + "/" + app + "/token",
                Identities.json(
                    "grant_type",
                    "client_credentials",
                    "client_id",
                    credentials.clientId(),
                    "client_secret",
                    secret));
    assertThat(fresh.status()).isEqualTo(200);

    browser.press("Hide");
    browser.wait(d -> d.findElements(By.cssSelector("code.client-secret")).isEmpty() ? true : null);
  }

  @Test
  void an_admin_adds_another_admin_who_can_then_sign_in() {
    signIn();
    String other = "second" + app.substring(3);
    browser
        .fill("Username", other)
        .fill("Name", "Second Admin")
        .fill("Email", other + "@example.com")
        .fill("Password", "another long passphrase")
        .press("Create admin");
    browser.waitForText("Admin " + other + " is created.");
    assertThat(browser.main()).contains(other + "@example.com");
    assertThat(
            Identities.signIn(
                    api.anonymous(), "/management/token", other, "another long passphrase")
                .status())
        .isEqualTo(200);
  }

  @Test
  void the_console_works_with_the_keyboard_alone() {
    browser().signedOut();
    browser.wait(d -> "Username or email".equals(browser.focused()) ? true : null);
    browser.key(organization.admin(), Keys.TAB);
    assertThat(browser.focused()).isEqualTo("Password");
    browser.key(Identities.PASSWORD, Keys.ENTER);
    browser.waitForText("Organization " + org);

    String created = "keys" + app.substring(3);
    browser.tabTo("New application name").key(created, Keys.ENTER);
    browser.waitForText("Application " + created + " is created.");
    browser.tabTo(created).key(Keys.ENTER);
    browser.waitForText("Application " + created);
    assertThat((String) browser.script("return window.location.hash"))
        .isEqualTo("#/orgs/" + org + "/apps/" + created + "/overview");
  }

  @Test
  void the_superuser_names_an_organization_to_open_it() {
    signInAsSuperuser();
    browser.fill("Organization name", org).press("Open");
    browser.waitForText("Organization " + org);
    assertThat(browser.main()).contains(app, organization.admin());
  }
}
