package dev.perflab.bench.mdf;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MdfRingFactory;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.mdf.RingSize;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Peer {@code peer-chronicle-queue}: Chronicle Queue 5.23.37, one appender and one tailer per reader over
 * a persisted queue: the report's "history + live tail" in one store. Every message goes to memory-mapped
 * files, in a folder this peer creates on tmpfs ({@code /dev/shm}, when it has {@link #TMPFS_MIN_FREE_BYTES} free)
 * and {@link #close()} deletes: the rungs keep their ring in memory, so a queue on a disk would be measured
 * against the disk's page cache and writeback, not against the rungs (on a disk it wrote about 950 MB in 8 s, its
 * iterations still rising). Without a tmpfs the folder is a temporary one on disk and {@link #onTmpfs()} says so,
 * for the row's label. A reader at any sequence,
 * late or live, reads the same files, so nothing ever laps a reader and no separate history store is needed
 * (the {@code HistoryStore} a factory is given is not used).
 *
 * <pre>
 *   writer: appender.writingDocument ──▶ [ queue files: every message, one cycle ] ──▶ tailer 1 ─▶ copy ─▶ handler
 *                                          (temp folder, deleted by close)         ──▶ tailer K ─▶ copy ─▶ handler
 *   reader(from): tailer.moveToIndex(index of sequence from) on its first poll, then the live tail
 * </pre>
 *
 * <p>Only in {@code lab-benchmarks}, not in {@code MdfRingLadder}: on JDK 17 every JVM that loads Chronicle needs
 * the {@code --add-exports}/{@code --add-opens} flags Chronicle documents for Java 17 ({@link MdfRingBenchmark}'s
 * {@code @Fork} and this module's surefire {@code argLine} pass them), and the ladder is also loaded by the CLI
 * and lab-core's tests, which run without them. Without the flags the first use fails with
 * {@code IllegalAccessException: module java.base does not open java.lang.reflect to unnamed module}.
 *
 * <h2>Assumptions and guarantees</h2>
 * As {@link MdfRing} and {@link MdfReader}: one writer thread; a reader used by one thread at a time (its
 * tailer is created on the thread of its first poll, with Chronicle's owner-thread check off so that it may
 * be handed between threads as {@link MdfReader} allows). The queue never rolls: its clock is fixed at
 * creation ({@link SetTimeProvider}), so every message is in one cycle of {@link #ROLL_CYCLE} and the index
 * of sequence {@code s} is {@code toIndex(cycle, s - 1)}. A reader copies each message into its own buffer
 * before the handler sees it (the handler's contract allows the bytes to be valid only during the call,
 * but a {@code ByteBuffer} view of Chronicle's mapped memory needs internals this lab does not use).
 */
public final class ChronicleQueuePeer implements MdfRing {
    /** The id the ring suite's {@code @Param("rung")} and result files use. */
    public static final String ID = "peer-chronicle-queue";
    /** 2^32 messages per cycle: a day of the report (300,000) many times over, so the queue never fills a cycle. */
    static final RollCycle ROLL_CYCLE = RollCycles.HUGE_DAILY;

    /** A factory in the ladder's shape, for the contract suite (size and history are not used: see the class comment). */
    public static final MdfRingFactory FACTORY = MdfRingFactory.of(RingSize.DAY, (size, history) -> new ChronicleQueuePeer());

    private final Path dir;
    private final ChronicleQueue queue;
    private final int cycle;
    private ExcerptAppender appender;
    private Thread appenderThread;
    private long next = FIRST_SEQUENCE;

    /** Where the queue's files go when there is room: a tmpfs, memory like the rungs' rings. */
    static final Path TMPFS = Path.of("/dev/shm");
    /** The least free space on {@link #TMPFS} to use it: a few seconds of the fastest writes with room to spare. */
    static final long TMPFS_MIN_FREE_BYTES = 8L << 30;

    public ChronicleQueuePeer() {
        try {
            dir = tmpfsHasRoom() ? Files.createTempDirectory(TMPFS, "perflab-chronicle-") : Files.createTempDirectory("perflab-chronicle-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for Chronicle Queue", e);
        }
        SetTimeProvider clock = new SetTimeProvider(System.currentTimeMillis() * 1_000_000L);
        queue = SingleChronicleQueueBuilder.single(dir.toFile()).rollCycle(ROLL_CYCLE).timeProvider(clock).build();
        cycle = ROLL_CYCLE.current(clock, 0);
    }

    /** Whether {@link #TMPFS} is there with {@link #TMPFS_MIN_FREE_BYTES} free. */
    static boolean tmpfsHasRoom() {
        try {
            return Files.isDirectory(TMPFS) && Files.isWritable(TMPFS) && Files.getFileStore(TMPFS).getUsableSpace() >= TMPFS_MIN_FREE_BYTES;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether this queue's files are on the tmpfs (else on a disk). */
    public boolean onTmpfs() {
        return dir.startsWith(TMPFS);
    }

    /** The folder holding the queue files; gone after {@link #close()}. */
    Path directory() {
        return dir;
    }

    @Override
    public void append(ByteBuffer message) {
        int length = message.remaining();
        MdfMessage.checkLength(length);
        long seq = MdfMessage.sequenceOf(message, message.position());
        if (seq != next) {
            throw new IllegalArgumentException("sequence " + seq + " appended; expected " + next);
        }
        if (appenderThread != Thread.currentThread()) {
            // Chronicle's appenders belong to a thread; the writer is one thread, but JMH's set-up may differ from it
            appender = queue.acquireAppender();
            appenderThread = Thread.currentThread();
        }
        int at = message.position();
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().writeSome(message);
        } finally {
            message.position(at);
        }
        next = seq + 1;
    }

    @Override
    public MdfReader reader(long fromSequence) {
        if (fromSequence < FIRST_SEQUENCE) {
            throw new IllegalArgumentException("sequence " + fromSequence + " is before the first, " + FIRST_SEQUENCE);
        }
        return new Reader(fromSequence);
    }

    /** Closes the queue and deletes its folder. */
    @Override
    public void close() {
        queue.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete Chronicle Queue's folder " + dir, e);
        }
    }

    private final class Reader implements MdfReader {
        /** The reader's copy of the current message: a bulk copy into an array (Chronicle's read into a ByteBuffer goes byte by byte). */
        private final byte[] copy = new byte[MdfMessage.MAX_BYTES];
        private final ByteBuffer scratch = ByteBuffer.wrap(copy);
        private ExcerptTailer tailer;
        private boolean positioned;
        private long nextSequence;

        Reader(long fromSequence) {
            this.nextSequence = fromSequence;
        }

        @Override
        public int poll(MessageHandler handler) {
            if (tailer == null) {
                tailer = queue.createTailer();
                tailer.disableThreadSafetyCheck(true);
            }
            if (!positioned) {
                // a sequence not yet written has no index to move to: try again on the next poll
                positioned = nextSequence == FIRST_SEQUENCE || tailer.moveToIndex(ROLL_CYCLE.toIndex(cycle, nextSequence - 1));
                if (!positioned) {
                    return 0;
                }
            }
            int delivered = 0;
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        return delivered;
                    }
                    Bytes<?> bytes = dc.wire().bytes();
                    int length = (int) bytes.readRemaining();
                    bytes.read(copy, 0, length);
                    scratch.limit(length).position(0);
                    handler.onMessage(scratch);
                }
                nextSequence++;
                delivered++;
            }
        }

        @Override
        public long nextSequence() {
            return nextSequence;
        }
    }
}
