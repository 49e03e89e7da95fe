package io.meridian.core.identity.token;

import io.meridian.core.common.EventLog;

/** The shared feed of access changes that every node polls. */
public interface AccessEventStore extends EventLog<AccessEvent> {}
