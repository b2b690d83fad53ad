package dev.perflab.kv.peers;

import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.lmdbjava.ByteArrayProxy;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

/**
 * LMDB through lmdbjava: a copy-on-write B+tree in one memory-mapped file, one writer at a time. Each put
 * is its own write transaction. {@code MDB_NOSYNC} because no other store here fsyncs each put either
 * (every store flushes at close); {@code MDB_NOTLS} so read transactions are not tied to threads. The map
 * size is reserved up front ({@link #MAP_BYTES_PER_RECORD} per expected record, at least
 * {@link #MIN_MAP_BYTES}): LMDB does not grow its map by itself.
 */
public final class LmdbKv implements KvStore {
    static final long MAP_BYTES_PER_RECORD = 256;
    static final long MIN_MAP_BYTES = 1L << 30;

    private final Env<byte[]> env;
    private final Dbi<byte[]> dbi;

    public LmdbKv(Path dir, long expectedRecords) throws IOException {
        Files.createDirectories(dir);
        this.env = Env.create(ByteArrayProxy.PROXY_BA)
                .setMapSize(Math.max(MIN_MAP_BYTES, expectedRecords * MAP_BYTES_PER_RECORD))
                .setMaxDbs(1)
                .open(dir.toFile(), EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOTLS);
        this.dbi = env.openDbi("kv", DbiFlags.MDB_CREATE);
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        try (Txn<byte[]> txn = env.txnWrite()) {
            boolean stored = dbi.put(txn, key, value);
            txn.commit();
            return stored;
        }
    }

    @Override
    public byte[] get(byte[] key) {
        try (Txn<byte[]> txn = env.txnRead()) {
            return dbi.get(txn, key);
        }
    }

    @Override
    public long count() {
        try (Txn<byte[]> txn = env.txnRead()) {
            return dbi.stat(txn).entries;
        }
    }

    @Override
    public void close() {
        env.sync(true);
        env.close();
    }
}
