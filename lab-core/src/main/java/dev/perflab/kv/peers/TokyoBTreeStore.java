package dev.perflab.kv.peers;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tokyo Cabinet's B+tree database ({@code TCBDB}) with the library's defaults and its mutex on: the
 * comment thread's "a B+tree stays steadier" (no bucket count to outgrow; pages split as it grows).
 *
 * <p>Thread-safety: as {@link KvStore}; the library's own lock serializes writers.
 */
public final class TokyoBTreeStore implements KvStore {
    private final TokyoCabinet.Api tc;
    private final Pointer bdb;

    public TokyoBTreeStore(Path dir) throws IOException {
        this.tc = TokyoCabinet.api();
        Files.createDirectories(dir);
        this.bdb = tc.tcbdbnew();
        if (tc.tcbdbsetmutex(bdb) == 0
                || tc.tcbdbopen(bdb, dir.resolve("casket.tcb").toString(), TokyoCabinet.OPEN_WRITER_CREATE) == 0) {
            String msg = tc.tchdberrmsg(tc.tcbdbecode(bdb));
            tc.tcbdbdel(bdb);
            throw new IOException("Tokyo Cabinet B+tree database in " + dir + ": " + msg);
        }
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        return tc.tcbdbput(bdb, key, key.length, value, value.length) != 0;
    }

    @Override
    public byte[] get(byte[] key) {
        IntByReference size = new IntByReference();
        return TokyoCabinet.take(tc, tc.tcbdbget(bdb, key, key.length, size), size);
    }

    @Override
    public long count() {
        return tc.tcbdbrnum(bdb);
    }

    @Override
    public void close() throws IOException {
        boolean ok = tc.tcbdbclose(bdb) != 0;
        String msg = ok ? null : tc.tchdberrmsg(tc.tcbdbecode(bdb));
        tc.tcbdbdel(bdb);
        if (!ok) {
            throw new IOException("Tokyo Cabinet B+tree close: " + msg);
        }
    }
}
