package dev.perflab.kv.peers;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.perflab.kv.PeerUnavailableException;

/**
 * The C API of Tokyo Cabinet 1.4 (Debian's {@code libtokyocabinet9}) that the peers call, through JNA's direct
 * mapping: {@code native} methods bound once by {@link Native#register(Class, String)}, which JNA's documentation
 * ({@code www/DirectMapping.md}) says approaches the speed of hand-written JNI, where an interface mapping goes
 * through a reflective proxy and a generic {@code invoke} on every call. The types are the ones direct mapping
 * supports: primitives, {@code byte[]}, {@link String} arguments, {@link Pointer} and {@link IntByReference}.
 * C's {@code bool} is one byte, so functions returning it are declared {@code byte} here (a Java
 * {@code boolean} would read a whole int register, whose upper bytes are not defined).
 */
final class TokyoCabinet {
    static final String LIBRARY = "libtokyocabinet.so.9";
    static final String INSTALL = "apt-get install libtokyocabinet9";

    /** {@code HDBOWRITER | HDBOCREAT} (same bits for the B+tree's {@code BDBOWRITER | BDBOCREAT}). */
    static final int OPEN_WRITER_CREATE = (1 << 1) | (1 << 2);

    /** The functions, bound to the library when this class is initialized (which fails if it is missing). */
    static final class Api {
        static {
            Native.register(Api.class, LIBRARY);
        }

        native Pointer tchdbnew();
        native byte tchdbsetmutex(Pointer hdb);
        native byte tchdbtune(Pointer hdb, long bnum, byte apow, byte fpow, byte opts);
        native byte tchdbopen(Pointer hdb, String path, int omode);
        native byte tchdbput(Pointer hdb, byte[] kbuf, int ksiz, byte[] vbuf, int vsiz);
        native Pointer tchdbget(Pointer hdb, byte[] kbuf, int ksiz, IntByReference sp);
        native long tchdbrnum(Pointer hdb);
        native byte tchdbclose(Pointer hdb);
        native void tchdbdel(Pointer hdb);
        native int tchdbecode(Pointer hdb);

        native Pointer tcbdbnew();
        native byte tcbdbsetmutex(Pointer bdb);
        native byte tcbdbtune(Pointer bdb, int lmemb, int nmemb, long bnum, byte apow, byte fpow, byte opts);
        native byte tcbdbopen(Pointer bdb, String path, int omode);
        native byte tcbdbput(Pointer bdb, byte[] kbuf, int ksiz, byte[] vbuf, int vsiz);
        native Pointer tcbdbget(Pointer bdb, byte[] kbuf, int ksiz, IntByReference sp);
        native long tcbdbrnum(Pointer bdb);
        native byte tcbdbclose(Pointer bdb);
        native void tcbdbdel(Pointer bdb);
        native int tcbdbecode(Pointer bdb);

        native String tchdberrmsg(int ecode);
        native void tcfree(Pointer ptr);
    }

    private static volatile Api api;

    private TokyoCabinet() {
    }

    /** The library, bound once. */
    static Api api() throws PeerUnavailableException {
        Api a = api;
        if (a == null) {
            synchronized (TokyoCabinet.class) {
                if (api == null) {
                    try {
                        api = new Api();
                    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
                        // the first failure is the UnsatisfiedLinkError of Api's initializer, every later one a NoClassDefFoundError
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
