package io.meridian.local;

import java.util.List;

/** JVM options the launcher and the tests give the Meridian servers they start. */
public final class JvmOptions {

  /**
   * For a server that lives a minute or a few and measures nothing (crash and fault tests, the
   * loader's test): the client compiler alone and the serial collector start it with about 40 %
   * less CPU (16-18 core-s against 27-29 to {@code /lb-status} on the project's 2-core machine,
   * 2026-11-29), which the processes beside it on two cores share. Never for a server whose speed
   * is measured.
   */
  public static final List<String> SHORT_LIVED =
      List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private JvmOptions() {}
}
