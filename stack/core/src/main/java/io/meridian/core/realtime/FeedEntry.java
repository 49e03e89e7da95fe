package io.meridian.core.realtime;

import io.meridian.core.entity.StoredEntity;
import java.util.UUID;

/**
 * One acknowledged entity write, or one upstream event of a device, as the real-time feed holds it.
 *
 * @param seq the application's sequence: microseconds of the writing node's clock when it appended
 *     the entry; entries sharing one are ordered by entity
 * @param body the entity after the write as the API renders it; null for a deletion
 * @param previous the entity before the write; null for a creation
 * @param event a device's upstream event as it sent it (text), its device entity as {@code body}
 *     and {@code previous}; null for an entity write
 */
public record FeedEntry(
    long seq,
    UUID entity,
    String collection,
    String name,
    long version,
    String body,
    String previous,
    String event) {

  /** An entity write. */
  public FeedEntry(
      long seq,
      UUID entity,
      String collection,
      String name,
      long version,
      String body,
      String previous) {
    this(seq, entity, collection, name, version, body, previous, null);
  }

  /** Whether this entry is a device's upstream event rather than an entity write. */
  public boolean isEvent() {
    return event != null;
  }

  /** The position of this entry in the feed, which orders entries totally. */
  public Position position() {
    return new Position(seq, entity);
  }

  /** The entity as {@link StoredEntity} for permission checks (its latest known state). */
  public StoredEntity stored() {
    return new StoredEntity(entity, collection, name, version, 0, body != null ? body : previous);
  }

  /** A place in the feed: after every entry with a smaller seq, or the same seq and entity. */
  public record Position(long seq, UUID entity) implements Comparable<Position> {
    /** Before every entry with a larger seq and after every entry with this seq or less. */
    public static Position after(long seq) {
      return new Position(seq, new UUID(-1L, -1L));
    }

    @Override
    public int compareTo(Position other) {
      int bySeq = Long.compare(seq, other.seq);
      return bySeq != 0 ? bySeq : compareUuids(entity, other.entity);
    }

    /** Cassandra's order of uuids in a clustering column is not {@link UUID#compareTo}: bytes. */
    private static int compareUuids(UUID left, UUID right) {
      int high =
          Long.compareUnsigned(left.getMostSignificantBits(), right.getMostSignificantBits());
      return high != 0
          ? high
          : Long.compareUnsigned(left.getLeastSignificantBits(), right.getLeastSignificantBits());
    }
  }
}
