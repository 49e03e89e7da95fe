package io.meridian.loadtests.floor;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The bare floor: a benchmark-only server on Meridian's own stack that answers a GET by uuid with
 * nothing but one Cassandra read. Meridian's GET is measured against it (issue 17, {@code
 * stack/loadtests/wrk/table.sh}); it is never deployed and holds no product code.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class BareFloorApplication {
  public static void main(String[] args) {
    SpringApplication.run(BareFloorApplication.class, args);
  }
}
