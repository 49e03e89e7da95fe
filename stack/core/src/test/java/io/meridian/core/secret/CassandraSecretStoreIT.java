package io.meridian.core.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.CassandraIT;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class CassandraSecretStoreIT extends CassandraIT {
  private final String name = "test-" + UUID.randomUUID();

  @Test
  void a_new_secret_has_the_length_asked_for_and_stays_the_same() {
    CassandraSecretStore store = new CassandraSecretStore(session);

    byte[] secret = store.obtain(name, 48);

    assertThat(secret).hasSize(48);
    assertThat(secret).isNotEqualTo(new byte[48]);
    assertThat(store.obtain(name, 48)).isEqualTo(secret);
    assertThat(store.obtain(name + "-other", 16)).hasSize(16);
  }

  private static byte[] key() {
    byte[] key = new byte[32];
    new java.security.SecureRandom().nextBytes(key);
    return key;
  }

  private static Row stored(String name) {
    return session.execute("SELECT value, kek FROM secrets WHERE name = ?", name).one();
  }

  private static byte[] bytes(Row row) {
    ByteBuffer value = row.getByteBuffer("value");
    byte[] bytes = new byte[value.remaining()];
    value.get(bytes);
    return bytes;
  }

  @Test
  void with_a_key_encryption_key_a_new_secret_is_never_stored_in_plain_text() {
    KeyEncryption keys = KeyEncryption.of(key(), null);

    byte[] secret = new CassandraSecretStore(session, keys).obtain(name, 32);

    Row row = stored(name);
    assertThat(row.getString("kek")).isEqualTo(keys.currentId());
    assertThat(bytes(row)).hasSize(60).isNotEqualTo(secret);
    assertThat(new String(bytes(row), java.nio.charset.StandardCharsets.ISO_8859_1))
        .doesNotContain(new String(secret, java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThat(new CassandraSecretStore(session, keys).obtain(name, 32)).isEqualTo(secret);
  }

  @Test
  void a_plain_text_secret_is_wrapped_on_the_first_start_with_a_key_and_keeps_its_value() {
    byte[] secret = new CassandraSecretStore(session).obtain(name, 32);
    assertThat(stored(name).getString("kek")).isNull();
    KeyEncryption keys = KeyEncryption.of(key(), null);

    assertThat(new CassandraSecretStore(session, keys).obtain(name, 32)).isEqualTo(secret);

    Row row = stored(name);
    assertThat(row.getString("kek")).isEqualTo(keys.currentId());
    assertThat(bytes(row)).isNotEqualTo(secret);
    assertThat(new CassandraSecretStore(session, keys).obtain(name, 32)).isEqualTo(secret);
  }

  @Test
  void rotating_the_key_encryption_key_rewraps_without_changing_the_secret() {
    byte[] oldKey = key();
    byte[] newKey = key();
    byte[] secret =
        new CassandraSecretStore(session, KeyEncryption.of(oldKey, null)).obtain(name, 32);
    byte[] wrappedBefore = bytes(stored(name));

    byte[] during =
        new CassandraSecretStore(session, KeyEncryption.of(newKey, oldKey)).obtain(name, 32);

    assertThat(during).isEqualTo(secret);
    assertThat(stored(name).getString("kek")).isEqualTo(KeyEncryption.of(newKey, null).currentId());
    assertThat(bytes(stored(name))).isNotEqualTo(wrappedBefore);
    // The old key can now be dropped from the configuration.
    assertThat(new CassandraSecretStore(session, KeyEncryption.of(newKey, null)).obtain(name, 32))
        .isEqualTo(secret);
  }

  @Test
  void a_wrapped_secret_is_refused_without_its_key_rather_than_replaced() {
    byte[] secret =
        new CassandraSecretStore(session, KeyEncryption.of(key(), null)).obtain(name, 32);

    assertThatThrownBy(() -> new CassandraSecretStore(session).obtain(name, 32))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("key-encryption-key");
    assertThatThrownBy(
            () -> new CassandraSecretStore(session, KeyEncryption.of(key(), null)).obtain(name, 32))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("previous-key-encryption-key");
    assertThat(bytes(stored(name))).isNotEqualTo(secret);
  }

  @Test
  void concurrent_first_obtains_on_several_nodes_return_the_same_bytes() throws Exception {
    int nodes = 8;
    ExecutorService pool = Executors.newFixedThreadPool(nodes);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<byte[]>> obtained = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      CassandraSecretStore node = new CassandraSecretStore(session);
      obtained.add(
          pool.submit(
              () -> {
                start.await();
                return node.obtain(name, 32);
              }));
    }
    start.countDown();
    byte[] first = obtained.get(0).get();
    for (Future<byte[]> other : obtained) {
      assertThat(other.get()).isEqualTo(first);
    }
    pool.shutdown();

    assertThat(first).hasSize(32);
  }
}
