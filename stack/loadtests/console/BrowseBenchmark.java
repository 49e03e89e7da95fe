import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console data browser's performance target, measured in headless Chromium (run by
 * browse.sh, with the rest module's test classpath for Selenium): the time from a navigation or a
 * click on "Next page" to the view's {@code data:rendered} mark with a 100-row table in the DOM,
 * for the first page and {@code pages} next pages, each round; beside each, as an anchor, a
 * {@code fetch} of the same API page from the same browser. Exits 1 when a request the page made
 * named a {@code count} parameter, or when a figure is over the limit.
 *
 * <p>Arguments: base org app admin password collection pages rounds limitMillis.
 */
public final class BrowseBenchmark {
  private static final int ROWS = 100;

  public static void main(String[] args) throws Exception {
    String base = args[0], org = args[1], app = args[2], admin = args[3], password = args[4];
    String collection = args[5];
    int pages = Integer.parseInt(args[6]), rounds = Integer.parseInt(args[7]);
    double limitMillis = Double.parseDouble(args[8]);
    Path profile = Files.createTempDirectory("browse-benchmark");
    ChromeOptions options = new ChromeOptions();
    options.setBinary("/usr/bin/chromium");
    options.addArguments(
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run", "--disable-extensions", "--window-size=1400,1000",
        "--user-data-dir=" + profile);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(Path.of("/usr/bin/chromedriver").toFile())
            .usingAnyFreePort()
            .build();
    ChromeDriver driver = new ChromeDriver(service, options);
    int failures = 0;
    boolean met = false;
    try {
      WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60));
      driver.get(base + "/console/#/");
      wait.until(d -> d.findElement(By.name("username"))).sendKeys(admin);
      driver.findElement(By.name("password")).sendKeys(password);
      driver.findElement(By.xpath("//button[normalize-space()='Sign in']")).click();
      wait.until(d -> d.findElement(By.tagName("body")).getText().contains("Organization " + org));
      driver.executeScript("performance.setResourceTimingBufferSize(100000)");
      String route = "#/orgs/" + org + "/apps/" + app + "/data/" + collection + "?limit=" + ROWS;
      String api = "/" + org + "/" + app + "/" + collection + "?limit=" + ROWS;
      List<double[]> figures = new ArrayList<>();
      for (int round = 1; round <= rounds; round++) {
        // Away from the view first, so that the navigation draws it anew.
        driver.executeScript("window.location.hash = arguments[0]", "#/orgs/" + org);
        wait.until(d -> d.findElements(By.cssSelector("table.entities")).isEmpty());
        String cursor = null;
        for (int page = 0; page <= pages; page++) {
          double browser = page == 0 ? navigate(driver, wait, route) : next(driver, wait);
          double anchor = fetch(driver, api, cursor);
          cursor = (String) driver.executeScript("return window.__benchCursor");
          figures.add(new double[] {round, page + 1, browser, anchor});
          System.out.printf(
              Locale.ROOT,
              "round %d page %d: rendered in %.1f ms (100 rows in the DOM); API fetch %.1f ms%n",
              round, page + 1, browser, anchor);
          if (browser > limitMillis) {
            failures++;
          }
        }
      }
      @SuppressWarnings("unchecked")
      List<String> requests =
          (List<String>)
              driver.executeScript(
                  "return performance.getEntriesByType('resource').map(e => e.name)"
                      + ".filter(n => n.includes('/" + collection + "'))");
      List<String> counting =
          requests.stream().filter(url -> url.matches(".*[?&]count=.*")).toList();
      System.out.printf(
          Locale.ROOT,
          "requests to the collection: %d, with a count parameter: %d%n",
          requests.size(), counting.size());
      double[] render = sorted(figures, f -> f[2]);
      double worst = render.length == 0 ? 0 : render[render.length - 1];
      double median = median(render);
      double anchorMedian = median(sorted(figures, f -> f[3]));
      double overhead = median(sorted(figures, f -> f[2] - f[3]));
      System.out.printf(
          Locale.ROOT,
          "summary: %d pages of %d rows, render median %.1f ms, max %.1f ms (limit %.0f ms);"
              + " API fetch median %.1f ms; render minus fetch, median %.1f ms; %s%n",
          figures.size(), ROWS, median, worst, limitMillis, anchorMedian, overhead,
          failures == 0 && counting.isEmpty() ? "MET" : "NOT MET");
      if (!counting.isEmpty()) {
        System.out.println("requests with a count: " + counting);
      }
      met = failures == 0 && counting.isEmpty();
    } finally {
      // Before exiting: System.exit would skip this and leave Chromium running.
      driver.quit();
    }
    System.exit(met ? 0 : 1);
  }

  /** From setting the hash to the mark, in the page's own clock. */
  private static double navigate(ChromeDriver driver, WebDriverWait wait, String route) {
    driver.executeScript(
        "performance.clearMarks('data:rendered'); window.__benchStart = performance.now();"
            + " window.location.hash = arguments[0];",
        route);
    return rendered(driver, wait);
  }

  /** From the click on "Next page" to the mark. */
  private static double next(ChromeDriver driver, WebDriverWait wait) {
    driver.executeScript(
        "performance.clearMarks('data:rendered');"
            + " const next = [...document.querySelectorAll('nav.pager button')]"
            + "   .find(b => b.textContent === 'Next page');"
            + " window.__benchStart = performance.now(); next.click();");
    return rendered(driver, wait);
  }

  private static double rendered(ChromeDriver driver, WebDriverWait wait) {
    Object took =
        wait.until(
            (WebDriver d) ->
                ((ChromeDriver) d)
                    .executeScript(
                        "const m = performance.getEntriesByName('data:rendered');"
                            + " const rows = document.querySelectorAll("
                            + "   '.results table.entities tbody tr').length;"
                            + " return m.length && rows === " + ROWS
                            + "   ? m[m.length - 1].startTime - window.__benchStart : null;"));
    return ((Number) took).doubleValue();
  }

  /** The anchor: the same page's API request, from the same browser, with the same token. */
  private static double fetch(ChromeDriver driver, String path, String cursor) {
    Object took =
        driver.executeAsyncScript(
            "const done = arguments[arguments.length - 1];"
                + " const token = JSON.parse(sessionStorage.getItem('meridian.console.session')).token;"
                + " const start = performance.now();"
                + " const url = arguments[0] + (arguments[1] ? '&cursor=' + encodeURIComponent(arguments[1]) : '');"
                + " fetch(url, {headers: {Authorization: 'Bearer ' + token}})"
                + "   .then(r => r.json()).then(j => { window.__benchCursor = j.cursor;"
                + "     done(performance.now() - start); });",
            path,
            cursor);
    return ((Number) took).doubleValue();
  }

  /** One figure of every page (render, fetch, or a difference), in ascending order. */
  private interface Figure {
    double of(double[] page);
  }

  private static double[] sorted(List<double[]> figures, Figure figure) {
    double[] values = new double[figures.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = figure.of(figures.get(i));
    }
    Arrays.sort(values);
    return values;
  }

  private static double median(double[] sorted) {
    if (sorted.length == 0) {
      return 0;
    }
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  private BrowseBenchmark() {}
}
