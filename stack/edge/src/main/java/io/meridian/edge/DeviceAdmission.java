package io.meridian.edge;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.device.DeviceCredential;
import io.meridian.core.device.DeviceIds;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.DeviceTakeovers;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.token.ClientCredentials;
import io.netty.channel.Channel;
import io.netty.util.concurrent.EventExecutor;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Who may attach: a device id of the accepted shape, under an application key that is the client id
 * of an existing application, with the device's own secret unless the application allows open
 * attachment (and never with a wrong one); and not with a weaker credential than the one the device
 * is attached with on another node ({@link DeviceTakeovers}). The key is public, as Cometa's
 * application id is. An admitted device then takes a place among the devices its address and its
 * application may hold attached to this node ({@link EdgeLimits}), for as long as its connection is
 * open.
 */
final class DeviceAdmission {
  private final ApplicationService applications;
  private final DeviceSecrets secrets;

  /** Admissions may read Cassandra (a cache miss): never on a device's I/O thread. */
  private final ExecutorService admissions =
      new ThreadPoolExecutor(
          1,
          2,
          30,
          TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(65_536),
          runnable -> {
            Thread thread = new Thread(runnable, "edge-admission");
            thread.setDaemon(true);
            return thread;
          },
          new ThreadPoolExecutor.AbortPolicy());

  private final DeviceTakeovers takeovers;
  private final ConnectionQuota attachments;

  DeviceAdmission(
      ApplicationService applications,
      DeviceSecrets secrets,
      DeviceTakeovers takeovers,
      ConnectionQuota attachments) {
    this.applications = applications;
    this.secrets = secrets;
    this.takeovers = takeovers;
    this.attachments = attachments;
  }

  /**
   * Takes the admitted device's place in this node's bounds of attached devices (per address, per
   * application) until its connection closes, however it closes: false when a bound is reached (the
   * refusal is counted), and the transport refuses the device as busy. On the connection's event
   * loop: O(1), no store read.
   */
  boolean holdPlace(Channel channel, Admitted admitted) {
    ConnectionQuota.Permit place;
    try {
      place = attachments.acquire(EdgePort.address(channel), null, admitted.application().id());
    } catch (ConnectionQuota.Exceeded e) {
      return false;
    }
    channel.closeFuture().addListener(closed -> place.release());
    return true;
  }

  /**
   * An attach request's credentials and where it comes from.
   *
   * @param secret the device secret presented, or null
   * @param transport the session's transport ({@code http}, {@code websocket}, {@code mqtt})
   */
  record Request(
      String appKey, String device, String secret, String transport, String remoteAddress) {}

  /**
   * Decides off the I/O thread and hands the outcome back to the connection's event loop: a failure
   * to decide (Cassandra down, too many attaches waiting) is a refusal with 503.
   */
  void admit(Request request, EventExecutor connection, Consumer<Outcome> decided) {
    try {
      admissions.execute(
          () -> {
            Outcome outcome;
            try {
              outcome = admit(request);
            } catch (RuntimeException e) {
              outcome = UNAVAILABLE;
            }
            Outcome result = outcome;
            connection.execute(() -> decided.accept(result));
          });
    } catch (RejectedExecutionException e) {
      connection.execute(() -> decided.accept(UNAVAILABLE));
    }
  }

  void close() {
    admissions.shutdownNow();
  }

  /** The outcome of an attach request's credentials. */
  sealed interface Outcome {}

  /** Admitted, with what the device proved. */
  record Admitted(ApplicationRef application, DeviceSecrets.Proof proof) implements Outcome {
    DeviceCredential credential() {
      return proof.credential();
    }
  }

  /**
   * Refused, with the status Cometa answers ({@code 400} or {@code 403}; {@code 503}: undecided).
   */
  record Refused(int status, String reason) implements Outcome {}

  private static final Refused UNAVAILABLE = new Refused(503, "Service Unavailable");

  Outcome admit(Request request) {
    String device = request.device();
    if (!DeviceIds.isValid(device)) {
      return new Refused(400, "Bad Request");
    }
    ClientCredentials.Owner owner = ClientCredentials.parse(request.appKey());
    if (owner == null || owner.kind() != PrincipalKind.APPLICATION) {
      return new Refused(403, "Forbidden");
    }
    Optional<ApplicationRef> application = applications.find(owner.id());
    if (application.isEmpty()) {
      return new Refused(403, "Forbidden");
    }
    Optional<DeviceSecrets.Proof> proof = secrets.credential(owner.id(), device, request.secret());
    if (proof.isEmpty()
        || !takeovers.mayTake(
            owner.id(),
            device,
            proof.get().credential(),
            request.remoteAddress(),
            request.transport())) {
      return new Refused(403, "Forbidden");
    }
    return new Admitted(application.get(), proof.get());
  }
}
