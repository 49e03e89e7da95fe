package io.meridian.rest.support;

import io.meridian.local.DebianPackage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, installed with
 * apt-get when missing and this runs as root) driven by Selenium, with the few moves the console's
 * tests make: open a route, fill a labelled field, press a button, wait for what the admin sees,
 * take a screenshot. Controls are found as a person finds them, by their visible label or text.
 */
public final class ConsoleBrowser implements AutoCloseable {
  static final DebianPackage CHROMIUM =
      new DebianPackage(
          "chromium", "for the console's browser tests", List.of(Path.of("/usr/bin/chromium")));
  static final DebianPackage CHROMEDRIVER =
      new DebianPackage(
          "chromium-driver",
          "for the console's browser tests",
          List.of(Path.of("/usr/bin/chromedriver")));

  /**
   * Where screenshots go: docs/img when asked for (-Dmeridian.console.screenshots), else target.
   */
  static final Path SCREENSHOTS =
      Path.of(System.getProperty("meridian.console.screenshots", "target/console-screenshots"));

  /**
   * Generous: integration test classes run four at a time on two cores (a wait ends on success).
   */
  private static final Duration WAIT = Duration.ofSeconds(30);

  private final ChromeDriver driver;
  private final String base;
  private final Path profile;

  public ConsoleBrowser(String base) {
    this.base = base;
    String chromium = CHROMIUM.ensureInstalled();
    String chromedriver = CHROMEDRIVER.ensureInstalled();
    try {
      profile = Files.createTempDirectory("console-chromium");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--window-size=1400,1000",
        "--user-data-dir=" + profile);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(Path.of(chromedriver).toFile())
            .usingAnyFreePort()
            .build();
    driver = new ChromeDriver(service, options);
    driver.manage().timeouts().scriptTimeout(WAIT);
  }

  public ChromeDriver driver() {
    return driver;
  }

  /** Opens the console at a route: {@code "#/orgs/acme"}, or "" for its start. */
  public ConsoleBrowser open(String route) {
    driver.get(base + "/console" + route);
    return this;
  }

  /** Opens the console afresh with no session: its sign-in page. */
  public ConsoleBrowser signedOut() {
    open("");
    script("sessionStorage.clear()");
    driver.get("about:blank");
    return open("#/");
  }

  /** Goes to a route of the already open console, as a link would. */
  public ConsoleBrowser go(String route) {
    driver.executeScript("window.location.hash = arguments[0]", route);
    return this;
  }

  /** The control a visible label names (its {@code for}), as a screen reader finds it. */
  public WebElement field(String label) {
    return wait(
        d ->
            d.findElements(By.xpath("//label[normalize-space()=" + quote(label) + "]")).stream()
                .filter(WebElement::isDisplayed)
                .map(l -> d.findElement(By.id(l.getAttribute("for"))))
                .findFirst()
                .orElse(null));
  }

  public ConsoleBrowser fill(String label, String text) {
    WebElement field = field(label);
    field.clear();
    field.sendKeys(text);
    return this;
  }

  /** Presses the visible, enabled button with this text or accessible name. */
  public ConsoleBrowser press(String name) {
    WebElement button =
        wait(
            d ->
                d
                    .findElements(
                        By.xpath(
                            "//button[normalize-space()="
                                + quote(name)
                                + " or @aria-label="
                                + quote(name)
                                + "]"))
                    .stream()
                    .filter(b -> b.isDisplayed() && b.isEnabled())
                    .findFirst()
                    .orElse(null));
    button.click();
    return this;
  }

  /** Follows the visible link with this text. */
  public ConsoleBrowser follow(String text) {
    wait(ExpectedConditions.elementToBeClickable(By.linkText(text))).click();
    return this;
  }

  /** Waits until the page shows this text, and returns the page's text. */
  public String waitForText(String text) {
    return wait(
        d -> {
          String shown = text();
          return shown.contains(text) ? shown : null;
        });
  }

  /** Everything the page shows as text. */
  public String text() {
    return driver.findElement(By.tagName("body")).getText();
  }

  /** The text of the main region (the current view). */
  public String main() {
    return wait(d -> d.findElement(By.tagName("main"))).getText();
  }

  /**
   * Waits until the condition gives a value (not null, not false). On a timeout the failure shows
   * what the page showed, and a screenshot of it is saved as {@code failure-<time>.png}.
   */
  public <T> T wait(java.util.function.Function<? super org.openqa.selenium.WebDriver, T> until) {
    try {
      return new WebDriverWait(driver, WAIT).ignoring(RuntimeException.class).until(until::apply);
    } catch (org.openqa.selenium.TimeoutException e) {
      Path shot = screenshot("failure-" + System.currentTimeMillis());
      throw new AssertionError(
          "Timed out after "
              + WAIT
              + "; the page showed:\n"
              + text()
              + "\n(screenshot "
              + shot
              + ")",
          e);
    }
  }

  public Object script(String script, Object... arguments) {
    return ((JavascriptExecutor) driver).executeScript(script, arguments);
  }

  /** Saves what the browser shows as {@code <screenshots>/<name>.png}. */
  public Path screenshot(String name) {
    try {
      Path folder =
          name.startsWith("failure-") ? Path.of("target/console-screenshots") : SCREENSHOTS;
      Files.createDirectories(folder);
      Path target = folder.resolve(name + ".png");
      Path taken = driver.getScreenshotAs(OutputType.FILE).toPath();
      Files.copy(taken, target, StandardCopyOption.REPLACE_EXISTING);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The browser's complaints since the last call that a console must never cause: scripts or styles
   * the Content-Security-Policy refused, and uncaught script errors.
   */
  public List<String> faults() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .map(LogEntry::getMessage)
        .filter(m -> m.contains("Content Security Policy") || m.contains("Uncaught"))
        .toList();
  }

  /**
   * Controls a screen reader could not name: visible inputs, selects and text areas without a
   * label, and buttons or links without text or an accessible name.
   */
  @SuppressWarnings("unchecked")
  public List<String> unlabelled() {
    return (List<String>)
        script(
            "const shown = e => e.offsetParent !== null;"
                + "const named = e => (e.labels && e.labels.length) || e.getAttribute('aria-label')"
                + "  || e.getAttribute('aria-labelledby') || e.getAttribute('title');"
                + "const fields = [...document.querySelectorAll("
                + "  'input:not([type=hidden]), select, textarea')].filter(e => shown(e) && !named(e));"
                + "const buttons = [...document.querySelectorAll('button, a[href]')].filter("
                + "  e => shown(e) && !e.textContent.trim() && !named(e));"
                + "return [...fields, ...buttons].map(e => e.outerHTML.slice(0, 160));");
  }

  /** Presses a key where the focus is, as a keyboard user does. */
  public ConsoleBrowser key(CharSequence... keys) {
    driver.switchTo().activeElement().sendKeys(keys);
    return this;
  }

  /** The accessible name of the focused element: its label's text, else its own text. */
  public String focused() {
    return (String)
        script(
            "const e = document.activeElement;"
                + "return (e.labels && e.labels.length ? e.labels[0].textContent"
                + "  : e.getAttribute('aria-label') || e.textContent || '').trim();");
  }

  /** Tabs forward until the focus is on the control with this name; fails after 60 presses. */
  public ConsoleBrowser tabTo(String name) {
    for (int i = 0; i < 60; i++) {
      if (name.equals(focused())) {
        return this;
      }
      key(org.openqa.selenium.Keys.TAB);
    }
    throw new AssertionError("Tab never reached " + name + "; the page showed:\n" + text());
  }

  @Override
  public void close() {
    driver.quit();
    try (var files = Files.walk(profile)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary profile left behind is harmless
    }
  }

  private static String quote(String text) {
    if (!text.contains("'")) {
      return "'" + text + "'";
    }
    return "concat('" + text.replace("'", "', \"'\", '") + "')";
  }
}
