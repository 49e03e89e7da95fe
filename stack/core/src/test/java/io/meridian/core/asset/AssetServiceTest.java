package io.meridian.core.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.EntityService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Staging and copying files against a store in memory whose writes complete when told to. */
class AssetServiceTest {
  private static final int CHUNK = 1024;
  private static final long LIMIT = 100 * CHUNK;

  private final HeldStore store = new HeldStore();
  private final AssetService assets =
      new AssetService(
          store,
          new EntityService(null, null, null, null, null, null, List.of()),
          UUID::randomUUID,
          Clock.fixed(Instant.ofEpochMilli(1_000), ZoneOffset.UTC),
          CHUNK,
          LIMIT,
          Duration.ofSeconds(1));

  @Test
  void an_upload_never_has_more_than_two_chunk_writes_outstanding_whatever_its_size() {
    AssetPointer staged = assets.stage(new Bytes(90L * CHUNK + 7), "video/mp4");

    assertThat(staged.length()).isEqualTo(90L * CHUNK + 7);
    assertThat(staged.chunkCount()).isEqualTo(91);
    assertThat(store.chunks).hasSize(91);
    assertThat(store.mostOutstanding).isEqualTo(AssetService.WRITES_IN_FLIGHT);
    assertThat(store.largestChunk).isEqualTo(CHUNK);
    assertThat(assets.bytesHeldPerRequest()).isEqualTo(3L * CHUNK);
  }

  @Test
  void a_file_over_the_limit_is_413_and_leaves_no_chunk() {
    assertThatThrownBy(() -> assets.stage(new Bytes(LIMIT + 1), "video/mp4"))
        .isInstanceOfSatisfying(
            MeridianException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.REQUEST_ENTITY_TOO_LARGE));
    assertThat(store.chunks).isEmpty();
  }

  @Test
  void a_file_of_exactly_the_limit_is_stored() {
    assertThat(assets.stage(new Bytes(LIMIT), "video/mp4").length()).isEqualTo(LIMIT);
  }

  @Test
  void an_upload_cut_short_is_400_and_leaves_no_chunk() {
    InputStream broken =
        new Bytes(5L * CHUNK) {
          @Override
          public int read(byte[] buffer, int offset, int count) throws IOException {
            if (position() > 3L * CHUNK) {
              throw new IOException("connection reset");
            }
            return super.read(buffer, offset, count);
          }
        };
    assertThatThrownBy(() -> assets.stage(broken, "video/mp4"))
        .isInstanceOfSatisfying(
            MeridianException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
    assertThat(store.chunks).isEmpty();
  }

  @Test
  void an_empty_file_is_400() {
    assertThatThrownBy(() -> assets.stage(InputStream.nullInputStream(), "text/plain"))
        .isInstanceOfSatisfying(
            MeridianException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
  }

  @Test
  void a_copy_of_any_range_is_the_bytes_of_that_range() throws IOException {
    long size = 5L * CHUNK + 300;
    AssetPointer file = assets.stage(new Bytes(size), "video/mp4");
    for (long[] range :
        new long[][] {
          {0, size - 1}, {0, 0}, {CHUNK - 1, CHUNK}, {10, 4L * CHUNK + 5}, {size - 1, size - 1}
        }) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assets.copy(file, range[0], range[1], out);
      byte[] expected = new byte[(int) (range[1] - range[0] + 1)];
      for (int i = 0; i < expected.length; i++) {
        expected[i] = Bytes.at(range[0] + i);
      }
      assertThat(out.toByteArray()).as("%d-%d", range[0], range[1]).isEqualTo(expected);
    }
  }

  @Test
  void a_copy_that_finds_a_chunk_gone_fails_instead_of_serving_other_bytes() {
    AssetPointer file = assets.stage(new Bytes(3L * CHUNK), "video/mp4");
    store.deleteChunks(file.version(), 3);
    assertThatThrownBy(() -> assets.copy(file, 0, 3L * CHUNK - 1, new ByteArrayOutputStream()))
        .isInstanceOf(IOException.class);
  }

  /** Bytes made from their position, as many as asked. */
  private static class Bytes extends InputStream {
    private final long length;
    private long position;

    Bytes(long length) {
      this.length = length;
    }

    static byte at(long position) {
      return (byte) (position * 31 + (position >>> 8));
    }

    long position() {
      return position;
    }

    @Override
    public int read() {
      return position < length ? at(position++) & 0xFF : -1;
    }

    @Override
    public int read(byte[] buffer, int offset, int count) throws IOException {
      if (position >= length) {
        return -1;
      }
      int n = (int) Math.min(count, length - position);
      for (int i = 0; i < n; i++) {
        buffer[offset + i] = at(position++);
      }
      return n;
    }
  }

  /**
   * Chunks in a map. A write is acknowledged only when the upload waits for it (or when a newer
   * write is started past two outstanding), so the test sees how many the upload keeps open.
   */
  private static final class HeldStore implements AssetStore {
    final Map<String, ByteBuffer> chunks = new ConcurrentHashMap<>();
    final List<CompletableFuture<Void>> outstanding = new ArrayList<>();
    int mostOutstanding;
    int largestChunk;

    @Override
    public synchronized CompletionStage<Void> writeChunk(
        UUID version, int index, ByteBuffer bytes) {
      outstanding.removeIf(CompletableFuture::isDone);
      largestChunk = Math.max(largestChunk, bytes.remaining());
      chunks.put(version + "/" + index, bytes);
      CompletableFuture<Void> write = new CompletableFuture<>();
      outstanding.add(write);
      mostOutstanding = Math.max(mostOutstanding, outstanding.size());
      // Acknowledged as soon as anyone waits for it.
      return new CompletableFuture<Void>() {
        @Override
        public Void join() {
          write.complete(null);
          return null;
        }

        @Override
        public CompletableFuture<Void> toCompletableFuture() {
          return this;
        }
      };
    }

    @Override
    public CompletionStage<ByteBuffer> readChunk(UUID version, int index) {
      ByteBuffer chunk = chunks.get(version + "/" + index);
      return CompletableFuture.completedFuture(chunk == null ? null : chunk.duplicate());
    }

    @Override
    public void deleteChunks(UUID version, int count) {
      for (int index = 0; index < count; index++) {
        chunks.remove(version + "/" + index);
      }
    }

    @Override
    public Optional<AssetPointer> pointer(UUID appId, UUID entity) {
      return Optional.empty();
    }

    @Override
    public boolean replacePointer(
        UUID appId, UUID entity, AssetPointer expected, AssetPointer next) {
      return true;
    }

    @Override
    public boolean removePointer(UUID appId, UUID entity, AssetPointer expected) {
      return true;
    }
  }
}
