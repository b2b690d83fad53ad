package dev.perflab.brick;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.util.HashMap;
import java.util.Map;

/**
 * r0–r2's client sink: a reorder buffer under one lock in front of a buffered file stream. A line that
 * arrives before its predecessors is copied into its own array and kept in a map until they are written.
 * With one connection (r0) lines arrive in order and the map stays empty. Memory is bounded by the lines
 * in flight: at most connections × batch lines can be ahead of the first missing one, because the server
 * hands lines out in order.
 */
final class OrderedWriter implements ResultSink {
    private static final int OUT_BUFFER_BYTES = 1 << 16;

    private final OutputStream out;
    private final Map<Integer, byte[]> waiting = new HashMap<>();
    private final byte[] scratch = new byte[Bricks.MAX_RESULT_BYTES + Bricks.EOL_BYTES];
    private int nextLine;
    private volatile boolean aborted;

    OrderedWriter(FileChannel channel) {
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), OUT_BUFFER_BYTES);
    }

    @Override
    public synchronized void put(int lineNo, ByteBuffer src, int at, int len) throws IOException {
        if (aborted) {
            throw new InterruptedIOException("aborted");
        }
        if (lineNo != nextLine) {
            byte[] line = new byte[len];
            src.get(at, line, 0, len);
            if (lineNo < nextLine || waiting.put(lineNo, line) != null) {
                throw new Protocol.FrameException("line " + lineNo + " arrived twice");
            }
            return;
        }
        src.get(at, scratch, 0, len);
        writeLine(scratch, len);
        for (byte[] line = waiting.remove(nextLine); line != null; line = waiting.remove(nextLine)) {
            writeLine(line, line.length);
        }
    }

    private void writeLine(byte[] line, int len) throws IOException {
        out.write(line, 0, len);
        out.write('\r');
        out.write('\n');
        nextLine++;
    }

    @Override
    public synchronized void finish(int totalLines) throws IOException {
        out.flush();
        if (nextLine != totalLines || !waiting.isEmpty()) {
            throw new IOException("the server's file has " + totalLines + " lines; " + nextLine
                    + " arrived in order, " + waiting.size() + " more out of order");
        }
    }

    @Override
    public synchronized long written() {
        return nextLine;
    }

    @Override
    public void abort() {
        aborted = true;
    }
}
