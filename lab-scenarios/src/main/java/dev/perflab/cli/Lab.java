package dev.perflab.cli;

import dev.perflab.base.InputFile;
import dev.perflab.base.Invocation;
import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import dev.perflab.cli.ab.AbCommand;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.check.CheckCommand;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.WithJars;
import dev.perflab.cli.grade.GradeCommand;
import dev.perflab.cli.latency.LatencyCommand;
import dev.perflab.cli.profile.ProfileCommand;
import dev.perflab.cli.run.RunCommand;
import dev.perflab.foreign.RunJarCommand;
import dev.perflab.gate.ClaimsCommand;
import dev.perflab.ladder.UnknownEntryException;
import dev.perflab.scenario.ScenarioException;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine;

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
        subcommands = {ListCommand.class, RunCommand.class, CheckCommand.class, GradeCommand.class, ReportCommand.class, GateCommand.class,
                CompareCommand.class, AbCommand.class, MergeCommand.class, ClockCommand.class, ClaimsCommand.class,
                JdksCommand.class, LatencyCommand.class, ProfileCommand.class, HistoryCommand.class, DoctorCommand.class,
                RunJarCommand.class},
        footer = {"", "Start with:  ./lab list   then   ./lab run orderbook --quick"}) // under another name: newCommandLine
public final class Lab extends GroupCommand {

    public static void main(String[] args) {
        dev.perflab.proc.ParentWatch.start(); // a lab killed with kill -9 leaves no child running on
        // a worker thread's failure (a mapped write on a full disk) is one line, as every other failure
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            System.err.println(name() + ": " + thread.getName() + " failed: " + (e.getMessage() != null ? e.getMessage() : e.toString())
                    + (System.getenv("PERFLAB_DEBUG") != null ? "" : " (set PERFLAB_DEBUG=1 for the stack trace)"));
            if (System.getenv("PERFLAB_DEBUG") != null) {
                e.printStackTrace();
            }
        });
        sweepTemporaries();
        // from the first line: a Ctrl-C while the CLI reads its arguments is a stop too, and says so
        Object starting = Leftovers.started("");
        int exit = execute(args);
        Leftovers.ended(starting);
        System.exit(exit);
    }

    /**
     * Removes what an earlier lab stopped by {@code kill -9} left in the temporary folder (its hooks never ran), and
     * says so in one line. The lab the user started does it; a role of a run (a child of a lab) leaves it to that lab.
     */
    private static void sweepTemporaries() {
        if (System.getenv(dev.perflab.proc.ChildProcess.CHILD_ENV) == null) {
            String line = sweepTemporaries(dev.perflab.io.Scratch.systemTemp());
            if (line != null) {
                System.err.println(line);
            }
        }
    }

    /** Sweeps {@code dir}; the line saying what was removed, or null when nothing was. */
    static String sweepTemporaries(java.nio.file.Path dir) {
        dev.perflab.io.Scratch.Swept swept = dev.perflab.io.Scratch.sweep(dir);
        if (swept.isEmpty()) {
            return null;
        }
        return name() + ": removed what " + swept.describeOwners() + " left in " + dir
                + (swept.owners().size() == 1 ? " when it" : " when they") + " ended without a clean-up (kill -9, or a crash): "
                + swept.entries() + (swept.entries() == 1 ? " file or folder, " : " files and folders, ")
                + dev.perflab.base.InputFile.size(swept.bytes());
    }

    /**
     * Runs the CLI and returns its exit code; used by {@link #main} and by tests. Leading {@code --with JAR} options
     * add that jar's components ({@link WithJars}).
     */
    public static int execute(String... args) {
        WithJars with;
        Registry registry;
        try {
            with = WithJars.parse(args);
            registry = with.registry();
            dev.perflab.net.Liveness.limit(); // a bad -Dperflab.liveness.seconds is named now, not in the middle of a run
        } catch (LabException e) {
            System.err.println(name() + ": " + e.getMessage());
            return e.exitCode();
        } catch (IllegalArgumentException e) {
            System.err.println(name() + ": " + e.getMessage());
            return LabException.BAD_INPUT;
        }
        return newCommandLine(registry).execute(with.rest());
    }

    /** The CLI over every built-in component, with the lab's error handling; tests set its out and err writers. */
    public static CommandLine newCommandLine() {
        return newCommandLine(Registry.builtIn());
    }

    /**
     * The name the CLI was started by, for its usage lines and the start of its error lines: {@code perflab} from
     * the release archive's {@code bin/perflab} (which sets {@code -Dperflab.command}), else {@code lab}.
     */
    static String name() {
        return System.getProperty("perflab.command", "lab");
    }

    /** How a user types the CLI: {@code ./lab} in a checkout, else the installed launcher's name. */
    static String invocation() {
        return name().equals("lab") ? "./lab" : name();
    }

    /** The CLI over these components (a test adds its own with {@link Registry#with}). */
    public static CommandLine newCommandLine(Registry registry) {
        CommandLine cli = new CommandLine(new Lab());
        cli.setCommandName(name()); // every subcommand's usage line starts with its parents' names
        cli.getCommandSpec().usageMessage().footer("", "Start with:  " + invocation() + " list   then   " + invocation() + " run orderbook --quick",
                "Ladders of your own:  " + invocation() + " --with JAR COMMAND …  (examples/boxing)");
        for (Component component : registry.all()) {
            for (Object subcommand : component.subcommands()) {
                addOrMerge(cli, new CommandLine(subcommand));
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
        CommandLine.IExecutionStrategy run = cli.getExecutionStrategy();
        cli.setExecutionStrategy(parsed -> {
            // the hints in messages and help say ./lab; started as perflab, what is printed says perflab
            if (!invocation().equals("./lab")) {
                cli.setOut(Invocation.speaking(cli.getOut(), invocation()));
                cli.setErr(Invocation.speaking(cli.getErr(), invocation()));
            }
            // the files a run writes name the command that made them (./lab claims checks a claim's against it)
            dev.perflab.base.StartedAs.record(invocation(), parsed.originalArgs().toArray(String[]::new));
            // while it runs, a Ctrl-C or SIGTERM interrupts it: Leftovers then says so in one line
            Object running = Leftovers.started(GroupCommand.qualifiedName(lastCommand(parsed)));
            try {
                return run.execute(parsed);
            } finally {
                Leftovers.ended(running);
            }
        });
        return cli;
    }

    /**
     * Adds a component's command group; when another component already added a group of that name (the ring
     * and the forwarder both under {@code ./lab mdf}), its subcommands join that group instead.
     */
    private static void addOrMerge(CommandLine cli, CommandLine group) {
        CommandLine existing = cli.getSubcommands().get(group.getCommandName());
        if (existing == null) {
            cli.addSubcommand(group);
            return;
        }
        for (CommandLine sub : new java.util.LinkedHashSet<>(group.getSubcommands().values())) {
            existing.addSubcommand(sub.getCommandName(), sub);
        }
    }

    private static CommandLine lastCommand(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult last = parsed;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        return last.commandSpec().commandLine();
    }

    private static int badArguments(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        String name = GroupCommand.qualifiedName(cmd);
        err.println(name() + ": " + BadArguments.message(e) + " (see " + invocation() + " " + (name.isEmpty() ? "" : name + " ") + "--help)");
        err.flush();
        return LabException.BAD_INPUT;
    }

    /** An I/O failure in one line: the file it concerns, when there is one, and the reason in words. */
    static String describe(IOException e) {
        if (e instanceof java.nio.file.FileSystemException) {
            java.nio.file.FileSystemException f = (java.nio.file.FileSystemException) e;
            String where = f.getFile() + (f.getOtherFile() != null ? " → " + f.getOtherFile() : "");
            return where + ": " + (e instanceof java.nio.file.NoSuchFileException ? "no such file or directory"
                    : e instanceof java.nio.file.FileAlreadyExistsException ? "already exists"
                    : InputFile.reason(e));
        }
        return InputFile.reason(e);
    }

    private static int failed(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        if (Leftovers.stopping()) {
            // Ctrl-C: what failed next (a child stopped under the run) is its echo; the stop hook says what was kept
            return 130;
        }
        if (e instanceof LabException) {
            err.println(name() + ": " + e.getMessage());
            err.flush();
            return ((LabException) e).exitCode();
        }
        if (e instanceof ScenarioException) {
            // a run that could not go as planned (a role that died or never listened): its check failed
            err.println(name() + ": " + e.getMessage());
            err.flush();
            return LabException.CHECK_FAILED;
        }
        if (e instanceof IOException || e instanceof java.io.UncheckedIOException) {
            // the machine refused a file or a socket (a full disk, a folder that vanished): the path and the
            // reason in words, exit 2, as for any other input the user can fix
            IOException io = e instanceof IOException ? (IOException) e : ((java.io.UncheckedIOException) e).getCause();
            err.println(name() + ": " + describe(io));
            err.flush();
            if (System.getenv("PERFLAB_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return LabException.BAD_INPUT;
        }
        if (e instanceof UnknownEntryException) {
            err.println(name() + ": " + e.getMessage());
            err.flush();
            return LabException.BAD_INPUT;
        }
        if (System.getenv("PERFLAB_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.println(name() + ": internal error: " + e + " (set PERFLAB_DEBUG=1 for the stack trace)");
        err.flush();
        return 1;
    }
}
