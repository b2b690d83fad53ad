package dev.perflab.kv.peers;

import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * LMDB through lmdbjava: a copy-on-write B+tree in one memory-mapped file, one writer at a time, set up as
 * lmdbjava's own benchmarks set it up for writes: keys and values in Agrona {@link DirectBuffer}s through
 * {@link DirectBufferProxy#PROXY_DB} (handed to LMDB by address, no {@code byte[]} proxy copying in and out; the
 * {@code ByteBuffer} proxies would need {@code --add-opens java.base/java.nio} in every JVM that opens a store),
 * {@code MDB_WRITEMAP} (LMDB writes its pages straight into the map instead of malloc'd copies) and
 * {@code MDB_NOSYNC} (no store here fsyncs each put; every store flushes at close). {@code MDB_NOTLS} lets a
 * read transaction be opened on any thread. Two ways to commit, two peers:
 *
 * <ul>
 *   <li>{@link #perPut} ({@code peer-lmdb}): each put is its own write transaction, committed before the put
 *       returns: what a put of the rungs promises (the record is in the mapped file, so it outlives a crash of
 *       the process). Writers queue on LMDB's one writer lock, one commit each.</li>
 *   <li>{@link #batched} ({@code peer-lmdb-batched}): puts are copied into one preallocated buffer and written to
 *       LMDB in write transactions of up to {@link #BATCH_PUTS} puts, the way LMDB is meant to be loaded (a
 *       commit writes the tree's changed pages and its meta page once per transaction, not once per put). A put
 *       returns before its batch commits: a crash of the process loses the batch in hand, so it promises less
 *       than a rung's put. A {@link #get} or {@link #count} commits the batch first, so every thread still sees
 *       every put that returned, and {@link #close()} commits it.</li>
 * </ul>
 * The map size is reserved up front ({@link #MAP_BYTES_PER_RECORD} per expected record, at least
 * {@link #MIN_MAP_BYTES}): LMDB does not grow its map by itself, and with {@code MDB_WRITEMAP} the file is as
 * large as the map (sparse until written).
 *
 * <h2>Assumptions and guarantees</h2>
 * As {@link KvStore}. The batched store serialises its writers on one lock, as LMDB serialises them on its
 * writer lock; a write transaction begins and commits on one thread, inside one hold of that lock, as LMDB
 * requires. No allocation per put in the batched store; the per-put store allocates lmdbjava's transaction
 * object each put.
 */
public final class LmdbKv implements KvStore {
    static final long MAP_BYTES_PER_RECORD = 256;
    static final long MIN_MAP_BYTES = 1L << 30;
    /** LMDB's default largest key ({@code mdb_env_get_maxkeysize}). */
    static final int MAX_KEY_BYTES = 511;
    /** The largest value this adapter takes: far above the harness's records, and one thread's scratch buffer. */
    static final int MAX_VALUE_BYTES = 64 << 10;
    /** Puts per write transaction of the batched store. */
    public static final int BATCH_PUTS = 10_000;
    /** Bytes of keys and values the batched store holds before it commits, whatever the count. */
    static final int BATCH_BYTES = 8 << 20;
    private static final int LENGTHS_BYTES = 2 * Integer.BYTES;
    /** No put flags: passed as an array, since lmdbjava's {@code put(…, PutFlags...)} would allocate an empty one per call. */
    private static final PutFlags[] NO_FLAGS = new PutFlags[0];

    private final Env<DirectBuffer> env;
    private final Dbi<DirectBuffer> dbi;
    private final boolean batched;
    private final ReentrantLock batchLock = new ReentrantLock();
    /** The batch in hand: {@code [key length][value length][key][value]} per put (batched store only). */
    private final MutableDirectBuffer pending;
    private final UnsafeBuffer keyView = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer valueView = new UnsafeBuffer(0, 0);
    private int pendingPuts;
    private int pendingBytes;
    /** Each thread's key and value buffers, and the views that hand LMDB their filled part. */
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

    private static final class Scratch {
        final UnsafeBuffer key = new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_KEY_BYTES));
        final UnsafeBuffer value = new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_VALUE_BYTES));
        final UnsafeBuffer keyView = new UnsafeBuffer(0, 0);
        final UnsafeBuffer valueView = new UnsafeBuffer(0, 0);

        DirectBuffer key(byte[] bytes) {
            return fill(key, keyView, bytes);
        }

        DirectBuffer value(byte[] bytes) {
            return fill(value, valueView, bytes);
        }

        private static DirectBuffer fill(UnsafeBuffer backing, UnsafeBuffer view, byte[] bytes) {
            backing.putBytes(0, bytes);
            view.wrap(backing, 0, bytes.length);
            return view;
        }
    }

    private LmdbKv(Path dir, long expectedRecords, boolean batched) throws IOException {
        Files.createDirectories(dir);
        this.env = Env.create(DirectBufferProxy.PROXY_DB)
                .setMapSize(Math.max(MIN_MAP_BYTES, expectedRecords * MAP_BYTES_PER_RECORD))
                .setMaxDbs(1)
                .open(dir.toFile(), EnvFlags.MDB_WRITEMAP, EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOTLS);
        this.dbi = env.openDbi("kv", DbiFlags.MDB_CREATE);
        this.batched = batched;
        this.pending = batched ? new UnsafeBuffer(ByteBuffer.allocateDirect(BATCH_BYTES)) : null;
    }

    /** {@code peer-lmdb}: one write transaction per put. */
    public static LmdbKv perPut(Path dir, long expectedRecords) throws IOException {
        return new LmdbKv(dir, expectedRecords, false);
    }

    /** {@code peer-lmdb-batched}: write transactions of up to {@link #BATCH_PUTS} puts. */
    public static LmdbKv batched(Path dir, long expectedRecords) throws IOException {
        return new LmdbKv(dir, expectedRecords, true);
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        checkSizes(key, value);
        if (!batched) {
            Scratch buffers = scratch.get();
            try (Txn<DirectBuffer> txn = env.txnWrite()) {
                boolean stored = dbi.put(txn, buffers.key(key), buffers.value(value), NO_FLAGS);
                txn.commit();
                return stored;
            }
        }
        batchLock.lock();
        try {
            if (pendingPuts == BATCH_PUTS || BATCH_BYTES - pendingBytes < LENGTHS_BYTES + key.length + value.length) {
                commitPending();
            }
            pending.putInt(pendingBytes, key.length);
            pending.putInt(pendingBytes + Integer.BYTES, value.length);
            pending.putBytes(pendingBytes + LENGTHS_BYTES, key);
            pending.putBytes(pendingBytes + LENGTHS_BYTES + key.length, value);
            pendingBytes += LENGTHS_BYTES + key.length + value.length;
            pendingPuts++;
            return true;
        } finally {
            batchLock.unlock();
        }
    }

    private static void checkSizes(byte[] key, byte[] value) {
        if (key.length == 0 || key.length > MAX_KEY_BYTES || value.length > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException("LMDB peer: a key of 1.." + MAX_KEY_BYTES + " bytes and a value of at most "
                    + MAX_VALUE_BYTES + " bytes, was a key of " + key.length + " and a value of " + value.length);
        }
    }

    /** Writes the batch in hand as one transaction; the caller holds the lock. */
    private void commitPending() {
        if (pendingPuts == 0) {
            return;
        }
        try (Txn<DirectBuffer> txn = env.txnWrite()) {
            int at = 0;
            for (int i = 0; i < pendingPuts; i++) {
                int keyLength = pending.getInt(at);
                int valueLength = pending.getInt(at + Integer.BYTES);
                int keyAt = at + LENGTHS_BYTES;
                keyView.wrap(pending, keyAt, keyLength);
                valueView.wrap(pending, keyAt + keyLength, valueLength);
                dbi.put(txn, keyView, valueView, NO_FLAGS);
                at = keyAt + keyLength + valueLength;
            }
            txn.commit();
        }
        pendingBytes = 0;
        pendingPuts = 0;
    }

    /** Commits the batch in hand, so that a read sees every put that returned (batched store). */
    private void flush() {
        if (!batched) {
            return;
        }
        batchLock.lock();
        try {
            commitPending();
        } finally {
            batchLock.unlock();
        }
    }

    @Override
    public byte[] get(byte[] key) {
        flush();
        try (Txn<DirectBuffer> txn = env.txnRead()) {
            DirectBuffer found = dbi.get(txn, scratch.get().key(key));
            if (found == null) {
                return null;
            }
            byte[] value = new byte[found.capacity()];
            found.getBytes(0, value);
            return value;
        }
    }

    @Override
    public long count() {
        flush();
        try (Txn<DirectBuffer> txn = env.txnRead()) {
            return dbi.stat(txn).entries;
        }
    }

    @Override
    public void close() {
        flush();
        env.sync(true);
        env.close();
    }
}
