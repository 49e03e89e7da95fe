package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttConnectPayload;
import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttConnectVariableHeader;
import io.netty.handler.codec.mqtt.MqttIdentifierRejectedException;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttUnacceptableProtocolVersionException;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of an MQTT connection: the first packet must be a CONNECT, within the attach timeout.
 * Its client id is the device id, its user name the application key, its password the device
 * secret; {@link DeviceAdmission} decides off the I/O thread. Admitted, the device gets a CONNACK
 * and this handler gives way to the device's {@link MqttDevice}; refused, a CONNACK with the reason
 * (MQTT 3.1.1 return code or MQTT 5 reason code) and the connection closes.
 */
final class MqttConnect extends DeviceGate<Object> {
  static final String NAME = "connect";

  /** Packets a client may send after its CONNECT before the CONNACK (MQTT allows it). */
  private static final int MAX_EARLY_PACKETS = 16;

  private boolean connecting;
  private List<MqttMessage> early;

  MqttConnect(
      DeviceHub hub,
      DeviceAdmission admission,
      Duration heartbeat,
      int maxMessageBytes,
      Duration attachTimeout) {
    super(Object.class, false, hub, admission, heartbeat, maxMessageBytes, attachTimeout);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    super.handlerRemoved(ctx);
    releaseEarly();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    releaseEarly();
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, Object message) {
    if (!(message instanceof MqttMessage packet)) {
      ReferenceCountUtil.release(message);
      ctx.close();
      return;
    }
    if (connecting) {
      holdEarly(ctx, packet);
      return;
    }
    try {
      if (packet.decoderResult().isFailure()) {
        refuseUndecodable(ctx, packet.decoderResult().cause());
      } else if (packet.fixedHeader().messageType() != MqttMessageType.CONNECT) {
        ctx.close(); // MQTT: the first packet of a connection is a CONNECT
      } else {
        connect(ctx, (MqttConnectMessage) packet);
      }
    } finally {
      ReferenceCountUtil.release(packet);
    }
  }

  private void holdEarly(ChannelHandlerContext ctx, MqttMessage packet) {
    if (packet.decoderResult().isFailure()
        || packet.fixedHeader().messageType() == MqttMessageType.CONNECT
        || (early != null && early.size() >= MAX_EARLY_PACKETS)) {
      ReferenceCountUtil.release(packet);
      ctx.close();
      return;
    }
    if (early == null) {
      early = new ArrayList<>(4);
    }
    early.add(packet);
  }

  private void releaseEarly() {
    if (early != null) {
      early.forEach(ReferenceCountUtil::release);
      early = null;
    }
  }

  private static void refuseUndecodable(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof MqttUnacceptableProtocolVersionException) {
      refuse(ctx.channel(), MqttConnectReturnCode.CONNECTION_REFUSED_UNACCEPTABLE_PROTOCOL_VERSION);
    } else if (cause instanceof MqttIdentifierRejectedException) {
      refuse(ctx.channel(), MqttConnectReturnCode.CONNECTION_REFUSED_IDENTIFIER_REJECTED);
    } else {
      EdgeServer.refused(ctx.channel(), cause);
    }
  }

  private void connect(ChannelHandlerContext ctx, MqttConnectMessage packet) {
    MqttConnectVariableHeader header = packet.variableHeader();
    MqttConnectPayload payload = packet.payload();
    boolean v5 = header.version() == 5;
    Channel channel = ctx.channel();
    if (v5 && header.properties().getProperty(MqttProperties.AUTHENTICATION_METHOD) != null) {
      refuse(channel, MqttConnectReturnCode.CONNECTION_REFUSED_BAD_AUTHENTICATION_METHOD);
      return;
    }
    if (!header.hasUserName() || payload.userName() == null) {
      refuse(channel, Refusal.CREDENTIALS.code(v5));
      return;
    }
    byte[] will = null;
    if (header.isWillFlag()) {
      MqttConnectReturnCode refused = refuseWill(header, payload, v5);
      if (refused != null) {
        refuse(channel, refused);
        return;
      }
      will = payload.willMessageInBytes();
    }
    String device = payload.clientIdentifier();
    String appKey = payload.userName();
    String secret =
        header.hasPassword() && payload.passwordInBytes() != null
            ? new String(payload.passwordInBytes(), StandardCharsets.UTF_8)
            : null;
    int keepAlive = header.keepAliveTimeSeconds();
    int clientMaxPacket = v5 ? clientMaxPacket(header.properties()) : 0;
    byte[] lastWill = will;
    connecting = true;
    channel.config().setAutoRead(false);
    admission.admit(
        new DeviceAdmission.Request(appKey, device, secret, "mqtt", EdgePort.address(channel)),
        ctx.executor(),
        outcome -> decided(ctx, outcome, device, keepAlive, v5, clientMaxPacket, lastWill));
  }

  /** An MQTT 5 client's Maximum Packet Size; 0 when it set none. */
  private static int clientMaxPacket(MqttProperties properties) {
    MqttProperties.MqttProperty<?> property =
        properties.getProperty(MqttProperties.MAXIMUM_PACKET_SIZE);
    return property != null && property.value() instanceof Integer size && size > 0 ? size : 0;
  }

  /** The will, if any, may only be an event of the device itself, at QoS 0 or 1, not retained. */
  private static MqttConnectReturnCode refuseWill(
      MqttConnectVariableHeader header, MqttConnectPayload payload, boolean v5) {
    if (!MqttDevice.isTopic(payload.willTopic(), payload.clientIdentifier(), MqttDevice.EVENTS)) {
      return v5
          ? MqttConnectReturnCode.CONNECTION_REFUSED_TOPIC_NAME_INVALID
          : MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED;
    }
    if (v5 && header.willQos() > 1) {
      return MqttConnectReturnCode.CONNECTION_REFUSED_QOS_NOT_SUPPORTED;
    }
    if (v5 && header.isWillRetain()) {
      return MqttConnectReturnCode.CONNECTION_REFUSED_RETAIN_NOT_SUPPORTED;
    }
    return null;
  }

  private void decided(
      ChannelHandlerContext ctx,
      DeviceAdmission.Outcome outcome,
      String device,
      int keepAlive,
      boolean v5,
      int clientMaxPacket,
      byte[] will) {
    Channel channel = ctx.channel();
    if (!channel.isActive()) {
      return;
    }
    if (!(outcome instanceof DeviceAdmission.Admitted admitted)) {
      refuse(channel, Refusal.of(((DeviceAdmission.Refused) outcome).status()).code(v5));
      return;
    }
    if (!admission.holdPlace(channel, admitted)) {
      refuse(channel, Refusal.BUSY.code(v5));
      return;
    }
    Duration beat = keepAlive > 0 ? Duration.ofSeconds(keepAlive) : heartbeat;
    MqttDevice session =
        new MqttDevice(
            hub,
            channel,
            Attached.now(admitted, device, EdgePort.address(channel), beat),
            v5,
            maxMessageBytes,
            clientMaxPacket,
            will);
    if (!hub.admits(session)) {
      refuse(channel, Refusal.NOT_AUTHORIZED.code(v5));
      return;
    }
    channel.writeAndFlush(accepted(v5, keepAlive == 0 ? (int) heartbeat.toSeconds() : 0));
    List<MqttMessage> held = early;
    early = null;
    ctx.pipeline().replace(this, MqttDevice.NAME, session);
    if (!hub.attach(session, "")) {
      channel.close(); // a stronger attachment came first, since admits
      return;
    }
    if (held != null) {
      ChannelHandlerContext decoder = channel.pipeline().context("decoder");
      held.forEach(decoder::fireChannelRead);
    }
    channel.config().setAutoRead(true);
  }

  /**
   * The CONNACK of an admitted device. MQTT 5 clients are told what this edge supports: QoS up to
   * 1, no retained messages, no wildcard, shared or identified subscriptions, no session kept, the
   * largest packet, and the keep-alive to use when they asked for none.
   */
  private MqttMessage accepted(boolean v5, int serverKeepAlive) {
    MqttMessageBuilders.ConnAckBuilder connAck =
        MqttMessageBuilders.connAck()
            .returnCode(MqttConnectReturnCode.CONNECTION_ACCEPTED)
            .sessionPresent(false);
    if (v5) {
      MqttMessageBuilders.ConnAckPropertiesBuilder properties =
          new MqttMessageBuilders.ConnAckPropertiesBuilder()
              .maximumQos((byte) 1)
              .retainAvailable(false)
              .wildcardSubscriptionAvailable(false)
              .sharedSubscriptionAvailable(false)
              .subscriptionIdentifiersAvailable(false)
              .sessionExpiryInterval(0)
              .maximumPacketSize(maxMessageBytes + MqttServer.HEADROOM);
      if (serverKeepAlive > 0) {
        properties.serverKeepAlive(serverKeepAlive);
      }
      connAck.properties(properties.build());
    }
    return connAck.build();
  }

  private static void refuse(Channel channel, MqttConnectReturnCode code) {
    channel
        .writeAndFlush(MqttMessageBuilders.connAck().returnCode(code).sessionPresent(false).build())
        .addListener(ChannelFutureListener.CLOSE);
  }

  /** Why an admission was refused, as MQTT 3.1.1 and MQTT 5 say it. */
  enum Refusal {
    IDENTIFIER(
        MqttConnectReturnCode.CONNECTION_REFUSED_IDENTIFIER_REJECTED,
        MqttConnectReturnCode.CONNECTION_REFUSED_CLIENT_IDENTIFIER_NOT_VALID),
    CREDENTIALS(
        MqttConnectReturnCode.CONNECTION_REFUSED_BAD_USER_NAME_OR_PASSWORD,
        MqttConnectReturnCode.CONNECTION_REFUSED_BAD_USERNAME_OR_PASSWORD),
    UNAVAILABLE(
        MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE,
        MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE_5),
    BUSY(
        MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE,
        MqttConnectReturnCode.CONNECTION_REFUSED_QUOTA_EXCEEDED),
    NOT_AUTHORIZED(
        MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED,
        MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED_5);

    private final MqttConnectReturnCode v3;
    private final MqttConnectReturnCode v5;

    Refusal(MqttConnectReturnCode v3, MqttConnectReturnCode v5) {
      this.v3 = v3;
      this.v5 = v5;
    }

    MqttConnectReturnCode code(boolean mqtt5) {
      return mqtt5 ? v5 : v3;
    }

    /** The refusal for the HTTP status {@link DeviceAdmission} answers Cometa's devices with. */
    static Refusal of(int status) {
      return switch (status) {
        case 400 -> IDENTIFIER;
        case 401, 403 -> CREDENTIALS;
        case 429 -> BUSY;
        case 503 -> UNAVAILABLE;
        default -> NOT_AUTHORIZED;
      };
    }
  }
}
