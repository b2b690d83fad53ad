package dev.perflab.cli.component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One JMH benchmark class of a component, with the options each run length uses. Run lengths differ per
 * suite because a replay invocation can last many seconds where a cancel lasts nanoseconds. A suite that
 * has no options for a run length does not run in it.
 *
 * @param name      short name, used in file names ({@code orderbook-cancel.json})
 * @param className the JMH benchmark class, in {@code lab-benchmarks}
 * @param options   JMH options per run length: the one source of truth for how long the suite measures
 * @param methods   per run length, a method-name regex ({@code .*} for all); a length not listed runs all
 * @param takesRung which rung ids this suite measures when the user names rungs ({@code --rung}): a suite
 *                  that splits a ladder with another (the order book's naive replay has its own budget)
 *                  runs only its share, and not at all when the user named none of its rungs
 */
public record JmhSuite(String name, String className, Map<RunLength, JmhOptions> options, Map<RunLength, String> methods,
                       Predicate<String> takesRung) {
    public JmhSuite {
        options = Map.copyOf(options);
        methods = Map.copyOf(methods);
    }

    /** A suite that measures whichever rungs the user names. */
    public JmhSuite(String name, String className, Map<RunLength, JmhOptions> options, Map<RunLength, String> methods) {
        this(name, className, options, methods, id -> true);
    }

    /** A suite that runs every method in every run length it has options for. */
    public JmhSuite(String name, String className, Map<RunLength, JmhOptions> options) {
        this(name, className, options, Map.of());
    }

    /**
     * This suite's share of JMH's {@code -p} overrides: of the named rungs, those it takes, in the user's
     * order. When it takes none, its {@code rung} list is empty, so it plans no rows and is skipped.
     */
    public Map<String, List<String>> params(Map<String, List<String>> overrides) {
        List<String> named = overrides.get("rung");
        if (named == null) {
            return overrides;
        }
        Map<String, List<String>> result = new LinkedHashMap<>(overrides);
        result.put("rung", named.stream().filter(takesRung).collect(Collectors.toList()));
        return result;
    }

    public boolean runsIn(RunLength length) {
        return options.containsKey(length);
    }

    public Optional<JmhOptions> optionsFor(RunLength length) {
        return Optional.ofNullable(options.get(length));
    }

    /** The JMH include regex for a run length, narrowed further by the user's {@code --benchmark} regex. */
    public String include(RunLength length, String userMethods) {
        String m = userMethods != null ? userMethods : methods.getOrDefault(length, ".*");
        return "^" + className.replace(".", "\\.") + "\\.(" + m + ")$";
    }

    /** The include regex of one method of this suite. */
    public String method(String method) {
        return "^" + className.replace(".", "\\.") + "\\." + method + "$";
    }
}
