package io.meridian.core.identity.user;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.token.TokenService;
import java.util.List;

/**
 * A deleted user, however deleted (one entity, a delete by query), leaves nothing behind: its email
 * claim is released, its password hash deleted and its tokens revoked, once the user is gone.
 */
public final class UserCleanup implements EntityWriteObserver {
  private final EntityStore store;
  private final UserCredentialStore credentials;
  private final TokenService tokens;

  public UserCleanup(EntityStore store, UserCredentialStore credentials, TokenService tokens) {
    this.store = store;
    this.credentials = credentials;
    this.tokens = tokens;
  }

  @Override
  public void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {
    if (!collection.equals(UserService.USERS.plural())) {
      return;
    }
    for (StoredEntity user : EntityWrite.deleted(writes)) {
      deleted(app, user);
    }
  }

  private void deleted(ApplicationRef app, StoredEntity user) {
    UserEmails.of(user)
        .ifPresent(
            email ->
                store.releaseName(
                    app.id(), UserEmails.NAMESPACE, UserEmails.key(email), user.uuid()));
    credentials.delete(app.id(), user.uuid());
    tokens.revokeAll(user.uuid());
  }
}
