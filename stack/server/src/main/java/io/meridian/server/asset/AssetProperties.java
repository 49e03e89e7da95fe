package io.meridian.server.asset;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Files of entities (assets).
 *
 * @param maxSize the largest file one upload may store; larger is 413 and changes nothing
 * @param chunkSize the size of the chunks a file is stored in (one Cassandra partition each)
 * @param replacedFileGrace how long a replaced file's chunks are kept, so that a download that
 *     started before the replacement can finish
 */
@ConfigurationProperties("meridian.assets")
public record AssetProperties(
    @DefaultValue("50MB") DataSize maxSize,
    @DefaultValue("256KB") DataSize chunkSize,
    @DefaultValue("60s") Duration replacedFileGrace) {

  public AssetProperties {
    if (maxSize.toBytes() < 1) {
      throw new IllegalArgumentException("meridian.assets.max-size must be at least 1 byte");
    }
    if (chunkSize.toBytes() < 1024 || chunkSize.toBytes() > 4 * 1024 * 1024) {
      throw new IllegalArgumentException("meridian.assets.chunk-size must be 1KB to 4MB");
    }
  }
}
