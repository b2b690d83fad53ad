package dev.perflab.report;

import java.util.Map;

/**
 * The one naming scheme of the lab's PNG charts: {@code <prefix>-<Class>-<method>.png} for every chart (the
 * class always named, so {@code orderbook-OrderBookReplayBenchmark-replay1M.png} sits beside
 * {@code orderbook-OrderBookCancelBenchmark-cancelLast.png}), the full name's dots as dashes where two packages
 * share {@code Class.method}, and {@code -<mode>} added where a benchmark ran in several modes. A scenario's
 * benchmark named after its component ({@code forwarder.forward} under prefix {@code forwarder}) does not repeat it.
 */
final class ChartNames {
    private ChartNames() {
    }

    /** The file name of the chart of {@code benchmark} in {@code mode}. */
    static String of(String prefix, String displayName, String mode, boolean severalModes) {
        String name = displayName.startsWith(prefix + ".") ? displayName.substring(prefix.length() + 1) : displayName;
        name = prefix + "-" + name.replace('.', '-');
        return safe(severalModes ? name + "-" + mode : name) + ".png";
    }

    /** True when {@code benchmark} appears in more than one mode among {@code modes} (benchmark → its modes). */
    static boolean severalModes(Map<String, ? extends java.util.Collection<String>> modes, String benchmark) {
        return modes.containsKey(benchmark) && modes.get(benchmark).size() > 1;
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
