package dev.perflab.cli;

import dev.perflab.ladder.Entry;
import dev.perflab.orderbook.CommandBinary;
import dev.perflab.orderbook.CommandGenerator;
import dev.perflab.orderbook.CommandStream;
import dev.perflab.orderbook.CommandText;
import dev.perflab.orderbook.EventLog;
import dev.perflab.orderbook.OrderBookFactory;
import dev.perflab.orderbook.OrderBookLadder;
import dev.perflab.orderbook.PriceFormat;
import dev.perflab.orderbook.StreamFormatException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./lab orderbook generate|replay}: make command streams and replay them through a rung. */
@Command(name = "orderbook", mixinStandardHelpOptions = true, description = "Generate order-book command streams and replay them through a rung.",
        subcommands = {OrderBookCommand.Generate.class, OrderBookCommand.Replay.class})
public final class OrderBookCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "generate", mixinStandardHelpOptions = true, description = {"Write a deterministic volatile-market command stream.",
            "Binary by default (compact, checksummed); --text writes one command per line."})
    static final class Generate implements java.util.concurrent.Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--count", required = true, description = "Number of commands.")
        int count;

        @Option(names = "--seed", defaultValue = "1", description = "Random seed (default ${DEFAULT-VALUE}); same seed, same stream.")
        long seed;

        @Option(names = "--out", required = true, description = "File to write.")
        Path out;

        @Option(names = "--text", description = "Write the text format instead of binary.")
        boolean text;

        @Option(names = "--cancel-share", defaultValue = "0.6", description = "Share of cancels, 0..1 (default ${DEFAULT-VALUE}).")
        double cancelShare;

        @Option(names = "--mid", defaultValue = "100.00", description = "Starting mid price (default ${DEFAULT-VALUE}).")
        String mid;

        @Option(names = "--walk-ticks", defaultValue = "20", description = "How far from the mid passive orders rest, in ticks (default ${DEFAULT-VALUE}).")
        int walkTicks;

        @Option(names = "--depth", defaultValue = "1000", description = "Orders added up front to build the book (default ${DEFAULT-VALUE}).")
        int depth;

        @Option(names = "--growth", defaultValue = "0.005", description = "Average resting orders added per command (default ${DEFAULT-VALUE}).")
        double growth;

        @Option(names = "--tick", defaultValue = "0.01", description = "Tick size (default ${DEFAULT-VALUE}).")
        String tick;

        @Override
        public Integer call() throws IOException {
            if (count < 0) {
                throw new LabException("--count must be ≥ 0, was " + count);
            }
            PriceFormat prices = priceFormat(tick);
            long midTicks = parse(() -> prices.parseTicks(mid), "--mid");
            CommandGenerator.Config config = parse(() -> new CommandGenerator.Config(seed, count, cancelShare, midTicks,
                    walkTicks, Math.min(depth, count), growth), "generator");
            CommandStream commands = CommandGenerator.generate(config);
            if (text) {
                try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                    writer.write("# perflab order-book commands: seed " + seed + ", " + count + " commands, tick "
                            + prices.tick().toPlainString() + "\n");
                    CommandText.write(commands, writer, prices);
                }
            } else {
                Files.write(out, CommandBinary.encode(commands, prices));
            }
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf(Locale.ROOT, "wrote %,d commands (%s, %,d bytes) to %s%n", commands.size(),
                    text ? "text" : "binary", Files.size(out), out);
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "replay", mixinStandardHelpOptions = true, description = {"Replay a command file (binary or text, detected) through one rung or peer.",
            "Prints commands, seconds and commands/s of one cold, single-threaded replay; JMH figures come from ./lab run.",
            "On a bad line it replays every command before it, writes their events, then prints FILE:LINE: problem and exits 2."})
    static final class Replay implements java.util.concurrent.Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--in", required = true, description = "Command file to replay.")
        Path in;

        @Option(names = "--rung", defaultValue = "tuned", description = "Rung or peer id, or naive/tuned (default ${DEFAULT-VALUE}). See ./lab list.")
        String rung;

        @Option(names = "--events", description = "Write the events, one line per command, to this file.")
        Path events;

        @Option(names = "--tick", defaultValue = "0.01", description = "Tick size of a text file (default ${DEFAULT-VALUE}); binary files carry their own.")
        String tick;

        @Override
        public Integer call() throws IOException {
            Entry<OrderBookFactory> entry = OrderBookLadder.LADDER.resolve(rung);
            Loaded loaded = load(in, priceFormat(tick));
            EventLog log = new EventLog(loaded.commands.size());
            long start = System.nanoTime();
            loaded.commands.replay(entry.factory().create(log));
            double seconds = (System.nanoTime() - start) / 1e9;
            if (events != null) {
                try (BufferedWriter writer = Files.newBufferedWriter(events, StandardCharsets.UTF_8)) {
                    log.writeTo(writer, loaded.prices);
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: %,d commands in %.3f s = %,.0f commands/s (%s; one cold run)%n", entry.id(),
                    loaded.commands.size(), seconds, loaded.commands.size() / Math.max(seconds, 1e-9), Machine.header());
            if (events != null) {
                out.printf(Locale.ROOT, "wrote %,d events to %s%n", log.size(), events);
            }
            out.flush();
            if (loaded.error != null) {
                throw new LabException(loaded.error.getMessage());
            }
            return 0;
        }
    }

    /** A command file's commands (all of them, or those before the first bad one) and its tick. */
    private static final class Loaded {
        final CommandStream commands;
        final PriceFormat prices;
        final StreamFormatException error;

        Loaded(CommandStream commands, PriceFormat prices, StreamFormatException error) {
            this.commands = commands;
            this.prices = prices;
            this.error = error;
        }
    }

    private static Loaded load(Path file, PriceFormat textPrices) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new LabException(file + ": no such file");
        } catch (IOException e) {
            throw new LabException(file + ": cannot read (" + e.getMessage() + ")");
        }
        String source = file.toString();
        if (CommandBinary.looksBinary(bytes)) {
            try {
                CommandBinary.Decoded decoded = CommandBinary.decode(bytes, source);
                return new Loaded(decoded.commands(), decoded.prices(), null);
            } catch (StreamFormatException e) {
                return new Loaded(e.before(), textPrices, e);
            }
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes),
                StandardCharsets.UTF_8))) {
            return new Loaded(CommandText.read(reader, source, textPrices), textPrices, null);
        } catch (StreamFormatException e) {
            return new Loaded(e.before(), textPrices, e);
        }
    }

    static PriceFormat priceFormat(String tick) {
        return parse(() -> PriceFormat.ofTick(tick), "--tick");
    }

    private static <T> T parse(java.util.function.Supplier<T> parser, String what) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new LabException(what + ": " + e.getMessage());
        }
    }
}
