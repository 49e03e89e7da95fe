package io.meridian.core.app;

import java.util.UUID;

/**
 * An application of an organization. Names are stored as given and matched case-insensitively.
 *
 * @param id the application's time-based UUID, the tenant key of every stored row
 */
public record ApplicationRef(UUID id, String organization, String application) {}
