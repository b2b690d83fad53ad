package dev.perflab.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.perflab.kv.KvLadder;
import dev.perflab.kv.KvRecords;
import dev.perflab.kv.KvStore;
import dev.perflab.kv.peers.TokyoHashStore;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.mdf.MessageHandler;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A peer's adapter must not allocate more per message or per put than the rung it is compared with: an adapter that
 * copies each message into a new array per reader (as the JCTools peer did) measures its own glue, not the library.
 * The bytes are the ones {@code -prof gc}'s {@code gc.alloc.rate.norm} is made of, the JVM's count of bytes a thread
 * allocated ({@link ThreadMXBean#getCurrentThreadAllocatedBytes()}), read around a steady stretch of operations run on
 * the test's one thread after a warm-up stretch, so nothing else allocates in between.
 *
 * <p>Held to the rung: every adapter whose allocation is its own glue. Not held: where the library itself allocates
 * by design, beyond what an adapter can change: lmdbjava makes a {@code Txn} object per write transaction (so
 * {@code peer-lmdb}, a transaction per put, allocates per put; {@code peer-lmdb-batched} is held), MVStore and H2's
 * SQL table are Java stores whose pages and rows are objects, and Chronicle Queue's tailer allocates inside
 * Chronicle as it reads (its adapter copies into one preallocated array). The guides' peer tables say so. The test
 * prints nothing; a failure names every figure.
 */
class PeerAllocationTest {
    private static final int WARM_UP = 10_000;
    private static final int MEASURED = 20_000;
    /**
     * Two bytes per operation of slack: a non-allocating path measures well under one, and lmdbjava's objects per
     * write transaction, spread over the batched peer's 10,000 puts, come to about one; one small object per
     * operation (16 bytes or more) is far above it.
     */
    private static final double SLACK_BYTES = 2;

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void everyRingPeerAllocatesNoMorePerMessageThanR4() {
        Map<String, Double> bytes = new LinkedHashMap<>();
        for (String id : new String[] {"r4-batched-zero-copy", "peer-disruptor", "peer-agrona-broadcast", "peer-jctools-spsc"}) {
            bytes.put(id, perMessage(() -> MdfRingLadder.LADDER.resolve(id).factory().create(HistoryStore.NONE)));
        }
        double rung = bytes.get("r4-batched-zero-copy");
        bytes.forEach((id, b) -> assertTrue(b <= rung + SLACK_BYTES,
                id + " allocates " + b + " B per message, r4 " + rung + " B; every entry: " + bytes));
    }

    @Test
    void theKvPeersAdaptersAllocateNoMorePerPutThanR7(@TempDir Path dir) throws Exception {
        Map<String, Double> bytes = new LinkedHashMap<>();
        for (String id : new String[] {"r7-write-behind", "peer-lmdb-batched", "peer-rocksdb", "peer-rocksdb-no-wal", "peer-tokyo-hash-sized"}) {
            if (id.startsWith("peer-tokyo") && !TokyoHashStore.available()) {
                continue;
            }
            bytes.put(id, perPut(id, Files.createDirectory(dir.resolve(id))));
        }
        double rung = bytes.get("r7-write-behind");
        bytes.forEach((id, b) -> assertTrue(b <= rung + SLACK_BYTES,
                id + " allocates " + b + " B per put, r7 " + rung + " B; every entry: " + bytes));
    }

    /** Bytes this thread allocates per message appended and read back by one reader, in batches of 64. */
    private static double perMessage(Supplier<MdfRing> make) {
        byte[][] templates = MdfGenerator.fixedSize(64, 2014, 256);
        ByteBuffer[] messages = new ByteBuffer[templates.length];
        for (int i = 0; i < templates.length; i++) {
            messages[i] = ByteBuffer.wrap(templates[i]);
        }
        long[] seen = new long[1];
        MessageHandler handler = m -> seen[0] += m.get(m.limit() - 1);
        MdfRing ring = make.get();
        try {
            MdfReader reader = ring.reader(MdfRing.FIRST_SEQUENCE);
            long[] next = {MdfRing.FIRST_SEQUENCE};
            Runnable batch = () -> {
                for (ByteBuffer message : messages) {
                    message.putLong(0, next[0]++);
                    ring.append(message);
                }
                int got = 0;
                while (got < messages.length) {
                    got += reader.poll(handler);
                }
            };
            for (int i = 0; i < WARM_UP / messages.length; i++) {
                batch.run();
            }
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < MEASURED / messages.length; i++) {
                batch.run();
            }
            long after = THREADS.getCurrentThreadAllocatedBytes();
            return (double) (after - before) / (MEASURED / messages.length * messages.length);
        } finally {
            ring.close();
        }
    }

    /** Bytes this thread allocates per put of a prepared record (the keys and values are made before measuring). */
    private static double perPut(String id, Path dir) throws Exception {
        byte[][] keys = new byte[WARM_UP + MEASURED][];
        byte[][] values = new byte[keys.length][];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = KvRecords.key(i);
            values[i] = KvRecords.value(i);
        }
        try (KvStore store = KvLadder.LADDER.resolve(id).factory().open(dir, keys.length)) {
            for (int i = 0; i < WARM_UP; i++) {
                store.put(keys[i], values[i]);
            }
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = WARM_UP; i < keys.length; i++) {
                store.put(keys[i], values[i]);
            }
            long after = THREADS.getCurrentThreadAllocatedBytes();
            return (double) (after - before) / MEASURED;
        }
    }
}
