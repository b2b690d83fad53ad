package dev.perflab.brick;

import java.io.IOException;
import java.io.OutputStream;
import java.util.SplittableRandom;

/**
 * Writes a deterministic brick file: the same size and seed give the same bytes on every JDK
 * ({@link SplittableRandom}'s algorithm is specified). Lines come in rounds; each round holds every
 * length 0–200 once, in a shuffled order, with bytes drawn from 32–126 (so spaces and {@code ~} occur);
 * the first line of two or more bytes starts with a space and ends with {@code ~}, so even the smallest
 * file holds both. The first round is always written whole ({@link #ROUND_BYTES}); after it, lines are
 * written while the next one still fits in the size asked for.
 */
public final class BrickGenerator {
    /** Line lengths 0–200: one round holds each once. */
    public static final int LENGTHS = Bricks.MAX_LINE_BYTES + 1;
    /** Bytes of one round: 0 + 1 + … + 200 bytes of content plus 201 × {@code \r\n}. */
    public static final long ROUND_BYTES = (long) Bricks.MAX_LINE_BYTES * LENGTHS / 2 + (long) LENGTHS * Bricks.EOL_BYTES;
    private static final int PRINTABLE = Bricks.MAX_BYTE - Bricks.MIN_BYTE + 1;
    private static final int WRITE_BUFFER_BYTES = 1 << 20;

    private BrickGenerator() {
    }

    /** Writes about {@code sizeBytes} (never more, except for the first round) to {@code out}; returns the bytes written. */
    public static long write(OutputStream out, long sizeBytes, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] buf = new byte[WRITE_BUFFER_BYTES];
        int[] lengths = new int[LENGTHS];
        int fill = 0;
        long written = 0;
        boolean marked = false;
        for (long round = 0; round == 0 || written + Bricks.EOL_BYTES <= sizeBytes; round++) {
            for (int i = 0; i < LENGTHS; i++) {
                lengths[i] = i;
            }
            for (int i = LENGTHS - 1; i > 0; i--) { // Fisher–Yates
                int j = random.nextInt(i + 1);
                int t = lengths[i];
                lengths[i] = lengths[j];
                lengths[j] = t;
            }
            for (int len : lengths) {
                if (round > 0 && written + len + Bricks.EOL_BYTES > sizeBytes) {
                    continue; // a shorter line of this round may still fit
                }
                if (fill + len + Bricks.EOL_BYTES > buf.length) {
                    out.write(buf, 0, fill);
                    fill = 0;
                }
                for (int i = 0; i < len; i++) {
                    buf[fill + i] = (byte) (Bricks.MIN_BYTE + random.nextInt(PRINTABLE));
                }
                if (!marked && len >= 2) {
                    buf[fill] = ' ';
                    buf[fill + len - 1] = '~';
                    marked = true;
                }
                fill += len;
                buf[fill++] = '\r';
                buf[fill++] = '\n';
                written += len + Bricks.EOL_BYTES;
            }
        }
        out.write(buf, 0, fill);
        return written;
    }
}
