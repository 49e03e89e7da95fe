package io.meridian.rest.openapi;

import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.Map;

/**
 * What the API's recurring parameters mean and accept, said once for every operation that takes
 * them (the resources take them all as text and parse them, so their Java types say nothing).
 */
final class ApiParameters {
  private static final String QL =
      "A query in Usergrid's query language, e.g. `select * where color = 'brown' order by"
          + " created desc`; `within` and `contains` for geo (see docs/queries.md).";

  private static final Map<String, String> PATH =
      Map.ofEntries(
          Map.entry("org", "The organization's name"),
          Map.entry("app", "The application's name"),
          Map.entry(
              "collection",
              "The collection, plural or singular (`dogs`, `dog`); may carry matrix parameters"
                  + " (`dogs;ql=...;limit=5`)"),
          Map.entry("entity", "The entity's uuid or name (`me` for the signed-in user)"),
          Map.entry("verb", "The connection's verb (`likes`), or `connecting` for inbound ones"),
          Map.entry("targetCollection", "The connected entity's collection"),
          Map.entry(
              "target",
              "The connected entity's uuid or name, or, after `connecting`, a verb; or the name of"
                  + " a collection (its connected entities, or on POST with a body the collection"
                  + " the new entities go to)"),
          Map.entry("member", "The uuid or name of the user, group or role"),
          Map.entry("user", "The admin's uuid, username or email (`me` on /management/users)"),
          Map.entry("job", "The rebuild job's id"),
          Map.entry("asset", "A file of the reference page"));

  /**
   * What the server accepts in a path segment, so that clients and fuzzers know: a collection name
   * ({@code CollectionName}) with optional matrix parameters, a verb ({@code ConnectionService}).
   */
  private static final Map<String, String> PATTERNS =
      Map.of(
          "collection", "^[A-Za-z][A-Za-z0-9_-]{0,254}(;.*)?$",
          "targetCollection", "^[A-Za-z][A-Za-z0-9_-]{0,254}$",
          "verb", "^[A-Za-z0-9_.~-]{1,128}$");

  private ApiParameters() {}

  static void describe(Parameter parameter) {
    String name = parameter.getName();
    if ("path".equals(parameter.getIn())) {
      if (parameter.getDescription() == null && PATH.containsKey(name)) {
        parameter.setDescription(PATH.get(name));
      }
      String pattern = PATTERNS.get(name);
      if (pattern != null) {
        parameter.schema(new StringSchema().pattern(pattern));
      }
      return;
    }
    if (!"query".equals(parameter.getIn())) {
      return;
    }
    switch (name) {
      case "ql" -> parameter.description(QL);
      case "q", "query" -> parameter.description("The same as `ql`");
      case "limit" ->
          parameter
              .description(
                  "How many entities to return (default 10, unless the operation says otherwise);"
                      + " an empty `limit=` is ignored, as Usergrid ignores it")
              .allowEmptyValue(true)
              .schema(
                  new IntegerSchema()
                      .minimum(java.math.BigDecimal.ONE)
                      .maximum(java.math.BigDecimal.valueOf(1000)));
      case "cursor" ->
          parameter.description("The `cursor` of the previous page, to get the next one");
      case "connections" -> {
        StringSchema values = new StringSchema();
        values.addEnumItem("all");
        values.addEnumItem("in");
        values.addEnumItem("out");
        values.addEnumItem("none");
        parameter
            .description(
                "Which connection metadata the entities carry: `all` (default), `in` (only"
                    + " `metadata.connecting`), `out` (only `metadata.connections`), `none`")
            .schema(values);
      }
      case "consistency" -> {
        StringSchema values = new StringSchema();
        values.addEnumItem("read-your-writes");
        values.addEnumItem("eventual");
        parameter
            .description(
                "`read-your-writes` (default) returns once the write is searchable; `eventual`"
                    + " once it is durable (bulk loaders)")
            .schema(values);
      }
      default -> {}
    }
  }
}
