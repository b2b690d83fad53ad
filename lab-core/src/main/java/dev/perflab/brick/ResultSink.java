package dev.perflab.brick;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The client's side of the ladder's {@link MoverSettings.Table}: takes each line's result as it arrives,
 * in any order, and gets it into the result file in line order.
 *
 * <p>{@link #put} is called by every client connection thread at once; {@link #finish} once, after every
 * connection thread has ended.
 */
public interface ResultSink {
    /** Line {@code lineNo}'s result: {@code len} bytes of {@code src} at absolute index {@code at}, no {@code \r\n}. */
    void put(int lineNo, ByteBuffer src, int at, int len) throws IOException;

    /** Writes what is still buffered; {@code totalLines} came in the server's end responses. */
    void finish(int totalLines) throws IOException;

    /** Lines written to the file so far. */
    long written();

    /** Ends every wait inside the sink with an exception (a connection failed). */
    void abort();
}
