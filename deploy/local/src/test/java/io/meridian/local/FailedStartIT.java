package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start failures of a stand-in server (a shell), without the cost of the real ones. */
class FailedStartIT {

  @TempDir Path dataDir;

  @Test
  void a_server_dying_during_start_is_reported_with_the_tail_of_its_log() {
    FakeService service = new FakeService(dataDir, "echo 'fatal: bad config key'; exit 3");

    assertThatThrownBy(service::start)
        .isInstanceOf(LocalServicesException.class)
        .hasMessageContaining("Fake died during start")
        .hasMessageContaining("fatal: bad config key");
  }

  @Test
  void a_server_never_ready_times_out_with_its_log_and_is_not_left_running() {
    FakeService service = new FakeService(dataDir, "echo 'still warming up'; exec sleep 600");

    assertThatThrownBy(service::start)
        .hasMessageContaining("Fake did not become ready within 2 s")
        .hasMessageContaining("still warming up");
    assertThat(service.launched.isAlive()).isFalse();
    assertThat(service.pidFile()).doesNotExist();
  }

  private static final class FakeService extends ManagedService {
    private final String script;
    private Process launched;

    FakeService(Path dataDir, String script) {
      super(
          LocalServicesConfig.defaults(dataDir)
              .withPorts(0, 0, 0, 0)
              .withStartTimeout(Duration.ofSeconds(2)));
      this.script = script;
    }

    @Override
    String name() {
      return "Fake";
    }

    @Override
    Path pidFile() {
      return layout.run().resolve("fake.pid");
    }

    @Override
    List<Path> logFiles() {
      return List.of(layout.logs().resolve("fake.log"));
    }

    @Override
    String processMarker() {
      return "sleep";
    }

    @Override
    List<Preflight.PortUse> ports() {
      return List.of(new Preflight.PortUse(0, "fake", "--fake-port"));
    }

    @Override
    Path dataDir() {
      return layout.root();
    }

    @Override
    boolean isReady() {
      return false;
    }

    @Override
    Process launch() throws IOException {
      Files.createDirectories(layout.logs());
      launched =
          new ProcessBuilder("sh", "-c", script)
              .redirectErrorStream(true)
              .redirectOutput(logFiles().get(0).toFile())
              .redirectInput(new File("/dev/null"))
              .start();
      return launched;
    }

    @Override
    OptionalLong serverPid(Process launcher) {
      return OptionalLong.of(launcher.pid());
    }

    @Override
    Duration stopGrace() {
      return Duration.ofSeconds(1);
    }
  }
}
