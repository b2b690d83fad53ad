// The looks of `./lab ab` (dev.perflab.ab.Looks) on simulated rows, for the table in docs/ab.md ("More pairs for the
// rows still undecided"). Each pair's ln(head/base) is a normal draw (fixed seeds); every row is judged by the lab's own
// PairedRatio and AbVerdict at each look until it is decided, and tabled by its last verdict.
//
// The simulation itself is SequentialRuleTest.simulate, the test's. Run from the repository root after a build with
// its tests compiled (JDK 17; the lab's classes, its test classes and Commons Math on the class path):
//   mvn -q -pl lab-scenarios -am test-compile
//   java -cp lab-scenarios/target/classes:lab-scenarios/target/test-classes:$HOME/.m2/repository/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar \
//        docs/measurements/2026-11-29-ab-sequential-simulation.java 4000
import dev.perflab.ab.Looks;
import dev.perflab.ab.SequentialRuleTest;
import java.util.List;
import java.util.Locale;

public class SequentialSimulation {
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
                SequentialRuleTest.Outcome aa = SequentialRuleTest.simulate(rule.looks(), rule.adjusted(), rule.most(), 0, sd, rows, 1);
                SequentialRuleTest.Outcome ten = SequentialRuleTest.simulate(rule.looks(), rule.adjusted(), rule.most(), Math.log(1 / 1.10), sd, rows, 2);
                SequentialRuleTest.Outcome big = SequentialRuleTest.simulate(rule.looks(), rule.adjusted(), rule.most(), Math.log(1 / 1.21), sd, rows, 3);
                System.out.printf(Locale.ROOT, "| %.0f%% | %s | %.1f%% | %.1f%% | %.1f%% · %.1f%% | %.1f%% | %.1f · %.1f |%n", sd * 100, rule.name(),
                        aa.called() * 100, aa.undecided() * 100, ten.regressions() * 100, ten.undecided() * 100, big.regressions() * 100,
                        aa.pairs(), ten.pairs());
            }
        }
    }
}
