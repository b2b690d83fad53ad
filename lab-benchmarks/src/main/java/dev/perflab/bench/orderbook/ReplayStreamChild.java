package dev.perflab.bench.orderbook;

import dev.perflab.orderbook.CommandBinary;
import dev.perflab.orderbook.CommandGenerator;
import dev.perflab.orderbook.CommandStream;
import dev.perflab.orderbook.PriceFormat;
import dev.perflab.orderbook.StreamFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Generates the replay benchmark's command stream in a child JVM and hands it over as a binary file
 * ({@link CommandBinary}), so that the measuring JVM never runs the generator.
 *
 * <p>Why: {@link CommandGenerator} steers its stream with a {@code LongTickBook} (r3) and a
 * {@code RestingOrders} listener. Run inside a JMH fork, its 1M commands profile the classes the rungs
 * share ({@code LinkedLevelsBook}, {@code PriceLevel}, {@code OrderBookListener}'s default methods) with
 * r3's types before the measured rung runs, and C2 compiles them for those types. With
 * {@code -XX:+PrintCompilation}, an r2 fork (replay1M, 1 s iterations, no warm-up) made 54 compiled methods
 * of {@code dev.perflab} "not entrant" with the generator in the fork (the last, C2's
 * {@code LinkedLevelsBook::add}, 6.6 s in) and 39 without it. Here the generator runs in a JVM that
 * measures nothing, and the fork only decodes bytes into flat arrays.
 *
 * <pre>
 *   JMH fork (measures)                       child JVM (this class's main)
 *   trial setup ── java -cp … SEED COUNT FILE ──▶ CommandGenerator.generate(volatileMarket(SEED, COUNT))
 *               ◀──────── exit 0 ─────────────── CommandBinary.encode → FILE
 *   CommandBinary.decode(FILE), delete FILE
 * </pre>
 */
public final class ReplayStreamChild {
    /** A generous bound: generating 1M commands takes seconds, minutes only on a starved machine. */
    private static final long CHILD_TIMEOUT_SECONDS = 600;

    private ReplayStreamChild() {
    }

    /** The first {@code count} commands of the volatile market with {@code seed}, generated in a child JVM. */
    static CommandStream generate(long seed, int count) {
        Path file = null;
        try {
            file = Files.createTempFile("perflab-replay-", ".plob");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                    ReplayStreamChild.class.getName(), Long.toString(seed), Integer.toString(count), file.toString()))
                    .inheritIO().start();
            if (!child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                throw new IllegalStateException("the stream generator did not finish in " + CHILD_TIMEOUT_SECONDS + " s");
            }
            if (child.exitValue() != 0) {
                throw new IllegalStateException("the stream generator exited " + child.exitValue());
            }
            CommandStream commands = CommandBinary.decode(Files.readAllBytes(file), file.toString()).commands();
            if (commands.size() != count) {
                throw new IllegalStateException(file + ": " + commands.size() + " commands, expected " + count);
            }
            return commands;
        } catch (IOException | StreamFormatException e) {
            throw new IllegalStateException("could not hand the stream over through " + file + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while generating the stream", e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    /** {@code SEED COUNT FILE}: writes the stream to FILE. */
    public static void main(String[] args) throws IOException {
        dev.perflab.proc.ParentWatch.start(); // a lab killed with kill -9 leaves no child running on
        CommandStream commands = CommandGenerator.generate(
                CommandGenerator.Config.volatileMarket(Long.parseLong(args[0]), Integer.parseInt(args[1])));
        Files.write(Path.of(args[2]), CommandBinary.encode(commands, PriceFormat.CENTS));
    }
}
