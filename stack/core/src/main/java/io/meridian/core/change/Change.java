package io.meridian.core.change;

import java.util.UUID;

/**
 * One acknowledged write, as recorded in the change log before the write itself is applied.
 *
 * @param id time-based id of the log entry; its time decides the entry's bucket
 * @param version the version of the entity the write produced (or of the deletion)
 * @param deleted whether the write deleted the entity
 */
public record Change(
    UUID id, UUID applicationId, String collection, UUID entityId, long version, boolean deleted) {}
