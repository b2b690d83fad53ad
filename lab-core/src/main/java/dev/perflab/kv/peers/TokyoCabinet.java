package dev.perflab.kv.peers;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.perflab.kv.PeerUnavailableException;

/**
 * The C API of Tokyo Cabinet 1.4 (Debian's {@code libtokyocabinet9}) that the peers call, through JNA.
 * C's {@code bool} is one byte, so functions returning it are declared {@code byte} here (JNA's
 * {@code boolean} would read a whole int register, whose upper bytes are not defined).
 */
final class TokyoCabinet {
    static final String LIBRARY = "libtokyocabinet.so.9";
    static final String INSTALL = "apt-get install libtokyocabinet9";

    /** {@code HDBOWRITER | HDBOCREAT} (same bits for the B+tree's {@code BDBOWRITER | BDBOCREAT}). */
    static final int OPEN_WRITER_CREATE = (1 << 1) | (1 << 2);

    interface Api extends Library {
        Pointer tchdbnew();
        byte tchdbsetmutex(Pointer hdb);
        byte tchdbtune(Pointer hdb, long bnum, byte apow, byte fpow, byte opts);
        byte tchdbopen(Pointer hdb, String path, int omode);
        byte tchdbput(Pointer hdb, byte[] kbuf, int ksiz, byte[] vbuf, int vsiz);
        Pointer tchdbget(Pointer hdb, byte[] kbuf, int ksiz, IntByReference sp);
        long tchdbrnum(Pointer hdb);
        byte tchdbclose(Pointer hdb);
        void tchdbdel(Pointer hdb);
        int tchdbecode(Pointer hdb);

        Pointer tcbdbnew();
        byte tcbdbsetmutex(Pointer bdb);
        byte tcbdbopen(Pointer bdb, String path, int omode);
        byte tcbdbput(Pointer bdb, byte[] kbuf, int ksiz, byte[] vbuf, int vsiz);
        Pointer tcbdbget(Pointer bdb, byte[] kbuf, int ksiz, IntByReference sp);
        long tcbdbrnum(Pointer bdb);
        byte tcbdbclose(Pointer bdb);
        void tcbdbdel(Pointer bdb);
        int tcbdbecode(Pointer bdb);

        String tchdberrmsg(int ecode);
        void tcfree(Pointer ptr);
    }

    private static volatile Api api;

    private TokyoCabinet() {
    }

    /** The library, loaded once. */
    static Api api() throws PeerUnavailableException {
        Api a = api;
        if (a == null) {
            synchronized (TokyoCabinet.class) {
                if (api == null) {
                    try {
                        api = Native.load(LIBRARY, Api.class);
                    } catch (UnsatisfiedLinkError e) {
                        throw new PeerUnavailableException("Tokyo Cabinet native library " + LIBRARY + " not found", INSTALL);
                    }
                }
                a = api;
            }
        }
        return a;
    }

    /** Whether the native library loads on this machine. */
    static boolean available() {
        try {
            api();
            return true;
        } catch (PeerUnavailableException e) {
            return false;
        }
    }

    /** Copies a value Tokyo Cabinet allocated and frees it; null stays null. */
    static byte[] take(Api api, Pointer p, IntByReference size) {
        if (p == null) {
            return null;
        }
        byte[] value = p.getByteArray(0, size.getValue());
        api.tcfree(p);
        return value;
    }
}
