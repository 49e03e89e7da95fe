package io.meridian.rest.socket;

import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.spi.Container;
import org.glassfish.jersey.server.spi.ContainerLifecycleListener;

/**
 * The Jersey application the servlet container runs, for {@link JerseySocketRequests} to hand
 * requests to in-process. Registered on {@code JerseyConfig}; Jersey tells it when the servlet
 * starts (at the server's start: {@code spring.jersey.servlet.load-on-startup}), reloads and stops.
 * Written once by the servlet's initialisation, read by every socket thread.
 */
public final class JerseyContainer implements ContainerLifecycleListener {
  private volatile ApplicationHandler handler;

  @Override
  public void onStartup(Container container) {
    handler = container.getApplicationHandler();
  }

  @Override
  public void onReload(Container container) {
    handler = container.getApplicationHandler();
  }

  @Override
  public void onShutdown(Container container) {
    handler = null;
  }

  /** The running application, or null before the servlet started or after it stopped. */
  ApplicationHandler handler() {
    return handler;
  }
}
