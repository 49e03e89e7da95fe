package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import io.meridian.core.common.Json;
import io.meridian.core.identity.token.TokenCodec;
import io.meridian.testing.device.MemoryEdgeSettingsStore;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class DeviceSecretsTest {
  private static final UUID APP = UUID.randomUUID();
  private static final UUID OTHER_APP = UUID.randomUUID();

  private final Map<UUID, Long> generations = new ConcurrentHashMap<>();
  private final MemoryEdgeSettingsStore store = new MemoryEdgeSettingsStore();
  private final EdgeSettingsService settings =
      new EdgeSettingsService(store, new byte[32], Duration.ZERO, Ticker.systemTicker());
  private final DeviceSecrets secrets =
      new DeviceSecrets(new TokenCodec(key(7)), app -> generations.getOrDefault(app, 0L), settings);

  private static byte[] key(int seed) {
    byte[] key = new byte[32];
    java.util.Arrays.fill(key, (byte) seed);
    return key;
  }

  @Test
  void a_secret_is_stable_and_belongs_to_one_device_of_one_application() {
    String secret = secrets.secret(APP, "sensor-1");

    assertThat(secrets.secret(APP, "sensor-1")).isEqualTo(secret);
    assertThat(secret).matches("[A-Za-z0-9_-]{43}");
    assertThat(secrets.secret(APP, "sensor-2")).isNotEqualTo(secret);
    assertThat(secrets.secret(APP, "Sensor-1")).isNotEqualTo(secret);
    assertThat(secrets.secret(OTHER_APP, "sensor-1")).isNotEqualTo(secret);
    assertThat(
            new DeviceSecrets(new TokenCodec(key(8)), app -> 0L, settings).secret(APP, "sensor-1"))
        .isNotEqualTo(secret);
  }

  @Test
  void regenerating_the_applications_credentials_changes_every_device_secret() {
    String before = secrets.secret(APP, "sensor-1");
    generations.put(APP, 1L);

    assertThat(secrets.secret(APP, "sensor-1")).isNotEqualTo(before);
    assertThat(secrets.verify(APP, "sensor-1", before)).isFalse();
  }

  @Test
  void verifies_only_the_devices_own_secret() {
    String secret = secrets.secret(APP, "sensor-1");

    assertThat(secrets.verify(APP, "sensor-1", secret)).isTrue();
    assertThat(secrets.verify(APP, "sensor-2", secret)).isFalse();
    assertThat(secrets.verify(OTHER_APP, "sensor-1", secret)).isFalse();
    assertThat(secrets.verify(APP, "sensor-1", secret.substring(1))).isFalse();
    assertThat(secrets.verify(APP, "sensor-1", "")).isFalse();
    assertThat(secrets.verify(APP, "sensor-1", null)).isFalse();
  }

  @Test
  void by_default_a_device_attaches_only_with_its_own_secret() {
    String secret = secrets.secret(APP, "sensor-1");

    assertThat(secrets.credential(APP, "sensor-1", null)).isEmpty();
    assertThat(secrets.credential(APP, "sensor-1", "wrong")).isEmpty();
    assertThat(secrets.credential(APP, "sensor-2", secret)).isEmpty();
    assertThat(secrets.credential(APP, "sensor-1", secret))
        .contains(DeviceCredential.DEVICE_SECRET);
  }

  @Test
  void open_attachment_takes_the_key_alone_as_the_weakest_credential_but_never_a_wrong_secret()
      throws Exception {
    String secret = secrets.secret(APP, "sensor-1");

    settings.update(APP, Json.MAPPER.readTree("{\"device_secret_required\":false}"));

    assertThat(secrets.credential(APP, "sensor-1", null)).contains(DeviceCredential.APP_KEY);
    assertThat(secrets.credential(APP, "sensor-1", "wrong")).isEmpty();
    assertThat(secrets.credential(APP, "sensor-1", secret))
        .contains(DeviceCredential.DEVICE_SECRET);
    assertThat(secrets.credential(OTHER_APP, "sensor-1", null)).isEmpty();
  }
}
