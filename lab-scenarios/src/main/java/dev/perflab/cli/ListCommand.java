package dev.perflab.cli;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Registry;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ./lab list}: every component and its rungs, in ladder order, one line each. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List every component and its rungs, peers and exhibits, in order.")
final class ListCommand implements Runnable, Registry.User {
    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        for (Component component : registry.all()) {
            Ladder<?> ladder = component.ladder();
            out.printf("%-12s %s%n", ladder.component(), ladder.title());
            for (Entry<?> entry : ladder.entries()) {
                out.printf("%-12s %-25s %-7s %s%n", ladder.component(), entry.id(),
                        entry.kind().name().toLowerCase(java.util.Locale.ROOT), entry.summary());
            }
        }
        out.flush();
    }
}
