package io.meridian.core.identity.access;

import io.meridian.core.app.ApplicationRef;
import java.util.Optional;
import java.util.UUID;

/**
 * Finds a role by its current name. Only the {@code guest} and {@code default} roles are looked up
 * this way, because they apply by name (to anonymous and to every signed-in caller); every grant
 * names a role by its uuid.
 */
@FunctionalInterface
public interface RoleDirectory {
  Optional<UUID> roleId(ApplicationRef application, String name);
}
