package io.meridian.core.asset;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * Files in Cassandra. Each chunk is its own partition of {@code asset_chunks}, keyed by (version,
 * index): chunks spread over the ring whatever the file's size, a ranged read goes straight to the
 * chunk it starts in, and no partition grows with the file. Pointers live in {@code assets}, one
 * row per (application, entity), changed only by lightweight transactions so that concurrent
 * uploads to one entity replace each other one at a time.
 */
public final class CassandraAssetStore implements AssetStore {
  private final CqlSession session;
  private final PreparedStatement insertChunk;
  private final PreparedStatement selectChunk;
  private final PreparedStatement deleteChunk;
  private final PreparedStatement selectPointer;
  private final PreparedStatement insertPointer;
  private final PreparedStatement updatePointer;
  private final PreparedStatement deletePointer;

  public CassandraAssetStore(CqlSession session) {
    this.session = session;
    this.insertChunk =
        session.prepare("INSERT INTO asset_chunks (version, chunk, data) VALUES (?, ?, ?)");
    this.selectChunk =
        session.prepare("SELECT data FROM asset_chunks WHERE version = ? AND chunk = ?");
    this.deleteChunk = session.prepare("DELETE FROM asset_chunks WHERE version = ? AND chunk = ?");
    String columns = "version, content_type, length, checksum, modified, chunk_size";
    this.selectPointer =
        session.prepare("SELECT " + columns + " FROM assets WHERE app_id = ? AND entity = ?");
    this.insertPointer =
        session.prepare(
            "INSERT INTO assets (app_id, entity, "
                + columns
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS");
    this.updatePointer =
        session.prepare(
            "UPDATE assets SET version = ?, content_type = ?, length = ?, checksum = ?,"
                + " modified = ?, chunk_size = ? WHERE app_id = ? AND entity = ? IF version = ?");
    this.deletePointer =
        session.prepare("DELETE FROM assets WHERE app_id = ? AND entity = ? IF version = ?");
  }

  @Override
  public CompletionStage<Void> writeChunk(UUID version, int index, ByteBuffer bytes) {
    return session
        .executeAsync(insertChunk.bind(version, index, bytes).setIdempotent(true))
        .thenApply(result -> null);
  }

  @Override
  public CompletionStage<ByteBuffer> readChunk(UUID version, int index) {
    return session
        .executeAsync(selectChunk.bind(version, index).setIdempotent(true))
        .thenApply(
            result -> {
              Row row = result.one();
              return row == null ? null : row.getByteBuffer("data");
            });
  }

  @Override
  public void deleteChunks(UUID version, int count) {
    List<CompletionStage<?>> pending = new ArrayList<>(count);
    for (int index = 0; index < count; index++) {
      pending.add(session.executeAsync(deleteChunk.bind(version, index).setIdempotent(true)));
    }
    for (CompletionStage<?> stage : pending) {
      stage.toCompletableFuture().join();
    }
  }

  @Override
  public Optional<AssetPointer> pointer(UUID appId, UUID entity) {
    Row row = session.execute(selectPointer.bind(appId, entity)).one();
    if (row == null) {
      return Optional.empty();
    }
    return Optional.of(
        new AssetPointer(
            row.getUuid("version"),
            row.getString("content_type"),
            row.getLong("length"),
            row.getString("checksum"),
            row.getLong("modified"),
            row.getInt("chunk_size")));
  }

  @Override
  public boolean replacePointer(UUID appId, UUID entity, AssetPointer expected, AssetPointer next) {
    if (expected == null) {
      return session
          .execute(
              insertPointer.bind(
                  appId,
                  entity,
                  next.version(),
                  next.contentType(),
                  next.length(),
                  next.checksum(),
                  next.modified(),
                  next.chunkSize()))
          .wasApplied();
    }
    return session
        .execute(
            updatePointer.bind(
                next.version(),
                next.contentType(),
                next.length(),
                next.checksum(),
                next.modified(),
                next.chunkSize(),
                appId,
                entity,
                expected.version()))
        .wasApplied();
  }

  @Override
  public boolean removePointer(UUID appId, UUID entity, AssetPointer expected) {
    return session.execute(deletePointer.bind(appId, entity, expected.version())).wasApplied();
  }
}
