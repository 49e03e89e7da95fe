package io.meridian.rest.param;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ParamException;
import org.glassfish.jersey.server.model.Parameter;
import org.glassfish.jersey.server.spi.internal.ValueParamProvider;

/**
 * Makes this package's {@code @BeanParam} beans ({@link AppPath}, {@link Selection}, ...) for each
 * request without Jersey's injection: Jersey builds a bean through its injection manager on every
 * request, which cost about 18 % of the CPU of a fence lookup in a profile (issue 31's closing
 * note), against the plain parameters that the beans replaced. Here each bean's fields are read
 * once, when Jersey builds its resource model, into a plan; a request then costs a constructor call
 * and one map lookup per field.
 *
 * <p>It handles a bean whose fields are all {@code @PathParam}, {@code @QueryParam} or {@code
 * HeaderParam} (with an optional {@code @DefaultValue}) of type {@code String}, {@code int} or
 * {@code long}, the values decoded, as Jersey gives them; any other bean is left to Jersey. A value
 * that does not convert fails as Jersey's would: a query parameter with 404, a header with 400.
 */
public final class RequestBeans implements ValueParamProvider {

  /**
   * A bean that refuses values its fields' types cannot: {@link #check} runs once the bean is made,
   * before the resource method, and throws what the request is answered with (a 400).
   */
  public interface Checked {
    void check();
  }

  @Override
  public Function<ContainerRequest, ?> getValueProvider(Parameter parameter) {
    if (parameter.getSource() != Parameter.Source.BEAN_PARAM) {
      return null;
    }
    return Plan.of(parameter.getRawType());
  }

  @Override
  public PriorityType getPriority() {
    return Priority.HIGH;
  }

  /** How one bean class is made from a request. */
  static final class Plan implements Function<ContainerRequest, Object> {
    private final Constructor<?> constructor;
    private final List<Slot> slots;

    private Plan(Constructor<?> constructor, List<Slot> slots) {
      this.constructor = constructor;
      this.slots = slots;
    }

    /** The plan of a bean class, or null when it has a field this class does not handle. */
    static Plan of(Class<?> type) {
      if (type.getPackage() != RequestBeans.class.getPackage()) {
        return null;
      }
      List<Slot> slots = new ArrayList<>();
      for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
        for (Field field : c.getDeclaredFields()) {
          if (Modifier.isStatic(field.getModifiers())) {
            continue;
          }
          Slot slot = Slot.of(field);
          if (slot == null) {
            return null;
          }
          slots.add(slot);
        }
      }
      try {
        Constructor<?> constructor = type.getDeclaredConstructor();
        constructor.setAccessible(true);
        return new Plan(constructor, List.copyOf(slots));
      } catch (NoSuchMethodException e) {
        return null;
      }
    }

    @Override
    public Object apply(ContainerRequest request) {
      try {
        Object bean = constructor.newInstance();
        for (Slot slot : slots) {
          slot.field.set(bean, slot.value(request));
        }
        if (bean instanceof Checked checked) {
          checked.check();
        }
        return bean;
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("Cannot make " + constructor.getDeclaringClass(), e);
      }
    }
  }

  private enum Source {
    PATH,
    QUERY,
    HEADER
  }

  /** One field of a bean: where its value comes from, and its type. */
  private record Slot(Field field, Source source, String name, String defaultValue) {
    static Slot of(Field field) {
      Class<?> type = field.getType();
      if (type != String.class && type != int.class && type != long.class) {
        return null;
      }
      Source source = null;
      String name = null;
      String defaultValue = null;
      for (Annotation annotation : field.getAnnotations()) {
        if (annotation instanceof PathParam path) {
          source = Source.PATH;
          name = path.value();
        } else if (annotation instanceof QueryParam query) {
          source = Source.QUERY;
          name = query.value();
        } else if (annotation instanceof HeaderParam header) {
          source = Source.HEADER;
          name = header.value();
        } else if (annotation instanceof DefaultValue value) {
          defaultValue = value.value();
        } else if (annotation.annotationType().getPackageName().startsWith("jakarta.ws.rs")) {
          return null; // @Encoded, @MatrixParam, @Context, ...: Jersey's
        }
      }
      if (source == null) {
        return null;
      }
      field.setAccessible(true);
      return new Slot(field, source, name, defaultValue);
    }

    Object value(ContainerRequest request) {
      String text =
          switch (source) {
            case PATH -> request.getUriInfo().getPathParameters(true).getFirst(name);
            case QUERY -> request.getUriInfo().getQueryParameters(true).getFirst(name);
            case HEADER -> request.getRequestHeaders().getFirst(name);
          };
      if (field.getType() == String.class) {
        return text != null ? text : defaultValue;
      }
      // As Jersey's primitive extractors: absent or blank takes the default (else zero).
      String number = text == null || text.isBlank() ? defaultValue : text.trim();
      try {
        if (number == null) {
          return field.getType() == long.class ? (Object) 0L : (Object) 0;
        }
        return field.getType() == long.class
            ? (Object) Long.parseLong(number)
            : (Object) Integer.parseInt(number);
      } catch (NumberFormatException e) {
        throw source == Source.QUERY
            ? new ParamException.QueryParamException(e, name, defaultValue)
            : source == Source.HEADER
                ? new ParamException.HeaderParamException(e, name, defaultValue)
                : new ParamException.PathParamException(e, name, defaultValue);
      }
    }
  }
}
