package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.benmanes.caffeine.cache.Ticker;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.TokenCodec;
import io.meridian.testing.MutableClock;
import io.meridian.testing.SequentialIds;
import io.meridian.testing.device.MemoryDeviceKeyStore;
import io.meridian.testing.device.MemoryEdgeSettingsStore;
import io.meridian.testing.identity.token.MemoryAccessEventStore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class DeviceSecretsTest {
  private static final UUID APP = UUID.randomUUID();
  private static final UUID OTHER_APP = UUID.randomUUID();

  private final Map<UUID, Long> generations = new ConcurrentHashMap<>();
  private final MemoryEdgeSettingsStore store = new MemoryEdgeSettingsStore();
  private final EdgeSettingsService settings =
      new EdgeSettingsService(store, new byte[32], Duration.ZERO, Ticker.systemTicker());
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T07:00:00Z"));
  private final AccessFeed feed = feed(new MemoryAccessEventStore(new SequentialIds(clock)));
  private final MemoryDeviceKeyStore keys = new MemoryDeviceKeyStore();
  private final DeviceSecrets secrets = secrets(key(7), keys, feed);

  private AccessFeed feed(MemoryAccessEventStore events) {
    return new AccessFeed(
        events, clock, Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(1));
  }

  private DeviceSecrets secrets(byte[] key, MemoryDeviceKeyStore keys, AccessFeed feed) {
    return new DeviceSecrets(
        new TokenCodec(key), app -> generations.getOrDefault(app, 0L), settings, keys, feed);
  }

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
    assertThat(secrets(key(8), new MemoryDeviceKeyStore(), feed).secret(APP, "sensor-1"))
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
        .contains(new DeviceSecrets.Proof(DeviceCredential.DEVICE_SECRET, 0));
  }

  @Test
  void open_attachment_takes_the_key_alone_as_the_weakest_credential_but_never_a_wrong_secret()
      throws Exception {
    String secret = secrets.secret(APP, "sensor-1");

    settings.update(APP, Json.MAPPER.readTree("{\"device_secret_required\":false}"));

    assertThat(secrets.credential(APP, "sensor-1", null))
        .contains(new DeviceSecrets.Proof(DeviceCredential.APP_KEY, 0));
    assertThat(secrets.credential(APP, "sensor-1", "wrong")).isEmpty();
    assertThat(secrets.credential(APP, "sensor-1", secret))
        .contains(new DeviceSecrets.Proof(DeviceCredential.DEVICE_SECRET, 0));
    assertThat(secrets.credential(OTHER_APP, "sensor-1", null)).isEmpty();
  }

  @Test
  void a_secret_derived_before_devices_had_generations_stays_valid_until_it_is_rotated() {
    byte[] message =
        ByteBuffer.allocate(23 + 16 + 8 + 8)
            .put("meridian device secret\0".getBytes(StandardCharsets.UTF_8))
            .putLong(APP.getMostSignificantBits())
            .putLong(APP.getLeastSignificantBits())
            .putLong(0)
            .put("sensor-1".getBytes(StandardCharsets.UTF_8))
            .array();
    String original =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(new TokenCodec(key(7)).sign(message, message.length));

    assertThat(secrets.secret(APP, "sensor-1")).isEqualTo(original);
    secrets.rotate(APP, "sensor-1");
    assertThat(secrets.verify(APP, "sensor-1", original)).isFalse();
  }

  @Test
  void a_rotation_gives_a_new_secret_and_refuses_the_old_one_at_once() {
    String before = secrets.secret(APP, "sensor-1");
    String other = secrets.secret(APP, "sensor-2");

    DeviceSecrets.Current rotated = secrets.rotate(APP, "sensor-1");

    assertThat(rotated.secret()).isNotEqualTo(before).isEqualTo(secrets.secret(APP, "sensor-1"));
    assertThat(rotated.generation()).isEqualTo(1);
    assertThat(secrets.credential(APP, "sensor-1", before)).isEmpty();
    assertThat(secrets.credential(APP, "sensor-1", rotated.secret()))
        .contains(new DeviceSecrets.Proof(DeviceCredential.DEVICE_SECRET, 1));
    assertThat(secrets.secret(APP, "sensor-2")).isEqualTo(other);
    assertThat(secrets.rotate(APP, "sensor-1").secret()).isNotIn(before, rotated.secret());
  }

  @Test
  void a_revoked_device_attaches_with_nothing_until_its_secret_is_rotated() throws Exception {
    String before = secrets.secret(APP, "sensor-1");
    settings.update(APP, Json.MAPPER.readTree("{\"device_secret_required\":false}"));

    DeviceSecrets.Current revoked = secrets.revoke(APP, "sensor-1");

    assertThat(revoked.revoked()).isTrue();
    assertThat(revoked.secret()).isNull();
    assertThat(secrets.current(APP, "sensor-1").secret()).isNull();
    assertThat(secrets.credential(APP, "sensor-1", before)).isEmpty();
    assertThat(secrets.credential(APP, "sensor-1", null)).isEmpty();
    assertThat(secrets.credential(APP, "sensor-2", null)).isPresent();

    DeviceSecrets.Current restored = secrets.rotate(APP, "sensor-1");
    assertThat(restored.revoked()).isFalse();
    assertThat(restored.secret()).isNotEqualTo(before);
    assertThat(secrets.credential(APP, "sensor-1", restored.secret())).isPresent();
  }

  @Test
  void a_session_holds_until_its_device_is_revoked_or_the_secret_it_proved_is_rotated() {
    DeviceSession withSecret = session("sensor-1", DeviceCredential.DEVICE_SECRET, 0);
    DeviceSession withKey = session("sensor-1", DeviceCredential.APP_KEY, 0);
    assertThat(secrets.holds(withSecret)).isTrue();

    secrets.rotate(APP, "sensor-1");
    assertThat(secrets.holds(withSecret)).isFalse();
    assertThat(secrets.holds(withKey)).isTrue();
    assertThat(secrets.holds(session("sensor-1", DeviceCredential.DEVICE_SECRET, 1))).isTrue();

    secrets.revoke(APP, "sensor-1");
    assertThat(secrets.holds(withKey)).isFalse();
    assertThat(secrets.holds(session("sensor-1", DeviceCredential.DEVICE_SECRET, 1))).isFalse();
  }

  @Test
  void another_node_learns_of_a_rotation_from_the_feed_and_tells_its_listeners() {
    MemoryAccessEventStore events = new MemoryAccessEventStore(new SequentialIds(clock));
    AccessFeed here = feed(events);
    AccessFeed there = feed(events);
    DeviceSecrets secrets = secrets(key(7), keys, here);
    DeviceSecrets elsewhere = secrets(key(7), keys, there);
    List<UUID> told = new CopyOnWriteArrayList<>();
    elsewhere.onChange(told::add);
    String before = elsewhere.secret(APP, "sensor-1");
    int reads = keys.loads.get();

    assertThat(elsewhere.secret(APP, "sensor-1")).isEqualTo(before);
    assertThat(keys.loads.get()).isEqualTo(reads); // cached: an attach reads nothing

    String rotated = secrets.rotate(APP, "sensor-1").secret();
    assertThat(told).isEmpty();
    there.poll();

    assertThat(told).containsExactly(APP);
    assertThat(elsewhere.secret(APP, "sensor-1")).isEqualTo(rotated);
  }

  @Test
  void a_node_that_cannot_see_revocations_admits_no_device_until_it_catches_up() throws Exception {
    MemoryAccessEventStore events = new MemoryAccessEventStore(new SequentialIds(clock));
    try (AccessFeed stale =
        new AccessFeed(
            events, clock, Duration.ofMinutes(1), Duration.ofSeconds(10), Duration.ofMillis(1))) {
      stale.start();
      DeviceSecrets secrets = secrets(key(7), keys, stale);
      String secret = secrets.secret(APP, "sensor-1");
      events.setAvailable(false);
      Thread.sleep(5);

      assertThatThrownBy(() -> secrets.credential(APP, "sensor-1", secret))
          .isInstanceOfSatisfying(
              MeridianException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_UNAVAILABLE));

      events.setAvailable(true);
      assertThat(secrets.credential(APP, "sensor-1", secret)).isPresent();
    }
  }

  private static DeviceSession session(String device, DeviceCredential credential, long gen) {
    return new TestSession(APP, device, Instant.EPOCH, credential, gen);
  }
}
