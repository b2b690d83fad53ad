package dev.perflab.brick;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * r0–r2's server table: one {@link LineScanner} over the file, read under a lock by whichever connection
 * thread asks; the line is copied out under the lock and transformed after it. With 12 connections the
 * lock is what the threads queue on.
 */
final class SequentialSource implements LineSource {
    private final InputStream in;
    private final LineScanner scanner;
    private volatile int total = -1;

    SequentialSource(Path file) throws IOException {
        this.in = Files.newInputStream(file);
        this.scanner = new LineScanner(file, in);
    }

    @Override
    public long next(Claimer claimer, byte[] dst) throws IOException {
        int lineNo;
        int len;
        synchronized (this) {
            if (total >= 0 || !scanner.next()) {
                total = (int) scanner.lines();
                return -1;
            }
            lineNo = scanner.lineNumber();
            len = scanner.length();
            System.arraycopy(scanner.buffer(), scanner.offset(), claimer.line, 0, len);
        }
        return LineSource.packed(lineNo, BrickTransform.transform(lineNo, claimer.line, 0, len, dst, 0));
    }

    @Override
    public int totalLines() {
        return total;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
