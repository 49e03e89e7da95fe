package io.meridian.rest.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One application as its administrator shapes it through the API: users and their tokens, grants,
 * memberships. Every change asserts it succeeded, so a test never runs on a setup that silently
 * failed.
 */
public final class AppAccess {
  /** Usergrid's default role's only permission. */
  public static final String EVERYTHING = "get,put,post,delete:/**";

  /** How long a change of access may take to reach every node (it must within about 1 s). */
  public static final Duration PROPAGATION = Duration.ofSeconds(2);

  private final ApiClient admin;
  private final String org;
  private final String app;

  public AppAccess(ApiClient admin, String org, String app) {
    this.admin = admin;
    this.org = org;
    this.app = app;
  }

  /** The administrator's client. */
  public ApiClient admin() {
    return admin;
  }

  /** A path within the application, e.g. {@code path("roles/default/permissions")}. */
  public String path(String rest) {
    return "/" + org + "/" + app + "/" + rest;
  }

  /** Creates an app user (with {@link Identities#PASSWORD}) and returns its uuid. */
  public String user(String username) {
    return Identities.user(admin, org, app, username);
  }

  /** A client acting as the app user, with a token from the password grant. */
  public ApiClient signIn(String username) {
    return admin.withToken(Identities.userToken(admin, org, app, username));
  }

  /** Creates an entity and returns its uuid. */
  public String create(String collection, String json) {
    Reply created = admin.post(path(collection), json);
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    return created.entity().path("uuid").asText();
  }

  /** Grants a permission to a holder: {@code roles/guest}, {@code users/fred}, {@code groups/g}. */
  public void grant(String holder, String permission) {
    Reply granted =
        admin.post(
            path(holder + "/permissions"), Json.object().put("permission", permission).toString());
    assertThat(granted.status()).as(granted.body()).isEqualTo(200);
  }

  public void revoke(String holder, String permission) {
    Reply revoked =
        admin.delete(path(holder + "/permissions?permission=" + ApiClient.encode(permission)));
    assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
  }

  /** The holder's own permissions, as the administrator reads them. */
  public List<String> permissions(String holder) {
    Reply listed = admin.get(path(holder + "/permissions"));
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    List<String> permissions = new ArrayList<>();
    listed.json().path("data").forEach(permission -> permissions.add(permission.asText()));
    return permissions;
  }

  /**
   * Replaces the default role's {@code /**} with these permissions. They are granted before the
   * {@code /**} is revoked, so once a request only {@code /**} allowed is refused, all of them are
   * in force.
   */
  public void restrictDefaultRole(String... permissions) {
    for (String permission : permissions) {
      grant("roles/default", permission);
    }
    revoke("roles/default", EVERYTHING);
  }

  /**
   * Adds a membership ({@code groups/rangers/users/fred}) or a connection ({@code
   * users/fred/likes/dogs/rex}).
   */
  public void add(String membership) {
    Reply added = admin.post(path(membership), "");
    assertThat(added.status()).as(added.body()).isEqualTo(200);
  }

  /** Removes a membership or a connection. */
  public void remove(String membership) {
    Reply removed = admin.delete(path(membership));
    assertThat(removed.status()).as(removed.body()).isEqualTo(200);
  }

  /** One property of each entity a listing returns, as the administrator reads it. */
  public List<String> listed(String listing, String property) {
    Reply listed = admin.get(path(listing));
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    List<String> values = new ArrayList<>();
    for (JsonNode entity : listed.json().path("entities")) {
      values.add(entity.path(property).asText());
    }
    return values;
  }

  /**
   * Repeats a request until it answers with this status, for at most {@link #PROPAGATION}; the
   * reply that did. The request should be one that changes nothing whatever it answers.
   */
  public static Reply awaitStatus(int status, Supplier<Reply> request) {
    return Eventually.within(
        PROPAGATION,
        () -> {
          Reply reply = request.get();
          assertThat(reply.status()).as(reply.body()).isEqualTo(status);
          return reply;
        });
  }
}
