package io.meridian.core.secret;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.security.SecureRandom;

/**
 * Secrets in Cassandra's {@code secrets} table. The first {@code obtain} of a name anywhere in the
 * cluster creates it with a lightweight transaction; every later or concurrent one reads the winner
 * back at serial consistency, so all nodes hold the same bytes. A secret that exists is returned as
 * stored, whatever length is asked for.
 */
public final class CassandraSecretStore implements SecretStore {
  private final CqlSession session;
  private final SecureRandom random = new SecureRandom();
  private final PreparedStatement create;
  private final PreparedStatement select;

  public CassandraSecretStore(CqlSession session) {
    this.session = session;
    this.create = session.prepare("INSERT INTO secrets (name, value) VALUES (?, ?) IF NOT EXISTS");
    this.select = session.prepare("SELECT value FROM secrets WHERE name = ?");
  }

  @Override
  public byte[] obtain(String name, int length) {
    if (length <= 0) {
      throw new IllegalArgumentException("A secret needs at least one byte, asked for " + length);
    }
    byte[] candidate = new byte[length];
    random.nextBytes(candidate);
    session.execute(
        create
            .bind(name, ByteBuffer.wrap(candidate))
            .setSerialConsistencyLevel(ConsistencyLevel.SERIAL));
    // Read at SERIAL: sees the value of whichever transaction won, even one still being committed.
    Row row = session.execute(select.bind(name).setConsistencyLevel(ConsistencyLevel.SERIAL)).one();
    if (row == null) {
      throw new IllegalStateException("Secret " + name + " vanished right after it was created");
    }
    ByteBuffer value = row.getByteBuffer("value");
    byte[] bytes = new byte[value.remaining()];
    value.get(bytes);
    return bytes;
  }
}
