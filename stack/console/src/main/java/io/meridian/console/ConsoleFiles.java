package io.meridian.console;

import io.meridian.api.WebJars;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Every file of the console, read from the jar once at start: the console's own files (the folder
 * {@code console/} of the class path) and the third-party libraries it uses, taken from their
 * WebJars and served under {@code lib/}. A request names a key of this map and nothing else, so no
 * request text ever becomes a path on the classpath.
 */
public final class ConsoleFiles {
  static final String ROOT = "console/";
  static final String PAGE = "index.html";

  /** A file's bytes, type and entity tag (a digest of the bytes). */
  public record File(byte[] bytes, String type, String etag) {}

  /** Served name under {@code lib/} → (WebJar group, artifact, path inside the WebJar). */
  private record Library(String group, String artifact, String path) {}

  private static final Map<String, Library> LIBRARIES =
      Map.of(
          "lib/leaflet/leaflet.js", new Library("org.webjars.npm", "leaflet", "dist/leaflet.js"),
          "lib/leaflet/leaflet.css", new Library("org.webjars.npm", "leaflet", "dist/leaflet.css"),
          "lib/leaflet/LICENSE", new Library("org.webjars.npm", "leaflet", "LICENSE"),
          "lib/uplot/uPlot.iife.min.js",
              new Library("org.webjars.npm", "uplot", "dist/uPlot.iife.min.js"),
          "lib/uplot/uPlot.min.css", new Library("org.webjars.npm", "uplot", "dist/uPlot.min.css"),
          "lib/uplot/LICENSE", new Library("org.webjars.npm", "uplot", "LICENSE"));

  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8",
          "json", "application/json",
          "png", "image/png",
          "svg", "image/svg+xml",
          "md", "text/plain; charset=utf-8",
          "txt", "text/plain; charset=utf-8");

  private final Map<String, File> files;

  private ConsoleFiles(Map<String, File> files) {
    this.files = Map.copyOf(files);
  }

  /** Reads every file; a missing library or an unknown file type stops the start. */
  public static ConsoleFiles load() {
    Map<String, File> files = new HashMap<>();
    ClassLoader loader = ConsoleFiles.class.getClassLoader();
    try {
      PathMatchingResourcePatternResolver resolver =
          new PathMatchingResourcePatternResolver(loader);
      // The folder that holds the page: other folders of that name on the class path (the test
      // classes' package) are not the console's.
      String page = resolver.getResource("classpath:" + ROOT + PAGE).getURL().toString();
      String base = page.substring(0, page.length() - PAGE.length());
      for (Resource resource : resolver.getResources("classpath*:" + ROOT + "**/*.*")) {
        String url = resource.getURL().toString();
        if (!url.startsWith(base)) {
          continue;
        }
        String name = url.substring(base.length());
        try (InputStream in = resource.getInputStream()) {
          files.put(name, file(name, in.readAllBytes()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!files.containsKey(PAGE)) {
      throw new IllegalStateException("The console's page is missing: " + ROOT + PAGE);
    }
    LIBRARIES.forEach(
        (name, library) ->
            files.put(
                name,
                file(name, WebJars.file(library.group(), library.artifact(), library.path()))));
    return new ConsoleFiles(files);
  }

  public File page() {
    return files.get(PAGE);
  }

  public Optional<File> get(String name) {
    return Optional.ofNullable(files.get(name));
  }

  private static File file(String name, byte[] bytes) {
    String extension = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : "txt";
    String type = TYPES.get(extension);
    if (type == null) {
      throw new IllegalStateException(
          "The console cannot serve a ." + extension + " file: " + name);
    }
    return new File(bytes, type, "\"" + digest(bytes) + "\"");
  }

  private static String digest(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JDK has SHA-256", e);
    }
  }
}
