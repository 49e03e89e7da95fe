package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.forAll;
import static io.gatling.javaapi.core.CoreDsl.global;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.Simulation;
import io.meridian.loadtests.LoadConfig;
import io.meridian.loadtests.Target;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What every simulation shares: its {@link LoadConfig}, its {@link Target}, CPU accounting from
 * {@code before} to {@code after}, and its gates: no failed request, every request's p99 and the
 * mean under a bound, and a minimum throughput. Each bound has a default per profile, set from
 * measurements with headroom (docs/benchmarks.md), and can be overridden with {@code
 * loadtest.gate.p99Ms}, {@code loadtest.gate.meanMs} and {@code loadtest.gate.minRps}.
 */
abstract class MeridianSimulation extends Simulation {
  protected final LoadConfig config;
  protected final Target target;

  MeridianSimulation(String name) {
    this(name, config -> Map.of());
  }

  /** With properties for a local server, read from the run's configuration. */
  MeridianSimulation(String name, Function<LoadConfig, Map<String, String>> serverProperties) {
    this.config = LoadConfig.of(name);
    this.target = Target.resolve(config, serverProperties.apply(config));
  }

  @Override
  public void before() {
    target.startMeasuring();
  }

  @Override
  public void after() {
    target.finish(getClass().getSimpleName().toLowerCase(Locale.ROOT));
  }

  /** Bound per profile: smoke, then full. */
  record Gate(double smoke, double full) {}

  protected Assertion[] gates(Gate p99Ms, Gate meanMs, Gate minRps) {
    double p99 = config.decimal("gate.p99Ms", p99Ms.smoke(), p99Ms.full());
    double mean = config.decimal("gate.meanMs", meanMs.smoke(), meanMs.full());
    double rps = config.decimal("gate.minRps", minRps.smoke(), minRps.full());
    return new Assertion[] {
      global().failedRequests().percent().is(0.0),
      forAll().responseTime().percentile(99.0).lt((int) p99),
      global().responseTime().mean().lt((int) mean),
      global().requestsPerSec().gte(rps)
    };
  }
}
