package dev.perflab.forwarder;

import dev.perflab.mdf.MessageHandler;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A history store that records behind the feed, on a thread of its own: the feed copies each verified block once
 * (its bytes as they arrived, framing included) and goes on; the history thread stores the copies in order.
 * What a store does with a block is the subclass's ({@link #store}); how a reader gets it back too ({@link #readStored}).
 *
 * <pre>
 *   feed thread                    queue (blocks, in order)         history thread
 *   recordBlock(block) ─copy──▶  [ chunk │ chunk │ … ]  ─take──▶  store(chunk); recorded += count
 *        ▲ chunks come back to the pool after they are stored ◀─────────────┘
 *   reader thread: read(from, to) waits until recorded ≥ to − 1, then readStored(from, to)
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * The feed never waits for the store: the queue is unbounded (it holds at most the day, in chunks of the feed's
 * read size), and a chunk is taken from the pool or allocated. Chunks are stored in the order they came, each
 * whole before the next. The first failure (an exception or an error) stops the storing; {@link #failure()} holds its line, and a
 * read of what was not stored fails with it. {@link #close()} waits up to {@link #DRAIN_MILLIS} for what was
 * handed over to be stored.
 */
public abstract class WrittenBehind implements DayHistory {
    /** How long a reader waits for the history thread to store the range it asked for. */
    static final long READ_WAIT_MILLIS = 60_000;
    /** How long closing waits for the queue to drain. */
    static final long DRAIN_MILLIS = 60_000;
    private static final long WAIT_PARK_NANOS = 50_000;

    /** A block's records as they arrived: {@code bytes[0, length)} holds {@code count} records from {@code firstSequence}. */
    protected static final class Chunk {
        byte[] bytes;
        int length;
        int count;
        long firstSequence;

        public byte[] bytes() {
            return bytes;
        }

        public int length() {
            return length;
        }

        public int count() {
            return count;
        }

        public long firstSequence() {
            return firstSequence;
        }
    }

    private static final Chunk END = new Chunk();

    private final LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Chunk> pool = new ConcurrentLinkedQueue<>();
    private final Thread writer;
    private final String name;
    private volatile long recorded;
    private volatile String failure;
    private volatile boolean ended;

    /** @param name names the store in failure lines and its thread, e.g. {@code history H2 jdbc:h2:mem:…} */
    protected WrittenBehind(String name) {
        this.name = name;
        this.writer = new Thread(this::writeLoop, "forwarder-history");
        writer.setDaemon(true);
    }

    /** Starts the history thread; call once, at the end of the subclass's constructor. */
    protected final void startWriting() {
        writer.start();
    }

    /** History thread: stores one chunk (all of it), or throws. */
    protected abstract void store(Chunk chunk) throws Exception;

    /** Any reader thread: delivers stored messages {@code from} (inclusive) to {@code to} (exclusive). */
    protected abstract void readStored(long from, long to, MessageHandler handler);

    @Override
    public final void recordBlock(FeedBlock block) {
        if (failure != null) {
            return;
        }
        int start = block.start();
        int length = block.end() - start;
        Chunk chunk = pool.poll();
        if (chunk == null || chunk.bytes.length < length) {
            chunk = new Chunk();
            chunk.bytes = new byte[Math.max(length, Forwarder.FEED_READ_BYTES)];
        }
        block.buffer().get(start, chunk.bytes, 0, length);
        chunk.length = length;
        chunk.count = block.count();
        chunk.firstSequence = block.firstSequence();
        queue.add(chunk);
    }

    private void writeLoop() {
        try {
            while (true) {
                Chunk chunk = queue.take();
                if (chunk == END) {
                    return;
                }
                if (failure == null) {
                    try {
                        store(chunk);
                        recorded += chunk.count;
                    } catch (Exception | Error e) {
                        // An Error too (a driver's assert, a class that fails to load, memory): uncaught, it would end
                        // this thread with no failure line, and the day would go on as if every block were stored.
                        failure = failureLine(name, chunk.firstSequence, chunk.firstSequence + chunk.count - 1, e);
                    }
                }
                pool.add(chunk);
            }
        } catch (InterruptedException e) {
            // closing
        } finally {
            ended = true;
        }
    }

    /**
     * The line a store failure is reported in: one line, though a driver's message can span several (H2 puts the
     * SQL statement on a line of its own), because the forwarder prints each error as one line and its callers
     * count them. An Error, or a throwable without a message, is named by its class: "null" says nothing.
     */
    static String failureLine(String name, long first, long last, Throwable e) {
        String message = describe(e).strip().replaceAll("\\s*\\R\\s*", " ");
        return name + ": storing sequences " + first + ".." + last + " failed: " + message;
    }

    /** What a store's failure says: its message, or its class and message for an Error or a failure without one. */
    static String describe(Throwable e) {
        return e instanceof Error || e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** Waits (up to {@link #DRAIN_MILLIS}) until what was handed over is stored, or the store failed. */
    @Override
    public final void finish() {
        drain();
    }

    @Override
    public final void read(long from, long to, MessageHandler handler) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READ_WAIT_MILLIS);
        while (recorded < to - 1 && failure == null && !ended && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(WAIT_PARK_NANOS);
        }
        if (recorded < to - 1 && failure == null) {
            throw new IllegalStateException(name + ": sequence " + (recorded + 1) + " was not stored within "
                    + READ_WAIT_MILLIS / 1000 + " s of a read asking for it");
        }
        requireStored(from, to, recorded, failure);
        readStored(from, to, handler);
    }

    /** Fails a read of {@code from..to-1} when the store stopped (it failed) before storing all of it. */
    static void requireStored(long from, long to, long recorded, String failure) {
        if (failure != null && recorded < to - 1) {
            throw new IllegalStateException("history read of sequences " + from + ".." + (to - 1) + " after the store failed at "
                    + (recorded + 1) + " (" + failure + ")");
        }
    }

    @Override
    public final String failure() {
        return failure;
    }

    @Override
    public final long recorded() {
        return recorded;
    }

    /** Waits (up to {@link #DRAIN_MILLIS}) for what was handed over to be stored, then stops the history thread. */
    protected final void drain() {
        if (!ended) {
            queue.add(END);
            try {
                writer.join(DRAIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (writer.isAlive() && failure == null) {
                // What was handed over and not stored is lost: say so, as a store that failed would.
                failure = name + ": stored " + recorded + " messages, the rest not within " + DRAIN_MILLIS / 1000 + " s of the day's end; stopped";
            }
            writer.interrupt();
        }
    }
}
