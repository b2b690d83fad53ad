package dev.perflab.cli.grade;

import dev.perflab.ab.AbRow;
import dev.perflab.ab.ForkResult;
import dev.perflab.ab.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One thing an exercise asks of the learner's rung, and how its rows' forks are judged: a speed relative to the
 * reference rung ({@link Within}), a speed that does not fall with a parameter ({@link Flat}), or no allocation per
 * operation ({@link NoAllocation}). A speed target is judged on the paired interval of its two rows' forks, round by
 * round ({@link PairedRatio}); its bound is {@code 1 / factor}: PASS when the whole interval is at or above it, NOT YET
 * when the whole interval is below it, UNDECIDED when the interval straddles it.
 */
sealed interface Target permits Target.Within, Target.Flat, Target.NoAllocation {
    /** The rows this target needs measured, the learner's rung named {@code learner}. */
    List<GradeRow> rows(String learner);

    /** What it asks, in words: {@code within ×1.2 of r2-intrusive-list (cancelLast depth=1000)}. */
    String describe();

    /** The verdict from each row's forks, round by round (empty where a fork failed). */
    Judgement judge(String learner, Map<GradeRow, List<Optional<ForkResult>>> forks, double confidence);

    /** What to look at when the target is not met. */
    String hint();

    /**
     * The learner's rung at least {@code 1/factor} of the reference rung's speed on one row.
     *
     * @param reference the reference rung's id, as the benchmark's {@code rung} param takes it
     * @param params    the row's other params
     */
    record Within(String reference, double factor, String benchmark, Map<String, String> params, String hint) implements Target {
        @Override
        public List<GradeRow> rows(String learner) {
            GradeRow row = new GradeRow(benchmark, params);
            return List.of(row.with("rung", reference), row.with("rung", learner));
        }

        @Override
        public String describe() {
            return "within " + times(factor) + " of " + reference + " (" + new GradeRow(benchmark, params).label().strip() + ")";
        }

        @Override
        public Judgement judge(String learner, Map<GradeRow, List<Optional<ForkResult>>> forks, double confidence) {
            List<GradeRow> rows = rows(learner);
            return Speed.of(forks.get(rows.get(0)), forks.get(rows.get(1)), confidence)
                    .map(s -> s.judge(this, factor, learner + " at " + times(s.speedup) + " " + reference + "'s speed"))
                    .orElseGet(() -> Judgement.tooFewPairs(this));
        }
    }

    /**
     * The learner's rung keeps at least {@code 1/factor} of its speed at {@code param = from} when the param is
     * {@code to}: a cost that does not grow with the depth of a level, the size of a table.
     */
    record Flat(String param, String from, String to, double factor, String benchmark, Map<String, String> params, String hint)
            implements Target {
        @Override
        public List<GradeRow> rows(String learner) {
            GradeRow row = new GradeRow(benchmark, params).with("rung", learner);
            return List.of(row.with(param, from), row.with(param, to));
        }

        @Override
        public String describe() {
            return "flat from " + param + " " + from + " to " + to + " within " + times(factor) + " ("
                    + new GradeRow(benchmark, params).label().strip() + ")";
        }

        @Override
        public Judgement judge(String learner, Map<GradeRow, List<Optional<ForkResult>>> forks, double confidence) {
            List<GradeRow> rows = rows(learner);
            return Speed.of(forks.get(rows.get(0)), forks.get(rows.get(1)), confidence)
                    .map(s -> s.judge(this, factor, learner + " at " + param + " " + to + " runs at " + times(s.speedup)
                            + " its speed at " + param + " " + from))
                    .orElseGet(() -> Judgement.tooFewPairs(this));
        }
    }

    /** The learner's rung allocates less than {@code maxBytes} per operation in every fork ({@code -prof gc}'s norm). */
    record NoAllocation(double maxBytes, String benchmark, Map<String, String> params, String hint) implements Target {
        @Override
        public List<GradeRow> rows(String learner) {
            return List.of(new GradeRow(benchmark, params).with("rung", learner));
        }

        @Override
        public String describe() {
            return "no allocation per operation: under " + bytes(maxBytes) + " B/op (" + new GradeRow(benchmark, params).label().strip() + ")";
        }

        @Override
        public Judgement judge(String learner, Map<GradeRow, List<Optional<ForkResult>>> forks, double confidence) {
            List<Double> perOp = forks.get(rows(learner).get(0)).stream().flatMap(Optional::stream)
                    .map(f -> f.row().allocBytesPerOp()).filter(b -> b != null).toList();
            if (perOp.isEmpty()) {
                return new Judgement(this, Verdict.UNDECIDED, "no fork reported its allocation (-prof gc)");
            }
            double most = perOp.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            String figure = learner + " allocates " + bytes(most) + " B/op (the most of " + perOp.size() + " forks)";
            return new Judgement(this, most < maxBytes ? Verdict.PASS : Verdict.NOT_YET, figure);
        }
    }

    /** {@code ×1.2}, {@code ×0.0043}, {@code ×13}: two significant digits below 10, none from there. */
    static String times(double factor) {
        if (!(factor > 0) || !Double.isFinite(factor)) {
            return "×" + factor;
        }
        return "×" + (factor >= 10 ? String.format(Locale.ROOT, "%.0f", factor)
                : new java.math.BigDecimal(factor).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString());
    }

    private static String bytes(double b) {
        return String.format(Locale.ROOT, b >= 10 ? "%.0f" : "%.1f", b);
    }

    /**
     * The speed of one row over another's, pair by pair: {@code speedup} above 1 when {@code head} is faster,
     * whichever way the unit points, with its interval.
     */
    record Speed(double speedup, double low, double high, int pairs, double confidence) {
        static Optional<Speed> of(List<Optional<ForkResult>> base, List<Optional<ForkResult>> head, double confidence) {
            List<Double> b = new ArrayList<>();
            List<Double> h = new ArrayList<>();
            ForkResult any = null;
            for (int round = 0; round < Math.min(base.size(), head.size()); round++) {
                if (base.get(round).isPresent() && head.get(round).isPresent()) {
                    b.add(base.get(round).get().score());
                    h.add(head.get(round).get().score());
                    any = head.get(round).get();
                }
            }
            if (b.size() < PairedRatio.MIN_PAIRS) {
                return Optional.empty();
            }
            PairedRatio ratio = PairedRatio.of(b, h, confidence);
            boolean higher = AbRow.higherIsBetter(any.row().unit(), any.row().mode());
            return Optional.of(higher ? new Speed(ratio.ratio(), ratio.low(), ratio.high(), ratio.pairs(), confidence)
                    : new Speed(1 / ratio.ratio(), 1 / ratio.high(), 1 / ratio.low(), ratio.pairs(), confidence));
        }

        /** The smallest difference these pairs tell apart: the interval's half-width, as a fraction. */
        double resolution() {
            return Math.exp(Math.log(high / low) / 2) - 1;
        }

        Judgement judge(Target target, double factor, String figure) {
            double bound = 1 / factor;
            Verdict verdict = low >= bound ? Verdict.PASS : high < bound ? Verdict.NOT_YET : Verdict.UNDECIDED;
            return new Judgement(target, verdict, String.format(Locale.ROOT, "%s (%s–%s over %d pairs of forks%s; they tell"
                    + " apart a difference of %s or more)", figure, times(low), times(high), pairs,
                    confidence == GradeCommand.CONFIDENCE ? "" : ", a " + dev.perflab.ab.Looks.percent(confidence) + " interval", AbRow.percent(resolution())));
        }
    }

    /**
     * A target's verdict and the figure it rests on.
     *
     * @param figure the measurement in words, with its interval
     */
    record Judgement(Target target, Verdict verdict, String figure) {
        static Judgement tooFewPairs(Target target) {
            return new Judgement(target, Verdict.UNDECIDED, "fewer than " + PairedRatio.MIN_PAIRS
                    + " rounds had both forks: the forks that failed are named above");
        }

        /** {@code PASS  within ×1.2 of r2 (…): student at ×1.03 …}. */
        String line() {
            return String.format(Locale.ROOT, "%-9s %s: %s", verdict.label, target.describe(), figure)
                    + (verdict == Verdict.NOT_YET ? "\n          " + target.hint() : "");
        }
    }

    /** A grade's answer for one target, and for the whole exercise. */
    enum Verdict {
        PASS("PASS"), NOT_YET("NOT YET"), UNDECIDED("UNDECIDED");

        final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** The exercise's verdict: NOT YET when a target is not met, else UNDECIDED when one cannot tell, else PASS. */
        static Verdict of(List<Verdict> verdicts) {
            return verdicts.contains(NOT_YET) ? NOT_YET : verdicts.contains(UNDECIDED) ? UNDECIDED : PASS;
        }

        static String joined(List<Judgement> judgements) {
            return judgements.stream().map(Judgement::line).collect(Collectors.joining("\n"));
        }
    }
}
