package io.meridian.core.index;

import java.util.List;
import java.util.UUID;

/**
 * What a bulk {@link EntityIndex#apply} did.
 *
 * @param applied operations the index accepted
 * @param stale operations ignored because the index already held the same or a newer version
 * @param failed entities whose operation failed for a reason worth retrying later
 */
public record IndexResult(int applied, int stale, List<UUID> failed) {
  public IndexResult {
    failed = List.copyOf(failed);
  }

  public boolean complete() {
    return failed.isEmpty();
  }
}
