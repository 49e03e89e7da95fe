package io.meridian.core.asset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.util.UUID;

/**
 * The file an entity holds: which chunks ({@code version}) and what they add up to. One row per
 * entity; replacing the file replaces this row in one write, so a reader that read it reads one
 * whole version.
 *
 * @param version the id the file's chunks are stored under; a new one for every upload
 * @param checksum the MD5 of the bytes, in lower-case hex (Usergrid's {@code checksum})
 * @param modified when the file was stored, epoch milliseconds
 * @param chunkSize the size of every chunk but the last
 */
public record AssetPointer(
    UUID version, String contentType, long length, String checksum, long modified, int chunkSize) {

  public static final String FILE_METADATA = "file-metadata";

  /** The entity tag: the checksum, quoted, as Usergrid gives it. */
  public String etag() {
    return "\"" + checksum + "\"";
  }

  public int chunkCount() {
    return (int) ((length + chunkSize - 1) / chunkSize);
  }

  /** Usergrid's {@code file-metadata} property of the entity. */
  public ObjectNode fileMetadata() {
    ObjectNode metadata = Json.object();
    metadata.put("content-type", contentType);
    metadata.put("content-length", length);
    metadata.put("checksum", checksum);
    metadata.put("etag", etag());
    metadata.put("last-modified", modified);
    return metadata;
  }
}
