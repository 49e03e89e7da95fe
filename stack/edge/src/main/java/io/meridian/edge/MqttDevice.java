package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageIdAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttPublishVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.handler.codec.mqtt.MqttSubAckMessage;
import io.netty.handler.codec.mqtt.MqttSubAckPayload;
import io.netty.handler.codec.mqtt.MqttSubscribeMessage;
import io.netty.handler.codec.mqtt.MqttTopicSubscription;
import io.netty.handler.codec.mqtt.MqttUnsubscribeMessage;
import io.netty.util.ReferenceCountUtil;
import java.util.List;

/**
 * A device attached over MQTT: the last handler of its connection once its CONNECT is admitted, and
 * its session in the hub. Its topics, all under {@code devices/{device_id}/}:
 *
 * <ul>
 *   <li>{@code rpc}: RPC requests from the application; the device subscribes to it, at QoS 0 or 1
 *       (QoS 2 is granted as 1), and gets each request at that QoS;
 *   <li>{@code rpc/reply}: the device publishes each reply there;
 *   <li>{@code events}: the device publishes its upstream events there.
 * </ul>
 *
 * Any other topic is refused: a subscription with a failure code, a publish with a PUBACK reason
 * code (MQTT 5, QoS 1) or the connection closed. PINGREQ is the device's heartbeat. No session is
 * kept across connections: nothing is resent, and a device subscribes after each CONNECT.
 *
 * <p>State other than {@link #lastSeen()} is only touched on the connection's event loop.
 */
final class MqttDevice extends DeviceConnection<Object> {
  static final String NAME = "device";
  static final String PREFIX = "devices/";
  static final String RPC = "/rpc";
  static final String REPLY = "/rpc/reply";
  static final String EVENTS = "/events";

  private static final int NO_SUBSCRIPTION = -1;

  private final boolean v5;
  private final int maxMessageBytes;
  private final int clientMaxPacket;
  private byte[] will;
  private int rpcQos = NO_SUBSCRIPTION;
  private int lastPacketId;

  MqttDevice(
      DeviceHub hub,
      Channel channel,
      Attached attached,
      boolean v5,
      int maxMessageBytes,
      int clientMaxPacket,
      byte[] will) {
    super(Object.class, false, hub, channel, attached);
    this.v5 = v5;
    this.maxMessageBytes = maxMessageBytes;
    this.clientMaxPacket = clientMaxPacket;
    this.will = will;
  }

  /** Whether a topic is {@code devices/{device}} followed by the suffix, without building it. */
  static boolean isTopic(String topic, String device, String suffix) {
    return topic != null
        && device != null
        && topic.length() == PREFIX.length() + device.length() + suffix.length()
        && topic.startsWith(PREFIX)
        && topic.startsWith(device, PREFIX.length())
        && topic.endsWith(suffix);
  }

  @Override
  void received(ChannelHandlerContext ctx, Object message) {
    try {
      MqttMessage packet = (MqttMessage) message;
      if (packet.decoderResult().isFailure()) {
        violation(
            ctx,
            packet.decoderResult().cause() instanceof TooLongFrameException
                ? MqttReasonCodes.Disconnect.PACKET_TOO_LARGE
                : MqttReasonCodes.Disconnect.MALFORMED_PACKET);
        return;
      }
      switch (packet.fixedHeader().messageType()) {
        case PUBLISH -> publish(ctx, (MqttPublishMessage) packet);
        case PUBACK, PUBCOMP -> {} // acknowledgements of RPC requests: nothing is resent
        case PUBREL -> ctx.writeAndFlush(pubReply(MqttMessageType.PUBCOMP, packetId(packet), 0));
        case SUBSCRIBE -> subscribe(ctx, (MqttSubscribeMessage) packet);
        case UNSUBSCRIBE -> unsubscribe(ctx, (MqttUnsubscribeMessage) packet);
        case PINGREQ -> {
          hub.heartbeat(this, 2);
          ctx.writeAndFlush(MqttMessage.PINGRESP);
        }
        case DISCONNECT -> disconnect(ctx, packet);
        default -> violation(ctx, MqttReasonCodes.Disconnect.PROTOCOL_ERROR);
      }
    } finally {
      ReferenceCountUtil.release(message);
    }
  }

  private void publish(ChannelHandlerContext ctx, MqttPublishMessage packet) {
    String topic = packet.variableHeader().topicName();
    int qos = packet.fixedHeader().qosLevel().value();
    int packetId = packet.variableHeader().packetId();
    if (v5 && qos == 2) {
      violation(ctx, MqttReasonCodes.Disconnect.QOS_NOT_SUPPORTED); // CONNACK said QoS 1 at most
      return;
    }
    if (v5 && packet.fixedHeader().isRetain()) {
      violation(ctx, MqttReasonCodes.Disconnect.RETAIN_NOT_SUPPORTED);
      return;
    }
    boolean reply = isTopic(topic, device(), REPLY);
    if (!reply && !isTopic(topic, device(), EVENTS)) {
      if (v5 && qos == 1) {
        ctx.writeAndFlush(
            pubReply(
                MqttMessageType.PUBACK,
                packetId,
                MqttReasonCodes.PubAck.NOT_AUTHORIZED.byteValue()));
      } else {
        violation(ctx, MqttReasonCodes.Disconnect.NOT_AUTHORIZED);
      }
      return;
    }
    if (packet.payload().readableBytes() > maxMessageBytes) {
      violation(ctx, MqttReasonCodes.Disconnect.PACKET_TOO_LARGE);
      return;
    }
    byte[] payload = ByteBufUtil.getBytes(packet.payload());
    if (reply) {
      hub.reply(this, payload);
    } else {
      hub.event(this, payload);
    }
    if (qos == 1) {
      ctx.writeAndFlush(pubReply(MqttMessageType.PUBACK, packetId, 0));
    } else if (qos == 2) {
      ctx.writeAndFlush(pubReply(MqttMessageType.PUBREC, packetId, 0)); // MQTT 3.1.1 only
    }
  }

  private void subscribe(ChannelHandlerContext ctx, MqttSubscribeMessage packet) {
    List<MqttTopicSubscription> subscriptions = packet.payload().topicSubscriptions();
    int[] codes = new int[subscriptions.size()];
    for (int i = 0; i < codes.length; i++) {
      MqttTopicSubscription subscription = subscriptions.get(i);
      if (isTopic(subscription.topicFilter(), device(), RPC)) {
        rpcQos = Math.min(subscription.qualityOfService().value(), 1);
        codes[i] = rpcQos;
      } else {
        codes[i] =
            v5 ? MqttReasonCodes.SubAck.NOT_AUTHORIZED.byteValue() & 0xFF : MqttQoS.FAILURE.value();
      }
    }
    ctx.writeAndFlush(
        new MqttSubAckMessage(
            new MqttFixedHeader(MqttMessageType.SUBACK, false, MqttQoS.AT_MOST_ONCE, false, 0),
            new MqttMessageIdAndPropertiesVariableHeader(
                packetId(packet), MqttProperties.NO_PROPERTIES),
            new MqttSubAckPayload(codes)));
  }

  private void unsubscribe(ChannelHandlerContext ctx, MqttUnsubscribeMessage packet) {
    MqttMessageBuilders.UnsubAckBuilder unsubAck =
        MqttMessageBuilders.unsubAck().packetId(packetId(packet));
    for (String topic : packet.payload().topics()) {
      boolean subscribed = rpcQos != NO_SUBSCRIPTION && isTopic(topic, device(), RPC);
      if (subscribed) {
        rpcQos = NO_SUBSCRIPTION;
      }
      unsubAck.addReasonCode(
          subscribed
              ? MqttReasonCodes.UnsubAck.SUCCESS.byteValue()
              : MqttReasonCodes.UnsubAck.NO_SUBSCRIPTION_EXISTED.byteValue());
    }
    ctx.writeAndFlush(unsubAck.build());
  }

  /** A DISCONNECT: the device leaves, its will dropped unless (MQTT 5) it asked for it. */
  private void disconnect(ChannelHandlerContext ctx, MqttMessage packet) {
    boolean withWill =
        v5
            && packet.variableHeader() instanceof MqttReasonCodeAndPropertiesVariableHeader reason
            && reason.reasonCode()
                == MqttReasonCodes.Disconnect.DISCONNECT_WITH_WILL_MESSAGE.byteValue();
    if (!withWill) {
      will = null;
    }
    ctx.close();
  }

  /** A packet this edge does not accept: MQTT 5 is told why, then the connection closes. */
  private void violation(ChannelHandlerContext ctx, MqttReasonCodes.Disconnect reason) {
    if (!v5) {
      ctx.close();
      return;
    }
    ctx.writeAndFlush(MqttMessageBuilders.disconnect().reasonCode(reason.byteValue()).build())
        .addListener(ChannelFutureListener.CLOSE);
  }

  private static int packetId(MqttMessage packet) {
    return ((MqttMessageIdVariableHeader) packet.variableHeader()).messageId();
  }

  private static MqttMessage pubReply(MqttMessageType type, int packetId, int reasonCode) {
    return new MqttMessage(
        new MqttFixedHeader(type, false, MqttQoS.AT_MOST_ONCE, false, 0),
        new MqttPubReplyMessageVariableHeader(
            packetId, (byte) reasonCode, MqttProperties.NO_PROPERTIES));
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    byte[] lastWill = will;
    will = null;
    if (lastWill != null) {
      hub.event(this, lastWill);
    }
    super.channelInactive(ctx);
  }

  /** Publishes an RPC request on the device's {@code rpc} topic, at its subscription's QoS. */
  @Override
  public void deliver(byte[] message) {
    EventLoop loop = channel.eventLoop();
    if (loop.inEventLoop()) {
      publishRequest(message);
    } else {
      loop.execute(() -> publishRequest(message));
    }
  }

  /**
   * As MQTT, only what a subscription matches goes to the device: a request while it has not
   * subscribed is not sent, nor one larger than an MQTT 5 device's Maximum Packet Size; the
   * caller's RPC then times out.
   */
  private void publishRequest(byte[] message) {
    if (rpcQos == NO_SUBSCRIPTION || !channel.isActive()) {
      return;
    }
    // fixed header (at most 5), topic (2 + its length), packet id (2), properties length (1)
    long packetSize = 5 + 2 + PREFIX.length() + device().length() + RPC.length() + 2 + 1;
    if (clientMaxPacket > 0 && packetSize + message.length > clientMaxPacket) {
      return;
    }
    int packetId = 0;
    if (rpcQos == 1) {
      lastPacketId = lastPacketId % 0xFFFF + 1;
      packetId = lastPacketId;
    }
    channel.writeAndFlush(
        new MqttPublishMessage(
            new MqttFixedHeader(MqttMessageType.PUBLISH, false, MqttQoS.valueOf(rpcQos), false, 0),
            new MqttPublishVariableHeader(PREFIX + device() + RPC, packetId),
            Unpooled.wrappedBuffer(message)),
        channel.voidPromise());
  }

  @Override
  public String transport() {
    return "mqtt";
  }
}
