// The looks of `./lab ab` (dev.perflab.ab.Looks) on simulated rows, for the table in docs/ab.md ("More pairs for the
// rows still undecided"). Each pair's ln(head/base) is a normal draw (fixed seeds); every row is judged by the lab's own
// PairedRatio and AbVerdict at each look until it is decided, and tabled by its last verdict.
//
// Run from the repository root after a build (JDK 17; the lab's classes and Commons Math on the class path):
//   java -cp lab-scenarios/target/classes:$HOME/.m2/repository/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar \
//        docs/measurements/2026-11-29-ab-sequential-simulation.java 4000
import dev.perflab.ab.AbVerdict;
import dev.perflab.ab.Looks;
import dev.perflab.ab.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.Random;

public class SequentialSimulation {
    static final double THRESHOLD = 0.05;

    /** Shares by last verdict and the mean pairs: {called, regression, undecided, no change, pairs}. */
    static double[] simulate(Looks looks, boolean adjusted, int most, double meanLog, double sd, int rows, long seed) {
        Random random = new Random(seed);
        double[] out = new double[5];
        for (int i = 0; i < rows; i++) {
            List<Double> base = new ArrayList<>();
            List<Double> head = new ArrayList<>();
            int look = looks.first();
            AbVerdict v;
            while (true) {
                while (base.size() < look) {
                    base.add(1.0);
                    head.add(Math.exp(meanLog + sd * random.nextGaussian()));
                }
                v = adjusted ? looks.judge(base, head, THRESHOLD, true)
                        : AbVerdict.of(PairedRatio.of(base, head, looks.confidence()), THRESHOLD, true);
                OptionalInt next = looks.after(look);
                if (v != AbVerdict.UNDECIDED || next.isEmpty() || next.getAsInt() > most) {
                    break;
                }
                look = next.getAsInt();
            }
            out[0] += v.moved() ? 1 : 0;
            out[1] += v == AbVerdict.REGRESSION ? 1 : 0;
            out[2] += v == AbVerdict.UNDECIDED ? 1 : 0;
            out[3] += v == AbVerdict.NO_CHANGE ? 1 : 0;
            out[4] += base.size();
        }
        for (int k = 0; k < out.length; k++) {
            out[k] /= rows;
        }
        return out;
    }

    record Rule(String name, Looks looks, boolean adjusted, int most) {
    }

    public static void main(String[] args) {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        List<Rule> rules = List.of(
                new Rule("`--pairs 4 --budget 0` (one look)", Looks.single(4, 0.95), true, 99),
                new Rule("`--pairs 16 --budget 0` (one look)", Looks.single(16, 0.95), true, 99),
                new Rule("looks at 4, 8, 16, 32, each at 95% (not adjusted)", Looks.doubling(4, 32, 0.95), false, 99),
                new Rule("**default**: looks at 4, 8, 16, 32, each at 98.75%", Looks.doubling(4, 32, 0.95), true, 99),
                new Rule("the default, budget cut after 16 pairs", Looks.doubling(4, 32, 0.95), true, 16),
                new Rule("`--pairs 8`: looks at 8, 16, 32, each at 98.33%", Looks.doubling(8, 32, 0.95), true, 99),
                new Rule("`--confidence 99%`: looks at 4–32, each at 99.75%", Looks.doubling(4, 32, 0.99), true, 99));
        System.out.println("| pair sd | rule | A/A called (regression or improvement) | A/A undecided | 10% slower found · undecided"
                + " | 21% slower found | mean pairs (A/A · 10%) |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (double sd : new double[] {0.03, 0.06, 0.09, 0.12}) {
            for (Rule rule : rules) {
                double[] aa = simulate(rule.looks(), rule.adjusted(), rule.most(), 0, sd, rows, 1);
                double[] ten = simulate(rule.looks(), rule.adjusted(), rule.most(), Math.log(1 / 1.10), sd, rows, 2);
                double[] big = simulate(rule.looks(), rule.adjusted(), rule.most(), Math.log(1 / 1.21), sd, rows, 3);
                System.out.printf(Locale.ROOT, "| %.0f%% | %s | %.1f%% | %.1f%% | %.1f%% · %.1f%% | %.1f%% | %.1f · %.1f |%n", sd * 100, rule.name(),
                        aa[0] * 100, aa[2] * 100, ten[1] * 100, ten[2] * 100, big[1] * 100, aa[4], ten[4]);
            }
        }
    }
}
