package io.meridian.rest.security;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An admin of one organization can neither look other admins up nor make them members of its
 * organization: it invites an email address, the same way whether an account holds it or not, and
 * only the invited admin, signed in, sees the invitation and accepts or declines it.
 */
class AdminInvitationIT extends MeridianIT {
  private Identities.Organization victim;
  private ApiClient owner;
  private ApiClient invitee;
  private String victimUuid;

  @BeforeEach
  void an_admin_of_another_organization() {
    victim = Identities.organization(api, "victim" + UUID.randomUUID().toString().substring(0, 8));
    owner = api.withToken(organization.adminToken());
    invitee = api.withToken(victim.adminToken());
    victimUuid = invitee.get("/management/me").json().path("data").path("uuid").asText();
  }

  private String users() {
    return "/management/orgs/" + org + "/users";
  }

  private static String email(Identities.Organization organization) {
    return organization.admin() + "@example.com";
  }

  private JsonNode pending(ApiClient admin) {
    Reply listed = admin.get("/management/users/me/invitations");
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    return listed.json().path("data");
  }

  private static List<String> usernames(Reply admins) {
    assertThat(admins.status()).as(admins.body()).isEqualTo(200);
    List<String> usernames = new ArrayList<>();
    admins.json().path("data").forEach(admin -> usernames.add(admin.path("username").asText()));
    return usernames;
  }

  @Test
  void inviting_a_known_and_an_unknown_address_answers_alike_and_shows_nothing_of_the_invitee() {
    String unknown = "nobody-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";

    Reply known = owner.put(users() + "/" + email(victim), "");
    Reply stranger = owner.put(users() + "/" + unknown, "");

    assertThat(known.status()).as(known.body()).isEqualTo(200);
    assertThat(stranger.status()).isEqualTo(known.status());
    JsonNode knownInvitation = known.json().path("data").path("invitation");
    JsonNode unknownInvitation = stranger.json().path("data").path("invitation");
    assertThat(fieldNames(known.json().path("data"))).containsExactly("invitation");
    assertThat(fieldNames(knownInvitation)).isEqualTo(fieldNames(unknownInvitation));
    assertThat(knownInvitation.path("status").asText()).isEqualTo("pending");
    assertThat(unknownInvitation.path("status").asText()).isEqualTo("pending");
    assertThat(known.body())
        .doesNotContain(victimUuid)
        .doesNotContain("\"" + victim.admin() + "\"")
        .doesNotContain("\"Admin\"")
        .doesNotContain("token");
    assertThat(usernames(owner.get(users()))).containsExactly(organization.admin());
  }

  @Test
  void an_invited_admin_joins_only_once_it_accepts() {
    owner.put(users() + "/" + email(victim), "");

    assertThat(invitee.get("/management/orgs/" + org).status()).isEqualTo(403);
    assertThat(usernames(owner.get(users()))).containsExactly(organization.admin());
    JsonNode invitations = pending(invitee);
    assertThat(invitations).hasSize(1);
    assertThat(invitations.get(0).path("organization").path("name").asText()).isEqualTo(org);
    String token = invitations.get(0).path("token").asText();
    assertThat(token).hasSizeGreaterThanOrEqualTo(40);

    Reply accepted = invitee.put("/management/users/me/invitations/" + token, "");

    assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
    assertThat(accepted.json().path("data").path("organization").path("name").asText())
        .isEqualTo(org);
    awaitStatus(200, () -> invitee.get("/management/orgs/" + org));
    assertThat(usernames(owner.get(users())))
        .containsExactlyInAnyOrder(organization.admin(), victim.admin());
    assertThat(pending(invitee)).isEmpty();
    assertThat(invitee.put("/management/users/me/invitations/" + token, "").status())
        .isEqualTo(404);
  }

  @Test
  void a_declined_invitation_changes_nothing_and_cannot_be_accepted_afterwards() {
    owner.put(users() + "/" + email(victim), "");
    String token = pending(invitee).get(0).path("token").asText();

    Reply declined = invitee.delete("/management/users/me/invitations/" + token);

    assertThat(declined.status()).as(declined.body()).isEqualTo(200);
    assertThat(pending(invitee)).isEmpty();
    Reply late = invitee.put("/management/users/me/invitations/" + token, "");
    assertThat(late.status()).isEqualTo(404);
    assertThat(late.error()).isEqualTo("not_found");
    assertThat(invitee.get("/management/orgs/" + org).status()).isEqualTo(403);
    assertThat(usernames(owner.get(users()))).containsExactly(organization.admin());
  }

  @Test
  void only_the_invited_admin_sees_or_answers_its_invitation() {
    Identities.Organization third = Identities.organization(api, "third" + app);
    ApiClient outsider = api.withToken(third.adminToken());
    owner.put(users() + "/" + email(victim), "");
    String token = pending(invitee).get(0).path("token").asText();

    assertThat(pending(outsider)).isEmpty();
    assertThat(pending(owner)).isEmpty();
    for (ApiClient other : List.of(outsider, owner)) {
      Reply refused = other.put("/management/users/me/invitations/" + token, "");
      assertThat(refused.status()).as(refused.body()).isEqualTo(404);
      assertThat(other.delete("/management/users/me/invitations/" + token).status()).isEqualTo(404);
    }
    ApiClient superuser = api.withToken(Identities.superuserToken(api));
    assertThat(superuser.get("/management/users/me/invitations").status()).isEqualTo(403);
    assertThat(api.anonymous().get("/management/users/me/invitations").status()).isEqualTo(401);
    assertThat(outsider.get("/management/orgs/" + org).status()).isEqualTo(403);
    assertThat(pending(invitee)).hasSize(1);
  }

  @Test
  void an_admin_of_another_organization_cannot_invite_into_it() {
    Reply refused =
        invitee.put("/management/orgs/" + org + "/users/" + victim.admin() + "@example.com", "");

    assertThat(refused.status()).isEqualTo(403);
    assertThat(pending(invitee)).isEmpty();
  }

  @Test
  void an_invitation_names_an_email_address_whether_or_not_a_username_exists() {
    Reply username = owner.put(users() + "/" + victim.admin(), "");
    Reply unknownUsername = owner.put(users() + "/nobody" + app, "");
    Reply uuid = owner.put(users() + "/" + victimUuid, "");

    for (Reply refused : List.of(username, unknownUsername, uuid)) {
      assertThat(refused.status()).as(refused.body()).isEqualTo(400);
      assertThat(refused.error()).isEqualTo("illegal_argument");
      assertThat(refused.body()).doesNotContain("\"Admin\"");
    }
    assertThat(pending(invitee)).isEmpty();
  }

  @Test
  void removing_an_admin_who_is_not_a_member_answers_alike_whether_or_not_it_exists() {
    Reply known = owner.delete(users() + "/" + victim.admin());
    Reply unknown = owner.delete(users() + "/nobody" + app);

    assertThat(known.status()).isEqualTo(404);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(known.error()).isEqualTo(unknown.error());
    assertThat(known.json().path("error_description").asText().replace(victim.admin(), "X"))
        .isEqualTo(unknown.json().path("error_description").asText().replace("nobody" + app, "X"));
    assertThat(known.body()).doesNotContain(victimUuid);
  }

  @Test
  void an_invitation_expires() {
    try (ExtraNode node = ExtraNode.start(Map.of("meridian.identity.invitation-ttl", "2s"))) {
      ApiClient shortLived = node.client().withToken(organization.adminToken());
      ApiClient inviteeThere = node.client().withToken(victim.adminToken());
      assertThat(shortLived.put(users() + "/" + email(victim), "").status()).isEqualTo(200);
      String token = pending(inviteeThere).get(0).path("token").asText();

      Eventually.within(
          Duration.ofSeconds(6),
          () -> {
            assertThat(pending(inviteeThere)).isEmpty();
          });

      assertThat(pending(invitee)).isEmpty();
      Reply late = inviteeThere.put("/management/users/me/invitations/" + token, "");
      assertThat(late.status()).isEqualTo(404);
      assertThat(invitee.get("/management/orgs/" + org).status()).isEqualTo(403);
    }
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
