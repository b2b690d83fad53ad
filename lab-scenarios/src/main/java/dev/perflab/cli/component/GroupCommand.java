package dev.perflab.cli.component;

import dev.perflab.base.LabException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * A command that only groups subcommands ({@code ./lab}, {@code ./lab run}, {@code ./lab orderbook}): run
 * without one, it prints its usage on stderr and fails in one line naming the subcommands (exit 2, like any
 * bad input), so a script that forgot the subcommand does not pass.
 */
public abstract class GroupCommand implements Runnable {
    @Spec
    protected CommandSpec spec;

    @Override
    public void run() {
        CommandLine cmd = spec.commandLine();
        cmd.usage(cmd.getErr());
        String name = qualifiedName(cmd);
        throw new LabException((name.isEmpty() ? "" : name + ": ") + "missing subcommand, one of: "
                + String.join(", ", cmd.getSubcommands().keySet().stream().filter(n -> !n.equals("help")).toList()));
    }

    /** The command's words after the CLI's own name, e.g. {@code run orderbook}; empty for {@code ./lab} itself. */
    public static String qualifiedName(CommandLine cmd) {
        CommandLine root = cmd;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        String name = cmd.getCommandSpec().qualifiedName(" ");
        String top = root.getCommandName() + " ";
        return name.startsWith(top) ? name.substring(top.length()) : "";
    }
}
