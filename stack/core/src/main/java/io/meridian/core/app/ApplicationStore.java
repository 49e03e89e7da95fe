package io.meridian.core.app;

import java.util.Optional;

/** Persistence of the organization/application registry. */
public interface ApplicationStore {

  Optional<ApplicationRef> find(String organization, String application);

  /**
   * Registers the application if no other one of that name exists and returns the registered one:
   * of concurrent callers on any node, all get the same application.
   */
  ApplicationRef createIfAbsent(ApplicationRef candidate);
}
