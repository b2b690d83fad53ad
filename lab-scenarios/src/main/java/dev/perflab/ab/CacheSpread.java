package dev.perflab.ab;

import dev.perflab.base.CacheProbe;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How steadily the machine ran cache-bound work during an {@code ab} run: {@link CacheProbe}'s chunks, timed
 * before each pair's forks while nothing of the lab ran, summed up as the spread of their times. On an idle machine
 * the chunks take nearly the same time. A neighbour in this core's caches spreads them, and the pairs' spread
 * widens with them; steal ({@link Steal}) cannot show such a neighbour.
 *
 * @param cv      the chunk times' coefficient of variation (0.01 is 1%); NaN when unknown
 * @param slowest the slowest chunk's time over the median chunk's
 * @param chunks  how many chunks were timed
 * @param kib     the probe's size
 */
public record CacheSpread(double cv, double slowest, int chunks, int kib) {
    /** Not measured (a run saved before the probe was recorded). */
    public static final CacheSpread UNKNOWN = new CacheSpread(Double.NaN, Double.NaN, 0, 0);

    /** From the probes' chunk times, in nanoseconds; {@link #UNKNOWN} without any. */
    public static CacheSpread of(List<long[]> probes, int kib) {
        double[] all = probes.stream().flatMapToLong(Arrays::stream).asDoubleStream().toArray();
        if (all.length < 2) {
            return UNKNOWN;
        }
        List<Double> times = Arrays.stream(all).boxed().toList();
        return new CacheSpread(ForkSpread.cv(times), Arrays.stream(all).max().orElseThrow() / ForkSpread.median(times), all.length, kib);
    }

    public boolean known() {
        return Double.isFinite(cv);
    }

    /** "cache probe (…): chunk times spread 0.8% (CV), the slowest ×1.04 the median", or empty when unknown. */
    public String sentence() {
        return known() ? String.format(Locale.ROOT, "cache probe (a %d KiB pointer chase before each pair's forks, %d chunks of equal"
                + " work): chunk times spread %s (CV), the slowest ×%.2f the median", kib, chunks, Steal.percent(cv), slowest) : "";
    }
}
