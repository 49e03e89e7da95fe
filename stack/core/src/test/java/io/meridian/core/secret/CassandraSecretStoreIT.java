package io.meridian.core.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.CassandraIT;
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
