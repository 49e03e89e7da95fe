package io.meridian.server.counter;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Aggregate counters ({@code POST /events}, {@code GET /counters}).
 *
 * @param collectionCounters true keeps Usergrid's {@code application.collection.<collection>} and
 *     {@code application.entities} counters on every entity created and deleted (two counter writes
 *     after each, not waited for); false leaves them out
 */
@ConfigurationProperties("meridian.counters")
public record CounterProperties(@DefaultValue("true") boolean collectionCounters) {}
