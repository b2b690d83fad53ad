package dev.perflab.brick;

import dev.perflab.io.Scratch;
import dev.perflab.ladder.Check;
import dev.perflab.ladder.Contract;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The contract every rung of the brick mover passes (the exhibit too: it is slow, not wrong), as named
 * checks over its {@link MoverSettings}:
 * <ol>
 *   <li>{@code everyRowIsClaimedOnceUnderContention} (page-table rungs): {@link #CLAIM_THREADS} threads drain a
 *       page table of {@link #CLAIM_FILE_BYTES} (several pages) at once; every line must be handed out exactly
 *       once, and every page's counter must end at its row count, not above.</li>
 *   <li>{@code doubleBufferedTableIsRefilledAndDrains} (page-table rungs): the same on r5's double-buffered
 *       table (two slots per group, refilled by the loader while the threads claim), within
 *       {@link #DRAIN_LIMIT_SECONDS}: a claim that pushes a counter past its rows keeps the loader waiting.</li>
 *   <li>{@code movesByteExactly}: server and client over loopback ({@link BrickMove}) on a generated
 *       {@link #MOVE_FILE_BYTES} file; the result must equal the reference transform byte for byte (the
 *       differential part: {@link ResultCheck} streams both).</li>
 *   <li>{@code emptyAndTinyFiles}: an empty file, one empty line, a line shorter than 3 bytes.</li>
 * </ol>
 * {@code MoverContractTest} runs these for every rung and the exhibit; {@code ./lab check brick --rung ID}
 * for one (the learner's {@code student}).
 *
 * <p>Threads: a check starts its own threads and joins them (or, past its limit, closes the table, which
 * ends them) before it returns. Files go to a temporary folder, deleted at the end of the check.
 */
public final class BrickContract implements Contract<MoverSettings> {
    public static final int CLAIM_THREADS = 4;
    /** Spans several server pages ({@code PageTable.PAGE_BYTES}, 1 MiB). */
    public static final long CLAIM_FILE_BYTES = 6L << 20;
    /** Spans several server pages and client pages (4,096 rows). */
    public static final long MOVE_FILE_BYTES = 5L << 20;
    public static final long SEED = 11;
    /** Liveness bound of a drain check (it takes well under a second when the claim is right). */
    public static final int DRAIN_LIMIT_SECONDS = 20;

    @Override
    public List<Check> checks(MoverSettings settings) {
        List<Check> checks = new ArrayList<>();
        if (settings.table() == MoverSettings.Table.PAGES) {
            checks.add(new Check("everyRowIsClaimedOnceUnderContention", () -> drain(settings, false)));
            checks.add(new Check("doubleBufferedTableIsRefilledAndDrains", () -> drain(settings, true)));
        }
        checks.add(new Check("movesByteExactly", () -> movesByteExactly(settings)));
        checks.add(new Check("emptyAndTinyFiles", () -> emptyAndTinyFiles(settings)));
        return checks;
    }

    /** {@link #CLAIM_THREADS} threads take every row of a table of the rung's claim; each line must come out once. */
    private static void drain(MoverSettings settings, boolean background) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BrickGenerator.write(bytes, CLAIM_FILE_BYTES, SEED);
        byte[] file = bytes.toByteArray();
        int lines = 0;
        for (byte b : file) {
            lines += b == '\n' ? 1 : 0;
        }
        AtomicIntegerArray handedOut = new AtomicIntegerArray(lines);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        String table = background ? "double-buffered table (" + PageTable.SLOTS_PER_GROUP + " slots per group)"
                : "table loaded whole";
        try (PageTable pages = new PageTable(Path.of("contract-bricks"), () -> new ByteArrayInputStream(file), file.length,
                settings.groups(), background, settings.claim())) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < CLAIM_THREADS; t++) {
                LineSource.Claimer claimer = new LineSource.Claimer(t % settings.groups());
                Thread thread = new Thread(() -> {
                    byte[] dst = new byte[Bricks.MAX_RESULT_BYTES];
                    try {
                        for (long next; (next = pages.next(claimer, dst)) >= 0; ) {
                            handedOut.incrementAndGet((int) (next >>> 32));
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "brick-contract-claimer-" + t);
                thread.setDaemon(true);
                thread.start();
                threads.add(thread);
            }
            long deadline = System.nanoTime() + DRAIN_LIMIT_SECONDS * 1_000_000_000L;
            for (Thread thread : threads) {
                thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                if (thread.isAlive()) {
                    String counters = pages.counterMismatch();
                    throw new AssertionError(CLAIM_THREADS + " threads had not drained the " + table + " after "
                            + DRAIN_LIMIT_SECONDS + " s" + (counters != null ? "; " + counters
                            + " (the loader refills a slot only once claimed == rows)" : ""));
                }
            }
            Throwable thrown = failure.get();
            if (thrown != null) {
                throw new AssertionError("a claiming thread threw " + thrown, thrown);
            }
            for (int line = 0; line < lines; line++) {
                int n = handedOut.get(line);
                if (n != 1) {
                    throw new AssertionError(CLAIM_THREADS + " threads drained the " + table + " of " + lines
                            + " lines; line " + line + " was handed out " + n + " times, expected exactly once");
                }
            }
            String counters = pages.counterMismatch();
            if (counters != null) {
                throw new AssertionError(counters + ": a page's counter must stop at its row count");
            }
        }
    }

    private static void movesByteExactly(MoverSettings settings) throws Exception {
        Path dir = Scratch.folder("brick-contract");
        try {
            Path in = dir.resolve("in");
            try (OutputStream os = Files.newOutputStream(in)) {
                BrickGenerator.write(os, MOVE_FILE_BYTES, SEED);
            }
            expectExact(in, dir.resolve("out"), settings);
        } finally {
            deleteAll(dir);
        }
    }

    private static void emptyAndTinyFiles(MoverSettings settings) throws Exception {
        Path dir = Scratch.folder("brick-contract");
        try {
            for (String content : new String[] {"", "\r\n", "abc\r\n", "123456789\r\n\r\nab\r\n"}) {
                Path in = dir.resolve("in");
                Files.writeString(in, content);
                expectExact(in, dir.resolve("out"), settings);
            }
        } finally {
            deleteAll(dir);
        }
    }

    private static void expectExact(Path in, Path out, MoverSettings settings) throws Exception {
        BrickMove.Outcome o = BrickMove.run(in, out, settings);
        if (!o.check().exact()) {
            throw new AssertionError("moved " + Files.size(in) + " bytes: " + o.check().problem());
        }
        if (Files.exists(ResultFile.partialOf(out)) || !Files.exists(out)) {
            throw new AssertionError("a byte-exact result must be renamed from " + ResultFile.partialOf(out) + " to " + out);
        }
    }

    private static void deleteAll(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
    }
}
