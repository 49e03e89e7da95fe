package io.meridian.rest.asset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.asset.AssetPointer;
import io.meridian.core.asset.AssetService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.apache.commons.fileupload2.core.FileItemInput;
import org.apache.commons.fileupload2.core.FileItemInputIterator;
import org.apache.commons.fileupload2.core.RequestContext;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletFileUpload;

/**
 * Reads a multipart form as a stream, part by part: the part named {@code file} is staged in chunks
 * as it arrives (never held whole, never spooled to disk), every other part is a property (text,
 * all of them together at most the JSON body limit). Jersey's multipart support reads the whole
 * body before the resource runs (to temporary files beyond a threshold), so it is not used.
 */
final class AssetForms {
  static final String FILE_PART = "file";
  private static final int MAX_PARTS = 100;

  /** What a form may hold beside the file: its part headers and boundaries. */
  private static final long FORM_OVERHEAD = 64 * 1024;

  private final AssetService assets;
  private final long maxPropertyBytes;

  AssetForms(AssetService assets, long maxPropertyBytes) {
    this.assets = assets;
    this.maxPropertyBytes = maxPropertyBytes;
  }

  /** The staged file and the other parts as properties. */
  record Form(AssetPointer file, ObjectNode properties) {}

  /**
   * 413 at once when a declared length is already over what any accepted upload can be; bodies
   * without a length are counted as they stream.
   */
  void requireWithinLimit(long contentLength, long allowance) {
    if (contentLength > assets.maxBytes() + allowance) {
      throw new MeridianException(
          ErrorCode.REQUEST_ENTITY_TOO_LARGE,
          "The file is larger than the limit of " + assets.maxBytes() + " bytes");
    }
  }

  Form read(InputStream body, String contentType, long contentLength) {
    requireWithinLimit(contentLength, maxPropertyBytes + FORM_OVERHEAD);
    JakartaServletFileUpload<?, ?> upload = new JakartaServletFileUpload<>();
    upload.setFileCountMax(MAX_PARTS);
    AssetPointer file = null;
    ObjectNode properties = Json.object();
    long propertyBytes = 0;
    try {
      FileItemInputIterator parts =
          upload.getItemIterator(context(body, contentType, contentLength));
      while (parts.hasNext()) {
        FileItemInput part = parts.next();
        String field = part.getFieldName();
        if (field == null || field.isBlank()) {
          throw new MeridianException(ErrorCode.BAD_REQUEST, "Every part of the form needs a name");
        }
        if (field.equals(FILE_PART)) {
          if (file != null) {
            throw new MeridianException(
                ErrorCode.BAD_REQUEST, "The form has more than one part named 'file'");
          }
          ContentSniffer.Sniffed sniffed =
              ContentSniffer.sniff(
                  part.getInputStream(), ContentTypes.ofPart(part.getContentType()));
          file = assets.stage(sniffed.body(), sniffed.contentType());
        } else if (part.isFormField()) {
          byte[] value =
              part.getInputStream()
                  .readNBytes(Math.toIntExact(maxPropertyBytes - propertyBytes + 1));
          propertyBytes += value.length;
          if (propertyBytes > maxPropertyBytes) {
            throw new MeridianException(
                ErrorCode.REQUEST_ENTITY_TOO_LARGE,
                "The form's properties are larger than the limit of "
                    + maxPropertyBytes
                    + " bytes");
          }
          properties.put(field, new String(value, StandardCharsets.UTF_8));
        } else {
          throw new MeridianException(
              ErrorCode.BAD_REQUEST,
              "Only the part named 'file' may carry a file; '" + field + "' does too");
        }
      }
    } catch (IOException e) {
      discard(file);
      throw new MeridianException(
          ErrorCode.BAD_REQUEST, "The multipart body is malformed or ended early");
    } catch (RuntimeException e) {
      discard(file);
      throw e;
    }
    if (file == null) {
      throw new MeridianException(
          ErrorCode.BAD_REQUEST, "The form has no part named 'file' (the file to store)");
    }
    return new Form(file, properties);
  }

  private void discard(AssetPointer file) {
    if (file != null) {
      assets.discard(file);
    }
  }

  private static RequestContext context(InputStream body, String contentType, long length) {
    return new RequestContext() {
      @Override
      public String getCharacterEncoding() {
        return StandardCharsets.UTF_8.name();
      }

      @Override
      public long getContentLength() {
        return length;
      }

      @Override
      public String getContentType() {
        return contentType;
      }

      @Override
      public InputStream getInputStream() {
        return body;
      }

      @Override
      public boolean isMultipartRelated() {
        return false;
      }
    };
  }
}
