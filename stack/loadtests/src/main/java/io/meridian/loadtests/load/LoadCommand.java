package io.meridian.loadtests.load;

import io.meridian.loadtests.load.Loader.Options;
import io.meridian.loadtests.load.Loader.Report;
import io.meridian.loadtests.load.Loader.Verification;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar meridian-load.jar}: loads the load tests' data sets into an application through
 * the REST API, resumably, and verifies them. The application is given by its client credentials,
 * or created with {@code --provision}.
 *
 * <p>Over 300 lines because a third of it is its 17 options, each declared with its help text,
 * which picocli reads from this class.
 */
@Command(
    name = "meridian-load",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Load the load tests' data sets into a Meridian application, and verify them.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done; every verification passed",
      "1:a load or a verification could not finish (rerunning a load resumes it)",
      "2:bad options",
      "3:a verification found problems"
    })
public final class LoadCommand implements Callable<Integer> {
  static final int FAILED = 1;
  static final int USAGE = 2;
  static final int PROBLEMS = 3;

  @Spec CommandSpec spec;

  @Option(
      names = "--url",
      paramLabel = "URL",
      defaultValue = "http://127.0.0.1:8080",
      description = "The Meridian server (default: ${DEFAULT-VALUE}).")
  URI url;

  @Option(names = "--allow-remote", description = "Allow a server that is not on this machine.")
  boolean allowRemote;

  @Option(names = "--org", paramLabel = "ORG", description = "The application's organization.")
  String org;

  @Option(names = "--app", paramLabel = "APP", description = "The application.")
  String app;

  @Option(
      names = "--client-id",
      paramLabel = "ID",
      defaultValue = "${env:MERIDIAN_CLIENT_ID}",
      description = "The application's client id (default: $MERIDIAN_CLIENT_ID).")
  String clientId;

  @Option(
      names = "--client-secret",
      paramLabel = "SECRET",
      defaultValue = "${env:MERIDIAN_CLIENT_SECRET}",
      description = "The application's client secret (default: $MERIDIAN_CLIENT_SECRET).")
  String clientSecret;

  @Option(
      names = "--provision",
      description = "Create a new organization and application, and print their credentials.")
  boolean provision;

  @Option(
      names = "--superuser-password-env",
      paramLabel = "NAME",
      description =
          "With --provision: the environment variable holding the superuser's password, for a"
              + " server without open registration.")
  String superuserPasswordEnv;

  @Option(
      names = "--dataset",
      split = ",",
      required = true,
      paramLabel = "SET",
      description =
          "things, fences, kuzzle_fences, places or tags; repeat the option or separate with"
              + " commas.")
  List<Dataset> datasets;

  @Option(
      names = "--count",
      paramLabel = "N",
      description = "Entities per data set (default: each data set's full size).")
  Integer count;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "1",
      description = "The generators' seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--batch",
      paramLabel = "N",
      defaultValue = "500",
      description = "Entities per request, 1 to 1000 (default: ${DEFAULT-VALUE}).")
  int batch;

  @Option(
      names = "--workers",
      paramLabel = "N",
      defaultValue = "4",
      description = "Requests at a time (default: ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--state-dir",
      paramLabel = "DIR",
      defaultValue = "target/loadtests/state",
      description = "Where loads record what is done, to resume (default: ${DEFAULT-VALUE}).")
  Path stateDir;

  @Option(names = "--verify", description = "Verify each data set after loading it.")
  boolean verify;

  @Option(names = "--verify-only", description = "Verify without loading.")
  boolean verifyOnly;

  @Option(names = "--no-progress", description = "Print no progress line.")
  boolean noProgress;

  private final UnaryOperator<String> environment;

  public LoadCommand() {
    this(System::getenv);
  }

  LoadCommand(UnaryOperator<String> environment) {
    this.environment = environment;
  }

  /** The command line, with data sets accepted in any case. */
  public static CommandLine commandLine() {
    return commandLine(new LoadCommand());
  }

  static CommandLine commandLine(LoadCommand command) {
    return new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true);
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  @Override
  public Integer call() {
    check();
    MeridianClient client;
    try {
      client = new MeridianClient(url, allowRemote);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage() + " (see --allow-remote)");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      MeridianClient.App target = provision ? provision(client, out) : credentials();
      Loader loader = new Loader(client, target);
      int status = 0;
      for (Dataset dataset : datasets) {
        Options options =
            new Options(
                dataset,
                count == null ? dataset.defaultCount() : count,
                seed,
                batch,
                workers,
                stateDir,
                !noProgress);
        if (!verifyOnly) {
          out.println(summary(loader.load(options)));
          out.flush();
        }
        if (verify || verifyOnly) {
          Verification verification = loader.verify(options);
          out.println(summary(verification));
          verification.problems().forEach(problem -> out.println("  " + problem));
          out.flush();
          if (!verification.ok()) {
            status = PROBLEMS;
          }
        }
      }
      return status;
    } catch (LoadException | MeridianClient.ApiException | UncheckedIOException e) {
      out.flush();
      err.println("meridian-load: " + e.getMessage());
      err.flush();
      return FAILED;
    }
  }

  private void check() {
    if (provision && (org != null || app != null)) {
      throw usage("Give either --provision or --org and --app, not both");
    }
    if (provision && verifyOnly) {
      throw usage("--verify-only needs an existing application (--org and --app)");
    }
    if (!provision && (blank(org) || blank(app) || blank(clientId) || blank(clientSecret))) {
      throw usage(
          "Name the application with --org and --app and give its credentials (--client-id and"
              + " --client-secret, or MERIDIAN_CLIENT_ID and MERIDIAN_CLIENT_SECRET), or create"
              + " one with --provision");
    }
    if (superuserPasswordEnv != null && !provision) {
      throw usage("--superuser-password-env only goes with --provision");
    }
    if (superuserPasswordEnv != null && blank(environment.apply(superuserPasswordEnv))) {
      throw usage("The environment variable " + superuserPasswordEnv + " is not set");
    }
    if (count != null && count < 0) {
      throw usage("--count must not be negative, got " + count);
    }
    if (batch < 1 || batch > Loader.MAX_BATCH) {
      throw usage("--batch must be 1 to " + Loader.MAX_BATCH + ", got " + batch);
    }
    if (workers < 1) {
      throw usage("--workers must be at least 1, got " + workers);
    }
  }

  private MeridianClient.App provision(MeridianClient client, PrintWriter out) {
    String password = superuserPasswordEnv == null ? null : environment.apply(superuserPasswordEnv);
    MeridianClient.App created;
    try {
      created = client.provision("load", password);
    } catch (MeridianClient.ApiException e) {
      if (e.status() != 401 && e.status() != 403) {
        throw e;
      }
      throw new LoadException(
          "Cannot create an organization: "
              + e.getMessage()
              + ". A server without open registration needs the superuser's password"
              + " (--superuser-password-env NAME)",
          e);
    }
    out.printf(
        Locale.ROOT,
        "Provisioned %s. To load or verify it again:%n  --org %s --app %s --client-id %s"
            + " --client-secret %s%n",
        created.path(),
        created.org(),
        created.app(),
        created.clientId(),
        created.clientSecret());
    out.flush();
    return created;
  }

  private MeridianClient.App credentials() {
    return new MeridianClient.App(org, app, clientId, clientSecret);
  }

  static String summary(Report report) {
    double seconds = report.took().toMillis() / 1000.0;
    return String.format(
        Locale.ROOT,
        "%s: %,d entities loaded in %.1f s: %,d created (%,.0f/s), %,d already there",
        report.dataset().collection(),
        report.count(),
        seconds,
        report.created(),
        seconds > 0 ? report.created() / seconds : 0,
        report.existing());
  }

  static String summary(Verification verification) {
    return String.format(
        Locale.ROOT,
        "%s: verified %,d expected, %,d stored, %,d indexed, %,d sampled: %s",
        verification.dataset().collection(),
        verification.expected(),
        verification.stored(),
        verification.indexed(),
        verification.sampled(),
        verification.ok()
            ? "OK"
            : verification.problems().size()
                + (verification.problems().size() == 1 ? " problem" : " problems"));
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }
}
