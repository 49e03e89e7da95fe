package io.meridian.server;

import jakarta.ws.rs.Path;
import java.util.Comparator;
import java.util.List;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * Every root resource class of every protocol module, found on the class path as the assembled
 * server has them (top-level classes of {@code io.meridian} annotated with {@code @Path}), sorted
 * by name: what the contract tests walk without starting a server.
 */
public final class ResourceClasses {
  private ResourceClasses() {}

  public static List<Class<?>> all() {
    ClassPathScanningCandidateComponentProvider scanner =
        new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AnnotationTypeFilter(Path.class));
    return scanner.findCandidateComponents("io.meridian").stream()
        .<Class<?>>map(
            candidate ->
                ClassUtils.resolveClassName(
                    candidate.getBeanClassName(), ResourceClasses.class.getClassLoader()))
        .filter(type -> type.getEnclosingClass() == null)
        .sorted(Comparator.comparing(Class::getName))
        .toList();
  }
}
