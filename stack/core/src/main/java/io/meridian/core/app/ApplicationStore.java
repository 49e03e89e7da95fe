package io.meridian.core.app;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Persistence of the organization/application registry. */
public interface ApplicationStore {

  Optional<ApplicationRef> find(String organization, String application);

  Optional<ApplicationRef> find(UUID applicationId);

  /** The applications of an organization (by its lower-cased name), in name order. */
  List<ApplicationRef> list(String organization);

  /**
   * Registers the application if no other one of that name exists and returns the registered one:
   * of concurrent callers on any node, all get the same application.
   */
  ApplicationRef createIfAbsent(ApplicationRef candidate);

  /**
   * Removes the application from the registry; its name becomes free. Its id keeps the names it was
   * registered under ({@link #deletedNames}), so that it can be restored.
   */
  void delete(ApplicationRef application);

  /**
   * The lower-cased organization and application names a deleted application was registered under;
   * empty for an id never registered, or registered under that name now.
   */
  Optional<DeletedName> deletedNames(UUID applicationId);

  record DeletedName(String organization, String application) {}
}
