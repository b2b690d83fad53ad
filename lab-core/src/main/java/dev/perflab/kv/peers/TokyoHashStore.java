package dev.perflab.kv.peers;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tokyo Cabinet's hash database ({@code TCHDB}), the report's own store, with its mutex on so threads may
 * share one handle. {@code bnum} ≤ 0 keeps the library's default (131,071 buckets, the collapse);
 * {@link #sized} sets it to 2 × the expected records (the comment thread's fix). Everything else is the
 * library's default, including its 64 MiB memory-mapped region ({@code xmsiz}).
 *
 * <p>Thread-safety: as {@link KvStore}; the library's own reader-writer lock serializes writers.
 */
public final class TokyoHashStore implements KvStore {
    private final TokyoCabinet.Api tc;
    private final Pointer hdb;

    private TokyoHashStore(Path dir, long bnum) throws IOException {
        this.tc = TokyoCabinet.api();
        Files.createDirectories(dir);
        this.hdb = tc.tchdbnew();
        if (tc.tchdbsetmutex(hdb) == 0 || tc.tchdbtune(hdb, bnum, (byte) -1, (byte) -1, (byte) 0) == 0
                || tc.tchdbopen(hdb, dir.resolve("casket.tch").toString(), TokyoCabinet.OPEN_WRITER_CREATE) == 0) {
            String msg = tc.tchdberrmsg(tc.tchdbecode(hdb));
            tc.tchdbdel(hdb);
            throw new IOException("Tokyo Cabinet hash database in " + dir + ": " + msg);
        }
    }

    /** With the library's default bucket count. */
    public static TokyoHashStore defaultBuckets(Path dir) throws IOException {
        return new TokyoHashStore(dir, -1);
    }

    /** With {@code bnum} = 2 × expected records. */
    public static TokyoHashStore sized(Path dir, long expectedRecords) throws IOException {
        return new TokyoHashStore(dir, Math.max(1, 2 * expectedRecords));
    }

    /** Whether {@code libtokyocabinet.so.9} loads here. */
    public static boolean available() {
        return TokyoCabinet.available();
    }

    /** The command that installs the library. */
    public static String installCommand() {
        return TokyoCabinet.INSTALL;
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        return tc.tchdbput(hdb, key, key.length, value, value.length) != 0;
    }

    @Override
    public byte[] get(byte[] key) {
        IntByReference size = new IntByReference();
        return TokyoCabinet.take(tc, tc.tchdbget(hdb, key, key.length, size), size);
    }

    @Override
    public long count() {
        return tc.tchdbrnum(hdb);
    }

    @Override
    public void close() throws IOException {
        boolean ok = tc.tchdbclose(hdb) != 0;
        String msg = ok ? null : tc.tchdberrmsg(tc.tchdbecode(hdb));
        tc.tchdbdel(hdb);
        if (!ok) {
            throw new IOException("Tokyo Cabinet close: " + msg);
        }
    }
}
