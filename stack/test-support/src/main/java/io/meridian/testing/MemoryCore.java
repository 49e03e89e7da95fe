package io.meridian.testing;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.index.IndexPipeline;
import io.meridian.core.query.Cursors;
import io.meridian.index.query.UsergridQueryLanguage;
import io.meridian.testing.change.MemoryChangeLog;
import io.meridian.testing.entity.MemoryConnectionStore;
import io.meridian.testing.entity.MemoryEntityStore;
import io.meridian.testing.geo.MemoryGeoLookups;
import io.meridian.testing.index.MemoryEntityIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The entity use cases wired as the server wires them, on in-memory stores, a stopped clock and
 * predictable ids: what most unit tests of core's use cases start from. Every field is public, so a
 * test reaches any store to arrange or check what the use case did. Nothing starts a thread.
 */
public final class MemoryCore {
  /** Where every test's clock starts. */
  public static final Instant START = Instant.parse("2026-11-28T12:00:00Z");

  /** The largest {@code within} radius queries accept. */
  public static final double MAX_RADIUS_METERS = 100_000;

  /** The most points a batch fence lookup may ask about. */
  public static final int MAX_BATCH_POINTS = 1000;

  public final MutableClock clock = new MutableClock(START);
  public final SequentialIds ids = new SequentialIds(clock);
  public final MemoryConnectionStore connections = new MemoryConnectionStore();
  public final MemoryEntityStore store = new MemoryEntityStore(clock, connections);
  public final MemoryChangeLog changeLog = new MemoryChangeLog(clock, Duration.ofSeconds(10));
  public final MemoryEntityIndex index = new MemoryEntityIndex();
  public final IndexPipeline pipeline = new IndexPipeline(index, true, 2, 100, clock);
  public final MemoryGeoLookups geo = new MemoryGeoLookups();
  public final Cursors cursors = new Cursors(new byte[32]);
  public final UsergridQueryLanguage language = new UsergridQueryLanguage();

  /** Every write's observers; add to it before the first write. */
  public final Observers observers = new Observers();

  public final EntityService entities =
      new EntityService(
          store, connections, changeLog, pipeline, ids, Duration.ofSeconds(1), List.of(observers));

  public final EntityQueries queries =
      new EntityQueries(
          store,
          connections,
          index,
          pipeline,
          language,
          cursors,
          geo,
          MAX_RADIUS_METERS,
          MAX_BATCH_POINTS);

  /** An application of an organization, for tests that need one and no registry. */
  public final ApplicationRef app =
      new ApplicationRef(
          UUID.fromString("00000000-0000-1000-8000-00000000a001"),
          UUID.fromString("00000000-0000-1000-8000-00000000b001"),
          "acme",
          "shop",
          START.toEpochMilli());
}
