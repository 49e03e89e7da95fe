package io.meridian.core.app;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MeridianException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Resolves {@code /{org}/{app}} to an application. Until identity management exists, an application
 * comes into being on its first write; reads of an unknown one are 404.
 *
 * <p>Resolved applications are cached: an application's id never changes once registered, so the
 * cache can never be stale (deletion, a later feature, must invalidate it on every node).
 */
public final class ApplicationService {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  private final ApplicationStore store;
  private final IdGenerator ids;
  private final Cache<String, ApplicationRef> cache =
      Caffeine.newBuilder().maximumSize(100_000).build();

  public ApplicationService(ApplicationStore store, IdGenerator ids) {
    this.store = store;
    this.ids = ids;
  }

  /** The application for a read; 404 {@code organization_application_not_found} if unknown. */
  public ApplicationRef require(String organization, String application) {
    return find(organization, application)
        .orElseThrow(
            () ->
                new MeridianException(
                    ErrorCode.APPLICATION_NOT_FOUND,
                    "Could not find application for " + organization + "/" + application));
  }

  /** The application for a write, registering it on first use. */
  public ApplicationRef obtain(String organization, String application) {
    return find(organization, application)
        .orElseGet(
            () -> {
              ApplicationRef created =
                  store.createIfAbsent(
                      new ApplicationRef(ids.newTimeUuid(), organization, application));
              cache.put(key(organization, application), created);
              return created;
            });
  }

  public Optional<ApplicationRef> find(String organization, String application) {
    if (organization != null && application != null) {
      ApplicationRef cached = cache.getIfPresent(key(organization, application));
      if (cached != null) {
        return Optional.of(cached); // only valid names are ever cached
      }
    }
    validate("organization", organization);
    validate("application", application);
    Optional<ApplicationRef> found = store.find(organization, application);
    found.ifPresent(ref -> cache.put(key(organization, application), ref));
    return found;
  }

  private static void validate(String what, String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Invalid "
              + what
              + " name: use 1 to 64 letters, digits, '_', '-' or '.', starting with a letter or"
              + " digit");
    }
  }

  static String key(String organization, String application) {
    return organization.toLowerCase(Locale.ROOT) + "/" + application.toLowerCase(Locale.ROOT);
  }
}
