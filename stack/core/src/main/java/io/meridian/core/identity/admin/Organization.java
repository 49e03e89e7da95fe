package io.meridian.core.identity.admin;

import java.util.UUID;

/** An organization: the owner of applications, managed by its admins. */
public record Organization(UUID id, String name, long created) {}
