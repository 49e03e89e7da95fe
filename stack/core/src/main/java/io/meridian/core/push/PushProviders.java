package io.meridian.core.push;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The providers this node can send with, by the {@code provider} name notifiers use. */
public record PushProviders(Map<String, PushProvider> byName) {
  public PushProviders {
    byName = Map.copyOf(byName);
  }

  public static PushProviders of(List<PushProvider> providers) {
    return new PushProviders(
        providers.stream().collect(Collectors.toMap(PushProvider::name, Function.identity())));
  }

  /** Closes every provider's connections. */
  public void close() {
    byName.values().forEach(PushProvider::close);
  }
}
