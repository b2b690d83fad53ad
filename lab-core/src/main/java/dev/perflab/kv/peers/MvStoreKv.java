package dev.perflab.kv.peers;

import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * H2's MVStore: a log-structured store of copy-on-write B-tree pages, written in chunks by a background
 * thread (auto-commit). One {@link MVMap} of {@code byte[]} to {@code byte[]}; MVMap is safe for
 * concurrent writers. {@link #close()} commits and compacts nothing.
 */
public final class MvStoreKv implements KvStore {
    private final MVStore store;
    private final MVMap<byte[], byte[]> map;

    public MvStoreKv(Path dir) throws IOException {
        Files.createDirectories(dir);
        this.store = new MVStore.Builder().fileName(dir.resolve("kv.mv.db").toString()).open();
        this.map = store.openMap("kv");
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        map.put(key, value);
        return true;
    }

    @Override
    public byte[] get(byte[] key) {
        return map.get(key);
    }

    @Override
    public long count() {
        return map.sizeAsLong();
    }

    @Override
    public void close() {
        store.close();
    }
}
