package io.meridian.loadtests.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.LoadState.Range;
import io.meridian.loadtests.load.MeridianClient.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes ranges of a data set through the bulk API, each as one {@code POST} of a JSON array, and
 * records every range the server acknowledged in the {@link LoadState}.
 *
 * <p>A body the server finds too large (413) is split in halves, and the size it had becomes the
 * bound above which later bodies are split before they are sent, so a server with a small limit
 * costs a few refused requests, not one per batch. A range whose names are partly taken (it was
 * written by a run that died before recording it, or half-written when storage failed) is answered
 * 400 {@code duplicate_unique_property_exists} with nothing created; its entities are then read one
 * by one and the missing ones created with the idempotent {@code PUT /{collection}/{name}}.
 * Entities already there are left as they are: verification compares them with the data set.
 *
 * <p>Shared by the loader's workers; its counters and bound are thread-safe.
 */
final class BatchWriter {
  static final String DUPLICATE = "duplicate_unique_property_exists";
  private static final int WRITE_UNDER_WAY_READS = 90;

  private final AppRequests requests;
  private final Dataset dataset;
  private final LoadState state;
  private final Progress progress;
  private final AtomicInteger created = new AtomicInteger();
  private final AtomicInteger existing = new AtomicInteger();

  /** Bodies larger than this many bytes were refused with 413. */
  private final AtomicLong refusedAbove = new AtomicLong(Long.MAX_VALUE);

  BatchWriter(AppRequests requests, Dataset dataset, LoadState state, Progress progress) {
    this.requests = requests;
    this.dataset = dataset;
    this.state = state;
    this.progress = progress;
  }

  /** Entities this writer created. */
  int created() {
    return created.get();
  }

  /** Entities this writer found already stored. */
  int existing() {
    return existing.get();
  }

  /**
   * Writes {@code entities}, which are the data set's entities {@code range.from()} to {@code
   * range.to() - 1} in order.
   */
  void write(Range range, List<ObjectNode> entities) {
    String body = array(entities);
    int bytes = body.getBytes(StandardCharsets.UTF_8).length;
    if (bytes >= refusedAbove.get() && entities.size() > 1) {
      writeHalves(range, entities);
      return;
    }
    try {
      requests.send("POST", "/" + dataset.collection() + "?consistency=eventual", body);
    } catch (ApiException e) {
      if (e.status() == 413) {
        if (entities.size() == 1) {
          throw new LoadException(
              dataset.name(range.from())
                  + " alone ("
                  + bytes
                  + " bytes) is larger than the server accepts: "
                  + e.getMessage(),
              e);
        }
        refusedAbove.accumulateAndGet(bytes, Math::min);
        writeHalves(range, entities);
        return;
      }
      if (e.status() == 400 && DUPLICATE.equals(e.error())) {
        writeOneByOne(range, entities);
        return;
      }
      throw e;
    }
    created.addAndGet(entities.size());
    done(range);
  }

  private void writeHalves(Range range, List<ObjectNode> entities) {
    int half = entities.size() / 2;
    write(new Range(range.from(), range.from() + half), entities.subList(0, half));
    write(new Range(range.from() + half, range.to()), entities.subList(half, entities.size()));
  }

  private void writeOneByOne(Range range, List<ObjectNode> entities) {
    for (int i = range.from(); i < range.to(); i++) {
      writeOne(dataset.name(i), entities.get(i - range.from()));
    }
    done(range);
  }

  /**
   * Creates the entity unless it is there. A name that is taken while its entity cannot be read yet
   * belongs to a write still under way on the server (a batch this loader gave up waiting for and
   * sent again): it is read again a few times, a second apart, before the load fails.
   */
  private void writeOne(String name, ObjectNode entity) {
    String path = "/" + dataset.collection() + "/" + MeridianClient.encode(name);
    for (int attempt = 1; ; attempt++) {
      try {
        requests.send("GET", path, null);
        existing.incrementAndGet();
        return;
      } catch (ApiException e) {
        if (e.status() != 404) {
          throw e;
        }
      }
      try {
        requests.send("PUT", path + "?consistency=eventual", entity);
        created.incrementAndGet();
        return;
      } catch (ApiException e) {
        if (e.status() != 400 || !DUPLICATE.equals(e.error()) || attempt == WRITE_UNDER_WAY_READS) {
          throw e;
        }
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LoadException("Interrupted", e);
      }
    }
  }

  private void done(Range range) {
    state.markDone(range);
    progress.add(range.size());
  }

  private static String array(List<ObjectNode> entities) {
    ArrayNode array = MeridianClient.JSON.createArrayNode();
    array.addAll(entities);
    try {
      return MeridianClient.JSON.writeValueAsString(array);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Generated entities are always JSON", e);
    }
  }
}
