package io.meridian.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Files of the WebJars on the class path (Swagger UI for the reference page; Leaflet and uPlot for
 * the console), found by the version in each WebJar's Maven metadata, so a version bump in the pom
 * is all an upgrade takes. A missing file stops the start rather than a page later.
 */
public final class WebJars {
  private WebJars() {}

  /** The bytes of {@code path} inside the WebJar {@code group:artifact}. */
  public static byte[] file(String group, String artifact, String path) {
    return read(
        "META-INF/resources/webjars/" + artifact + "/" + version(group, artifact) + "/" + path);
  }

  static String version(String group, String artifact) {
    Properties properties = new Properties();
    try {
      properties.load(
          new StringReader(
              new String(
                  read("META-INF/maven/" + group + "/" + artifact + "/pom.properties"),
                  StandardCharsets.ISO_8859_1)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version");
  }

  /** A resource of the class path; a missing one stops the start. */
  public static byte[] read(String resource) {
    try (InputStream in = WebJars.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Missing from the class path: " + resource);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
