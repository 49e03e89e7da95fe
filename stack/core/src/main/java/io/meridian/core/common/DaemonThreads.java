package io.meridian.core.common;

import java.util.concurrent.ThreadFactory;

/**
 * Threads for core's background work (pollers, writers, loaders). They are daemons, so a node whose
 * owner forgot a {@code close} still exits, and they carry the name given, so a thread dump says
 * whose they are.
 */
public final class DaemonThreads {
  private DaemonThreads() {}

  /** A factory of daemon threads all named {@code name}. */
  public static ThreadFactory named(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
