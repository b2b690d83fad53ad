package dev.perflab.kv.peers;

import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;

/**
 * RocksDB: a log-structured merge tree (memtable, write-ahead log, sorted files compacted in the background),
 * built for writes; default options otherwise. Two peers, two durabilities, as RocksDB's {@code WriteOptions}
 * documents them ({@code include/rocksdb/options.h}):
 * <ul>
 *   <li>{@link #withWal} ({@code peer-rocksdb}): every put also goes to the write-ahead log, not synced
 *       ({@code sync = false}, the default): like the rungs' mapped files, a crash of the process loses nothing,
 *       a crash of the machine may lose the last writes.</li>
 *   <li>{@link #withoutWal} ({@code peer-rocksdb-no-wal}): {@code disableWAL = true}, the like-for-like row for the
 *       work done: the rungs write each record once and keep no log, and neither does this store; puts still in the
 *       memtable are lost if the process crashes ({@link #close()} flushes them first).</li>
 * </ul>
 * {@link #count()} walks every key (RocksDB keeps only an estimate), so it is exact and slow.
 *
 * <p>Thread-safety: as {@link KvStore}; RocksDB is safe for concurrent writers.
 */
public final class RocksDbKv implements KvStore {
    private final Options options;
    private final WriteOptions writeOptions;
    private final boolean wal;
    private final RocksDB db;

    private RocksDbKv(Path dir, boolean wal) throws IOException {
        Files.createDirectories(dir);
        RocksDB.loadLibrary();
        this.options = new Options().setCreateIfMissing(true);
        this.writeOptions = new WriteOptions().setDisableWAL(!wal);
        this.wal = wal;
        try {
            this.db = RocksDB.open(options, dir.toString());
        } catch (RocksDBException e) {
            writeOptions.close();
            options.close();
            throw new IOException("RocksDB in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** {@code peer-rocksdb}: the write-ahead log on, not synced per put (RocksDB's defaults). */
    public static RocksDbKv withWal(Path dir) throws IOException {
        return new RocksDbKv(dir, true);
    }

    /** {@code peer-rocksdb-no-wal}: no write-ahead log. */
    public static RocksDbKv withoutWal(Path dir) throws IOException {
        return new RocksDbKv(dir, false);
    }

    @Override
    public boolean put(byte[] key, byte[] value) throws IOException {
        try {
            db.put(writeOptions, key, value);
            return true;
        } catch (RocksDBException e) {
            throw new IOException("RocksDB put: " + e.getMessage(), e);
        }
    }

    @Override
    public byte[] get(byte[] key) throws IOException {
        try {
            return db.get(key);
        } catch (RocksDBException e) {
            throw new IOException("RocksDB get: " + e.getMessage(), e);
        }
    }

    @Override
    public long count() {
        long n = 0;
        try (RocksIterator it = db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            if (wal) {
                db.syncWal();
            } else {
                db.flush(flush);
            }
        } catch (RocksDBException e) {
            throw new IOException("RocksDB " + (wal ? "sync" : "flush") + ": " + e.getMessage(), e);
        } finally {
            db.close();
            writeOptions.close();
            options.close();
        }
    }
}
