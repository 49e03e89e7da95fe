package io.meridian.core.app;

import java.util.UUID;

/**
 * An application of an organization. Names are stored as given and matched case-insensitively.
 *
 * @param id the application's time-based UUID, the tenant key of every stored row
 * @param organizationId the owning organization (null only for applications registered before
 *     organizations existed, which no credential but the superuser's can reach)
 */
public record ApplicationRef(
    UUID id, UUID organizationId, String organization, String application, long created) {}
