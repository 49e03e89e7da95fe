package io.meridian.core.device;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** {@code device_keys}: one partition per application, one row per device acted on. */
public final class CassandraDeviceKeyStore implements DeviceKeyStore {
  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement insert;

  public CassandraDeviceKeyStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare("SELECT device, generation, revoked FROM device_keys WHERE app_id = ?");
    this.insert =
        session.prepare(
            "INSERT INTO device_keys (app_id, device, generation, revoked) VALUES (?, ?, ?, ?)");
  }

  @Override
  public Map<String, DeviceKey> load(UUID app) {
    Map<String, DeviceKey> keys = new HashMap<>();
    for (Row row : session.execute(select.bind(app))) {
      keys.put(row.getString(0), new DeviceKey(row.getLong(1), row.getBoolean(2)));
    }
    return keys;
  }

  @Override
  public void save(UUID app, String device, DeviceKey key) {
    session.execute(insert.bind(app, device, key.generation(), key.revoked()));
  }
}
