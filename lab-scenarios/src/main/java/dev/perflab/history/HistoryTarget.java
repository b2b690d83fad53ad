package dev.perflab.history;

import dev.perflab.base.LabException;
import dev.perflab.results.ResultsLayout;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where the results history lives: an SQLite file (the default, {@code results/history.db}), a PostgreSQL
 * database ({@code jdbc:postgresql://HOST/DB?user=…}) shared by a team or a fleet, or nowhere ({@code none}).
 *
 * <p>Chosen, first that is set: the command's {@code --history}, the JVM property {@code perflab.history} (the
 * build sets it so tests never write into a checkout's history), the environment variable
 * {@value #ENV}, the default {@link #DEFAULT_FILE} (or the file {@value #DEFAULT_PROPERTY} names).
 */
public record HistoryTarget(Kind kind, String jdbcUrl, Path file) {
    /** The environment variable that names the history for every command. */
    public static final String ENV = "PERFLAB_HISTORY";
    /** The JVM property that does the same and wins over {@link #ENV}. */
    public static final String PROPERTY = "perflab.history";
    /** The value that turns the history off. */
    public static final String NONE = "none";
    /** The embedded default, relative to the working directory, beside {@code results/COMPONENT}. */
    public static final Path DEFAULT_FILE = ResultsLayout.DEFAULT.history();
    /**
     * The JVM property that moves the default file where a launcher keeps its results elsewhere: the Maven path
     * ({@code -Pjmh}) writes its results under {@code lab-scenarios/target/jmh/} and its history beside them.
     */
    public static final String DEFAULT_PROPERTY = "perflab.history.default";

    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:]+):[^/@]*@");

    public enum Kind { NONE, SQLITE, POSTGRESQL }

    /**
     * The target for a command: {@code option} when given, else the property, the environment, the default.
     *
     * @param option what {@code --history} said, or null when it was not given
     */
    public static HistoryTarget choose(String option) {
        return choose(option, System.getProperty(PROPERTY), System.getenv());
    }

    static HistoryTarget choose(String option, String property, Map<String, String> env) {
        if (option != null) {
            return parse("--history", option);
        }
        if (property != null && !property.isBlank()) {
            return parse("-D" + PROPERTY, property);
        }
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return parse(ENV, fromEnv);
        }
        String moved = System.getProperty(DEFAULT_PROPERTY);
        return moved != null && !moved.isBlank() ? sqlite(Path.of(moved.strip())) : sqlite(DEFAULT_FILE);
    }

    /** {@code none}, a {@code jdbc:postgresql:} or {@code jdbc:sqlite:} URL, or a file path (SQLite). */
    public static HistoryTarget parse(String where, String value) {
        String v = value.strip();
        if (v.isEmpty()) {
            throw new LabException(where + ": empty; give a file (SQLite), a jdbc:postgresql:// URL, or none");
        }
        if (v.equalsIgnoreCase(NONE)) {
            return new HistoryTarget(Kind.NONE, null, null);
        }
        String lower = v.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:postgresql:")) {
            return new HistoryTarget(Kind.POSTGRESQL, v, null);
        }
        if (lower.startsWith("jdbc:sqlite:")) {
            return sqlite(Path.of(v.substring("jdbc:sqlite:".length())));
        }
        if (lower.startsWith("jdbc:")) {
            throw new LabException(where + " " + redact(v) + ": only jdbc:postgresql:// and SQLite files are supported");
        }
        return sqlite(Path.of(v));
    }

    public static HistoryTarget sqlite(Path file) {
        return new HistoryTarget(Kind.SQLITE, "jdbc:sqlite:" + file, file);
    }

    public boolean enabled() {
        return kind != Kind.NONE;
    }

    /** For messages: the file, or the URL with any password left out. */
    public String describe() {
        return switch (kind) {
            case NONE -> NONE;
            case SQLITE -> file.toString();
            case POSTGRESQL -> redact(jdbcUrl);
        };
    }

    static String redact(String url) {
        return USER_INFO.matcher(PASSWORD.matcher(url).replaceAll("$1***")).replaceAll("$1:***@");
    }

    @Override
    public String toString() {
        return describe();
    }
}
