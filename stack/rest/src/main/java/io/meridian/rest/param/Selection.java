package io.meridian.rest.param;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import jakarta.ws.rs.QueryParam;

/**
 * The query parameters that select entities: a query, which Usergrid accepts as {@code ql}, {@code
 * q} or {@code query}, a {@code limit}, and which connection metadata to show, all still as sent
 * (see {@link AppPath} for the annotation).
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
public class Selection implements RequestBeans.Checked {
  @QueryParam("ql")
  private String ql;

  @QueryParam("q")
  private String q;

  @QueryParam("query")
  private String query;

  @QueryParam("limit")
  private String limit;

  @QueryParam("connections")
  private String connections;

  /** The query under whichever name was given, {@code ql} first; null when none was. */
  public String ql() {
    return ql != null ? ql : q != null ? q : query;
  }

  /** The limit as sent, null when absent: parsing it is the route's, to refuse it in order. */
  public String limit() {
    return limit;
  }

  /**
   * Usergrid's {@code connections} ({@code none}, {@code in}, {@code out}, {@code all}): which
   * connection metadata the listed entities carry.
   */
  public ConnectionsShown connectionsShown() {
    return ConnectionsShown.of(connections);
  }

  /**
   * A {@code connections} the contract does not allow is a 400 on every route that takes a
   * selection, whether or not its answer carries connection metadata.
   */
  @Override
  public void check() {
    ConnectionsShown.of(connections);
  }
}
