package dev.perflab.foreign;

import dev.perflab.base.LabException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * The JMH options a user gives {@code ./lab run-jar JAR}, checked by JMH's own parser ({@link CommandLineOptions},
 * the one {@code java -jar benchmarks.jar} runs), so that a bad option is one line before anything runs rather than
 * a JMH usage text after the listing. The lab writes the results itself: {@code -rf}, {@code -rff} and {@code -o}
 * are refused, and so are the options that list or help instead of running. The same options exist in JMH 1.19
 * to 1.37 (the option lists of both, {@code JmhVersionsTest}), so what the lab's JMH accepts, an old one does.
 * Immutable.
 */
public final class JmhArguments {
    /** Options whose output is the lab's to write. */
    private static final List<String> LAB_OWNED = List.of("-rf", "-rff", "-o");
    /** Options that make JMH print something and exit instead of running. */
    private static final List<String> NOT_A_RUN = List.of("-h", "-l", "-lp", "-lprof", "-lrf");

    private final List<String> args;
    private final List<String> includes;
    private final List<String> excludes;
    private final Map<String, List<String>> params;

    private JmhArguments(List<String> args, List<String> includes, List<String> excludes, Map<String, List<String>> params) {
        this.args = List.copyOf(args);
        this.includes = List.copyOf(includes);
        this.excludes = List.copyOf(excludes);
        this.params = Collections.unmodifiableMap(params);
    }

    /**
     * The user's options, as given.
     *
     * @throws LabException (exit 2) naming the option that JMH refuses or that the lab keeps for itself
     */
    public static JmhArguments parse(List<String> args) {
        for (String arg : args) {
            if (LAB_OWNED.contains(arg)) {
                throw new LabException("JMH option " + arg + ": the lab writes the results itself (NAME.json under --out); leave it out");
            }
            if (NOT_A_RUN.contains(arg)) {
                throw new LabException("JMH option " + arg + ": lists or helps instead of running; run the jar itself for that"
                        + " (java -jar JAR " + arg + ")");
            }
        }
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args.toArray(new String[0]));
        } catch (CommandLineOptionException e) {
            throw new LabException("JMH options " + String.join(" ", args) + ": " + e.getMessage());
        }
        List<String> includes = options.getIncludes();
        List<String> excludes = options.getExcludes();
        includes.forEach(r -> regex("benchmark", r));
        excludes.forEach(r -> regex("-e", r));
        return new JmhArguments(args, includes, excludes, params(args));
    }

    /** The {@code -p NAME=V1,V2} options, by name; a later one for the same name wins, as in JMH. */
    private static Map<String, List<String>> params(List<String> args) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-p") && args.get(i + 1).contains("=")) {
                String value = args.get(i + 1);
                params.put(value.substring(0, value.indexOf('=')).strip(), List.of(value.substring(value.indexOf('=') + 1).split(",")));
            }
        }
        return params;
    }

    private static Pattern regex(String what, String text) {
        try {
            return Pattern.compile(text);
        } catch (PatternSyntaxException e) {
            throw new LabException(what + " " + text + ": not a regular expression (" + e.getDescription() + ")");
        }
    }

    /** The benchmarks asked for, as one regex JMH's listing takes: any include found in the name, or all. */
    public String include() {
        return includes.isEmpty() ? ".*" : includes.stream().map(r -> "(?:" + r + ")").collect(Collectors.joining("|"));
    }

    /** Whether {@code -e} leaves out this benchmark (a regex found in its full name, as JMH finds it). */
    public boolean excluded(String benchmark) {
        return excludes.stream().anyMatch(e -> Pattern.compile(e).matcher(benchmark).find());
    }

    /** The {@code -p} values, by parameter name: what the listing's combinations are narrowed to. */
    public Map<String, List<String>> params() {
        return params;
    }

    /** The user's options followed by the lab's: JSON results to {@code json}. */
    public List<String> withResultsTo(Path json) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("-rf", "json", "-rff", json.toString()));
        return all;
    }

    /** The user's options as given, for the log and the page. */
    public String describe() {
        return args.isEmpty() ? "the benchmarks' own annotations" : String.join(" ", args);
    }
}
