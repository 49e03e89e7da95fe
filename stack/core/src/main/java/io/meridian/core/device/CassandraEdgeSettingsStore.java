package io.meridian.core.device;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.UUID;

/** Edge settings in Cassandra: one row per application, written whole. */
public final class CassandraEdgeSettingsStore implements EdgeSettingsStore {
  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement insert;

  public CassandraEdgeSettingsStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare("SELECT settings, webhook_key FROM edge_settings WHERE app_id = ?");
    this.insert =
        session.prepare(
            "INSERT INTO edge_settings (app_id, settings, webhook_key) VALUES (?, ?, ?)");
  }

  @Override
  public Stored load(UUID app) {
    Row row = session.execute(select.bind(app)).one();
    if (row == null) {
      return null;
    }
    ByteBuffer key = row.getByteBuffer(1);
    byte[] bytes = null;
    if (key != null) {
      bytes = new byte[key.remaining()];
      key.get(bytes);
    }
    return new Stored(row.getString(0), bytes);
  }

  @Override
  public void save(UUID app, Stored stored) {
    session.execute(
        insert.bind(
            app,
            stored.settings(),
            stored.webhookKey() == null ? null : ByteBuffer.wrap(stored.webhookKey())));
  }
}
