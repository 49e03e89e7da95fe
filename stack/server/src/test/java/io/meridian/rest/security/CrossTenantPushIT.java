package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SharedResources;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Push to another tenant's devices: an administrator of this application naming another
 * organization's devices, users, groups or notifier, by uuid, by name or at the other application's
 * path. Each is refused when the notification is posted, answered as a missing one would be, and
 * nothing is written or queued in either application. (What the queue's expansion of a query or of
 * every device reaches is {@code NotificationsIT}'s, whose node runs the push worker.)
 */
@ResourceLock(SharedResources.PUSH_QUEUE)
class CrossTenantPushIT extends MeridianIT {
  /** The other tenant, made once for the class: its organization's sign-up is the slow part. */
  private static ApiClient tenant;

  private static String tenantApp;
  private static String theirDevice;
  private static String theirUser;
  private static String theirGroup;
  private static String theirNotifier;

  @BeforeEach
  void twoTenants() {
    created(api.post(path("notifiers"), "{\"name\":\"ours\",\"provider\":\"noop\"}"));
    if (tenant != null) {
      return;
    }
    String otherOrg = "org" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Organization other = Identities.organization(api.anonymous(), otherOrg);
    Identities.Credentials credentials = Identities.application(api.anonymous(), other, "phones");
    tenant = api.withToken(Identities.clientToken(api, otherOrg, "phones", credentials));
    tenantApp = "/" + otherOrg + "/phones/";
    theirNotifier =
        created(
            tenant.post(tenantApp + "notifiers", "{\"name\":\"theirs\",\"provider\":\"noop\"}"));
    theirDevice =
        created(
            tenant.post(
                tenantApp + "devices",
                "{\"name\":\"their-phone\",\"theirs.notifier.id\":\"tok-1\"}"));
    theirUser = created(tenant.post(tenantApp + "users", "{\"username\":\"their-user\"}"));
    theirGroup = created(tenant.post(tenantApp + "groups", "{\"path\":\"their-group\"}"));
    created(tenant.post(tenantApp + "users/" + theirUser + "/devices/" + theirDevice, ""));
    created(tenant.post(tenantApp + "groups/" + theirGroup + "/users/" + theirUser, ""));
  }

  private static String created(Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.entity().path("uuid").asText();
  }

  private static String payload(String notifier) {
    return "{\"payloads\":{\"" + notifier + "\":\"hello\"}}";
  }

  @Test
  void another_tenants_devices_users_and_groups_are_not_found_by_uuid_here() {
    for (String target :
        new String[] {
          "devices/" + theirDevice,
          "users/" + theirUser,
          "groups/" + theirGroup,
          "users/their-user",
          "groups/their-group",
          "devices/their-phone"
        }) {
      Reply sent = api.post(path(target + "/notifications"), payload("ours"));
      assertThat(sent.status()).as(target + ": " + sent.body()).isEqualTo(404);
    }
    assertNoNotifications(api, path("notifications"));
    assertNoNotifications(tenant, tenantApp + "notifications");
  }

  @Test
  void another_tenants_notifier_cannot_be_named_by_name_or_uuid_and_is_answered_as_a_missing_one() {
    String[][] namedAndMissing = {
      {"theirs", "nobodys"}, {theirNotifier, UUID.randomUUID().toString()}
    };
    for (String[] pair : namedAndMissing) {
      Reply named = api.post(path("devices/*/notifications"), payload(pair[0]));
      Reply missing = api.post(path("devices/*/notifications"), payload(pair[1]));
      assertThat(named.status()).as(named.body()).isEqualTo(400);
      assertThat(named.json().path("error").asText()).isEqualTo("illegal_argument");
      assertThat(named.json().path("error_description").asText().replace(pair[0], "?"))
          .isEqualTo(missing.json().path("error_description").asText().replace(pair[1], "?"));
    }
    assertNoNotifications(api, path("notifications"));
    assertNoNotifications(tenant, tenantApp + "notifications");
  }

  @Test
  void this_applications_credentials_and_admins_send_nothing_at_the_other_tenants_paths() {
    ApiClient admin = api.withToken(organization.adminToken());
    for (ApiClient caller : new ApiClient[] {api, admin}) {
      for (String target :
          new String[] {"devices/" + theirDevice, "devices/*", "users/" + theirUser}) {
        Reply sent = caller.post(tenantApp + target + "/notifications", payload("theirs"));
        assertThat(sent.status()).as(target + ": " + sent.body()).isIn(401, 403);
      }
      assertThat(caller.put(tenantApp + "notifiers/theirs", "{\"provider\":\"noop\"}").status())
          .isIn(401, 403);
    }
    assertNoNotifications(tenant, tenantApp + "notifications");
  }

  private static void assertNoNotifications(ApiClient client, String notifications) {
    Reply listed = client.get(notifications);
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    assertThat(listed.json().path("entities")).isEmpty();
  }
}
