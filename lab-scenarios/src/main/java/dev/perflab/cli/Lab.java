package dev.perflab.cli;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.latency.LatencyCommand;
import dev.perflab.cli.profile.ProfileCommand;
import dev.perflab.ladder.UnknownEntryException;
import dev.perflab.report.ReportCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ./lab}: the one entry point of the lab. Every subcommand prints numbers with their units and
 * the machine they came from; bad input gets one line naming what is wrong and exit code 2.
 *
 * <p>The lab-wide commands know no component: they look components up in the {@link Registry} they are
 * given, and each component's own subcommands ({@code ./lab orderbook …}, {@code ./lab sha …}) are added
 * after them from {@link Component#subcommands()}.
 */
@Command(name = "lab", mixinStandardHelpOptions = true, version = "perflab 0.1.0",
        description = "perflab: field reports turned into measured ladders of rungs, naive to tuned.",
        subcommands = {ListCommand.class, RunCommand.class, CheckCommand.class, ReportCommand.class, GateCommand.class, CompareCommand.class, JdksCommand.class, LatencyCommand.class, ProfileCommand.class},
        footer = {"", "Start with:  ./lab list   then   ./lab run orderbook --quick"})
public final class Lab implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw missingSubcommand(spec);
    }

    /**
     * For a command that only groups subcommands ({@code ./lab}, {@code ./lab orderbook}) run without one:
     * prints its usage on stderr and returns the one-line error to throw (exit 2, like any bad input).
     */
    public static LabException missingSubcommand(CommandLine.Model.CommandSpec spec) {
        CommandLine cmd = spec.commandLine();
        cmd.usage(cmd.getErr());
        String name = qualifiedName(cmd);
        return new LabException((name.isEmpty() ? "" : name + ": ") + "missing subcommand, one of: "
                + String.join(", ", cmd.getSubcommands().keySet().stream().filter(n -> !n.equals("help")).toList()));
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the CLI and returns its exit code; used by {@link #main} and by tests. */
    public static int execute(String... args) {
        return newCommandLine().execute(args);
    }

    /** The CLI over every built-in component, with the lab's error handling; tests set its out and err writers. */
    public static CommandLine newCommandLine() {
        return newCommandLine(Registry.builtIn());
    }

    /** The CLI over these components (a test adds its own with {@link Registry#with}). */
    public static CommandLine newCommandLine(Registry registry) {
        CommandLine cli = new CommandLine(new Lab());
        for (Component component : registry.all()) {
            for (Object subcommand : component.subcommands()) {
                cli.addSubcommand(subcommand);
            }
        }
        cli.addSubcommand(new CommandLine.HelpCommand());
        for (CommandLine subcommand : cli.getSubcommands().values()) {
            if (subcommand.getCommand() instanceof Registry.User) {
                ((Registry.User) subcommand.getCommand()).use(registry);
            }
        }
        cli.setParameterExceptionHandler(Lab::badArguments);
        cli.setExecutionExceptionHandler(Lab::failed);
        return cli;
    }

    private static int badArguments(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        String name = qualifiedName(cmd);
        err.println("lab: " + e.getMessage() + " (see ./lab " + (name.isEmpty() ? "" : name + " ") + "--help)");
        err.flush();
        return LabException.BAD_INPUT;
    }

    private static String qualifiedName(CommandLine cmd) {
        String name = cmd.getCommandSpec().qualifiedName(" ");
        return name.startsWith("lab ") ? name.substring(4) : "";
    }

    private static int failed(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        if (e instanceof LabException) {
            err.println("lab: " + e.getMessage());
            err.flush();
            return ((LabException) e).exitCode();
        }
        if (e instanceof UnknownEntryException) {
            err.println("lab: " + e.getMessage());
            err.flush();
            return LabException.BAD_INPUT;
        }
        if (System.getenv("PERFLAB_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.println("lab: internal error: " + e + " (set PERFLAB_DEBUG=1 for the stack trace)");
        err.flush();
        return 1;
    }
}
