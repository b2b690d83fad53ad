package dev.perflab.cli.brick;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.HostPort;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.MemorySize;
import dev.perflab.base.OutputFile;
import dev.perflab.brick.BrickClient;
import dev.perflab.brick.BrickFormatException;
import dev.perflab.brick.BrickGenerator;
import dev.perflab.brick.BrickLadder;
import dev.perflab.brick.BrickMove;
import dev.perflab.brick.BrickServer;
import dev.perflab.brick.LineScanner;
import dev.perflab.brick.MoverSettings;
import dev.perflab.brick.ReferenceTransform;
import dev.perflab.brick.ResultCheck;
import dev.perflab.brick.ResultFile;
import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.component.RungOption;
import dev.perflab.ladder.Entry;
import dev.perflab.scenario.RoleProtocol;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab brick …}: make a brick file, transform it without a network (the reference), check a result
 * against it, move it through one rung, or run one side of the mover alone.
 *
 * <pre>
 *  ./lab brick generate --size 1g --seed 1 --out /tmp/bricks
 *  ./lab brick transform --in /tmp/bricks --out /tmp/reference
 *  ./lab brick move --in /tmp/bricks --out /tmp/result --rung r5      (server + client over loopback, then the check)
 *  ./lab brick serve --in /tmp/bricks --bind 127.0.0.1:7400 --rung r5
 *  ./lab brick fetch --connect 127.0.0.1:7400 --out /tmp/result --rung r5 [--check /tmp/bricks]
 * </pre>
 * Every {@code --out} is checked before any work ({@link OutputFile#check}: not a directory, not an input),
 * then written under {@code NAME.partial} and renamed only when complete (and, where a check runs,
 * byte-exact): a failed run leaves a file named as partial, never one under the final name. A malformed input is one line naming its line and byte offset, exit 2.
 */
@Command(name = "brick", mixinStandardHelpOptions = true,
        description = {"The brick mover (report 003): generate a file of lines, transform it, move it through a rung over TCP.",
                "./lab run brick moves one generated file through every rung and prints the ladder."},
        subcommands = {BrickCommand.Generate.class, BrickCommand.Transform.class, BrickCommand.Check.class,
                BrickCommand.Move.class, BrickCommand.Serve.class, BrickCommand.Fetch.class})
public final class BrickCommand extends GroupCommand {

    static final double MB = 1e6;

    /** A missing or unreadable input, or a malformed one, as the CLI reports it. */
    static LabException badInput(IOException e, Path file) {
        if (e instanceof BrickFormatException) {
            return new LabException(e.getMessage());
        }
        if (e instanceof NoSuchFileException) {
            return new LabException(file + ": no such file");
        }
        return new LabException(file + ": " + e.getMessage());
    }

    /** An input that is missing, a folder or unreadable, refused in one line before any work. */
    static void requireInput(Path in) {
        if (Files.isDirectory(in)) {
            throw new LabException(in + ": is a directory, not a brick file");
        }
        if (!Files.exists(in)) {
            throw new LabException(in + ": no such file");
        }
        if (!Files.isReadable(in)) {
            throw new LabException(in + ": not readable (permission denied)");
        }
    }

    /**
     * The output of move and fetch: checked by the lab's output policy, and a regular file (or a new name),
     * since the result is read back to check it and renamed from {@code RESULT.partial}: a device such as
     * {@code /dev/null} is refused, never replaced.
     */
    static void checkResultOutput(Path out, Path... inputs) {
        // the result is written as RESULT.partial first: that name must not be an input either
        Inputs.of(inputs).refuse("--out", dev.perflab.brick.ResultFile.partialOf(out));
        if (OutputFile.check("--out", out, inputs).inPlace()) {
            throw new LabException("--out " + out + ": is a device or pipe; a moved result is written as RESULT.partial, "
                    + "checked and renamed, so it must be a file; give a file name");
        }
    }

    /**
     * After a failed move or fetch: where the disk under the result is full, its {@code RESULT.partial} only
     * keeps it full, so it is removed and the message says so; otherwise it stays, named as partial.
     */
    static String removePartialIfDiskFull(Path out) {
        Path partial = ResultFile.partialOf(out.toAbsolutePath());
        try {
            if (Files.exists(partial) && dev.perflab.base.OutputFile.diskFull(partial)) {
                Files.delete(partial);
                return "; the disk is full, so " + partial + " was removed";
            }
        } catch (IOException e) {
            // it stays, named as partial
        }
        return "";
    }

    /** A write that failed in a mapped result (the disk filled while pages were being written): one line, not a JVM error. */
    static LabException mappedWriteFailed(Path out, InternalError e) {
        return new LabException("--out " + out + ": cannot write " + ResultFile.partialOf(out.toAbsolutePath())
                + " (a write into its mapped pages failed: is the disk full?)" + removePartialIfDiskFull(out));
    }

    static MoverSettings settings(String rung) {
        return BrickLadder.LADDER.resolve(rung).factory();
    }

    @Command(name = "generate", mixinStandardHelpOptions = true, description = {"Write a deterministic brick file: lines of 0–200 printable bytes, each ending in \\r\\n.",
            "Every length 0–200 is present (one round of 201 lines, 20,502 bytes, is always written whole)."})
    static final class Generate implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--size", defaultValue = "64m", description = "Bytes to write at most, e.g. 1g, 64m (default ${DEFAULT-VALUE}).")
        String size;

        @Option(names = "--seed", defaultValue = "1", description = "Random seed (default ${DEFAULT-VALUE}); same seed and size, same bytes.")
        long seed;

        @Option(names = "--out", required = true, description = "File to write (through FILE.partial, renamed when done).")
        Path out;

        @Override
        public Integer call() throws IOException {
            long bytes = MemorySize.any("--size", size).bytes();
            long[] written = {0};
            OutputFile.check("--out", out).writeFile(file -> {
                try (ResultFile result = ResultFile.direct(file)) {
                    OutputStream os = new BufferedOutputStream(Channels.newOutputStream(result.channel()), 1 << 20);
                    written[0] = BrickGenerator.write(os, bytes, seed);
                    os.flush();
                    result.complete();
                }
            });
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf(Locale.ROOT, "wrote %,d bytes of bricks (seed %d) to %s%n", written[0], seed, out);
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "transform", mixinStandardHelpOptions = true, description = "The reference transform of a whole file, one thread, no network.")
    static final class Transform implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--in", required = true, description = "Brick file.")
        Path in;

        @Option(names = "--out", required = true, description = "Result file (through FILE.partial, renamed when done).")
        Path out;

        @Override
        public Integer call() {
            OutputFile output = OutputFile.check("--out", out, in);
            requireInput(in);
            long start = System.nanoTime();
            long[] lines = {0};
            // a bad line is the input's fault (exit 2, naming it); any other failure is the output's (a full disk)
            output.writeFile(file -> {
                try {
                    lines[0] = ReferenceTransform.run(in, ResultFile.direct(file));
                } catch (BrickFormatException e) {
                    throw badInput(e, in);
                }
            });
            double seconds = (System.nanoTime() - start) / 1e9;
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf(Locale.ROOT, "transformed %,d lines in %.3f s to %s%n", lines[0], seconds, out);
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true, description = {"Check a result against the reference transform of its input, streaming both.",
            "Exit 1 at the first wrong byte, naming its offset and line."})
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--in", required = true, description = "Brick file.")
        Path in;

        @Option(names = "--result", required = true, description = "Result file to check.")
        Path result;

        @Override
        public Integer call() {
            ResultCheck.Outcome o;
            try {
                o = ResultCheck.check(in, result);
            } catch (IOException e) {
                throw badInput(e, Files.exists(in) ? result : in);
            }
            if (!o.exact()) {
                throw new LabException(o.problem(), LabException.CHECK_FAILED);
            }
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf(Locale.ROOT, "%s: byte-exact (%,d lines, %,d bytes)%n", result, o.lines(), o.resultBytes());
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "move", mixinStandardHelpOptions = true, description = {"Move a file through one rung: server and client in this JVM over loopback TCP, then the streaming check.",
            "The time runs from the server's start (its file load included) to the last result byte written; the input is checked before, the result after."})
    static final class Move implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--in", required = true, description = "Brick file.")
        Path in;

        @Option(names = "--out", required = true, description = "Result file (RESULT.partial until it checks byte-exact).")
        Path out;

        @Mixin
        RungOption rung = RungOption.defaultingTo("tuned");

        @Override
        public Integer call() throws InterruptedException {
            Entry<MoverSettings> entry = BrickLadder.LADDER.resolve(rung.one());
            checkResultOutput(out, in);
            try {
                LineScanner.validate(in);
            } catch (IOException e) {
                throw badInput(e, in);
            }
            BrickMove.Outcome o;
            try {
                o = BrickMove.run(in, out, entry.factory());
            } catch (java.nio.file.FileSystemException e) {
                // the result's folder refused the file (no permission, not a real folder): the output's fault, exit 2
                throw new LabException("--out " + out + ": cannot write " + e.getFile() + " ("
                        + dev.perflab.base.InputFile.reason(e) + ")" + removePartialIfDiskFull(out));
            } catch (IOException e) {
                throw new LabException(entry.id() + ": " + e.getMessage() + removePartialIfDiskFull(out), LabException.CHECK_FAILED);
            } catch (InternalError e) {
                throw mappedWriteFailed(out, e);
            }
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf(Locale.ROOT, "%s: %,d lines, %.1f MB in, %.1f MB out in %.3f s = %.1f MB/s in, %.1f MB/s out; CAS retries %,d; %s (%s)%n",
                    entry.id(), o.lines(), o.inBytes() / MB, o.outBytes() / MB, o.seconds(), o.inBytes() / MB / o.seconds(),
                    o.outBytes() / MB / o.seconds(), o.casRetries(), o.check().exact() ? "byte-exact" : "NOT byte-exact",
                    Machine.header());
            stdout.flush();
            if (!o.check().exact()) {
                // on a full disk a mapped page may never be written, and the check reads zeros: the disk's doing
                String full = removePartialIfDiskFull(out);
                throw new LabException(o.check().problem() + (full.isEmpty() ? " (result left as " + ResultFile.partialOf(out) + ")" : full),
                        LabException.CHECK_FAILED);
            }
            return 0;
        }
    }

    /**
     * Puts this JVM's CPU time so far (user and system, every thread, start-up and JIT included, in seconds)
     * into a role's summary as {@code cpuSeconds}; nothing where the OS does not say. On 2 cores the mover is
     * CPU-bound, so this, beside the wall clock, is what a rung changes (docs/brick.md).
     */
    static void putCpuSeconds(ObjectNode summary) {
        ProcessHandle.current().info().totalCpuDuration().ifPresent(d -> summary.put("cpuSeconds", d.toNanos() / 1e9));
    }

    @Command(name = "serve", mixinStandardHelpOptions = true, description = {"The mover's server alone: prints 'listening on HOST:PORT', serves one client's connections, then a summary line.",
            "Start it before ./lab brick fetch, with the same --rung."})
    static final class Serve implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--in", required = true, description = "Brick file to serve.")
        Path in;

        @Option(names = "--bind", defaultValue = "127.0.0.1:0", converter = HostPort.class,
                description = "Address to listen on (default ${DEFAULT-VALUE}: loopback, any free port).")
        InetSocketAddress bind;

        @Mixin
        RungOption rung = RungOption.defaultingTo("tuned");

        @Override
        public Integer call() throws InterruptedException {
            requireInput(in);
            PrintWriter stdout = spec.commandLine().getOut();
            MoverSettings settings = settings(rung.one());
            try {
                // a malformed input is refused before listening, not after a client connected
                LineScanner.validate(in);
            } catch (IOException e) {
                throw badInput(e, in);
            }
            BrickServer.Summary s;
            try (BrickServer server = new BrickServer(in, settings, bind)) {
                RoleProtocol.printListening(stdout, server.address());
                s = server.serve();
            } catch (BrickFormatException e) {
                throw new LabException(e.getMessage());
            } catch (IOException e) {
                throw new LabException("server: " + e.getMessage(), LabException.CHECK_FAILED);
            }
            ObjectNode summary = RoleProtocol.summary("serve");
            summary.put("lines", s.lines()).put("linesSent", s.linesSent()).put("casRetries", s.casRetries());
            putCpuSeconds(summary);
            if (s.error() != null) {
                summary.put("error", s.error());
            }
            RoleProtocol.printSummary(stdout, summary);
            if (s.error() != null) {
                throw new LabException("server: " + s.error(), LabException.CHECK_FAILED);
            }
            return 0;
        }
    }

    @Command(name = "fetch", mixinStandardHelpOptions = true, description = {"The mover's client alone: fetches every line from ./lab brick serve and writes the result.",
            "The result stays RESULT.partial unless every line arrived (and, with --check, it is byte-exact).",
            "Give it the server's --rung."})
    static final class Fetch implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--connect", required = true, converter = HostPort.class, description = "The server's HOST:PORT.")
        InetSocketAddress connect;

        @Option(names = "--out", required = true, description = "Result file.")
        Path out;

        @Mixin
        RungOption rung = RungOption.defaultingTo("tuned");

        @Option(names = "--check", paramLabel = "INPUT", description = "The server's input file, to check the result against before renaming it.")
        Path check;

        @Override
        public Integer call() throws InterruptedException {
            PrintWriter stdout = spec.commandLine().getOut();
            MoverSettings settings = settings(rung.one());
            if (check != null) {
                checkResultOutput(out, check);
            } else {
                checkResultOutput(out);
            }
            ObjectNode summary = RoleProtocol.summary("fetch");
            try (ResultFile result = ResultFile.create(out)) {
                long start = System.nanoTime();
                BrickClient.Summary s = new BrickClient(settings, connect).fetch(result);
                double seconds = (System.nanoTime() - start) / 1e9;
                summary.put("lines", s.lines()).put("resultBytes", s.resultBytes()).put("seconds", seconds);
                putCpuSeconds(summary);
                if (check != null) {
                    ResultCheck.Outcome o = ResultCheck.check(check, result.partial());
                    summary.put("exact", o.exact());
                    if (!o.exact()) {
                        RoleProtocol.printSummary(stdout, summary);
                        throw new LabException(o.problem() + " (result left as " + result.partial() + ")", LabException.CHECK_FAILED);
                    }
                }
                result.complete();
            } catch (IOException e) {
                throw new LabException("fetch: " + e.getMessage() + removePartialIfDiskFull(out), LabException.CHECK_FAILED);
            } catch (InternalError e) {
                throw mappedWriteFailed(out, e);
            }
            RoleProtocol.printSummary(stdout, summary);
            return 0;
        }
    }
}
