package io.meridian.edge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.device.DeviceHub;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The first request of a device's connection, Cometa's attach: {@code POST
 * /v1/applications/{app_key}/devices/{device_id}} with the device's info string as body, or {@code
 * GET .../{device_id}/websocket} with a WebSocket upgrade. Admitted, the device gets {@code 200 OK}
 * and a first message {@code {"msg":"200 OK","heartbeat":..,"timestamp":..}}, and the connection
 * switches to the device's framing; refused, {@code {"msg":"403 Forbidden"}} (or 400, 404; 429 when
 * its address or application holds as many devices on this node as it may) and the connection
 * closes. A connection that has not attached within the attach timeout is closed.
 */
final class DeviceAttach extends DeviceGate<FullHttpRequest> {
  private boolean attaching;

  DeviceAttach(
      DeviceHub hub,
      DeviceAdmission admission,
      Duration heartbeat,
      int maxMessageBytes,
      Duration attachTimeout) {
    super(FullHttpRequest.class, true, hub, admission, heartbeat, maxMessageBytes, attachTimeout);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (attaching) {
      return; // a device speaks after its 200; anything before it is dropped
    }
    if (!request.decoderResult().isSuccess()) {
      refuse(ctx.channel(), HttpResponseStatus.BAD_REQUEST);
      return;
    }
    QueryStringDecoder uri = new QueryStringDecoder(request.uri());
    List<String> path = List.of(uri.path().replaceFirst("^/", "").split("/", -1));
    boolean websocket = path.size() == 6 && path.get(5).equals("websocket");
    if (!(path.size() == 5 || websocket)
        || !path.get(0).equals("v1")
        || !path.get(1).equals("applications")
        || !path.get(3).equals("devices")) {
      refuse(ctx.channel(), HttpResponseStatus.NOT_FOUND);
      return;
    }
    HttpMethod expected = websocket ? HttpMethod.GET : HttpMethod.POST;
    if (!request.method().equals(expected)) {
      refuse(ctx.channel(), HttpResponseStatus.METHOD_NOT_ALLOWED);
      return;
    }
    String appKey = path.get(2);
    String device = path.get(4);
    String secret = secret(request, uri.parameters());
    String info = request.content().toString(StandardCharsets.UTF_8);
    attaching = true;
    ctx.channel().config().setAutoRead(false);
    FullHttpRequest held = request.retain();
    admission.admit(
        new DeviceAdmission.Request(
            appKey,
            device,
            secret,
            websocket ? "websocket" : "http",
            EdgePort.address(ctx.channel())),
        ctx.executor(),
        outcome -> {
          try {
            if (outcome instanceof DeviceAdmission.Admitted admitted) {
              attached(ctx, held, admitted, device, info, websocket);
            } else {
              DeviceAdmission.Refused refused = (DeviceAdmission.Refused) outcome;
              refuse(ctx.channel(), HttpResponseStatus.valueOf(refused.status()));
            }
          } finally {
            held.release();
          }
        });
  }

  private static String secret(FullHttpRequest request, Map<String, List<String>> parameters) {
    String header = request.headers().get("X-Device-Secret");
    if (header != null) {
      return header;
    }
    List<String> values = parameters.get("secret");
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  private void attached(
      ChannelHandlerContext ctx,
      FullHttpRequest request,
      DeviceAdmission.Admitted admitted,
      String device,
      String info,
      boolean websocket) {
    Channel channel = ctx.channel();
    if (!channel.isActive()) {
      return;
    }
    if (!admission.holdPlace(channel, admitted)) {
      refuse(channel, HttpResponseStatus.TOO_MANY_REQUESTS);
      return;
    }
    Attached attachedNow = Attached.now(admitted, device, EdgePort.address(channel), heartbeat);
    byte[] greeting = greeting();
    if (websocket) {
      WebSocketServerHandshaker handshaker =
          new WebSocketServerHandshakerFactory(
                  "ws://" + request.headers().get(HttpHeaderNames.HOST) + request.uri(),
                  null,
                  WebSocketDecoderConfig.newBuilder()
                      .maxFramePayloadLength(maxMessageBytes)
                      .allowExtensions(false)
                      .build())
              .newHandshaker(request);
      if (handshaker == null) {
        WebSocketServerHandshakerFactory.sendUnsupportedVersionResponse(channel)
            .addListener(ChannelFutureListener.CLOSE);
        return;
      }
      WebSocketDevice session = new WebSocketDevice(hub, channel, attachedNow);
      if (!hub.admits(session)) {
        refuse(channel, HttpResponseStatus.FORBIDDEN);
        return;
      }
      handshaker
          .handshake(channel, request)
          .addListener(
              future -> {
                if (!future.isSuccess()) {
                  channel.close();
                  return;
                }
                ctx.pipeline().addLast(new WebSocketFrameAggregator(maxMessageBytes), session);
                ctx.pipeline().remove(this);
                if (!hub.attach(session, info)) {
                  // a stronger attachment came first, since admits: close as policy violation
                  channel
                      .writeAndFlush(new CloseWebSocketFrame(1008, "403 Forbidden"))
                      .addListener(ChannelFutureListener.CLOSE);
                  return;
                }
                channel.writeAndFlush(new TextWebSocketFrame(Unpooled.wrappedBuffer(greeting)));
                channel.config().setAutoRead(true);
              });
      return;
    }
    ChunkedDevice session = new ChunkedDevice(hub, channel, attachedNow);
    ByteBuf head =
        Unpooled.copiedBuffer(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
            StandardCharsets.US_ASCII);
    if (!hub.admits(session) || !hub.attach(session, info)) {
      refuse(channel, HttpResponseStatus.FORBIDDEN);
      return;
    }
    EdgeServer.switchToChunks(ctx, maxMessageBytes, session);
    channel.write(head);
    channel.writeAndFlush(CometaChunks.encode(channel.alloc(), greeting));
    channel.config().setAutoRead(true);
  }

  private byte[] greeting() {
    ObjectNode greeting = Json.MAPPER.createObjectNode();
    greeting.put("msg", "200 OK");
    greeting.put("heartbeat", heartbeat.toSeconds());
    greeting.put("timestamp", System.currentTimeMillis() / 1000);
    return Json.write(greeting).getBytes(StandardCharsets.UTF_8);
  }

  /** Cometa's refusal: the status as the message, and the connection closed. */
  static void refuse(Channel channel, HttpResponseStatus status) {
    ObjectNode message = Json.MAPPER.createObjectNode();
    message.put("msg", status.code() + " " + status.reasonPhrase());
    byte[] body = Json.write(message).getBytes(StandardCharsets.UTF_8);
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
    response.headers().set(HttpHeaderNames.CONTENT_LENGTH, body.length);
    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    channel.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }
}
