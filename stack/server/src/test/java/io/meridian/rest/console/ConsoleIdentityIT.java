package io.meridian.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.ConsoleBrowser;
import io.meridian.rest.support.ConsoleIT;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

/**
 * The Identity view: an admin creates a role, grants it a permission and gives it to a user, all in
 * the page, and the permission simulator then shows what the server decides (allowed, and by which
 * grant; denied, by none) for that user.
 */
class ConsoleIdentityIT extends ConsoleIT {

  @Test
  void a_role_made_in_the_console_shows_in_the_simulator_as_the_grant_that_allows() {
    AppAccess access = new AppAccess(api, org, app);
    access.user("fred");
    access.create("cats", "{\"name\":\"fido\"}");
    access.restrictDefaultRole("get:/news/*");
    ConsoleBrowser browser = signIn();

    openSection("identity", "roles");
    browser.waitForText("Create a role");
    browser.fill("New role (JSON)", "{\"name\": \"keepers\", \"title\": \"Cat keepers\"}");
    browser.press("Create role");
    browser.waitForText("Created role keepers");
    browser.wait(d -> d.findElement(By.xpath("//td[normalize-space()='keepers']"))).click();
    browser.waitForText("Role keepers");
    browser.fill("Permission to grant", "GET, put:/cats/*").press("Grant");
    browser.wait(d -> d.findElement(By.xpath("//td/code[normalize-space()='get,put:/cats/*']")));
    browser.fill("User to add (username or uuid)", "fred").press("Add user");
    browser.wait(d -> d.findElement(By.xpath("//td/a[normalize-space()='fred']")));

    assertThat(access.permissions("roles/keepers")).containsExactly("get,put:/cats/*");
    assertThat(access.listed("roles/keepers/users", "username")).containsExactly("fred");

    browser.press("Permission simulator");
    browser.fill("User (username, email or uuid)", "fred");
    new Select(browser.field("Method")).selectByVisibleText("GET");
    browser.fill("Path in the application", "/cats/fido").press("Check");
    String allowed = browser.waitForText("Allowed: user fred may GET /cats/fido.");
    assertThat(allowed)
        .contains("get,put:/cats/*, granted to role keepers (held through user fred)")
        .contains("get /cats/fido")
        .contains("role default");
    assertThat(access.signIn("fred").get(path("cats/fido")).status()).isEqualTo(200);
    browser.screenshot("console-identity");

    new Select(browser.field("Method")).selectByVisibleText("DELETE");
    browser.press("Check");
    String denied = browser.waitForText("Denied: user fred may not DELETE /cats/fido.");
    assertThat(denied).contains("no grant").contains("No permission of this user grants delete");
  }

  @Test
  void the_simulator_answers_for_anonymous_callers_and_says_why_a_path_is_refused() {
    ConsoleBrowser browser = signIn();
    openSection("identity", "simulator");

    browser.fill("Path in the application", "/users");
    new Select(browser.field("Method")).selectByVisibleText("POST");
    browser.press("Check");
    String guest = browser.waitForText("Allowed: an anonymous caller may POST /users.");
    assertThat(guest).contains("post:/users, granted to role guest");

    browser.fill("Path in the application", "/cats/../roles").press("Check");
    String refused = browser.waitForText("'..' segment");
    assertThat(refused).doesNotContain("Allowed:");
  }

  @Test
  void an_admin_pages_edits_and_deletes_groups_and_manages_members_and_permissions() {
    AppAccess access = new AppAccess(api, org, app);
    access.user("wilma");
    StringBuilder many = new StringBuilder("[");
    for (int i = 0; i < 21; i++) {
      many.append(i == 0 ? "" : ",").append("{\"path\":\"trail").append(i).append("\"}");
    }
    access.create("groups", many.append("]").toString());
    ConsoleBrowser browser = signIn();

    openSection("identity", "groups");
    browser.waitForText("Page 1");
    assertThat(rows(browser)).isEqualTo(20);
    browser.press("Next page");
    browser.waitForText("Page 2");
    assertThat(rows(browser)).isEqualTo(1);

    browser.fill("New group (JSON)", "{\"path\": \"rangers\", \"title\": \"Rangers\"}");
    browser.press("Create group");
    browser.waitForText("Created group rangers");
    openSection("identity", "groups", "rangers");
    browser.waitForText("Group rangers");
    browser.fill("group rangers (JSON)", "{\"path\": \"rangers\", \"title\": \"Park rangers\"}");
    browser.press("Save");
    browser.waitForText("Saved group rangers.");
    assertThat(api.get(path("groups/rangers")).entity().path("title").asText())
        .isEqualTo("Park rangers");

    browser.fill("User to add (username or uuid)", "wilma").press("Add user");
    browser.wait(d -> d.findElement(By.xpath("//td/a[normalize-space()='wilma']")));
    browser.fill("Permission to grant", "get:/trails/*").press("Grant");
    browser.wait(d -> d.findElement(By.xpath("//td/code[normalize-space()='get:/trails/*']")));
    assertThat(access.listed("groups/rangers/users", "username")).containsExactly("wilma");
    assertThat(access.permissions("groups/rangers")).containsExactly("get:/trails/*");

    browser.press("Remove user wilma");
    browser.waitForText("No members.");
    browser.press("Revoke get:/trails/*");
    browser.waitForText("No permissions granted directly.");
    assertThat(access.listed("groups/rangers/users", "username")).isEmpty();
    assertThat(access.permissions("groups/rangers")).isEmpty();

    browser.press("Delete group");
    browser.press("Delete");
    browser.waitForText("Create a group");
    assertThat(api.get(path("groups/rangers")).status()).isEqualTo(404);
  }

  private static int rows(ConsoleBrowser browser) {
    return browser.driver().findElements(By.cssSelector("main table.grid tbody tr")).size();
  }
}
