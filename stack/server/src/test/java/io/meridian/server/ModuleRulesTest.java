package io.meridian.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import io.meridian.api.route.ApiResources;
import io.meridian.console.ConsoleConfiguration;
import io.meridian.core.entity.EntityService;
import io.meridian.edge.EdgeConfiguration;
import io.meridian.index.query.UsergridQueryLanguage;
import io.meridian.realtime.RealtimeConfiguration;
import io.meridian.rest.RestConfiguration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which code may use which: a new wrong arrow fails the build. The protocol modules (the HTTP API,
 * the WebSocket, the device edge, the console) know core and their own wire format, never each
 * other or the server that assembles them; core knows no protocol, no web framework, no Netty and
 * no Elasticsearch (its libraries, such as Spring Security's password hashing, are fine); CQL is
 * written only in {@code Cassandra*} classes. (Maven's enforcer refuses the same arrows between the
 * modules' poms.)
 */
class ModuleRulesTest {
  private static final String REST = "io.meridian.rest..";
  private static final String REALTIME = "io.meridian.realtime..";
  private static final String EDGE = "io.meridian.edge..";
  private static final String CONSOLE = "io.meridian.console..";
  private static final String API = "io.meridian.api..";
  private static final String SERVER = "io.meridian.server..";
  private static final String CORE = "io.meridian.core..";
  private static final String INDEX = "io.meridian.index..";

  private static JavaClasses main;

  /** Reads the modules' own classes only (scanning the whole class path took 40 s). */
  @BeforeAll
  static void importMainClasses() {
    Set<Location> modules = new HashSet<>();
    for (Class<?> module :
        List.of(
            EntityService.class,
            UsergridQueryLanguage.class,
            ApiResources.class,
            RestConfiguration.class,
            RealtimeConfiguration.class,
            EdgeConfiguration.class,
            ConsoleConfiguration.class,
            MeridianApplication.class)) {
      modules.add(Location.of(module.getProtectionDomain().getCodeSource().getLocation()));
    }
    main = new ClassFileImporter().importLocations(modules);
  }

  @Test
  void the_http_api_knows_no_other_protocol_and_not_the_server() {
    noClasses()
        .that()
        .resideInAPackage(REST)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(REALTIME, EDGE, CONSOLE, SERVER, INDEX)
        .check(main);
  }

  @Test
  void the_websocket_knows_no_other_protocol_and_not_the_server() {
    noClasses()
        .that()
        .resideInAPackage(REALTIME)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(REST, EDGE, CONSOLE, SERVER, INDEX)
        .check(main);
  }

  @Test
  void the_device_edge_knows_no_other_protocol_and_not_the_server() {
    noClasses()
        .that()
        .resideInAPackage(EDGE)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(REST, REALTIME, CONSOLE, SERVER, API, INDEX)
        .check(main);
  }

  @Test
  void the_console_knows_no_other_protocol_and_not_the_server() {
    noClasses()
        .that()
        .resideInAPackage(CONSOLE)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(REST, REALTIME, EDGE, SERVER, INDEX)
        .check(main);
  }

  @Test
  void what_the_protocols_share_knows_none_of_them() {
    noClasses()
        .that()
        .resideInAPackage(API)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(REST, REALTIME, EDGE, CONSOLE, SERVER, INDEX)
        .check(main);
  }

  @Test
  void core_knows_no_protocol_no_web_framework_no_netty_and_no_elasticsearch() {
    noClasses()
        .that()
        .resideInAPackage(CORE)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            REST,
            REALTIME,
            EDGE,
            CONSOLE,
            API,
            SERVER,
            INDEX,
            "jakarta.ws.rs..",
            "jakarta.servlet..",
            "jakarta.websocket..",
            "org.glassfish..",
            "org.springframework.boot..",
            "org.springframework.context..",
            "org.springframework.beans..",
            "org.springframework.web..",
            "io.netty..",
            "co.elastic..",
            "org.elasticsearch..")
        .check(main);
  }

  @Test
  void protocols_never_touch_the_cassandra_driver() {
    noClasses()
        .that()
        .resideInAnyPackage(REST, REALTIME, EDGE, CONSOLE, API)
        .should()
        .dependOnClassesThat()
        .resideInAPackage("com.datastax..")
        .check(main);
  }

  @Test
  void cql_is_written_only_in_cassandra_classes() {
    for (String statements :
        List.of(
            "com.datastax.oss.driver.api.core.cql..",
            "com.datastax.oss.driver.api.querybuilder..")) {
      noClasses()
          .that()
          .resideInAPackage(CORE)
          .and()
          .haveNameNotMatching(".*\\.Cassandra[^.]*")
          .should()
          .dependOnClassesThat()
          .resideInAPackage(statements)
          .check(main);
    }
  }
}
