package io.meridian.core.identity.admin;

import java.util.UUID;

/** An organization administrator (a management user). Its password hash is never part of it. */
public record AdminUser(UUID id, String username, String email, String name, long created) {}
