package dev.perflab.report.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * A report page opened in Debian's headless Chromium through Selenium and {@code chromium-driver}: the page's
 * JavaScript errors (uncaught errors, rejections, {@code console.error}, caught by a script installed before the
 * page's own, and the browser's log), every chart's data as ECharts holds it, and a full-page screenshot.
 */
final class HeadlessChromium implements AutoCloseable {
    static final String INSTALL = "Chromium not found: apt-get install chromium chromium-driver"
            + " (or set PERFLAB_CHROMIUM and PERFLAB_CHROMEDRIVER to their paths)";
    /** How long a page may take to draw before the test gives up: a liveness bound, not a timing. */
    private static final Duration DRAWN_WITHIN = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CATCH_ERRORS = "window.__perflabErrors = [];"
            + "window.addEventListener('error', function (e) { window.__perflabErrors.push('error: ' + e.message); });"
            + "window.addEventListener('unhandledrejection', function (e) { window.__perflabErrors.push('rejection: ' + e.reason); });"
            + "var perflabConsoleError = console.error; console.error = function () {"
            + " window.__perflabErrors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));"
            + " return perflabConsoleError.apply(console, arguments); };";

    /**
     * Every chart's data as ECharts holds it, and whether its canvas was painted. For a ladder chart {@code x} is its
     * categories and {@code yType} its value axis's type, whichever way the chart is turned.
     */
    static final String READ_BACK = String.join("\n",
            "return JSON.stringify(Array.prototype.map.call(document.querySelectorAll('div.chart'), function (el) {",
            "  var inst = echarts.getInstanceByDom(el);",
            "  var r = { kind: el.dataset.kind, benchmark: el.dataset.benchmark || '', params: el.dataset.params || '',",
            "    source: el.dataset.source || '', metrics: JSON.parse(el.dataset.metrics || '[]'),",
            "    width: el.clientWidth, height: el.clientHeight, painted: 0 };",
            "  if (!inst) { r.missing = true; return r; }",
            "  var o = inst.getOption();",
            "  var canvas = el.querySelector('canvas');",
            "  if (canvas) {",
            "    var d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;",
            "    for (var i = 3; i < d.length; i += 4) { if (d[i] > 0) { r.painted++; } }",
            "  }",
            "  var turned = o.yAxis && o.yAxis[0] && o.xAxis && o.xAxis[0] && o.yAxis[0].type === 'category' && el.dataset.kind === 'ladder';",
            "  var cat = turned ? o.yAxis : o.xAxis, val = turned ? o.xAxis : o.yAxis;",
            "  r.x = cat && cat[0] ? cat[0].data || null : null;",
            "  r.y = o.yAxis && o.yAxis[0] ? o.yAxis[0].data || null : null;",
            "  r.yType = val && val[0] ? val[0].type : null;",
            "  r.series = o.series.map(function (s) {",
            "    return { name: s.name, type: s.type,",
            "      data: (s.data || []).map(function (v) { return v !== null && typeof v === 'object' && !Array.isArray(v) ? v.value : v; }),",
            "      marks: s.markPoint && s.markPoint.data ? s.markPoint.data.map(function (m) { return m.coord; }) : [] };",
            "  });",
            "  return r;",
            "}));");

    private final ChromeDriver driver;
    private final Path profile;

    private HeadlessChromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** True when both the browser and its driver are installed. */
    static boolean available() {
        return chromium() != null && chromedriver() != null;
    }

    /** Opens the page from disk and waits until its script has drawn every chart (or an error stopped it). */
    static HeadlessChromium open(Path page) throws IOException {
        Path profile = Files.createTempDirectory("perflab-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium().toFile());
        // As root, in a sandbox with no network: no sandbox, no GPU, and none of the background fetches that
        // would otherwise flood the log with refused connections.
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1280,1000", "--hide-scrollbars");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver().toFile())
                .usingAnyFreePort().build();
        HeadlessChromium browser = new HeadlessChromium(new ChromeDriver(service, options), profile);
        browser.driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", CATCH_ERRORS));
        browser.driver.get(page.toAbsolutePath().toUri().toString());
        browser.awaitCharts();
        return browser;
    }

    ChromeDriver driver() {
        return driver;
    }

    /** The page's JavaScript errors and the browser's severe log entries, in order; empty when there were none. */
    List<String> errors() {
        List<String> errors = new ArrayList<>();
        Object collected = driver.executeScript("return window.__perflabErrors");
        if (collected instanceof List<?> list) {
            list.forEach(e -> errors.add(String.valueOf(e)));
        }
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
                errors.add("browser log: " + entry.getMessage());
            }
        }
        return errors;
    }

    /** Every chart of the page: what it shows ({@code data-*}), its size, painted pixels and ECharts' option. */
    JsonNode charts() throws IOException {
        return JSON.readTree((String) driver.executeScript(READ_BACK));
    }

    /** The whole page, as tall as it is (up to 16,000 px), as a PNG. */
    void screenshot(Path file) throws IOException {
        Number height = (Number) driver.executeScript("return document.documentElement.scrollHeight");
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", 1280,
                "height", Math.min(height.intValue(), 16_000), "deviceScaleFactor", 1, "mobile", false));
        driver.executeScript("window.dispatchEvent(new Event('resize'))");
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }

    private void awaitCharts() {
        long deadline = System.nanoTime() + DRAWN_WITHIN.toNanos();
        String script = "return document.documentElement.getAttribute('data-charts-drawn') !== null"
                + " || (window.__perflabErrors && window.__perflabErrors.length > 0)";
        while (!Boolean.TRUE.equals(driver.executeScript(script))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the page drew no charts within " + DRAWN_WITHIN.toSeconds() + " s");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    private static Path chromium() {
        return find("PERFLAB_CHROMIUM", "/usr/bin/chromium", "/usr/bin/chromium-browser");
    }

    private static Path chromedriver() {
        return find("PERFLAB_CHROMEDRIVER", "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
    }

    private static Path find(String variable, String... candidates) {
        String named = System.getenv(variable);
        if (named != null && !named.isBlank()) {
            return Files.isExecutable(Path.of(named)) ? Path.of(named) : null;
        }
        for (String c : candidates) {
            if (Files.isExecutable(Path.of(c))) {
                return Path.of(c);
            }
        }
        return null;
    }
}
