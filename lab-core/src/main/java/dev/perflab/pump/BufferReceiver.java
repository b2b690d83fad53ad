package dev.perflab.pump;

import dev.perflab.marketdata.MdfFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * The receiving loop of r2–r5: read as much as fits into one buffer, verify every whole record in it, keep
 * the partial record at the end ({@code compact}) and read again. Only where the bytes come from differs:
 * a stream into a heap array (r2), a channel into a heap buffer (r3) or a direct one (r4, r5).
 *
 * <pre>
 *   buffer: [ verified records … | partial record ]──compact──▶[ partial record | next read … ]
 * </pre>
 */
public final class BufferReceiver {
    /** One read into {@code buf} at its position, advancing it; -1 at the end of the stream. */
    @FunctionalInterface
    public interface Source {
        int read(ByteBuffer buf) throws IOException;
    }

    private BufferReceiver() {
    }

    public static void receive(Source source, ByteBuffer buf, StreamVerifier verifier) throws IOException, MdfFormatException {
        buf.clear();
        while (source.read(buf) >= 0) {
            buf.flip();
            verifier.consume(buf);
            buf.compact();
        }
        verifier.finish(buf.position());
    }

    /** A stream read into the buffer's backing array. */
    public static Source of(InputStream in) {
        return buf -> {
            int n = in.read(buf.array(), buf.arrayOffset() + buf.position(), buf.remaining());
            if (n > 0) {
                buf.position(buf.position() + n);
            }
            return n;
        };
    }

    static Source of(ReadableByteChannel channel) {
        return channel::read;
    }
}
