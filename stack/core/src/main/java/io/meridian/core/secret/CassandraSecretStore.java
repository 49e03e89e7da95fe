package io.meridian.core.secret;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.nio.ByteBuffer;
import java.security.SecureRandom;

/**
 * Secrets in Cassandra's {@code secrets} table. The first {@code obtain} of a name anywhere in the
 * cluster creates it with a lightweight transaction; every later or concurrent one reads the winner
 * back at serial consistency, so all nodes hold the same bytes. A secret that exists is returned as
 * stored, whatever length is asked for.
 *
 * <p>With a key-encryption key ({@link KeyEncryption}) a secret is stored wrapped, and {@code kek}
 * names the key that wrapped it (null: plain text). Reading brings the row up to the current key: a
 * plain-text secret is wrapped, one wrapped under the previous key is re-wrapped, each by a
 * lightweight transaction conditional on the {@code kek} read, so nodes starting together wrap it
 * once. The secret itself never changes, so tokens and cursors signed with it stay valid.
 */
public final class CassandraSecretStore implements SecretStore {
  private final CqlSession session;
  private final KeyEncryption keys;
  private final SecureRandom random = new SecureRandom();
  private final PreparedStatement create;
  private final PreparedStatement select;
  private final PreparedStatement wrapPlain;
  private final PreparedStatement rewrap;

  public CassandraSecretStore(CqlSession session) {
    this(session, KeyEncryption.none());
  }

  public CassandraSecretStore(CqlSession session, KeyEncryption keys) {
    this.session = session;
    this.keys = keys;
    this.create =
        session.prepare("INSERT INTO secrets (name, value, kek) VALUES (?, ?, ?) IF NOT EXISTS");
    this.select = session.prepare("SELECT value, kek FROM secrets WHERE name = ?");
    this.wrapPlain =
        session.prepare("UPDATE secrets SET value = ?, kek = ? WHERE name = ? IF kek = null");
    this.rewrap =
        session.prepare("UPDATE secrets SET value = ?, kek = ? WHERE name = ? IF kek = ?");
  }

  @Override
  public byte[] obtain(String name, int length) {
    if (length <= 0) {
      throw new IllegalArgumentException("A secret needs at least one byte, asked for " + length);
    }
    byte[] candidate = new byte[length];
    random.nextBytes(candidate);
    session.execute(
        serial(
            keys.enabled()
                ? create.bind(name, ByteBuffer.wrap(keys.wrap(name, candidate)), keys.currentId())
                : create.bind(name, ByteBuffer.wrap(candidate), null)));
    // Read at SERIAL: sees the value of whichever transaction won, even one still being committed.
    Row row = session.execute(select.bind(name).setConsistencyLevel(ConsistencyLevel.SERIAL)).one();
    if (row == null) {
      throw new IllegalStateException("Secret " + name + " vanished right after it was created");
    }
    ByteBuffer value = row.getByteBuffer("value");
    byte[] stored = new byte[value.remaining()];
    value.get(stored);
    String kek = row.getString("kek");
    if (kek == null) {
      if (keys.enabled()) {
        session.execute(
            serial(
                wrapPlain.bind(ByteBuffer.wrap(keys.wrap(name, stored)), keys.currentId(), name)));
      }
      return stored;
    }
    byte[] secret = keys.unwrap(name, kek, stored);
    if (!kek.equals(keys.currentId())) {
      session.execute(
          serial(
              rewrap.bind(ByteBuffer.wrap(keys.wrap(name, secret)), keys.currentId(), name, kek)));
    }
    return secret;
  }

  private static Statement<?> serial(Statement<?> statement) {
    return statement.setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
  }
}
