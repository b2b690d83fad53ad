package dev.perflab.latency;

import java.util.Locale;

/** How intended start times are spaced. */
public enum Arrivals {
    /** Evenly: command {@code i} at {@code i / rate} seconds. */
    UNIFORM,
    /** A Poisson process: exponentially distributed gaps with mean {@code 1 / rate}, seeded, so repeatable. */
    POISSON;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Arrivals fromId(String id) {
        for (Arrivals a : values()) {
            if (a.id().equals(id)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown arrivals '" + id + "' (expected uniform or poisson)");
    }
}
