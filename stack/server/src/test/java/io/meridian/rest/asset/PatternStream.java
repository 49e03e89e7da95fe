package io.meridian.rest.asset;

import java.io.InputStream;

/**
 * {@code length} bytes of a pattern that depends on {@code seed} and on each byte's position, made
 * as they are read: a large file that no test holds in memory, and whose every range is known.
 */
final class PatternStream extends InputStream {
  private final long length;
  private final int seed;
  private long position;

  PatternStream(long length, int seed) {
    this.length = length;
    this.seed = seed;
  }

  static byte at(long position, int seed) {
    long mixed = (position * 0x9E3779B97F4A7C15L) ^ (seed * 0xC2B2AE3D27D4EB4FL);
    return (byte) (mixed >>> 56);
  }

  static byte[] bytes(long from, int count, int seed) {
    byte[] bytes = new byte[count];
    for (int i = 0; i < count; i++) {
      bytes[i] = at(from + i, seed);
    }
    return bytes;
  }

  @Override
  public int read() {
    return position < length ? at(position++, seed) & 0xFF : -1;
  }

  @Override
  public int read(byte[] buffer, int offset, int count) {
    if (position >= length) {
      return -1;
    }
    int n = (int) Math.min(count, length - position);
    for (int i = 0; i < n; i++) {
      buffer[offset + i] = at(position++, seed);
    }
    return n;
  }
}
