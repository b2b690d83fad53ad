package dev.perflab.ab;

import java.util.Locale;

/**
 * A slowdown planted in one row's head forks: {@code Blackhole.consumeCPU(tokens)} in every {@code period}-th
 * invocation of the benchmark method (lab-benchmarks' {@code Planted}, told by {@code -Dperflab.plant}),
 * sized by {@link PlantSizing} to make the row slower by {@code fraction} of its own time per operation.
 *
 * @param fraction the slowdown it was sized for: 0.10 is time per operation × 1.10
 * @param tokens   consumeCPU tokens per burst
 * @param period   invocations per burst, a power of two
 */
public record Plant(double fraction, long tokens, long period) {
    /** The system property a fork reads (lab-benchmarks' {@code Planted.PROPERTY}). */
    public static final String PROPERTY = "perflab.plant";

    public Plant {
        if (tokens < 1 || period < 1 || Long.bitCount(period) != 1) {
            throw new IllegalArgumentException("a plant needs ≥ 1 token and a power-of-two period, got " + tokens + "/" + period);
        }
    }

    /** The property's value: {@code 12} or {@code 40/8}. */
    public String property() {
        return period == 1 ? Long.toString(tokens) : tokens + "/" + period;
    }

    /**
     * The plant {@link #describe} wrote, planted for {@code fraction}: a calibration reads its runs' plants back from
     * their verdicts ({@code planted} of a row). Empty for any other text.
     */
    public static java.util.Optional<Plant> described(double fraction, String text) {
        java.util.regex.Matcher m = DESCRIBED.matcher(text == null ? "" : text);
        if (!m.matches()) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(new Plant(fraction, Long.parseLong(m.group(1)), m.group(2) == null ? 1 : Long.parseLong(m.group(2))));
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    private static final java.util.regex.Pattern DESCRIBED = java.util.regex.Pattern.compile(
            "\\S+ \\((\\d{1,18}) consumeCPU tokens (?:per invocation|every (\\d{1,18}) invocations)\\)");

    /** {@code 10% (12 consumeCPU tokens every 8 invocations)}. */
    public String describe() {
        return AbRow.percent(fraction) + " (" + burst() + ")";
    }

    /** {@code 12 consumeCPU tokens every 8 invocations}: the work, without the size it was aimed at. */
    public String burst() {
        return String.format(Locale.ROOT, "%d consumeCPU tokens %s", tokens, period == 1 ? "per invocation" : "every " + period + " invocations");
    }
}
