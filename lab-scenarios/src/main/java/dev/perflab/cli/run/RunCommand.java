package dev.perflab.cli.run;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.component.Registry;
import picocli.CommandLine.Command;

/**
 * {@code ./lab run COMPONENT}: the main job. One subcommand per registered component
 * ({@link RunComponentCommand}), each with the options every run shares and the options its component brings
 * ({@code Scenario.newOptions()}), so this command names no component and {@code ./lab run kv --help} lists
 * exactly what kv takes.
 */
@Command(name = "run", mixinStandardHelpOptions = true, synopsisSubcommandLabel = "COMPONENT",
        description = {"Run a component's ladder and print each rung's score, error and speedup.",
                "A component runs its JMH suites, or its end-to-end run over sockets (--jmh: its suites).",
                "Lengths: --smoke (CI), --quick (a first look), the default (a ladder to trust),",
                "--full (for publishing). JMH suites print their plan and estimated time first;",
                "an end-to-end run prints each rung's warm-up and measured seconds.",
                "A component's own options: ./lab run COMPONENT --help"})
public final class RunCommand extends GroupCommand implements Registry.User {
    @Override
    public void use(Registry registry) {
        for (Component component : registry.all()) {
            spec.commandLine().addSubcommand(component.name(), RunComponentCommand.commandLine(component, null));
        }
        // former names last, hidden from the help, each printing its one line (Registry.renamedNote)
        for (Component component : registry.all()) {
            for (String former : component.formerNames()) {
                spec.commandLine().addSubcommand(former, RunComponentCommand.commandLine(component, former));
            }
        }
    }
}
