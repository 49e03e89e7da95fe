package io.meridian.core.identity.access;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.identity.token.AccessFeed;
import java.util.List;
import java.util.UUID;

/**
 * Keeps grants true to the entities that hold them: a deleted user, group or role takes its grants
 * along, and every grant of it; a renamed role keeps its grants, but {@code guest} and {@code
 * default} apply by name, so which role they are may have changed. Either way every node recomputes
 * the application's permissions (through the access feed), once the write is complete.
 */
public final class GrantCleanup implements EntityWriteObserver {
  private final GrantStore grants;
  private final AccessFeed feed;

  public GrantCleanup(GrantStore grants, AccessFeed feed) {
    this.grants = grants;
    this.feed = feed;
  }

  @Override
  public void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {
    for (EntityWrite write : writes) {
      if (write.deletion()) {
        deleted(app, collection, write.before().uuid());
      } else if (write.renamed() && collection.equals(RoleService.ROLES.plural())) {
        changed(app);
      }
    }
  }

  private void deleted(ApplicationRef application, String collection, UUID entity) {
    UUID app = application.id();
    switch (collection) {
      case "users" -> grants.removeHolder(app, GrantStore.user(entity));
      case "groups" -> {
        grants.removeHolder(app, GrantStore.group(entity));
        grants.removeValue(app, GrantStore.GROUP, entity.toString());
      }
      case "roles" -> {
        grants.removeHolder(app, GrantStore.role(entity));
        grants.removeValue(app, GrantStore.ROLE, entity.toString());
      }
      default -> {
        return;
      }
    }
    changed(application);
  }

  private void changed(ApplicationRef application) {
    feed.publish(AccessControl.changed(application.id()));
  }
}
