package io.meridian.core.activity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.connection.Connection;
import io.meridian.core.connection.ConnectionObserver;
import io.meridian.core.connection.ConnectionRef;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.connection.Direction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Following a user brings their past activities into one's feed, as Usergrid's following service
 * does (it copies the followed user's {@code activities} into the follower's {@code feed}). The
 * copy is made before the follow is answered, so the follower's next read of its feed shows them;
 * it is bounded to the followed user's newest {@link #MAX_COPIED} activities so that a follow costs
 * at most that many connection writes. A follow whose follower's feed already holds the newest of
 * them (a repeated follow, or one that never lapsed) copies nothing: one existence read instead of
 * the writes. Activities posted later reach the feed as every follower's do ({@link
 * ActivityService#post}).
 */
public final class FollowerFeeds implements ConnectionObserver {
  /** The most past activities one follow copies (the newest ones). */
  public static final int MAX_COPIED = 500;

  private static final int PAGE = 500;

  private final ConnectionStore connections;

  public FollowerFeeds(ConnectionStore connections) {
    this.connections = connections;
  }

  @Override
  public void connected(ApplicationRef app, Connection connection) {
    String users = ActivityService.USERS.plural();
    if (!connection.verb().equalsIgnoreCase(ActivityService.FOLLOWING)
        || !connection.sourceCollection().equals(users)
        || !connection.targetCollection().equals(users)
        || connection.source().equals(connection.target())) {
      return;
    }
    List<ConnectionRef> activities = pastActivities(app, connection.target());
    if (activities.isEmpty()
        || connections.exists(app.id(), inFeed(connection.source(), activities.get(0)))) {
      return;
    }
    for (ConnectionRef activity : activities) {
      connections.connect(app.id(), inFeed(connection.source(), activity));
    }
  }

  private static Connection inFeed(UUID follower, ConnectionRef activity) {
    return new Connection(
        follower,
        ActivityService.USERS.plural(),
        ActivityService.FEED,
        activity.entity(),
        activity.collection());
  }

  /** The followed user's newest activities, newest first. */
  private List<ConnectionRef> pastActivities(ApplicationRef app, UUID followed) {
    List<ConnectionRef> found = new ArrayList<>();
    Optional<UUID> after = Optional.empty();
    while (found.size() < MAX_COPIED) {
      int wanted = Math.min(PAGE, MAX_COPIED - found.size());
      List<ConnectionRef> page =
          connections.list(
              app.id(), followed, Direction.OUT, ActivityService.ACTIVITIES_VERB, after, wanted);
      found.addAll(page);
      if (page.size() < wanted) {
        break;
      }
      after = Optional.of(page.get(page.size() - 1).entity());
    }
    return found;
  }
}
