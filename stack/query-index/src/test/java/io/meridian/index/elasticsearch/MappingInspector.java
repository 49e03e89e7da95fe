package io.meridian.index.elasticsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import org.apache.http.HttpHost;
import org.elasticsearch.client.Request;
import org.elasticsearch.client.RestClient;

/** Reads the live mapping over plain HTTP, independent of the code under test. */
final class MappingInspector {
  private MappingInspector() {}

  /** How many fields the entity index's mapping declares, counting nested ones. */
  static int fieldCount(String url, String prefix) throws IOException {
    try (RestClient client = RestClient.builder(HttpHost.create(url)).build()) {
      var response = client.performRequest(new Request("GET", "/" + prefix + "-entities/_mapping"));
      JsonNode root = new ObjectMapper().readTree(response.getEntity().getContent());
      int count = 0;
      for (Map.Entry<String, JsonNode> index : root.properties()) {
        count += count(index.getValue().at("/mappings/properties"));
      }
      return count;
    }
  }

  static void deleteIndex(String url, String index) throws IOException {
    try (RestClient client = RestClient.builder(HttpHost.create(url)).build()) {
      client.performRequest(new Request("DELETE", "/" + index));
    }
  }

  private static int count(JsonNode properties) {
    int count = 0;
    for (Map.Entry<String, JsonNode> field : properties.properties()) {
      count += 1 + count(field.getValue().path("properties"));
    }
    return count;
  }
}
