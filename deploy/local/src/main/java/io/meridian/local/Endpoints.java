package io.meridian.local;

/** Where clients reach the local services. */
public record Endpoints(
    String cassandraHost, int cassandraPort, String localDatacenter, String elasticsearchUrl) {}
