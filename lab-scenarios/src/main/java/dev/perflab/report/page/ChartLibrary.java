package dev.perflab.report.page;

import dev.perflab.report.ReportException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;

/**
 * The page's chart library, Apache ECharts, read from its WebJar on the classpath (pinned in the parent pom;
 * why this library is said there) so that the page carries it inline and opens without a network.
 */
final class ChartLibrary {
    /** Where the WebJar keeps its Maven coordinates, the version among them. */
    private static final String POM_PROPERTIES = "/META-INF/maven/org.webjars.npm/echarts/pom.properties";
    private static final String SCRIPT = "/META-INF/resources/webjars/echarts/%s/dist/echarts.min.js";

    private static volatile String script;

    private ChartLibrary() {
    }

    /** The version on the classpath, e.g. {@code 5.3.1}. */
    static String version() {
        try (InputStream in = ChartLibrary.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                throw missing();
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw missing();
        }
    }

    /** The minified library, checked to be safe to inline in a {@code <script>} element. */
    static String script() {
        String s = script;
        if (s == null) {
            String path = String.format(Locale.ROOT, SCRIPT, version());
            try (InputStream in = ChartLibrary.class.getResourceAsStream(path)) {
                if (in == null) {
                    throw missing();
                }
                s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw missing();
            }
            if (s.toLowerCase(Locale.ROOT).contains("</script")) {
                throw new ReportException(path, "contains </script, so it cannot be inlined in the page");
            }
            script = s;
        }
        return s;
    }

    private static ReportException missing() {
        return new ReportException("report page: the chart library (Apache ECharts WebJar) is not on the classpath;"
                + " rebuild the lab (mvn -DskipTests package)");
    }
}
