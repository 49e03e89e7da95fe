package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.TwoNodeIT;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Of many concurrent creates with one name, through two server nodes, exactly one wins. */
class UniqueNameAcrossNodesIT extends TwoNodeIT {

  @Test
  void exactly_one_of_concurrent_creates_with_the_same_name_wins() throws Exception {
    for (int round = 0; round < 5; round++) {
      String name = "contested-" + round;
      int writers = 24;
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(writers);
      List<Future<Reply>> replies = new ArrayList<>();
      for (int i = 0; i < writers; i++) {
        ApiClient node = i % 2 == 0 ? api : second.withToken(api.token());
        int writer = i;
        replies.add(
            pool.submit(
                () -> {
                  start.await();
                  return node.post(
                      path("tickets"), "{\"name\":\"" + name + "\",\"writer\":" + writer + "}");
                }));
      }
      start.countDown();
      int won = 0;
      int duplicate = 0;
      String winner = null;
      for (Future<Reply> future : replies) {
        Reply reply = future.get();
        if (reply.status() == 200) {
          won++;
          winner = reply.entity().path("uuid").asText();
        } else if (reply.status() == 400
            && reply.error().equals("duplicate_unique_property_exists")) {
          duplicate++;
        }
      }
      pool.shutdown();

      assertThat(won).as("winners in round " + round).isEqualTo(1);
      assertThat(duplicate).isEqualTo(writers - 1);
      assertThat(
              second
                  .withToken(api.token())
                  .get(path("tickets") + "/" + name)
                  .entity()
                  .path("uuid")
                  .asText())
          .isEqualTo(winner);
    }
  }
}
