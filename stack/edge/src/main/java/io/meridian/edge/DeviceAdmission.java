package io.meridian.edge;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.DeviceIds;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.token.ClientCredentials;
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
 * of an existing application, with the device's secret when the application requires secrets. The
 * key is public, as Cometa's application id is.
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

  DeviceAdmission(ApplicationService applications, DeviceSecrets secrets) {
    this.applications = applications;
    this.secrets = secrets;
  }

  /**
   * Decides off the I/O thread and hands the outcome back to the connection's event loop: a failure
   * to decide (Cassandra down, too many attaches waiting) is a refusal with 503.
   */
  void admit(
      String appKey,
      String device,
      String secret,
      EventExecutor connection,
      Consumer<Outcome> decided) {
    try {
      admissions.execute(
          () -> {
            Outcome outcome;
            try {
              outcome = admit(appKey, device, secret);
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

  record Admitted(ApplicationRef application) implements Outcome {}

  /** Refused, with the status Cometa answers ({@code 400} or {@code 403}). */
  record Refused(int status, String reason) implements Outcome {}

  private static final Refused UNAVAILABLE = new Refused(503, "Service Unavailable");

  Outcome admit(String appKey, String device, String secret) {
    if (!DeviceIds.isValid(device)) {
      return new Refused(400, "Bad Request");
    }
    ClientCredentials.Owner owner = ClientCredentials.parse(appKey);
    if (owner == null || owner.kind() != PrincipalKind.APPLICATION) {
      return new Refused(403, "Forbidden");
    }
    Optional<ApplicationRef> application = applications.find(owner.id());
    if (application.isEmpty() || !secrets.mayAttach(owner.id(), device, secret)) {
      return new Refused(403, "Forbidden");
    }
    return new Admitted(application.get());
  }
}
