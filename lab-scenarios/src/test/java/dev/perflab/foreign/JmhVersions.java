package dev.perflab.foreign;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * The JMH versions the lab's fixtures were made with, oldest and newest supported: the files a short run of the
 * lab's own tiny project wrote with each (resources {@code dev/perflab/foreign/jmh-versions/}, made by its
 * {@code make.sh}), so tests read what an old JMH really writes rather than what the lab's JMH does.
 */
public final class JmhVersions {
    /** The oldest and the newest JMH the lab reads and drives. */
    public static final List<String> VERSIONS = List.of("1.19", "1.37");

    private JmhVersions() {
    }

    /** The fixtures' folder. */
    public static Path dir() {
        try {
            return Path.of(JmhVersions.class.getResource("/dev/perflab/foreign/jmh-versions").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code jmh-VERSION.json}: three rows (avgt, sample with percentiles, thrpt with a user counter), -prof gc. */
    public static Path json(String version) {
        return dir().resolve("jmh-" + version + ".json");
    }

    /** {@code jmh-VERSION-list.txt}: the project's {@code -lp} listing. */
    public static Path listing(String version) {
        return dir().resolve("jmh-" + version + "-list.txt");
    }

    /** {@code jmh-VERSION-options.txt}: every option {@code -h} lists, one per line, sorted. */
    public static Path options(String version) {
        return dir().resolve("jmh-" + version + "-options.txt");
    }

    /** {@code jmh-VERSION/}: a class path folder holding the project's {@code META-INF/BenchmarkList}. */
    public static Path benchmarkList(String version) {
        return dir().resolve("jmh-" + version);
    }
}
