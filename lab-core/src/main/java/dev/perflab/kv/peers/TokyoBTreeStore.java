package dev.perflab.kv.peers;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tokyo Cabinet's B+tree database ({@code TCBDB}) with its mutex on: the comment thread's "a B+tree stays
 * steadier" (no bucket count to outgrow; pages split as it grows). Two set-ups:
 * <ul>
 *   <li>{@link #defaults}: the library's defaults, as the comment thread would have opened it;</li>
 *   <li>{@link #sized}: the bucket array of the hash that stores the tree's pages sized as the library's
 *       header ({@code tcbdb.h}, {@code tcbdbtune}) suggests, "about from 1 to 4 times of the number of all
 *       pages": here 2 × the leaf pages the expected records fill at the default 128 records a leaf. The
 *       default bucket array (32,749 in the header) is fewer than the pages of the lab's default record count.
 *       Every other parameter stays at its default, as {@code peer-tokyo-hash-sized} changes only its bucket
 *       count.</li>
 * </ul>
 *
 * <p>Thread-safety: as {@link KvStore}; the library's own lock serializes writers.
 */
public final class TokyoBTreeStore implements KvStore {
    /** Records in a leaf page at the library's default ({@code lmemb}, {@code tcbdb.h}). */
    static final int DEFAULT_RECORDS_PER_LEAF = 128;

    private final TokyoCabinet.Api tc;
    private final Pointer bdb;

    /** {@code bnum} 0 keeps the library's default bucket array (the tuning call is then not made at all). */
    private TokyoBTreeStore(Path dir, long bnum) throws IOException {
        this.tc = TokyoCabinet.api();
        Files.createDirectories(dir);
        this.bdb = tc.tcbdbnew();
        if (tc.tcbdbsetmutex(bdb) == 0
                || bnum > 0 && tc.tcbdbtune(bdb, 0, 0, bnum, (byte) -1, (byte) -1, (byte) 0) == 0
                || tc.tcbdbopen(bdb, dir.resolve("casket.tcb").toString(), TokyoCabinet.OPEN_WRITER_CREATE) == 0) {
            String msg = tc.tchdberrmsg(tc.tcbdbecode(bdb));
            tc.tcbdbdel(bdb);
            throw new IOException("Tokyo Cabinet B+tree database in " + dir + ": " + msg);
        }
    }

    /** With the library's defaults. */
    public static TokyoBTreeStore defaults(Path dir) throws IOException {
        return new TokyoBTreeStore(dir, 0);
    }

    /** With the page hash's bucket array at 2 × the leaf pages {@code expectedRecords} fill (the class comment says why). */
    public static TokyoBTreeStore sized(Path dir, long expectedRecords) throws IOException {
        return new TokyoBTreeStore(dir, bucketsFor(expectedRecords));
    }

    /** 2 × the leaf pages {@code expectedRecords} fill at the default records per leaf; at least 1. */
    static long bucketsFor(long expectedRecords) {
        long leaves = (expectedRecords + DEFAULT_RECORDS_PER_LEAF - 1) / DEFAULT_RECORDS_PER_LEAF;
        return Math.max(1, 2 * leaves);
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
