package dev.perflab.results;

import java.nio.file.Path;

/**
 * Where every file of every command's run goes, written down once: the default folder of each kind of run and
 * the names of the files in a run's folder. A command that is given {@code --out DIR} uses DIR instead of the
 * default folder; the names inside it stay these.
 *
 * <pre>
 *   results/                                   ROOT (relative to the folder ./lab runs in)
 *   ├── history.db                             history(): every run recorded (./lab history)
 *   ├── NAME/                                  component(NAME): ./lab run NAME, ./lab latency NAME
 *   │   ├── NAME.json  NAME.machine.txt         rows(NAME), machine(rows): the rows and the machine they ran on
 *   │   ├── NAME.md  NAME.html  NAME-*.png      markdown(NAME), page(NAME), the charts
 *   │   ├── NAME-SUITE.json  NAME-SUITE.log     suiteRows(…), suiteLog(…): one JMH run of a suite, untouched
 *   │   ├── NAME-jdks.txt                      jdks(NAME): a --jdk run's comparison, each JDK in its own folder
 *   │   ├── jmh/                               scenarioJmh(NAME): the JMH suites of a component with an end-to-end run
 *   │   ├── shard-I-of-N/                      shard(run folder, …): one shard of a run split across machines
 *   │   ├── ab/  ab-calibration/               ab(NAME), abCalibration(NAME)
 *   └── profile/NAME/[ROLE/]                   profile(NAME), profile(NAME, ROLE)
 * </pre>
 *
 * One layout serves the whole lab ({@link #DEFAULT}); a layout over another root is for a lab whose results live
 * elsewhere. Immutable, so any thread may use it.
 */
public final class ResultsLayout {
    /** The lab's: {@code results/} in the folder {@code ./lab} runs in. */
    public static final ResultsLayout DEFAULT = new ResultsLayout(Path.of("results"));

    private final Path root;

    public ResultsLayout(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** The results history database, when no other is named ({@code --history}, {@code $PERFLAB_HISTORY}). */
    public Path history() {
        return root.resolve("history.db");
    }

    /** A component's run: {@code ./lab run NAME} (its JMH suites, or its end-to-end run), {@code ./lab latency NAME}. */
    public Path component(String name) {
        return root.resolve(name);
    }

    /** The JMH suites ({@code --jmh}) of a component whose default run is end to end. */
    public Path scenarioJmh(String name) {
        return component(name).resolve("jmh");
    }

    /** One shard of a run split across machines, inside the folder the whole run would use. */
    public Path shard(Path runFolder, String shardFolder) {
        return runFolder.resolve(shardFolder);
    }

    /** An A/B run of a component's suites. */
    public Path ab(String name) {
        return component(name).resolve("ab");
    }

    /** An A/B calibration (its runs, kept for {@code --resume}). */
    public Path abCalibration(String name) {
        return component(name).resolve("ab-calibration");
    }

    /** Flame graphs of a component's JMH benchmark. */
    public Path profile(String name) {
        return root.resolve("profile").resolve(name);
    }

    /** Flame graphs of one role of a component's end-to-end run. */
    public Path profile(String name, String role) {
        return profile(name).resolve(role);
    }

    /** Where the key-value stores of an end-to-end kv run keep their files while it runs. */
    public Path stores() {
        return root;
    }

    /** What a default {@code ./lab run NAME} writes its rows to: what {@code ./lab gate} reads without {@code --results}. */
    public Path defaultRows(String name) {
        return component(name).resolve(rows(name));
    }

    /** A run's rows, in JMH's JSON shape: {@code NAME.json}. */
    public static String rows(String name) {
        return name + ".json";
    }

    /** The machine a rows file ran on, and its run length, beside it: {@code NAME.machine.txt} for {@code NAME.json}. */
    public static String machine(String rowsFile) {
        return stem(rowsFile) + ".machine.txt";
    }

    /** The ladder as markdown. */
    public static String markdown(String name) {
        return name + ".md";
    }

    /** The HTML page of a rows file, beside it: {@code NAME.html} for {@code NAME.json}. */
    public static String page(String rowsFile) {
        return stem(rowsFile) + ".html";
    }

    /** One JMH run of a suite ({@code part}: empty, or {@code -2} for a shard's second invocation), as JMH wrote it. */
    public static String suiteRows(String name, String suite, String part) {
        return name + "-" + suite + part + ".json";
    }

    /** Where JMH writes a suite's rows while it runs; renamed to {@link #suiteRows} only when JMH ends. */
    public static String suitePartial(String name, String suite, String part) {
        return "." + suiteRows(name, suite, part) + ".partial";
    }

    /** JMH's own output for a suite. */
    public static String suiteLog(String name, String suite, String part) {
        return name + "-" + suite + part + ".log";
    }

    /** A {@code --jdk} run's comparison between the JDKs. */
    public static String jdks(String name) {
        return name + "-jdks.txt";
    }

    private static String stem(String file) {
        return file.endsWith(".json") ? file.substring(0, file.length() - ".json".length()) : file;
    }
}
