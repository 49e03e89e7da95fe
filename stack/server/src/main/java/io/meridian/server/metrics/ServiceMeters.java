package io.meridian.server.metrics;

import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.EventFeed;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.admin.CachedOrganizationStore;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.LoginThrottle;
import io.meridian.core.identity.login.RegistrationThrottle;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.index.IndexBacklog;
import io.meridian.core.index.IndexRepairer;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;

/**
 * Meters over what the services count themselves (plain counters and sizes in core, which knows
 * nothing of Micrometer): read at scrape time only, so they cost the services nothing more.
 */
final class ServiceMeters implements MeterBinder {
  private final IndexBacklog backlog;
  private final IndexRepairer repairer;
  private final AccessFeed accessFeed;
  private final EventFeed<?> geoFeed;
  private final GeoIndexes geo;
  private final TokenService tokens;
  private final LoginThrottle logins;
  private final PasswordHasher hasher;
  private final HashingBudget hashing;
  private final SignUpThrottle signUps;
  private final RegistrationThrottle registrations;
  private final ApplicationService applications;
  private final CachedOrganizationStore organizations;

  ServiceMeters(
      IndexBacklog backlog,
      IndexRepairer repairer,
      AccessFeed accessFeed,
      EventFeed<?> geoFeed,
      GeoIndexes geo,
      TokenService tokens,
      LoginThrottle logins,
      PasswordHasher hasher,
      HashingBudget hashing,
      SignUpThrottle signUps,
      RegistrationThrottle registrations,
      ApplicationService applications,
      CachedOrganizationStore organizations) {
    this.registrations = registrations;
    this.applications = applications;
    this.organizations = organizations;
    this.backlog = backlog;
    this.repairer = repairer;
    this.accessFeed = accessFeed;
    this.geoFeed = geoFeed;
    this.geo = geo;
    this.tokens = tokens;
    this.logins = logins;
    this.hasher = hasher;
    this.hashing = hashing;
    this.signUps = signUps;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauge.builder("meridian.index.pending.changes", backlog, IndexBacklog::pending)
        .description("Changes this node wrote that the index may not hold yet")
        .baseUnit("changes")
        .register(registry);
    Gauge.builder("meridian.index.lag", backlog, IndexBacklog::lagSeconds)
        .description("Age of the oldest change of this node the index may not hold yet; 0 if none")
        .baseUnit("seconds")
        .register(registry);
    FunctionCounter.builder("meridian.index.fast.path", backlog, IndexBacklog::indexedTotal)
        .description("Changes by outcome of their fast path to the index")
        .baseUnit("changes")
        .tag("outcome", "indexed")
        .register(registry);
    FunctionCounter.builder("meridian.index.fast.path", backlog, IndexBacklog::deferredTotal)
        .description("Changes by outcome of their fast path to the index")
        .baseUnit("changes")
        .tag("outcome", "deferred")
        .register(registry);
    FunctionCounter.builder("meridian.index.repairer.passes", repairer, IndexRepairer::passes)
        .description("Index repairer runs: passes over the change log, and failed runs")
        .tag("outcome", "completed")
        .register(registry);
    FunctionCounter.builder("meridian.index.repairer.passes", repairer, IndexRepairer::failedRuns)
        .description("Index repairer runs: passes over the change log, and failed runs")
        .tag("outcome", "failed")
        .register(registry);
    FunctionCounter.builder("meridian.index.repairer.repaired", repairer, IndexRepairer::repaired)
        .description("Entities the repairer (re)indexed because the index lacked them or was stale")
        .baseUnit("documents")
        .register(registry);
    feed(registry, "access", accessFeed);
    feed(registry, "geo", geoFeed);
    Gauge.builder("meridian.geo.fences", geo, GeoIndexes::fenceCount)
        .description("Geofences held in memory on this node")
        .register(registry);
    Gauge.builder("meridian.geo.points", geo, GeoIndexes::pointCount)
        .description("Points of geo-hot collections held in memory on this node")
        .register(registry);
    for (TokenService.Verification outcome : TokenService.Verification.values()) {
      FunctionCounter.builder(
              "meridian.auth.token.verifications", tokens, t -> t.verifications(outcome))
          .description("Access token checks by outcome")
          .tag("outcome", outcome.name().toLowerCase(Locale.ROOT))
          .register(registry);
    }
    FunctionCounter.builder("meridian.auth.login.throttled", logins, LoginThrottle::refusals)
        .description("Sign-ins refused because the user or the address was locked")
        .register(registry);
    FunctionCounter.builder("meridian.auth.password.bcrypt", hasher, PasswordHasher::computations)
        .description("bcrypt computations on this node, hashes and checks")
        .register(registry);
    FunctionCounter.builder("meridian.auth.hashing.throttled", hashing, HashingBudget::refusals)
        .description("Requests refused because their address spent its password hashing budget")
        .register(registry);
    FunctionCounter.builder("meridian.auth.signup.throttled", signUps, SignUpThrottle::refusals)
        .description("Sign-ups refused because their address spent its allowance")
        .register(registry);
    FunctionCounter.builder(
            "meridian.auth.registration.throttled", registrations, RegistrationThrottle::refusals)
        .description(
            "Organization registrations and admin invitations refused because the caller or its"
                + " address spent its allowance")
        .register(registry);
    FunctionCounter.builder("meridian.registry.lookups", applications, ApplicationService::lookups)
        .description("Reads of the store for a name not cached (found or not), by kind")
        .tag("kind", "application")
        .register(registry);
    FunctionCounter.builder(
            "meridian.registry.lookups", organizations, CachedOrganizationStore::lookups)
        .description("Reads of the store for a name not cached (found or not), by kind")
        .tag("kind", "organization")
        .register(registry);
  }

  private static void feed(MeterRegistry registry, String name, EventFeed<?> feed) {
    Gauge.builder("meridian.feed.staleness", feed, EventFeed::secondsSinceLastPoll)
        .description("Seconds since the feed's last successful poll of the cluster's events")
        .baseUnit("seconds")
        .tag("feed", name)
        .register(registry);
  }
}
