package dev.perflab.brick;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a brick file once, front to back, checking the format as it goes, and hands each line's bytes to a
 * {@link Sink} in place (no copy, no {@code String}). Memory: one {@link #BUFFER_BYTES} buffer, whatever the
 * file's size.
 *
 * <pre>
 *  buffer   [ consumed │ line i │ line i+1 │ … │ part of line j ]   refill: move "part of line j" to the
 *                      ▲ lineStart          ▲ pos                  front and read after it (≤ 201 bytes)
 * </pre>
 * The first problem ends the scan with a {@link BrickFormatException} naming the line and byte offset;
 * lines before it have already been handed out. Pull ({@link #next()}) or push ({@link #scan}); single-threaded.
 */
public final class LineScanner {
    /** Read size: large enough that the per-line work dominates, small enough to stay in L2. */
    public static final int BUFFER_BYTES = 1 << 20;

    /** Receives each line's content, without its {@code \r\n}. */
    @FunctionalInterface
    public interface Sink {
        /** {@code buf[off, off + len)} is line {@code lineNo} (0-based); valid only during the call. */
        void line(int lineNo, byte[] buf, int off, int len) throws IOException;
    }

    private final Path file;
    private final InputStream in;
    private final byte[] buf = new byte[BUFFER_BYTES];
    private long bufStartOffset; // file offset of buf[0]
    private int limit;
    private int lineStart;
    private int pos;
    private long lines;
    private int off;
    private int len;

    /** A pull scanner over {@code in}; {@code file} names it in messages. The caller closes {@code in}. */
    public LineScanner(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    /** Checks {@code file} without doing anything with its lines; returns the line count. */
    public static long validate(Path file) throws IOException {
        return scan(file, (lineNo, buf, off, len) -> { });
    }

    /** Scans {@code file}, handing each line to {@code sink}; returns the line count. */
    public static long scan(Path file, Sink sink) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return scan(file, in, Long.MAX_VALUE, sink);
        }
    }

    /**
     * Scans at most {@code maxLines} lines of {@code in} ({@code file} names it in messages). A scan cut by
     * {@code maxLines} ends after a whole line.
     */
    public static long scan(Path file, InputStream in, long maxLines, Sink sink) throws IOException {
        LineScanner scanner = new LineScanner(file, in);
        while (scanner.lines < maxLines && scanner.next()) {
            sink.line(scanner.lineNumber(), scanner.buffer(), scanner.offset(), scanner.length());
        }
        return scanner.lines;
    }

    /** The current line's 0-based number. */
    public int lineNumber() {
        return (int) (lines - 1);
    }

    /** The buffer holding the current line; its bytes are valid until the next {@link #next()}. */
    public byte[] buffer() {
        return buf;
    }

    public int offset() {
        return off;
    }

    public int length() {
        return len;
    }

    /** Lines read so far. */
    public long lines() {
        return lines;
    }

    /**
     * Moves to the next line.
     *
     * @return false at the end of a well-formed file
     * @throws BrickFormatException at the first problem
     */
    public boolean next() throws IOException {
        for (;;) {
            pos = printableRun(buf, pos, Math.min(limit, lineStart + Bricks.MAX_LINE_BYTES));
            if (pos == limit) {
                // move the unfinished line to the front and read more after it
                int carried = limit - lineStart;
                System.arraycopy(buf, lineStart, buf, 0, carried);
                bufStartOffset += lineStart;
                pos -= lineStart;
                lineStart = 0;
                limit = carried;
                int n = in.read(buf, limit, buf.length - limit);
                if (n < 0) {
                    if (carried > 0) {
                        throw new BrickFormatException(file, lines + 1, bufStartOffset + limit,
                                "missing final \\r\\n (the file ends inside a line)");
                    }
                    return false;
                }
                limit += n;
                continue;
            }
            byte b = buf[pos];
            if (b >= Bricks.MIN_BYTE && b <= Bricks.MAX_BYTE) {
                if (pos - lineStart == Bricks.MAX_LINE_BYTES) {
                    throw new BrickFormatException(file, lines + 1, bufStartOffset + pos,
                            "line longer than " + Bricks.MAX_LINE_BYTES + " bytes");
                }
                pos++;
            } else if (b == '\r') {
                if (pos + 1 == limit) {
                    int n = refillKeeping(in, buf, lineStart, limit);
                    if (n < 0) {
                        throw new BrickFormatException(file, lines + 1, bufStartOffset + pos,
                                "missing final \\r\\n (the file ends with a bare \\r)");
                    }
                    bufStartOffset += lineStart;
                    pos -= lineStart;
                    limit = limit - lineStart + n;
                    lineStart = 0;
                }
                if (buf[pos + 1] != '\n') {
                    throw new BrickFormatException(file, lines + 1, bufStartOffset + pos,
                            "bare \\r (not followed by \\n)");
                }
                if (lines == Bricks.MAX_LINES) {
                    throw new BrickFormatException(file, lines + 1, bufStartOffset + lineStart,
                            "more than " + Bricks.MAX_LINES + " lines");
                }
                off = lineStart;
                len = pos - lineStart;
                lines++;
                pos += Bricks.EOL_BYTES;
                lineStart = pos;
                return true;
            } else if (b == '\n') {
                throw new BrickFormatException(file, lines + 1, bufStartOffset + pos, "bare \\n (no \\r before it)");
            } else {
                throw new BrickFormatException(file, lines + 1, bufStartOffset + pos,
                        String.format("byte 0x%02x outside %d–%d", b & 0xff, Bricks.MIN_BYTE, Bricks.MAX_BYTE));
            }
        }
    }

    /**
     * The end of the run of printable bytes in {@code buf[from, stop)}: the first index whose byte is outside
     * 32–126, or {@code stop}. The hot loop of every scan, in locals: with the scanner's fields in the loop
     * (one store of {@code pos} per byte) the loader of r5 scanned about 350 MB/s of CPU time, the most
     * expensive thread of the server (per-thread CPU, see {@code BrickLadder}'s r7).
     */
    private static int printableRun(byte[] buf, int from, int stop) {
        int p = from;
        while (p < stop) {
            byte b = buf[p];
            if (b < Bricks.MIN_BYTE || b > Bricks.MAX_BYTE) {
                break;
            }
            p++;
        }
        return p;
    }

    /** Moves {@code buf[from, limit)} to the front and reads after it; returns the bytes read or -1. */
    private static int refillKeeping(InputStream in, byte[] buf, int from, int limit) throws IOException {
        int carried = limit - from;
        System.arraycopy(buf, from, buf, 0, carried);
        int n;
        do {
            n = in.read(buf, carried, buf.length - carried);
        } while (n == 0);
        return n;
    }
}
