package io.meridian.core.identity.admin;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Organizations and their admins. */
public interface OrganizationStore {

  Optional<Organization> find(String name);

  Optional<Organization> find(UUID id);

  /** Registers the organization unless its name is taken; whether it was registered. */
  boolean create(Organization organization);

  /** The organization's custom properties as a JSON object, or empty when it has none. */
  Optional<String> properties(Organization organization);

  /** Replaces the organization's custom properties (a JSON object). */
  void setProperties(Organization organization, String json);

  void addAdmin(UUID organization, UUID admin);

  void removeAdmin(UUID organization, UUID admin);

  List<UUID> admins(UUID organization);

  List<UUID> organizationsOf(UUID admin);
}
