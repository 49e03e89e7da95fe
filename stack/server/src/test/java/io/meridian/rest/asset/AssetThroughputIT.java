package io.meridian.rest.asset;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.meridian.rest.asset.Transfers.Answer;
import io.meridian.rest.support.MeridianIT;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Upload and download throughput of a 10 MB file beside its anchors measured in the same run: the
 * same bytes written to and read from Cassandra directly, in the same chunks with the same number
 * of requests in flight, through the same driver session. A benchmark, run on request only: {@code
 * -Dit.test=AssetThroughputIT -Dmeridian.bench.assets=true} ({@code -Dmeridian.bench.rounds=N},
 * default 7); see docs/benchmarks.md.
 */
@EnabledIfSystemProperty(named = "meridian.bench.assets", matches = "true")
class AssetThroughputIT extends MeridianIT {
  private static final int SIZE = 10 * 1024 * 1024;
  private static final int CHUNK = 256 * 1024;
  private static final int IN_FLIGHT = 2;

  @Autowired private CqlSession session;

  @Test
  void uploads_and_downloads_a_10_mb_file_beside_raw_cassandra_writes_and_reads() {
    int rounds = Integer.getInteger("meridian.bench.rounds", 7);
    byte[] file = PatternStream.bytes(0, SIZE, 21);
    String checksum = Transfers.md5(file);
    session.execute(
        "CREATE TABLE IF NOT EXISTS bench_blobs (id uuid, chunk int, data blob,"
            + " PRIMARY KEY ((id, chunk)))");
    PreparedStatement insert =
        session.prepare("INSERT INTO bench_blobs (id, chunk, data) VALUES (?, ?, ?)");
    PreparedStatement select =
        session.prepare("SELECT data FROM bench_blobs WHERE id = ? AND chunk = ?");
    Transfers transfers = new Transfers(api.base(), api.token());
    api.post(path("videos"), "{\"name\":\"bench\"}");

    List<Double> rawWrite = new ArrayList<>();
    List<Double> rawRead = new ArrayList<>();
    List<Double> upload = new ArrayList<>();
    List<Double> download = new ArrayList<>();
    // Each round's ratio compares two runs made under the same load: on a shared machine its
    // median is steadier than the ratio of the medians.
    List<Double> uploadRatio = new ArrayList<>();
    List<Double> downloadRatio = new ArrayList<>();
    for (int round = -2; round < rounds; round++) { // two rounds of warm-up
      // Anchor first in even rounds, Meridian first in odd ones: neither gains from going second.
      boolean anchorFirst = round % 2 == 0;
      double[] anchor = new double[2];
      double[] meridian = new double[2];
      if (anchorFirst) {
        anchor = raw(insert, select, file);
      }
      long start = System.nanoTime();
      Answer put = transfers.raw("PUT", path("videos/bench"), "video/mp4", file);
      meridian[0] = mbPerSecond(System.nanoTime() - start);
      assertThat(put.status()).as(put.text()).isEqualTo(200);
      start = System.nanoTime();
      Answer got = transfers.get(path("videos/bench"), "Accept", "video/mp4");
      meridian[1] = mbPerSecond(System.nanoTime() - start);
      assertThat(Transfers.md5(got.body())).isEqualTo(checksum);
      if (!anchorFirst) {
        anchor = raw(insert, select, file);
      }
      double write = anchor[0];
      double readRate = anchor[1];
      double up = meridian[0];
      double down = meridian[1];

      if (round >= 0) {
        rawWrite.add(write);
        rawRead.add(readRate);
        upload.add(up);
        download.add(down);
        uploadRatio.add(up / write);
        downloadRatio.add(down / readRate);
      }
    }
    double write = median(rawWrite);
    double read = median(rawRead);
    double up = median(upload);
    double down = median(download);
    System.out.printf(
        Locale.ROOT,
        "ASSET-BENCH rounds=%d size=10MB chunk=256KB%n"
            + "ASSET-BENCH raw cassandra write  %7.1f MB/s%n"
            + "ASSET-BENCH upload (HTTP PUT)    %7.1f MB/s  median ratio per round %.2f%n"
            + "ASSET-BENCH raw cassandra read   %7.1f MB/s%n"
            + "ASSET-BENCH download (HTTP GET)  %7.1f MB/s  median ratio per round %.2f%n",
        rounds,
        write,
        up,
        median(uploadRatio),
        read,
        down,
        median(downloadRatio));
  }

  /** The anchor: MB/s of writing the file's chunks to Cassandra, then of reading them back. */
  private double[] raw(PreparedStatement insert, PreparedStatement select, byte[] file) {
    UUID id = UUID.randomUUID();
    long start = System.nanoTime();
    writeRaw(insert, id, file);
    double write = mbPerSecond(System.nanoTime() - start);
    start = System.nanoTime();
    long read = readRaw(select, id);
    double readRate = mbPerSecond(System.nanoTime() - start);
    assertThat(read).isEqualTo(SIZE);
    for (int index = 0; index * CHUNK < SIZE; index++) {
      session.execute("DELETE FROM bench_blobs WHERE id = ? AND chunk = ?", id, index);
    }
    return new double[] {write, readRate};
  }

  private void writeRaw(PreparedStatement insert, UUID id, byte[] file) {
    Deque<CompletableFuture<?>> writing = new ArrayDeque<>();
    for (int index = 0; index * CHUNK < file.length; index++) {
      int from = index * CHUNK;
      ByteBuffer chunk = ByteBuffer.wrap(file, from, Math.min(CHUNK, file.length - from)).slice();
      if (writing.size() >= IN_FLIGHT) {
        writing.removeFirst().join();
      }
      writing.add(session.executeAsync(insert.bind(id, index, chunk)).toCompletableFuture());
    }
    writing.forEach(CompletableFuture::join);
  }

  private long readRaw(PreparedStatement select, UUID id) {
    long total = 0;
    int count = (SIZE + CHUNK - 1) / CHUNK;
    CompletableFuture<ByteBuffer> next = read(select, id, 0);
    for (int index = 0; index < count; index++) {
      ByteBuffer chunk = next.join();
      if (index + 1 < count) {
        next = read(select, id, index + 1);
      }
      total += chunk.remaining();
    }
    return total;
  }

  private CompletableFuture<ByteBuffer> read(PreparedStatement select, UUID id, int index) {
    return session
        .executeAsync(select.bind(id, index))
        .thenApply(result -> result.one().getByteBuffer("data"))
        .toCompletableFuture();
  }

  private static double mbPerSecond(long nanos) {
    return (SIZE / 1024.0 / 1024.0) / (nanos / 1e9);
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get(sorted.size() / 2);
  }
}
