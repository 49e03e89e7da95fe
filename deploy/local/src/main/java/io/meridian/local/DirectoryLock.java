package io.meridian.local;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Supplier;

/**
 * Serialises the launcher's operations on one directory across processes (a file lock) and across
 * the threads of this JVM (a FileLock is per JVM, so threads need a lock of their own).
 */
final class DirectoryLock {

  private static final Object JVM_LOCK = new Object();

  private DirectoryLock() {}

  /** Runs {@code action} holding {@code lockFile}; {@code dir} names the directory in errors. */
  static <T> T holding(Path lockFile, Path dir, Supplier<T> action) {
    synchronized (JVM_LOCK) {
      try {
        Files.createDirectories(lockFile.getParent());
        try (FileChannel channel =
                FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.lock()) {
          return action.get();
        }
      } catch (IOException e) {
        throw new LocalServicesException("Cannot use the directory " + dir + ": " + e, e);
      }
    }
  }
}
