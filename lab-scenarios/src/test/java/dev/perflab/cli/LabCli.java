package dev.perflab.cli;

import dev.perflab.cli.component.Registry;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** The CLI as {@code ./lab} builds it (its error handlers included), writing into buffers a test can read. */
public final class LabCli {
    public final StringWriter out = new StringWriter();
    public final StringWriter err = new StringWriter();
    private final Registry registry;

    /** The CLI over the built-in components. */
    public LabCli() {
        this(Registry.builtIn());
    }

    /** The CLI over these components (a test registers its own). */
    public LabCli(Registry registry) {
        this.registry = registry;
    }

    /** Runs one command line and returns its exit code. */
    public int run(String... args) {
        CommandLine cli = Lab.newCommandLine(registry);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    public void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }
}
