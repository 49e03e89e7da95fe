package io.meridian.core.connection;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.common.Concurrently;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Connections in Cassandra: each one is an {@code OUT} row under its source and an {@code IN} row
 * under its target in {@code connections}, one partition per entity, direction and verb, newest
 * other end first. The verbs an entity has connections under are kept in the {@code connections}
 * ({@code OUT}) and {@code connecting} ({@code IN}) sets of its row in {@code entities}.
 *
 * <p>Verb sets are written with explicit write times from this node's clock so that a verb is never
 * dropped while a connection under it exists (within the clock skew between nodes): connect adds
 * the verb only after its rows are written, and disconnect removes it as of a time taken
 * <em>before</em> it found the partition empty, so a concurrent connect's add is always newer. The
 * opposite race is accepted: a verb can be left listed with no connection under it (a connect that
 * failed half way, or a disconnect whose removal lost to an add whose rows it then deleted).
 */
public final class CassandraConnectionStore implements ConnectionStore {
  /** Rows read at a time when removing all of an entity's connections. */
  private static final int PAGE_SIZE = 500;

  private final CqlSession session;
  private final Clock clock;
  private final PreparedStatement insertRow;
  private final PreparedStatement deleteRow;
  private final PreparedStatement deletePartition;
  private final PreparedStatement selectRow;
  private final PreparedStatement selectFirst;
  private final PreparedStatement selectPage;
  private final PreparedStatement selectPageBefore;
  private final PreparedStatement selectAll;
  private final PreparedStatement selectVerbs;
  private final PreparedStatement clearVerbs;
  private final Map<Direction, PreparedStatement> addVerb = new EnumMap<>(Direction.class);
  private final Map<Direction, PreparedStatement> removeVerb = new EnumMap<>(Direction.class);

  public CassandraConnectionStore(CqlSession session) {
    this(session, Clock.systemUTC());
  }

  CassandraConnectionStore(CqlSession session, Clock clock) {
    this.session = session;
    this.clock = clock;
    String partition = " WHERE app_id = ? AND entity = ? AND direction = ? AND verb = ?";
    this.insertRow =
        session.prepare(
            "INSERT INTO connections (app_id, entity, direction, verb, other, other_collection)"
                + " VALUES (?, ?, ?, ?, ?, ?)");
    this.deleteRow = session.prepare("DELETE FROM connections" + partition + " AND other = ?");
    this.deletePartition = session.prepare("DELETE FROM connections" + partition);
    this.selectRow =
        session.prepare("SELECT other FROM connections" + partition + " AND other = ?");
    this.selectFirst = session.prepare("SELECT other FROM connections" + partition + " LIMIT 1");
    this.selectPage =
        session.prepare("SELECT other, other_collection FROM connections" + partition + " LIMIT ?");
    this.selectPageBefore =
        session.prepare(
            "SELECT other, other_collection FROM connections"
                + partition
                + " AND other < ? LIMIT ?");
    this.selectAll = session.prepare("SELECT other FROM connections" + partition);
    this.selectVerbs =
        session.prepare(
            "SELECT connections, connecting FROM entities WHERE app_id = ? AND uuid = ?");
    this.clearVerbs =
        session.prepare(
            "DELETE connections, connecting FROM entities WHERE app_id = ? AND uuid = ?");
    for (Direction direction : Direction.values()) {
      String column = verbColumn(direction);
      addVerb.put(direction, session.prepare(updateVerbs(column, "+")));
      removeVerb.put(direction, session.prepare(updateVerbs(column, "-")));
    }
  }

  @Override
  public void connect(UUID applicationId, Connection connection) {
    Side out = Side.out(connection);
    Side in = Side.in(connection);
    execute(
        List.of(
            bind(insertRow, applicationId, out, connection.target(), connection.targetCollection()),
            bind(
                insertRow, applicationId, in, connection.source(), connection.sourceCollection())));
    long now = micros();
    execute(
        List.of(
            bindVerb(addVerb, applicationId, out).setQueryTimestamp(now),
            bindVerb(addVerb, applicationId, in).setQueryTimestamp(now)));
  }

  @Override
  public void disconnect(UUID applicationId, Connection connection) {
    Side out = Side.out(connection);
    Side in = Side.in(connection);
    execute(
        List.of(
            bind(deleteRow, applicationId, out, connection.target()),
            bind(deleteRow, applicationId, in, connection.source())));
    dropVerbsOfEmptySides(applicationId, List.of(out, in));
  }

  @Override
  public boolean exists(UUID applicationId, Connection connection) {
    return session
            .execute(bind(selectRow, applicationId, Side.out(connection), connection.target()))
            .one()
        != null;
  }

  @Override
  public List<ConnectionRef> list(
      UUID applicationId,
      UUID entity,
      Direction direction,
      String verb,
      Optional<UUID> after,
      int limit) {
    List<ConnectionRef> page = new ArrayList<>();
    if (limit <= 0) {
      return page;
    }
    Side side = new Side(entity, direction, verb);
    BoundStatement read =
        after.isPresent()
            ? bind(selectPageBefore, applicationId, side, after.get(), limit)
            : bind(selectPage, applicationId, side, limit);
    for (Row row : session.execute(read)) {
      page.add(new ConnectionRef(row.getUuid("other"), row.getString("other_collection")));
    }
    return page;
  }

  @Override
  public List<String> verbs(UUID applicationId, UUID entity, Direction direction) {
    Row row = session.execute(selectVerbs.bind(applicationId, entity)).one();
    if (row == null) {
      return List.of();
    }
    return List.copyOf(new TreeSet<>(row.getSet(verbColumn(direction), String.class)));
  }

  /**
   * Reads the verbs from the entity's row (they outlive the entity's own columns for this purpose),
   * removes every connection under each along with its mirror row at the other end, then the
   * entity's partitions and verbs as of the start: a connection made to the entity meanwhile
   * survives, so running this again removes it.
   */
  @Override
  public void disconnectAll(UUID applicationId, UUID entity) {
    long asOf = micros();
    Row verbs = session.execute(selectVerbs.bind(applicationId, entity)).one();
    if (verbs == null) {
      return;
    }
    for (Direction direction : Direction.values()) {
      for (String verb : verbs.getSet(verbColumn(direction), String.class)) {
        removeSide(applicationId, new Side(entity, direction, verb), asOf);
      }
    }
    session.execute(clearVerbs.bind(applicationId, entity).setQueryTimestamp(asOf));
  }

  private void removeSide(UUID applicationId, Side side, long asOf) {
    List<UUID> others = new ArrayList<>(PAGE_SIZE);
    for (Row row : session.execute(bind(selectAll, applicationId, side).setPageSize(PAGE_SIZE))) {
      others.add(row.getUuid("other"));
      if (others.size() == PAGE_SIZE) {
        removeMirrors(applicationId, side, others);
        others.clear();
      }
    }
    removeMirrors(applicationId, side, others);
    session.execute(bind(deletePartition, applicationId, side).setQueryTimestamp(asOf));
  }

  private void removeMirrors(UUID applicationId, Side side, List<UUID> others) {
    Direction opposite = side.direction() == Direction.OUT ? Direction.IN : Direction.OUT;
    List<Side> mirrors =
        others.stream().map(other -> new Side(other, opposite, side.verb())).toList();
    execute(
        mirrors.stream()
            .map(mirror -> bind(deleteRow, applicationId, mirror, side.entity()))
            .toList());
    dropVerbsOfEmptySides(applicationId, mirrors);
  }

  /**
   * Removes the verb from each side that has no connection left under it, as of a time taken before
   * looking (see the class comment for why).
   */
  private void dropVerbsOfEmptySides(UUID applicationId, List<Side> sides) {
    List<Side> distinct = List.copyOf(new LinkedHashSet<>(sides));
    long asOf = micros();
    List<Boolean> empty =
        Concurrently.map(
            distinct,
            Concurrently.DEFAULT_WINDOW,
            side ->
                session
                    .executeAsync(bind(selectFirst, applicationId, side))
                    .thenApply(result -> result.one() == null));
    List<BoundStatement> removals = new ArrayList<>();
    for (int i = 0; i < distinct.size(); i++) {
      if (empty.get(i)) {
        removals.add(bindVerb(removeVerb, applicationId, distinct.get(i)).setQueryTimestamp(asOf));
      }
    }
    execute(removals);
  }

  private void execute(List<BoundStatement> statements) {
    Concurrently.map(statements, Concurrently.DEFAULT_WINDOW, session::executeAsync);
  }

  private static BoundStatement bind(
      PreparedStatement statement, UUID applicationId, Side side, Object... more) {
    Object[] values = new Object[4 + more.length];
    values[0] = applicationId;
    values[1] = side.entity();
    values[2] = side.direction().name();
    values[3] = side.verb();
    System.arraycopy(more, 0, values, 4, more.length);
    return statement.bind(values);
  }

  private static BoundStatement bindVerb(
      Map<Direction, PreparedStatement> statements, UUID applicationId, Side side) {
    return statements.get(side.direction()).bind(Set.of(side.verb()), applicationId, side.entity());
  }

  /** Adds ({@code +}) or removes ({@code -}) verbs of an entity's set in {@code column}. */
  private static String updateVerbs(String column, String operator) {
    return "UPDATE entities SET "
        + column
        + " = "
        + column
        + " "
        + operator
        + " ? WHERE app_id = ? AND uuid = ?";
  }

  private static String verbColumn(Direction direction) {
    return direction == Direction.OUT ? "connections" : "connecting";
  }

  /** Now in microseconds, Cassandra's write-time unit. */
  private long micros() {
    Instant now = clock.instant();
    return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
  }

  /** One partition of {@code connections}: an entity's connections in a direction under a verb. */
  private record Side(UUID entity, Direction direction, String verb) {
    static Side out(Connection connection) {
      return new Side(connection.source(), Direction.OUT, connection.verb());
    }

    static Side in(Connection connection) {
      return new Side(connection.target(), Direction.IN, connection.verb());
    }
  }
}
