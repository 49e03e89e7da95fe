package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.device.DeviceCounters;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceIds;
import io.meridian.core.device.DeviceSession;
import io.meridian.edge.MqttServer;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Devices on the MQTT port (docs/devices-mqtt.md), with Eclipse Paho's 3.1.1 and 5 clients and with
 * raw bytes: RPCs from the API answered over MQTT, events, the refusals of bad credentials and of
 * other devices' topics, and bad input that closes its own connection only.
 */
class MqttDeviceIT extends MeridianIT {
  @Autowired private MqttServer mqtt;
  @Autowired private DeviceHub hub;

  private final ExecutorService replies = Executors.newCachedThreadPool();

  /**
   * This class is about MQTT's framing, topics and refusals, and its raw clients attach with the
   * application key alone, which the application allows here (open attachment). The Paho clients
   * present the device's secret all the same; DeviceTakeoverIT shows what secrets guard.
   */
  @BeforeEach
  void allowOpenAttachment() {
    ApiClient.Reply reply =
        api.put(path("devices/_settings"), "{\"device_secret_required\":false}");
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
  }

  @AfterEach
  void stopReplying() {
    replies.shutdownNow();
  }

  private String uri() {
    return "tcp://127.0.0.1:" + mqtt.port();
  }

  private static String deviceId() {
    return "dev-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private String send(String device, String body) {
    ApiClient.Reply reply =
        api.send("POST", path("devices/" + device + "/send"), body, "text/plain");
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.body();
  }

  /** A Paho 3.1.1 device of this test's application. */
  private MqttClient device311(String device) throws MqttException {
    MqttClient client = new MqttClient(uri(), device, new MemoryPersistence());
    MqttConnectOptions options = new MqttConnectOptions();
    options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
    options.setUserName(credentials.clientId());
    options.setPassword(deviceSecret(device).toCharArray());
    options.setAutomaticReconnect(false);
    options.setKeepAliveInterval(30);
    client.connect(options);
    return client;
  }

  private org.eclipse.paho.mqttv5.client.MqttClient device5(String device, String appKey)
      throws org.eclipse.paho.mqttv5.common.MqttException {
    org.eclipse.paho.mqttv5.client.MqttClient client =
        new org.eclipse.paho.mqttv5.client.MqttClient(
            uri(), device, new org.eclipse.paho.mqttv5.client.persist.MemoryPersistence());
    MqttConnectionOptions options = new MqttConnectionOptions();
    options.setUserName(appKey);
    if (appKey.equals(credentials.clientId()) && DeviceIds.isValid(device)) {
      options.setPassword(deviceSecret(device).getBytes(StandardCharsets.UTF_8));
    }
    options.setCleanStart(true);
    options.setAutomaticReconnect(false);
    client.connect(options);
    return client;
  }

  /** The hub's session of a device, once attached. */
  private DeviceSession session(String device) {
    return Eventually.within(
        Duration.ofSeconds(5),
        () -> {
          DeviceSession found =
              hub.sessions().stream()
                  .filter(session -> session.device().equals(device))
                  .findFirst()
                  .orElse(null);
          assertThat(found).as("session of " + device).isNotNull();
          return found;
        });
  }

  private DeviceCounters.Snapshot counters(String device) {
    DeviceSession session = session(device);
    return hub.counters(session.app(), device);
  }

  @Test
  void aMqtt311DeviceAnswersAnRpcSentThroughTheApiAtQos1BothWays() throws Exception {
    String device = deviceId();
    MqttClient client = device311(device);
    try {
      AtomicInteger requestQos = new AtomicInteger(-1);
      IMqttToken subscribed =
          client.subscribeWithResponse(
              "devices/" + device + "/rpc",
              1,
              (topic, message) -> {
                requestQos.set(message.getQos());
                String reply = "pong:" + new String(message.getPayload(), StandardCharsets.UTF_8);
                // A QoS 1 publish returns once the server's PUBACK came back.
                replies.execute(
                    () -> publish311(client, "devices/" + device + "/rpc/reply", reply, 1));
              });
      assertThat(subscribed.getGrantedQos()).containsExactly(1);

      assertThat(send(device, "ping")).isEqualTo("pong:ping");
      assertThat(requestQos.get()).isEqualTo(1);
      assertThat(session(device).transport()).isEqualTo("mqtt");
      assertThat(counters(device).rpcs()).isEqualTo(1);
    } finally {
      client.disconnect();
      client.close();
    }
  }

  private static void publish311(MqttClient client, String topic, String body, int qos) {
    try {
      MqttMessage message = new MqttMessage(body.getBytes(StandardCharsets.UTF_8));
      message.setQos(qos);
      client.publish(topic, message);
    } catch (MqttException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aMqtt5DeviceAnswersAnRpcSentThroughTheApiAtQos0() throws Exception {
    String device = deviceId();
    org.eclipse.paho.mqttv5.client.MqttClient client = device5(device, credentials.clientId());
    try {
      AtomicInteger requestQos = new AtomicInteger(-1);
      client.subscribe(
          new MqttSubscription[] {new MqttSubscription("devices/" + device + "/rpc", 0)},
          new org.eclipse.paho.mqttv5.client.IMqttMessageListener[] {
            (topic, message) -> {
              requestQos.set(message.getQos());
              byte[] reply =
                  ("v5:" + new String(message.getPayload(), StandardCharsets.UTF_8))
                      .getBytes(StandardCharsets.UTF_8);
              replies.execute(
                  () -> {
                    try {
                      client.publish("devices/" + device + "/rpc/reply", reply, 0, false);
                    } catch (org.eclipse.paho.mqttv5.common.MqttException e) {
                      throw new IllegalStateException(e);
                    }
                  });
            }
          });

      assertThat(send(device, "{\"cmd\":\"status\"}")).isEqualTo("v5:{\"cmd\":\"status\"}");
      assertThat(requestQos.get()).isZero();
    } finally {
      client.disconnect();
      client.close();
    }
  }

  @Test
  void anRpcLargerThanAnMqtt5DevicesMaximumPacketSizeIsNotSent() throws Exception {
    String device = deviceId();
    org.eclipse.paho.mqttv5.client.MqttClient client =
        new org.eclipse.paho.mqttv5.client.MqttClient(
            uri(), device, new org.eclipse.paho.mqttv5.client.persist.MemoryPersistence());
    MqttConnectionOptions options = new MqttConnectionOptions();
    options.setUserName(credentials.clientId());
    options.setMaximumPacketSize(200L);
    client.connect(options);
    try {
      AtomicInteger received = new AtomicInteger();
      client.subscribe(
          new MqttSubscription[] {new MqttSubscription("devices/" + device + "/rpc", 0)},
          new org.eclipse.paho.mqttv5.client.IMqttMessageListener[] {
            (topic, message) -> {
              received.incrementAndGet();
              replies.execute(
                  () -> {
                    try {
                      client.publish("devices/" + device + "/rpc/reply", "ok".getBytes(), 0, false);
                    } catch (org.eclipse.paho.mqttv5.common.MqttException e) {
                      throw new IllegalStateException(e);
                    }
                  });
            }
          });
      ApiClient.Reply tooLarge =
          api.send(
              "POST",
              path("devices/" + device + "/send") + "?timeout=1000",
              "x".repeat(300),
              "text/plain");
      assertThat(tooLarge.status()).isEqualTo(504);
      assertThat(tooLarge.error()).isEqualTo("device_timeout");
      assertThat(send(device, "small")).isEqualTo("ok");
      assertThat(received.get()).isEqualTo(1);
      assertThat(client.isConnected()).isTrue();
    } finally {
      client.disconnect();
      client.close();
    }
  }

  @Test
  void aQos2SubscriptionIsGrantedQos1() throws Exception {
    String device = deviceId();
    MqttClient client = device311(device);
    try {
      IMqttToken subscribed =
          client.subscribeWithResponse("devices/" + device + "/rpc", 2, (topic, message) -> {});
      assertThat(subscribed.getGrantedQos()).containsExactly(1);
    } finally {
      client.disconnect();
      client.close();
    }
  }

  @Test
  void anEventPublishedAtQos1IsAcknowledgedAndReachesTheHub() throws Exception {
    String device = deviceId();
    MqttClient client = device311(device);
    try {
      long before = counters(device).bytesReceived();
      publish311(client, "devices/" + device + "/events", "{\"temperature\":21.5}", 1);
      publish311(client, "devices/" + device + "/events", "{\"temperature\":21.6}", 0);
      Eventually.within(
          Duration.ofSeconds(5),
          () -> assertThat(counters(device).bytesReceived() - before).isEqualTo(40));
    } finally {
      client.disconnect();
      client.close();
    }
  }

  @Test
  void aSubscriptionToAnotherDevicesTopicIsRefused() throws Exception {
    String device = deviceId();
    MqttClient client = device311(device);
    try {
      IMqttToken refused =
          client.subscribeWithResponse("devices/someone-else/rpc", 1, (t, m) -> {});
      assertThat(refused.getGrantedQos()).containsExactly(0x80);
      assertThat(client.isConnected()).isTrue();
    } finally {
      client.disconnect();
      client.close();
    }
    org.eclipse.paho.mqttv5.client.MqttClient v5 = device5(deviceId(), credentials.clientId());
    try {
      org.eclipse.paho.mqttv5.client.IMqttToken token =
          v5.subscribe(
              new MqttSubscription[] {new MqttSubscription("devices/someone-else/rpc", 1)});
      assertThat(token.getReasonCodes()).containsExactly(0x87);
    } catch (org.eclipse.paho.mqttv5.common.MqttException e) {
      assertThat(e.getReasonCode()).isEqualTo(0x87);
    } finally {
      v5.disconnectForcibly(1000);
      v5.close();
    }
  }

  @Test
  void aPublishToAnotherTopicIsRefused() throws Exception {
    String device = deviceId();
    org.eclipse.paho.mqttv5.client.MqttAsyncClient v5 =
        new org.eclipse.paho.mqttv5.client.MqttAsyncClient(
            uri(), device, new org.eclipse.paho.mqttv5.client.persist.MemoryPersistence());
    MqttConnectionOptions options = new MqttConnectionOptions();
    options.setUserName(credentials.clientId());
    v5.connect(options).waitForCompletion(5000);
    try {
      org.eclipse.paho.mqttv5.client.IMqttToken token =
          v5.publish(
              "devices/someone-else/rpc/reply", "x".getBytes(StandardCharsets.UTF_8), 1, false);
      try {
        token.waitForCompletion(5000);
        assertThat(token.getReasonCodes()).containsExactly(0x87);
      } catch (org.eclipse.paho.mqttv5.common.MqttException e) {
        assertThat(e.getReasonCode()).isEqualTo(0x87);
      }
      // Refused with a PUBACK, the device stays attached.
      assertThat(v5.isConnected()).isTrue();
      session(device);
    } finally {
      v5.disconnectForcibly(1000);
      v5.close();
    }
    // MQTT 3.1.1 has no way to say no to a publish: the connection closes.
    String other = deviceId();
    try (RawClient raw = RawClient.connect(mqtt.port(), other, credentials.clientId(), 30)) {
      raw.write(RawClient.publish("devices/" + other + "x/events", "x"));
      assertThat(raw.closedWithin(Duration.ofSeconds(5))).isTrue();
    }
  }

  @Test
  void badCredentialsAreRefusedWithTheirReturnCode() throws Exception {
    MqttConnectOptions options = new MqttConnectOptions();
    options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
    options.setUserName("not-an-application-key");
    MqttClient unknownKey = new MqttClient(uri(), deviceId(), new MemoryPersistence());
    assertThatThrownBy(() -> unknownKey.connect(options))
        .isInstanceOfSatisfying(
            MqttException.class,
            e ->
                assertThat(e.getReasonCode())
                    .isEqualTo(MqttException.REASON_CODE_FAILED_AUTHENTICATION));
    unknownKey.close();

    options.setUserName(credentials.clientId());
    MqttClient badId = new MqttClient(uri(), "not a device id!", new MemoryPersistence());
    assertThatThrownBy(() -> badId.connect(options))
        .isInstanceOfSatisfying(
            MqttException.class,
            e ->
                assertThat(e.getReasonCode())
                    .isEqualTo(MqttException.REASON_CODE_INVALID_CLIENT_ID));
    badId.close();

    assertThatThrownBy(() -> device5(deviceId(), "not-an-application-key"))
        .isInstanceOfSatisfying(
            org.eclipse.paho.mqttv5.common.MqttException.class,
            e -> assertThat(e.getReasonCode()).isEqualTo(0x86));
    assertThatThrownBy(() -> device5("not a device id!", credentials.clientId()))
        .isInstanceOfSatisfying(
            org.eclipse.paho.mqttv5.common.MqttException.class,
            e -> assertThat(e.getReasonCode()).isEqualTo(0x85));
  }

  @Test
  void aWillOnAnyTopicButTheDevicesOwnEventsIsRefused() throws Exception {
    String device = deviceId();
    try (RawClient raw = RawClient.open(mqtt.port())) {
      raw.write(
          RawClient.connectPacket(
              device, credentials.clientId(), 30, "devices/someone-else/events", "gone"));
      assertThat(raw.read(4)).containsExactly(0x20, 0x02, 0x00, 0x05); // not authorized
      assertThat(raw.closedWithin(Duration.ofSeconds(5))).isTrue();
    }
    try (RawClient raw = RawClient.open(mqtt.port())) {
      raw.write(
          RawClient.connectPacket(
              device, credentials.clientId(), 30, "devices/" + device + "/events", "gone"));
      assertThat(raw.read(4)).containsExactly(0x20, 0x02, 0x00, 0x00);
      session(device);
    }
  }

  @Test
  void garbageAndAHugeRemainingLengthCloseTheirConnectionsOnly() throws Exception {
    String device = deviceId();
    MqttClient client = device311(device);
    try {
      client.subscribe(
          "devices/" + device + "/rpc",
          1,
          (topic, message) ->
              replies.execute(
                  () -> publish311(client, "devices/" + device + "/rpc/reply", "still here", 1)));

      try (RawClient garbage = RawClient.open(mqtt.port())) {
        garbage.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(garbage.closedWithin(Duration.ofSeconds(5))).isTrue();
      }
      try (RawClient huge = RawClient.open(mqtt.port())) {
        // A CONNECT announcing 268 MB: refused on its fixed header, before any more is read.
        huge.write(new byte[] {0x10, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F});
        huge.write(new byte[8192]);
        assertThat(huge.closedWithin(Duration.ofSeconds(5))).isTrue();
      }
      String other = deviceId();
      try (RawClient attached = RawClient.connect(mqtt.port(), other, credentials.clientId(), 30)) {
        // An attached device's PUBLISH of 2 MB, over max-message-bytes.
        attached.write(new byte[] {0x30, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01});
        assertThat(attached.closedWithin(Duration.ofSeconds(5))).isTrue();
      }

      assertThat(send(device, "are you there?")).isEqualTo("still here");
    } finally {
      client.disconnect();
      client.close();
    }
  }

  @Test
  void aConnectionThatNeverSendsConnectIsClosedAfterTheAttachTimeout() throws Exception {
    try (RawClient silent = RawClient.open(mqtt.port())) {
      long start = System.nanoTime();
      assertThat(silent.closedWithin(Duration.ofSeconds(8))).isTrue();
      // meridian.edge.attach-timeout is 2s in the tests
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThan(Duration.ofMillis(1500));
    }
  }

  @Test
  void packetsSentRightAfterConnectAreAnsweredOnceAttached() throws Exception {
    String device = deviceId();
    try (RawClient raw = RawClient.open(mqtt.port())) {
      // CONNECT, SUBSCRIBE (id 7, devices/{id}/rpc at QoS 1) and PINGREQ in one write, as MQTT
      // allows a client to send before its CONNACK.
      ByteArrayOutputStream burst = new ByteArrayOutputStream();
      burst.writeBytes(RawClient.connectPacket(device, credentials.clientId(), 30));
      burst.writeBytes(RawClient.subscribe(7, "devices/" + device + "/rpc", 1));
      burst.writeBytes(new byte[] {(byte) 0xC0, 0x00});
      raw.write(burst.toByteArray());
      assertThat(raw.read(4)).containsExactly(0x20, 0x02, 0x00, 0x00);
      assertThat(raw.read(5)).containsExactly(0x90, 0x03, 0x00, 0x07, 0x01);
      assertThat(raw.read(2)).containsExactly(0xD0, 0x00);
    }
  }

  @Test
  void aSecondConnectIsAProtocolViolationThatDetachesTheDevice() throws Exception {
    String device = deviceId();
    try (RawClient raw = RawClient.connect(mqtt.port(), device, credentials.clientId(), 30)) {
      session(device);
      raw.write(RawClient.connectPacket(device, credentials.clientId(), 30));
      assertThat(raw.closedWithin(Duration.ofSeconds(5))).isTrue();
    }
    Eventually.within(
        Duration.ofSeconds(5),
        () ->
            assertThat(hub.sessions().stream().map(DeviceSession::device)).doesNotContain(device));
  }

  @Test
  void aPingIsAnsweredAndADeviceSilentForOneAndAHalfKeepAlivesIsDetached() throws Exception {
    String device = deviceId();
    try (RawClient raw = RawClient.connect(mqtt.port(), device, credentials.clientId(), 1)) {
      assertThat(session(device).heartbeat()).isEqualTo(Duration.ofSeconds(1));
      long heartbeats = counters(device).messagesReceived();
      raw.write(new byte[] {(byte) 0xC0, 0x00});
      assertThat(raw.read(2)).containsExactly(0xD0, 0x00);
      assertThat(counters(device).messagesReceived()).isEqualTo(heartbeats + 1);
      // Silent from now on: the sweep closes it after 1.5 s, within a second more.
      assertThat(raw.closedWithin(Duration.ofSeconds(6))).isTrue();
    }
    Eventually.within(
        Duration.ofSeconds(5),
        () ->
            assertThat(hub.sessions().stream().map(DeviceSession::device)).doesNotContain(device));
  }

  @Test
  void aDisconnectDetachesTheDevice() throws Exception {
    String device = deviceId();
    MqttClient client = device311(device);
    session(device);
    client.disconnect();
    client.close();
    Eventually.within(
        Duration.ofSeconds(5),
        () ->
            assertThat(hub.sessions().stream().map(DeviceSession::device)).doesNotContain(device));
    ApiClient.Reply reply =
        api.send("POST", path("devices/" + device + "/send"), "x", "text/plain");
    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.error()).isEqualTo("device_not_connected");
  }

  /** MQTT 3.1.1 written byte by byte, for what a library will not send. */
  static final class RawClient implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawClient(Socket socket) throws IOException {
      this.socket = socket;
      this.in = socket.getInputStream();
      this.out = socket.getOutputStream();
    }

    static RawClient open(int port) throws IOException {
      Socket socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(250);
      return new RawClient(socket);
    }

    /** Opens and attaches: CONNECT, then the CONNACK that accepts it. */
    static RawClient connect(int port, String device, String appKey, int keepAlive)
        throws IOException {
      RawClient client = open(port);
      client.write(connectPacket(device, appKey, keepAlive));
      assertThat(client.read(4)).containsExactly(0x20, 0x02, 0x00, 0x00);
      return client;
    }

    static byte[] connectPacket(String device, String appKey, int keepAlive) {
      return connectPacket(device, appKey, keepAlive, null, null);
    }

    /** A 3.1.1 CONNECT, with a will (QoS 0) when its topic is given. */
    static byte[] connectPacket(
        String device, String appKey, int keepAlive, String willTopic, String will) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      string(body, "MQTT");
      body.write(4); // 3.1.1
      body.write(0x80 | 0x02 | (willTopic == null ? 0 : 0x04)); // user name, clean session, will
      body.write(keepAlive >> 8);
      body.write(keepAlive & 0xFF);
      string(body, device);
      if (willTopic != null) {
        string(body, willTopic);
        string(body, will);
      }
      string(body, appKey);
      return packet(0x10, body.toByteArray());
    }

    static byte[] subscribe(int packetId, String filter, int qos) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      body.write(packetId >> 8);
      body.write(packetId & 0xFF);
      string(body, filter);
      body.write(qos);
      return packet(0x82, body.toByteArray());
    }

    static byte[] publish(String topic, String payload) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      string(body, topic);
      body.writeBytes(payload.getBytes(StandardCharsets.UTF_8));
      return packet(0x30, body.toByteArray());
    }

    private static void string(ByteArrayOutputStream out, String value) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      out.write(bytes.length >> 8);
      out.write(bytes.length & 0xFF);
      out.writeBytes(bytes);
    }

    private static byte[] packet(int type, byte[] body) {
      ByteArrayOutputStream packet = new ByteArrayOutputStream();
      packet.write(type);
      int length = body.length;
      do {
        int digit = length % 128;
        length /= 128;
        packet.write(length > 0 ? digit | 0x80 : digit);
      } while (length > 0);
      packet.writeBytes(body);
      return packet.toByteArray();
    }

    void write(byte[] bytes) {
      try {
        out.write(bytes);
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** The next bytes the server sent, waiting up to 5 seconds. */
    byte[] read(int count) throws IOException {
      byte[] bytes = new byte[count];
      long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      int read = 0;
      while (read < count) {
        try {
          int n = in.read(bytes, read, count - read);
          if (n < 0) {
            throw new AssertionError("closed after " + read + " of " + count + " bytes");
          }
          read += n;
        } catch (SocketTimeoutException e) {
          if (System.nanoTime() > deadline) {
            throw new AssertionError("no answer within 5 s", e);
          }
        }
      }
      return bytes;
    }

    /**
     * Whether the server closed the connection within the time (what it sent before is skipped).
     */
    boolean closedWithin(Duration timeout) {
      long deadline = System.nanoTime() + timeout.toNanos();
      byte[] buffer = new byte[1024];
      while (System.nanoTime() < deadline) {
        try {
          if (in.read(buffer) < 0) {
            return true;
          }
        } catch (SocketTimeoutException e) {
          // still open
        } catch (IOException e) {
          return true; // reset
        }
      }
      return false;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
