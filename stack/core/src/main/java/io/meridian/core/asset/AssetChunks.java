package io.meridian.core.asset;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MeridianException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * A file's bytes as chunks in Cassandra, streamed both ways with bounded memory: an upload reads
 * one chunk while at most {@link AssetService#WRITES_IN_FLIGHT} are written, a download writes one
 * chunk to the response while the next is read.
 */
final class AssetChunks {
  private final AssetStore store;
  private final IdGenerator ids;
  private final Clock clock;
  private final int chunkSize;
  private final long maxBytes;

  AssetChunks(AssetStore store, IdGenerator ids, Clock clock, int chunkSize, long maxBytes) {
    this.store = store;
    this.ids = ids;
    this.clock = clock;
    this.chunkSize = chunkSize;
    this.maxBytes = maxBytes;
  }

  /** As {@link AssetService#stage}. */
  AssetPointer stage(InputStream body, String contentType) {
    UUID version = ids.newTimeUuid();
    MessageDigest md5 = md5();
    Deque<CompletableFuture<Void>> writing = new ArrayDeque<>();
    long length = 0;
    int index = 0;
    try {
      while (true) {
        byte[] chunk = body.readNBytes(chunkSize);
        if (chunk.length == 0) {
          break;
        }
        length += chunk.length;
        if (length > maxBytes) {
          throw tooLarge();
        }
        md5.update(chunk);
        if (writing.size() >= AssetService.WRITES_IN_FLIGHT) {
          writing.removeFirst().join();
        }
        writing.add(
            store.writeChunk(version, index++, ByteBuffer.wrap(chunk)).toCompletableFuture());
      }
      while (!writing.isEmpty()) {
        writing.removeFirst().join();
      }
    } catch (IOException e) {
      abandon(version, index, writing);
      throw new MeridianException(ErrorCode.BAD_REQUEST, "The upload could not be read to its end");
    } catch (CompletionException e) {
      abandon(version, index, writing);
      throw new MeridianException(
          ErrorCode.STORAGE_UNAVAILABLE, "Cassandra did not store the file", e.getCause());
    } catch (RuntimeException e) {
      abandon(version, index, writing);
      throw e;
    }
    if (length == 0) {
      throw new MeridianException(ErrorCode.BAD_REQUEST, "The file is empty");
    }
    return new AssetPointer(
        version,
        contentType,
        length,
        HexFormat.of().formatHex(md5.digest()),
        clock.millis(),
        chunkSize);
  }

  /** As {@link AssetService#copy}. */
  void copy(AssetPointer file, long first, long last, OutputStream out) throws IOException {
    int firstChunk = (int) (first / file.chunkSize());
    int lastChunk = (int) (last / file.chunkSize());
    CompletableFuture<ByteBuffer> next =
        store.readChunk(file.version(), firstChunk).toCompletableFuture();
    byte[] buffer = null;
    for (int index = firstChunk; index <= lastChunk; index++) {
      ByteBuffer chunk = await(next);
      if (index < lastChunk) {
        next = store.readChunk(file.version(), index + 1).toCompletableFuture();
      }
      long chunkStart = (long) index * file.chunkSize();
      int expected = (int) Math.min(file.chunkSize(), file.length() - chunkStart);
      if (chunk == null || chunk.remaining() != expected) {
        throw new IOException("A chunk of the file is gone");
      }
      int from = (int) Math.max(0, first - chunkStart);
      int to = (int) Math.min(expected, last - chunkStart + 1);
      if (chunk.hasArray()) {
        out.write(chunk.array(), chunk.arrayOffset() + chunk.position() + from, to - from);
      } else {
        if (buffer == null) {
          buffer = new byte[64 * 1024];
        }
        ByteBuffer slice = chunk.duplicate();
        slice.position(chunk.position() + from).limit(chunk.position() + to);
        while (slice.hasRemaining()) {
          int length = Math.min(buffer.length, slice.remaining());
          slice.get(buffer, 0, length);
          out.write(buffer, 0, length);
        }
      }
    }
  }

  private void abandon(UUID version, int written, Deque<CompletableFuture<Void>> writing) {
    for (CompletableFuture<Void> write : writing) {
      try {
        write.join();
      } catch (CompletionException e) {
        // Deleted below whether or not it landed.
      }
    }
    store.deleteChunks(version, written);
  }

  private static ByteBuffer await(CompletableFuture<ByteBuffer> chunk) throws IOException {
    try {
      return chunk.get();
    } catch (ExecutionException e) {
      throw new IOException("Cassandra did not return a chunk of the file", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while reading the file", e);
    }
  }

  private MeridianException tooLarge() {
    return new MeridianException(
        ErrorCode.REQUEST_ENTITY_TOO_LARGE,
        "The file is larger than the limit of " + maxBytes + " bytes");
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
