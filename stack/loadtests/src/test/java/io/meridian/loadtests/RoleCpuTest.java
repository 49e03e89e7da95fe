package io.meridian.loadtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RoleCpuTest {

  @Test
  void readsUserAndSystemTicksAfterACommandWithSpacesAndParentheses() {
    String stat =
        "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 91 0 0 0 1234 567 0 0 20 0 51 0 88 0 0";
    assertThat(RoleCpu.ticks(stat)).isEqualTo(1234 + 567);
  }

  @Test
  void tellsTheRolesApartByCommandLine() {
    assertThat(RoleCpu.role("/usr/bin/java\0-Xmx1g\0org.apache.cassandra.service.CassandraDaemon"))
        .isEqualTo("cassandra");
    assertThat(RoleCpu.role("java\0-cp\0lib/*\0org.elasticsearch.bootstrap.Elasticsearch"))
        .isEqualTo("elasticsearch");
    assertThat(RoleCpu.role("java\0-jar\0/work/stack/server/target/meridian.jar\0--server.port=1"))
        .isEqualTo("meridian");
    assertThat(RoleCpu.role("/usr/sbin/haproxy\0-f\0lb.cfg")).isEqualTo("haproxy");
    assertThat(RoleCpu.role("bash\0-c\0sleep 1")).isEqualTo("other");
  }

  @Test
  void countsEachProcessSeenInBothReadingsOnce() {
    RoleCpu start =
        new RoleCpu(
            Map.of(
                1L, new RoleCpu.Sample("cassandra", 100),
                2L, new RoleCpu.Sample("meridian", 50),
                3L, new RoleCpu.Sample("meridian", 10)));
    RoleCpu end =
        new RoleCpu(
            Map.of(
                1L, new RoleCpu.Sample("cassandra", 300),
                2L, new RoleCpu.Sample("meridian", 150),
                // pid 3 ended; pid 4 started: neither counts.
                4L, new RoleCpu.Sample("meridian", 999)));
    Map<String, Double> cores = end.coresSince(start, 2.0);
    assertThat(cores.get("cassandra")).isCloseTo(1.0, within(1e-9));
    assertThat(cores.get("meridian")).isCloseTo(0.5, within(1e-9));
    assertThat(cores.get("elasticsearch")).isZero();
    assertThat(cores.keySet()).containsExactly(RoleCpu.ROLES);
  }

  @Test
  void readsThisMachine() {
    RoleCpu now = RoleCpu.now();
    assertThat(now.processes()).isNotEmpty();
    assertThat(now.processes().get(ProcessHandle.current().pid()).role())
        .isEqualTo("loadGenerator");
  }
}
