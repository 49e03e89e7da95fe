package io.meridian.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class MqttFramesTest {

  @Test
  void packetsArrivingByteByByteComeOutWhole() {
    EmbeddedChannel channel = new EmbeddedChannel(new MqttFrames(1024));
    byte[] pingAndPublish = {(byte) 0xC0, 0x00, 0x30, 0x04, 0x00, 0x01, 'a', 'b'};
    for (byte b : pingAndPublish) {
      channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    assertThat(frame(channel)).containsExactly(0xC0, 0x00);
    assertThat(frame(channel)).containsExactly(0x30, 0x04, 0x00, 0x01, 'a', 'b');
    assertThat((Object) channel.readInbound()).isNull();
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void aLengthOfTwoBytesIsRead() {
    EmbeddedChannel channel = new EmbeddedChannel(new MqttFrames(1024));
    byte[] packet = new byte[3 + 200];
    packet[0] = 0x30;
    packet[1] = (byte) (200 % 128 | 0x80);
    packet[2] = (byte) (200 / 128);
    channel.writeInbound(Unpooled.wrappedBuffer(packet));
    assertThat(frame(channel)).hasSize(203);
  }

  @Test
  void aPacketOverTheLimitClosesTheConnectionOnItsFixedHeader() {
    EmbeddedChannel channel = new EmbeddedChannel(new MqttFrames(1024));
    // 1025 bytes announced, none of them sent
    channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x30, (byte) 0x81, 0x08}));
    assertThat((Object) channel.readInbound()).isNull();
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void aRemainingLengthOfMoreThanFourBytesClosesTheConnection() {
    EmbeddedChannel channel = new EmbeddedChannel(new MqttFrames(Integer.MAX_VALUE));
    channel.writeInbound(
        Unpooled.wrappedBuffer(
            new byte[] {0x30, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01}));
    assertThat(channel.isOpen()).isFalse();
  }

  private static byte[] frame(EmbeddedChannel channel) {
    ByteBuf frame = channel.readInbound();
    try {
      return ByteBufUtil.getBytes(frame);
    } finally {
      frame.release();
    }
  }
}
