package dev.perflab.cli.mdf;

import dev.perflab.base.InputFile;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import dev.perflab.base.Machine;
import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.component.RungOption;
import dev.perflab.ladder.Entry;
import dev.perflab.marketdata.DayFile;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.JdbcHistory;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MdfRingFactory;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab mdf generate|replay}: make a day of market data and replay it through a ring to K readers. The
 * forwarder's roles, which had this group too, are {@code ./lab forwarder …} now; for one release they still
 * answer here (the forwarder component adds them), each saying so in one line.
 */
@Command(name = "mdf", mixinStandardHelpOptions = true, description = {"Generate market-data day files and replay them through a ring rung.",
        "The forwarder's roles moved to ./lab forwarder forwarder|client|simulator."},
        subcommands = {MdfCommand.Generate.class, MdfCommand.Replay.class})
public final class MdfCommand extends GroupCommand {
    /** Messages recorded in history per batch before they are appended to the ring (recorded first). */
    static final int FEED_BATCH_MESSAGES = 1_024;
    static final int MAX_READERS = 64;


    @Command(name = "generate", mixinStandardHelpOptions = true, description = "Write a deterministic day of market data (32–512-byte messages, sequences 1..N).")
    static final class Generate implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--count", defaultValue = "" + MdfGenerator.DAY_MESSAGES, description = "Messages (default ${DEFAULT-VALUE}, the report's day).")
        int count;

        @Option(names = "--seed", defaultValue = "1", description = "Random seed (default ${DEFAULT-VALUE}); same seed, same file.")
        long seed;

        @Option(names = "--out", required = true, description = "Day file to write.")
        Path out;

        @Override
        public Integer call() throws IOException {
            if (count < 0) {
                throw new LabException("--count must be ≥ 0, was " + count);
            }
            OutputFile output = OutputFile.check("--out", out);
            long[] bytes = {0};
            byte[][] day = MdfGenerator.day(count, seed);
            output.writeFile(file -> {
                DayFile.write(file, day);
                bytes[0] = Files.size(file);
            });
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf(Locale.ROOT, "wrote %,d messages (%,d bytes) to %s%n", count, bytes[0], out);
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "replay", mixinStandardHelpOptions = true, description = {
            "Feed a day file through one rung, peer or exhibit to K readers.",
            "Each reader's stream goes to DIR/reader-N.bin in the input's format (diff it against the input).",
            "The feed records each message in the history database",
            "before appending it. On a bad file every message before the fault is delivered, then FILE:byte OFFSET: problem, exit 2."})
    static final class Replay implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--in", required = true, description = "Day file to replay.")
        Path in;

        @Mixin
        RungOption rung = RungOption.defaultingTo("tuned");

        @Option(names = "--readers", defaultValue = "1", description = "Readers (clients), 1.." + MAX_READERS + " (default ${DEFAULT-VALUE}).")
        int readers;

        @Option(names = "--out", required = true, description = "Directory for reader-1.bin … reader-K.bin (created).")
        Path outDir;

        @Option(names = "--db-url", description = "JDBC URL of the history database (default: an in-memory H2 database).")
        String dbUrl;

        @Override
        public Integer call() throws Exception {
            if (readers < 1 || readers > MAX_READERS) {
                throw new LabException("--readers must be 1.." + MAX_READERS + ", was " + readers);
            }
            Entry<MdfRingFactory> entry = MdfRingLadder.LADDER.resolve(rung.one());
            if (!Files.isRegularFile(in)) {
                throw new LabException(in + ": no such file");
            }
            RunFolder folder = RunFolder.open("--out", outDir, Inputs.of(in));
            for (int k = 1; k <= readers; k++) {
                folder.file(readerFile(k).getFileName().toString()); // each checked before the history opens
            }
            HistoryStore history;
            try {
                history = dbUrl == null ? JdbcHistory.inMemory() : JdbcHistory.open(dbUrl);
            } catch (IllegalArgumentException e) {
                throw new LabException("--db-url: " + e.getMessage());
            }
            // the K reader files are renamed in one after another: whole, so a stop between two renames leaves the old K
            return folder.whole(() -> {
                List<OutputFile.Staged> staged = new ArrayList<>();
                for (int k = 1; k <= readers; k++) {
                    staged.add(folder.file(readerFile(k).getFileName().toString()).stage());
                }
                boolean kept = false;
                try (history; MdfRing ring = entry.factory().create(history)) {
                    int exit = replay(entry.id(), ring, history, staged);
                    kept = true;
                    return exit;
                } catch (IOException | InterruptedException | RuntimeException e) {
                    throw e;
                } catch (Exception e) { // a store's close, declared by AutoCloseable
                    throw new IOException(e.getMessage(), e);
                } finally {
                    if (!kept) {
                        staged.forEach(OutputFile.Staged::discard);
                    }
                }
            });
        }

        private Path readerFile(int k) {
            return outDir.resolve("reader-" + k + ".bin");
        }

        /**
         * Every reader's day goes to a temporary file first. A clean replay renames them all over
         * {@code reader-N.bin}; a replay that meets a fault keeps what each reader received as
         * {@code reader-N.bin.partial}, and leaves the folder's earlier {@code reader-N.bin} files as they were.
         * Either way it deletes nothing it did not write: a {@code reader-M.bin} beyond this replay's readers or a
         * {@code .partial} file of an earlier replay is named in a line, and left.
         */
        private int replay(String id, MdfRing ring, HistoryStore history, List<OutputFile.Staged> staged) throws Exception {
            List<ReaderThread> threads = new ArrayList<>();
            for (int k = 1; k <= readers; k++) {
                threads.add(new ReaderThread(ring.reader(MdfRing.FIRST_SEQUENCE), staged.get(k - 1).file(), "reader-" + k));
            }
            threads.forEach(Thread::start);
            Feed feed = new Feed(ring, history);
            long start = System.nanoTime();
            MdfFormatException fault = null;
            try {
                DayFile.read(in, feed::offer);
            } catch (MdfFormatException e) {
                fault = e;
            } catch (NoSuchFileException e) {
                throw new LabException(in + ": no such file");
            } finally {
                feed.flush();
                for (ReaderThread t : threads) {
                    t.finish(feed.appended);
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            for (ReaderThread t : threads) {
                if (t.failure != null) {
                    staged.forEach(OutputFile.Staged::discard);
                    String why = t.failure instanceof UncheckedIOException ? InputFile.reason(((UncheckedIOException) t.failure).getCause())
                            : t.failure instanceof IOException ? InputFile.reason((IOException) t.failure) : String.valueOf(t.failure.getMessage());
                    throw new LabException(id + ": " + t.getName() + " could not write " + outDir.resolve(t.getName() + ".bin")
                            + " (" + why + "); the folder's earlier reader files are unchanged");
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: %,d messages to %d reader(s) in %.3f s (one cold run, history recorded too; %s)%n",
                    id, feed.appended, readers, seconds, Machine.header());
            if (fault != null) {
                for (int k = 1; k <= readers; k++) {
                    staged.get(k - 1).keepAs(partialOf(k));
                }
                out.flush();
                throw new LabException(fault.getMessage() + "; the " + feed.appended + " messages before it are in "
                        + partialOf(1) + (readers > 1 ? " … reader-" + readers + ".bin.partial" : "")
                        + "; earlier reader-N.bin files are unchanged");
            }
            staged.forEach(OutputFile.Staged::commit);
            out.printf(Locale.ROOT, "wrote %s/reader-1.bin … reader-%d.bin%n", outDir, readers);
            List<String> stale = stale();
            if (!stale.isEmpty()) {
                out.printf("note: %s also holds %s, not written by this replay (an earlier one's?); left as they are%n", outDir,
                        String.join(", ", stale));
            }
            out.flush();
            return 0;
        }

        /** Reader files in the folder that this replay did not write: beyond its readers, or an earlier fault's partial. */
        private List<String> stale() {
            List<String> names = new ArrayList<>();
            for (int k = 1; k <= MAX_READERS; k++) {
                if (k > readers && Files.exists(readerFile(k))) {
                    names.add(readerFile(k).getFileName().toString());
                }
                if (Files.exists(partialOf(k))) {
                    names.add(partialOf(k).getFileName().toString());
                }
            }
            return names;
        }

        private Path partialOf(int k) {
            return outDir.resolve("reader-" + k + ".bin.partial");
        }
    }

    /** The feed: buffers messages, records each batch in history, then appends it to the ring. */
    private static final class Feed {
        private final MdfRing ring;
        private final HistoryStore history;
        private final byte[][] batch = new byte[FEED_BATCH_MESSAGES][];
        private int buffered;
        long appended;

        Feed(MdfRing ring, HistoryStore history) {
            this.ring = ring;
            this.history = history;
        }

        void offer(ByteBuffer message) {
            byte[] copy = new byte[message.remaining()];
            message.get(copy);
            long expected = appended + buffered + 1;
            long seq = MdfMessage.sequenceOf(ByteBuffer.wrap(copy), 0);
            if (seq != expected) {
                flush();
                throw new LabException("message " + expected + " has sequence " + seq + "; a day's sequences run 1, 2, 3 …");
            }
            batch[buffered++] = copy;
            if (buffered == batch.length) {
                flush();
            }
        }

        void flush() {
            byte[][] messages = java.util.Arrays.copyOf(batch, buffered);
            history.recordAll(messages);
            for (byte[] m : messages) {
                ring.append(ByteBuffer.wrap(m));
                appended++;
            }
            buffered = 0;
        }
    }

    /** One client: polls its reader and writes what it receives to its day file until it has the whole feed. */
    private static final class ReaderThread extends Thread {
        private final MdfReader reader;
        private final Path file;
        private volatile long total = -1;
        volatile Throwable failure;

        ReaderThread(MdfReader reader, Path file, String name) {
            super(name);
            this.reader = reader;
            this.file = file;
            setDaemon(true);
        }

        @Override
        public void run() {
            try (DayFile.Writer writer = new DayFile.Writer(file)) {
                while (total < 0 || reader.nextSequence() <= total) {
                    int n = reader.poll(message -> {
                        try {
                            writer.append(message);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                    if (n == 0) {
                        Thread.yield();
                    }
                }
            } catch (Throwable t) {
                failure = t;
            }
        }

        void finish(long count) throws InterruptedException {
            total = count;
            join();
        }
    }
}
