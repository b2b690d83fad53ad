// A fifth look for `./lab ab` (--max-pairs 64, looks at 4, 8, 16, 32, 64) against the default four (up to 32), on
// simulated rows, for docs/measurements/2026-12-02-fifth-look.md. Each pair's ln(head/base) is a normal draw (fixed
// seeds); every row is judged by the lab's own Looks (its adjusted level), PairedRatio and AbVerdict at each look
// until it is decided. A time budget that holds `most` pairs makes the last look come at `most` pairs, as AbRun does
// (SequentialRuleTest.simulate instead skips a look past the budget; this file's loop is the run's).
//
// Run from the repository root after a build (JDK 17; the lab's classes and Commons Math on the class path):
//   mvn -q -pl lab-scenarios -am compile
//   java -cp lab-scenarios/target/classes:$HOME/.m2/repository/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar \
//        docs/measurements/2026-12-02-fifth-look-simulation.java 4000
import dev.perflab.ab.AbVerdict;
import dev.perflab.ab.Looks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.Random;

public class FifthLookSimulation {
    static final double THRESHOLD = 0.05;

    record Rule(String name, Looks looks, int most) {
    }

    record Outcome(double called, double regressions, double undecided, double pairs) {
    }

    static Outcome simulate(Rule rule, double meanLog, double sd, int rows, long seed) {
        Random random = new Random(seed);
        int called = 0, regressions = 0, undecided = 0;
        long pairs = 0;
        for (int i = 0; i < rows; i++) {
            List<Double> base = new ArrayList<>();
            List<Double> head = new ArrayList<>();
            int look = Math.min(rule.looks().first(), rule.most());
            AbVerdict v;
            while (true) {
                while (base.size() < look) {
                    base.add(1.0);
                    head.add(Math.exp(meanLog + sd * random.nextGaussian()));
                }
                v = rule.looks().judge(base, head, THRESHOLD, true);
                OptionalInt next = rule.looks().after(look);
                if (v != AbVerdict.UNDECIDED || next.isEmpty() || look >= rule.most()) {
                    break;
                }
                look = Math.min(next.getAsInt(), rule.most());
            }
            pairs += base.size();
            called += v.moved() ? 1 : 0;
            regressions += v == AbVerdict.REGRESSION ? 1 : 0;
            undecided += v == AbVerdict.UNDECIDED ? 1 : 0;
        }
        return new Outcome((double) called / rows, (double) regressions / rows, (double) undecided / rows, (double) pairs / rows);
    }

    public static void main(String[] args) {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        List<Rule> rules = List.of(
                new Rule("default: looks at 4, 8, 16, 32", Looks.doubling(4, 32, 0.95), Integer.MAX_VALUE),
                new Rule("`--max-pairs 64`: looks at 4–64", Looks.doubling(4, 64, 0.95), Integer.MAX_VALUE),
                new Rule("`--max-pairs 64`, budget holds 48 pairs", Looks.doubling(4, 64, 0.95), 48));
        System.out.println("| pair sd | rule | each look at | A/A called | A/A undecided | 10% slower found · undecided | mean pairs (A/A · 10%) |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (double sd : new double[] {0.04, 0.06, 0.07, 0.08, 0.09}) {
            for (Rule rule : rules) {
                Outcome aa = simulate(rule, 0, sd, rows, 1);
                Outcome ten = simulate(rule, Math.log(1 / 1.10), sd, rows, 2);
                System.out.printf(Locale.ROOT, "| %.0f%% | %s | %s | %.1f%% | %.1f%% | %.1f%% · %.1f%% | %.1f · %.1f |%n", sd * 100, rule.name(),
                        Looks.percent(rule.looks().intervalConfidence()), aa.called() * 100, aa.undecided() * 100,
                        ten.regressions() * 100, ten.undecided() * 100, aa.pairs(), ten.pairs());
            }
        }
    }
}
