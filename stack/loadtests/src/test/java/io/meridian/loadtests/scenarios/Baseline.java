package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.MeridianClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Usergrid's own benchmark requests on the {@link Dataset#THINGS} collection: GET by uuid (the
 * 10,268 requests/s figure), GET by name, query by name, paging with cursors, and a create, update
 * and delete that leave the data set as it was. Every answer is checked against what was loaded.
 */
public final class Baseline {
  /** How a virtual user authenticates; users take the three in turn. */
  public enum Auth {
    ANONYMOUS("anonymous"),
    USER("app user token"),
    CLIENT("client credentials");

    private final String label;

    Auth(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  private final String collection;
  private final int count;

  /** {@code appPath} is {@code /org/app}; the collection holds things 0 to count - 1. */
  public Baseline(String appPath, int count) {
    this.collection = appPath + "/" + Dataset.THINGS.collection();
    this.count = count;
  }

  /**
   * Picks this virtual user's authentication by its id: anonymous, an application user's token or a
   * client-credentials token (tokens by {@link Auth}; anonymous has none).
   */
  public static ChainBuilder authenticate(Map<Auth, String> tokens) {
    return exec(
        session -> {
          Auth auth = Auth.values()[(int) (session.userId() % Auth.values().length)];
          session = session.set("auth", auth.label());
          String token = tokens.get(auth);
          return token == null ? session : session.set(Protocol.TOKEN, token);
        });
  }

  /** GET one random loaded entity by its uuid, named by the authentication. */
  public ChainBuilder getByUuid(List<String> uuids) {
    return exec(session ->
            session.set("uuid", uuids.get(ThreadLocalRandom.current().nextInt(uuids.size()))))
        .exec(
            http(session -> "GET by uuid (" + session.getString("auth") + ")")
                .get(collection + "/#{uuid}")
                .check(status().is(200), jsonPath("$.entities[0].uuid").isEL("#{uuid}")));
  }

  /** GET by name, then the same entity through a query on its name. */
  public ChainBuilder byName() {
    return exec(session -> session.set("name", randomName()))
        .exec(
            http("GET by name")
                .get(collection + "/#{name}")
                .check(status().is(200), jsonPath("$.entities[0].name").isEL("#{name}")))
        .exec(
            http("query by name")
                .get(collection)
                .queryParam("ql", "select * where name = '#{name}'")
                .check(
                    status().is(200),
                    jsonPath("$.entities[*]").count().is(1),
                    jsonPath("$.entities[0].name").isEL("#{name}")));
  }

  /** The first page of the collection, then {@code pages - 1} more by cursor. */
  public ChainBuilder page(int pages, int limit) {
    return exec(http("page (first)")
            .get(collection)
            .queryParam("limit", limit)
            .check(
                status().is(200),
                jsonPath("$.entities[*]").count().is(Math.min(limit, count)),
                jsonPath("$.cursor").optional().saveAs("cursor")))
        .exec(
            repeat(pages - 1)
                .on(
                    doIf(session -> session.contains("cursor"))
                        .then(
                            exec(http("page (next by cursor)")
                                    .get(collection)
                                    .queryParam("limit", limit)
                                    .queryParam("cursor", "#{cursor}")
                                    .check(
                                        status().is(200),
                                        jsonPath("$.entities[*]").count().gt(0),
                                        jsonPath("$.cursor").optional().saveAs("next")))
                                .exec(
                                    session -> {
                                      session = session.remove("cursor");
                                      return session.contains("next")
                                          ? session
                                              .set("cursor", session.getString("next"))
                                              .remove("next")
                                          : session;
                                    }))));
  }

  /** Creates an entity, updates it, deletes it and checks it is gone: the data set is unchanged. */
  public ChainBuilder createUpdateDelete() {
    return exec(session ->
            session.set(
                "temporary", "crud-" + ThreadLocalRandom.current().nextLong(Long.MAX_VALUE)))
        .exec(
            http("create")
                .post(collection)
                .body(
                    StringBody(
                        session ->
                            MeridianClient.JSON
                                .createObjectNode()
                                .put("name", session.getString("temporary"))
                                .put("score", 1)
                                .put("payload", "created by the baseline simulation")
                                .toString()))
                .check(status().is(200), jsonPath("$.entities[0].uuid").saveAs("created")))
        .exec(
            http("update")
                .put(collection + "/#{created}")
                .body(StringBody("{\"score\": 2}"))
                .check(status().is(200), jsonPath("$.entities[0].score").ofInt().is(2)))
        .exec(
            http("delete")
                .delete(collection + "/#{created}")
                .check(status().is(200), jsonPath("$.entities[0].uuid").isEL("#{created}")))
        .exec(
            http("GET deleted (404)")
                .get(collection + "/#{created}")
                .check(status().is(404), jsonPath("$.error").is("entity_not_found")));
  }

  private String randomName() {
    return Dataset.THINGS.name(ThreadLocalRandom.current().nextInt(count));
  }
}
