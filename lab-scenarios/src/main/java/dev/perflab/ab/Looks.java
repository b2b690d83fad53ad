package dev.perflab.ab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * When a run judges its rows, and at what level: a group-sequential design read through <em>repeated confidence
 * intervals</em> (Jennison &amp; Turnbull, "Repeated confidence intervals for group sequential clinical trials", 1984;
 * for equivalence, "Sequential equivalence testing and repeated confidence intervals", Biometrics 1993). Every row
 * is judged at the first look; a row still {@link AbVerdict#UNDECIDED undecided} gets pairs up to the next look and
 * is judged again, and so on to the last look (or the end of the run's time budget).
 *
 * <pre>
 *   looks     4 ──────── 8 ──────── 16 ──────── 32 pairs        each pair count twice the one before
 *   level     every look's interval at 1 − α/K  (α = 1 − confidence, K looks: 95% over 4 looks → 98.75%)
 *   a row     judged at each look it reaches; decided (regression, improvement, no change) → no more pairs
 * </pre>
 *
 * <p>Why the adjusted level: looking again at a row that is still undecided gives it another chance to be called
 * changed by chance (stopping at the first verdict over 4 to 16 pairs called 6.3% of A/A rows at a pair sd of 6%,
 * against 2.8% for 4 pairs; docs/ab.md). With each of the K intervals at 1 − α/K, the chance that any of them misses
 * the true ratio is at most α (Bonferroni), so whatever look a row stops at, its interval covers the truth with
 * probability ≥ 1 − α: a row with no change is called a regression or an improvement in at most α of runs, and a
 * row whose change passes the threshold is called "no change" in at most α of runs. This is α split in equal shares
 * over the looks, the simplest alpha spending: unlike Pocock's or O'Brien–Fleming's boundaries (Lan &amp; DeMets
 * 1983) it needs no equal groups, no known variance and no normal statistic, so it holds for the paired t interval as
 * is, for looks the time budget cuts short or leaves out, and it gives every row of a run one interval level. It is
 * conservative by the correlation between looks (their exact share would be a little larger: Pocock's constant for 4
 * looks is 1.82% a look where this gives 1.25%). {@code SequentialRuleTest} checks the rates by simulation.
 *
 * @param pairs      the pair count of each look, increasing; the first is what every row gets
 * @param confidence the run's overall coverage, e.g. 0.95
 */
public record Looks(List<Integer> pairs, double confidence) {
    public Looks {
        pairs = List.copyOf(pairs);
        if (pairs.isEmpty() || pairs.get(0) < PairedRatio.MIN_PAIRS) {
            throw new IllegalArgumentException("looks need at least " + PairedRatio.MIN_PAIRS + " pairs at the first, got " + pairs);
        }
        for (int k = 1; k < pairs.size(); k++) {
            if (pairs.get(k) <= pairs.get(k - 1)) {
                throw new IllegalArgumentException("looks must come at more pairs each time, got " + pairs);
            }
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, was " + confidence);
        }
    }

    /**
     * Looks at {@code first} pairs, then twice as many each time, the last at {@code most}: 4 and 32 give 4, 8, 16, 32;
     * 8 and 20 give 8, 16, 20. Doubling keeps the looks few (each costs a share of α) while a row that needs four
     * times the pairs reaches them in two looks.
     */
    public static Looks doubling(int first, int most, double confidence) {
        List<Integer> at = new ArrayList<>();
        for (int n = first; n < most; n *= 2) {
            at.add(n);
        }
        at.add(most);
        return new Looks(at, confidence);
    }

    /** One look at {@code pairs}: a fixed-size run, its intervals at the plain confidence. */
    public static Looks single(int pairs, double confidence) {
        return new Looks(List.of(pairs), confidence);
    }

    /** K, the number of looks. */
    public int count() {
        return pairs.size();
    }

    /** The pairs every row gets. */
    public int first() {
        return pairs.get(0);
    }

    /** The most pairs a row can get. */
    public int last() {
        return pairs.get(pairs.size() - 1);
    }

    /** Every look's interval level, 1 − α/K: the plain confidence with one look. */
    public double intervalConfidence() {
        return 1 - (1 - confidence) / count();
    }

    /** The look after the one at {@code pairs} pairs; empty at or after the last. */
    public OptionalInt after(int pairs) {
        return this.pairs.stream().mapToInt(Integer::intValue).filter(n -> n > pairs).findFirst();
    }

    /**
     * A row at one look: its interval from its pairs so far, at {@link #intervalConfidence()}, and its verdict.
     *
     * @param threshold      the row's threshold
     * @param higherIsBetter the unit's direction
     */
    public AbVerdict judge(List<Double> base, List<Double> head, double threshold, boolean higherIsBetter) {
        return AbVerdict.of(PairedRatio.of(base, head, intervalConfidence()), threshold, higherIsBetter);
    }

    /** {@code 4, 8, 16, 32 pairs, each interval at 98.75%}: the schedule in words. */
    public String describe() {
        return pairs.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " pairs, each interval at "
                + percent(intervalConfidence());
    }

    /** {@code 98.75%}: four significant digits, no trailing zeros (the level of a look, in words). */
    public static String percent(double fraction) {
        return new java.math.BigDecimal(fraction * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "looks at %s", describe());
    }
}
