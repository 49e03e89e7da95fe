package io.meridian.core.geo;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.common.CassandraEventLog;
import io.meridian.core.common.IdGenerator;
import java.util.Optional;

/** {@code geo_changes}: rows expire after an hour. */
public final class CassandraGeoChangeLog extends CassandraEventLog<GeoChange> {

  public CassandraGeoChangeLog(CqlSession session, IdGenerator ids) {
    super(session, ids, "geo_changes", "app_id, collection, entity, version");
  }

  @Override
  protected BoundStatement bind(BoundStatement statement, GeoChange change) {
    return statement
        .setUuid(2, change.applicationId())
        .setString(3, change.collection())
        .setUuid(4, change.entityId())
        .setLong(5, change.version());
  }

  @Override
  protected Optional<GeoChange> read(Row row) {
    return Optional.of(
        new GeoChange(
            row.getUuid("app_id"),
            row.getString("collection"),
            row.getUuid("entity"),
            row.getLong("version")));
  }
}
