package io.meridian.server.metrics;

import io.meridian.core.common.ConnectionQuota;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collection;

/**
 * The refusals of this node's connection bounds ({@link ConnectionQuota}): one counter, {@code
 * meridian.limits.refused}, tagged with what was refused ({@code kind}: {@code sockets}, {@code
 * subscriptions}, {@code attached_devices}, {@code waiting_rpcs}) and whose bound it was ({@code
 * scope}: {@code address}, {@code identity}, {@code application}); only the bounds that are set.
 */
final class QuotaMeters {
  private QuotaMeters() {}

  static void bind(MeterRegistry registry, Collection<ConnectionQuota> quotas) {
    for (ConnectionQuota quota : quotas) {
      for (ConnectionQuota.Scope scope : ConnectionQuota.Scope.values()) {
        if (quota.limit(scope) == 0) {
          continue;
        }
        FunctionCounter.builder(
                "meridian.limits.refused", quota, refusing -> refusing.refused(scope))
            .description(
                "Sockets, subscriptions, device attachments and RPCs this node refused because a"
                    + " client address, caller or application held as many as it may")
            .tag("kind", quota.kind())
            .tag("scope", scope.tag())
            .register(registry);
      }
    }
  }
}
