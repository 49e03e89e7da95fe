package io.meridian.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.ConnectionQuota.Scope;
import io.meridian.core.device.DeviceCredential;
import io.meridian.core.device.DeviceSecrets;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An admitted device's place among the devices its address and application may hold attached. */
class DeviceAdmissionTest {
  private static final ApplicationRef APP =
      new ApplicationRef(UUID.randomUUID(), UUID.randomUUID(), "acme", "meters", 0);

  /** Two devices per address; every embedded channel has the same address. */
  private final ConnectionQuota attachments = new ConnectionQuota("attached_devices", 2, 0, 10);

  private final DeviceAdmission admission = new DeviceAdmission(null, null, null, attachments);
  private final DeviceAdmission.Admitted admitted =
      new DeviceAdmission.Admitted(APP, new DeviceSecrets.Proof(DeviceCredential.DEVICE_SECRET, 0));

  @AfterEach
  void stop() {
    admission.close();
  }

  private int heldByTheAddress(EmbeddedChannel channel) {
    return attachments.held(Scope.ADDRESS, EdgePort.address(channel));
  }

  @Test
  void a_device_beyond_its_address_bound_is_refused_and_counted() {
    EmbeddedChannel first = new EmbeddedChannel();
    EmbeddedChannel second = new EmbeddedChannel();
    EmbeddedChannel third = new EmbeddedChannel();

    assertThat(admission.holdPlace(first, admitted)).isTrue();
    assertThat(admission.holdPlace(second, admitted)).isTrue();
    assertThat(admission.holdPlace(third, admitted)).isFalse();

    assertThat(attachments.refused(Scope.ADDRESS)).isEqualTo(1);
    assertThat(heldByTheAddress(first)).isEqualTo(2);
  }

  @Test
  void the_place_comes_back_once_when_the_connection_closes() {
    EmbeddedChannel closedByUs = new EmbeddedChannel();
    EmbeddedChannel dropped = new EmbeddedChannel();
    admission.holdPlace(closedByUs, admitted);
    admission.holdPlace(dropped, admitted);

    closedByUs.close();
    dropped.close();
    dropped.close();

    assertThat(heldByTheAddress(closedByUs)).isZero();
    assertThat(attachments.held(Scope.APPLICATION, APP.id())).isZero();
    assertThat(admission.holdPlace(new EmbeddedChannel(), admitted)).isTrue();
    assertThat(admission.holdPlace(new EmbeddedChannel(), admitted)).isTrue();
    assertThat(heldByTheAddress(dropped)).isEqualTo(2);
  }

  @Test
  void a_connection_that_closed_before_its_place_was_taken_gives_it_back_at_once() {
    EmbeddedChannel gone = new EmbeddedChannel();
    gone.close();

    assertThat(admission.holdPlace(gone, admitted)).isTrue();

    assertThat(heldByTheAddress(gone)).isZero();
  }
}
