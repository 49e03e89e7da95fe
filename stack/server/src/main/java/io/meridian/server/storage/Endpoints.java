package io.meridian.server.storage;

import java.util.List;

/** The Cassandra and Elasticsearch this server uses, after embedded services were started. */
public record Endpoints(
    List<String> cassandraContactPoints, String localDatacenter, List<String> elasticsearchUrls) {}
