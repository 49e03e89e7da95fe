package io.meridian.core.common;

import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many of one kind of long-lived thing (real-time sockets, subscriptions, device attachments,
 * RPCs waiting for a device) one client address, one identity and one application may hold open at
 * once on this node, so that no single address or tenant exhausts a node that others share.
 *
 * <p>Counted in memory, per node, in O(1) with no store read: one count per key, created at the
 * first place taken and removed when the last is given back, so an address that went away costs
 * nothing. Each place taken is a {@link Permit} that gives back exactly once whatever ends it. A
 * count never goes over its limit, even when many threads take the last place at once (each key's
 * check and increment is one atomic step), and never below zero.
 */
public final class ConnectionQuota {
  /** Whose holdings a limit bounds. */
  public enum Scope {
    /** The client's address, as the trusted-proxy rule resolves it. */
    ADDRESS,
    /** The authenticated caller (a user, an application's credentials, an administrator). */
    IDENTITY,
    /** The application, over all its callers on this node. */
    APPLICATION;

    /** The scope as metrics tag it ({@code address}, {@code identity}, {@code application}). */
    public String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final Scope[] SCOPES = Scope.values();

  private final String kind;
  private final int[] limits = new int[SCOPES.length];
  private final LongAdder[] refused = new LongAdder[SCOPES.length];
  private final Map<Key, Integer> held = new ConcurrentHashMap<>();

  /**
   * @param kind what is counted, in the plural and snake case ({@code attached_devices}): the
   *     metrics' tag, and the refusal's words with spaces
   * @param perAddress at most this many per client address; 0: no bound
   * @param perIdentity at most this many per identity; 0: no bound
   * @param perApplication at most this many per application on this node; 0: no bound
   */
  public ConnectionQuota(String kind, int perAddress, int perIdentity, int perApplication) {
    if (perAddress < 0 || perIdentity < 0 || perApplication < 0) {
      throw new IllegalArgumentException("Limits of " + kind + " are 0 (none) or positive");
    }
    this.kind = kind;
    limits[Scope.ADDRESS.ordinal()] = perAddress;
    limits[Scope.IDENTITY.ordinal()] = perIdentity;
    limits[Scope.APPLICATION.ordinal()] = perApplication;
    for (int i = 0; i < refused.length; i++) {
      refused[i] = new LongAdder();
    }
  }

  /** A quota that bounds nothing (tests and tools). */
  public static ConnectionQuota unbounded(String kind) {
    return new ConnectionQuota(kind, 0, 0, 0);
  }

  public String kind() {
    return kind;
  }

  /** The limit of a scope; 0 when it has none. */
  public int limit(Scope scope) {
    return limits[scope.ordinal()];
  }

  /** Refusals since this node started because a scope's limit was reached. */
  public long refused(Scope scope) {
    return refused[scope.ordinal()].sum();
  }

  /** How many places a key of a scope holds now (tests, diagnostics). */
  public int held(Scope scope, Object key) {
    return held.getOrDefault(new Key(scope, key), 0);
  }

  /**
   * Takes one place under each key given, or none: a null key (a guest has no identity, an RPC no
   * address) and a scope without a limit are not counted.
   *
   * @throws Exceeded when a scope's limit is reached; nothing is held then, and the refusal is
   *     counted
   */
  public Permit acquire(String address, UUID identity, UUID application) {
    Key[] keys = new Key[SCOPES.length];
    Object[] values = {address, identity, application};
    for (int i = 0; i < SCOPES.length; i++) {
      if (values[i] == null || limits[i] == 0) {
        continue;
      }
      Key key = new Key(SCOPES[i], values[i]);
      if (!take(key, limits[i])) {
        for (int j = 0; j < i; j++) {
          if (keys[j] != null) {
            give(keys[j]);
          }
        }
        refused[i].increment();
        throw new Exceeded(this, SCOPES[i]);
      }
      keys[i] = key;
    }
    return new Permit(keys);
  }

  private boolean take(Key key, int limit) {
    boolean[] taken = new boolean[1];
    held.compute(
        key,
        (k, count) -> {
          int now = count == null ? 0 : count;
          if (now >= limit) {
            return count;
          }
          taken[0] = true;
          return now + 1;
        });
    return taken[0];
  }

  private void give(Key key) {
    held.computeIfPresent(key, (k, count) -> count <= 1 ? null : count - 1);
  }

  private record Key(Scope scope, Object value) {}

  /**
   * Places held by one socket, subscription, attachment or RPC: given back once by {@link
   * #release}.
   */
  public final class Permit {
    private final Key[] keys;
    private final AtomicBoolean released = new AtomicBoolean();

    private Permit(Key[] keys) {
      this.keys = keys;
    }

    /** Gives the places back; only the first call does anything, from any thread. */
    public void release() {
      if (!released.compareAndSet(false, true)) {
        return;
      }
      for (Key key : keys) {
        if (key != null) {
          give(key);
        }
      }
    }
  }

  /**
   * A limit reached: what the protocol says to the client (a 429, a close, a CONNACK). Thrown often
   * under a flood, so it carries no stack trace.
   */
  public static final class Exceeded extends RuntimeException {
    private final String kind;
    private final Scope scope;
    private final int limit;

    private Exceeded(ConnectionQuota quota, Scope scope) {
      super(describe(quota.kind, scope, quota.limit(scope)), null, false, false);
      this.kind = quota.kind;
      this.scope = scope;
      this.limit = quota.limit(scope);
    }

    public String kind() {
      return kind;
    }

    public Scope scope() {
      return scope;
    }

    public int limit() {
      return limit;
    }

    private static String describe(String kind, Scope scope, int limit) {
      String who =
          switch (scope) {
            case ADDRESS -> "This client address";
            case IDENTITY -> "This caller";
            case APPLICATION -> "This application";
          };
      return who
          + " already holds "
          + limit
          + " "
          + kind.replace('_', ' ')
          + " on this node, the most it may";
    }
  }
}
