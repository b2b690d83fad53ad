package dev.perflab.cli;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RungOption;
import dev.perflab.ladder.Checks;
import dev.perflab.ladder.Contract;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab check COMPONENT --rung ID}: runs the component's contract (its contract suite and
 * differential checks, the same ones its JUnit suites run) against one entry, one line per check, ✓ or ✗
 * with the failure's message. Made for the exercises ({@code --rung student}); works on any entry.
 * Exit 0 when every check passes, 1 when one fails, 2 for an unknown component or rung.
 *
 * <p>It knows no component: it asks the component's ladder for its {@link Contract}
 * ({@code Ladder.withContract}); a component whose ladder has none says so in one line (exit 2).
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Run a component's contract and differential checks against one rung; one line per check.",
                "Made for the exercises: ./lab check orderbook --rung student (see exercises/README.md).",
                "Exit 0 when all pass, 1 when one fails, 2 for bad input."})
final class CheckCommand implements Callable<Integer>, Registry.User {
    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    @Parameters(index = "0", paramLabel = "COMPONENT", description = "Component whose contract to run, e.g. orderbook (see ./lab list).")
    String component;

    @Mixin
    RungOption rung = RungOption.defaultingTo("student");

    @Override
    public Integer call() throws InterruptedException {
        registry.renamedNote(component).ifPresent(note -> {
            spec.commandLine().getErr().println(note);
            spec.commandLine().getErr().flush();
        });
        return check(registry.byName(component).ladder(), spec.commandLine().getOut());
    }

    private <F> int check(Ladder<F> ladder, PrintWriter out) throws InterruptedException {
        Entry<F> entry = ladder.resolve(rung.one());
        Contract<F> contract = ladder.contract().orElseThrow(() -> new LabException(
                ladder.component() + " has no contract to check yet"));
        out.printf("perflab check %s %s (%s): %s%n", ladder.component(), entry.id(),
                entry.kind().name().toLowerCase(java.util.Locale.ROOT), entry.summary());
        out.flush();
        List<Checks.Outcome> outcomes = Checks.run(contract.checks(entry.factory()));
        long passed = 0;
        for (Checks.Outcome outcome : outcomes) {
            if (outcome.passed()) {
                passed++;
                out.println("✓ " + outcome.name());
            } else {
                out.println("✗ " + outcome.name() + ": " + outcome.failure().replace('\n', ' '));
            }
            out.flush();
        }
        out.printf("%d of %d checks pass%n", passed, outcomes.size());
        out.flush();
        return passed == outcomes.size() ? 0 : LabException.CHECK_FAILED;
    }
}
