package dev.perflab.kv.peers;

import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * RocksDB: a log-structured merge tree (memtable, write-ahead log, sorted files compacted in the
 * background), built for writes. Default options; the write-ahead log is written but not synced per put.
 * {@link #count()} walks every key (RocksDB keeps only an estimate), so it is exact and slow.
 *
 * <p>Thread-safety: as {@link KvStore}; RocksDB is safe for concurrent writers.
 */
public final class RocksDbKv implements KvStore {
    private final Options options;
    private final RocksDB db;

    public RocksDbKv(Path dir) throws IOException {
        Files.createDirectories(dir);
        RocksDB.loadLibrary();
        this.options = new Options().setCreateIfMissing(true);
        try {
            this.db = RocksDB.open(options, dir.toString());
        } catch (RocksDBException e) {
            options.close();
            throw new IOException("RocksDB in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean put(byte[] key, byte[] value) throws IOException {
        try {
            db.put(key, value);
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
        try {
            db.syncWal();
        } catch (RocksDBException e) {
            throw new IOException("RocksDB sync: " + e.getMessage(), e);
        } finally {
            db.close();
            options.close();
        }
    }
}
