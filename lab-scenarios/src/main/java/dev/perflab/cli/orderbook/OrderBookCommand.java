package dev.perflab.cli.orderbook;

import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.component.RungOption;
import dev.perflab.io.Echo;
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
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./lab orderbook generate|replay}: make command streams and replay them through a rung. */
@Command(name = "orderbook", mixinStandardHelpOptions = true, description = "Generate order-book command streams and replay them through a rung.",
        subcommands = {OrderBookCommand.Generate.class, OrderBookCommand.Replay.class})
public final class OrderBookCommand extends GroupCommand {
    /**
     * Heap estimates behind the pre-checks ({@link InputFile#requireHeap}), in bytes per command: a command
     * stream is 17 B per command (type, id, price) and doubles while it grows; an event log is 25 B per
     * event; the generator's binary encoding is about 5 B per command, copied twice.
     */
    private static final int HEAP_BYTES_PER_GENERATED_COMMAND = 48;
    private static final int HEAP_BYTES_PER_LOADED_COMMAND = 34;
    private static final int HEAP_BYTES_PER_EVENT = 25;
    /** The shortest commands: 2 bytes in binary (type, one-byte id), 4 in text ("C 1\n"). */
    private static final int MIN_BINARY_BYTES_PER_COMMAND = 2;
    private static final int MIN_TEXT_BYTES_PER_COMMAND = 4;
    /** Bytes of a foreign binary file quoted in the message. */
    private static final int MAGIC_ECHO_BYTES = 4;


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
            InputFile.requireHeap((double) count * HEAP_BYTES_PER_GENERATED_COMMAND,
                    String.format(Locale.ROOT, "--count %,d", count));
            PriceFormat prices = priceFormat(tick);
            long midTicks = parse(() -> prices.parseTicks(mid), "--mid");
            CommandGenerator.Config config = parse(() -> new CommandGenerator.Config(seed, count, cancelShare, midTicks,
                    walkTicks, Math.min(depth, count), growth), "generator");
            OutputFile output = OutputFile.check("--out", out);
            CommandStream commands = CommandGenerator.generate(config);
            if (text) {
                output.writeText(writer -> {
                    writer.write("# perflab order-book commands: seed " + seed + ", " + count + " commands, tick "
                            + prices.tick().toPlainString() + "\n");
                    CommandText.write(commands, writer, prices);
                });
            } else {
                output.write(CommandBinary.encode(commands, prices));
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

        @Mixin
        RungOption rung = RungOption.defaultingTo("tuned");

        @Option(names = "--events", description = "Write the events, one line per command, to this file.")
        Path events;

        @Option(names = "--tick", defaultValue = "0.01", description = "Tick size of a text file (default ${DEFAULT-VALUE}); binary files carry their own.")
        String tick;

        @Override
        public Integer call() throws IOException {
            Entry<OrderBookFactory> entry = OrderBookLadder.LADDER.resolve(rung.one());
            OutputFile eventsOut = events != null ? OutputFile.check("--events", events, in) : null;
            Loaded loaded = load(in, priceFormat(tick));
            InputFile.requireHeap((double) loaded.commands.size() * HEAP_BYTES_PER_EVENT,
                    String.format(Locale.ROOT, "replaying %,d commands", loaded.commands.size()));
            EventLog log = new EventLog(loaded.commands.size());
            long start = System.nanoTime();
            loaded.commands.replay(entry.factory().create(log));
            double seconds = (System.nanoTime() - start) / 1e9;
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: %,d commands in %.3f s = %,.0f commands/s (%s; one cold run)%n", entry.id(),
                    loaded.commands.size(), seconds, loaded.commands.size() / Math.max(seconds, 1e-9), Machine.header());
            out.flush();
            if (eventsOut != null && (loaded.error == null || loaded.commands.size() > 0)) {
                eventsOut.writeText(writer -> log.writeTo(writer, loaded.prices));
                out.printf(Locale.ROOT, "wrote %,d events to %s%n", log.size(), events);
                out.flush();
            }
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
        byte[] bytes = InputFile.read(file, InputFile.COMMAND_FILE_LIMIT, "command files");
        String source = file.toString();
        boolean binary = CommandBinary.looksBinary(bytes);
        InputFile.requireHeap(bytes.length + (double) bytes.length / (binary ? MIN_BINARY_BYTES_PER_COMMAND
                : MIN_TEXT_BYTES_PER_COMMAND) * HEAP_BYTES_PER_LOADED_COMMAND, "reading " + file + " (" + InputFile.size(bytes.length) + ")");
        if (binary) {
            try {
                CommandBinary.Decoded decoded = CommandBinary.decode(bytes, source);
                return new Loaded(decoded.commands(), decoded.prices(), null);
            } catch (StreamFormatException e) {
                return new Loaded(e.before(), textPrices, e);
            }
        }
        if (looksLikeOtherBinary(bytes)) {
            throw new LabException(source + ":byte 0: neither a text command file nor a perflab binary one (magic 'PLOB' "
                    + "missing; starts with " + Echo.of(new String(bytes, 0, Math.min(bytes.length, MAGIC_ECHO_BYTES),
                    StandardCharsets.ISO_8859_1)) + ")");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes),
                StandardCharsets.UTF_8))) {
            return new Loaded(CommandText.read(reader, source, textPrices), textPrices, null);
        } catch (StreamFormatException e) {
            return new Loaded(e.before(), textPrices, e);
        }
    }

    /** Whether the first bytes hold control characters no text command file starts with (a foreign binary). */
    private static boolean looksLikeOtherBinary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, MAGIC_ECHO_BYTES); i++) {
            int b = bytes[i] & 0xFF;
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
                return true;
            }
        }
        return false;
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
