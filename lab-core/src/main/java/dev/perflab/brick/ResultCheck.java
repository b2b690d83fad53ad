package dev.perflab.brick;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Checks a result file against the reference transform of its input, streaming both: the input is scanned
 * line by line, each line's expected result is computed into a scratch array and compared with the next
 * bytes of the result. Memory: two buffers, whatever the files' sizes.
 */
public final class ResultCheck {
    private static final int RESULT_BUFFER_BYTES = 1 << 20;

    /** The outcome: {@code null} problem means byte-exact. */
    public record Outcome(long lines, long resultBytes, String problem) {
        public boolean exact() {
            return problem == null;
        }
    }

    private ResultCheck() {
    }

    /**
     * Compares {@code result} with the transform of {@code input}.
     *
     * @throws BrickFormatException when the input itself is malformed
     */
    public static Outcome check(Path input, Path result) throws IOException {
        try (InputStream res = new BufferedInputStream(Files.newInputStream(result), RESULT_BUFFER_BYTES)) {
            byte[] expected = new byte[Bricks.MAX_RESULT_BYTES + Bricks.EOL_BYTES];
            byte[] actual = new byte[expected.length];
            long[] offset = {0};
            String[] problem = {null};
            long lines;
            try {
                lines = LineScanner.scan(input, (lineNo, buf, off, len) -> {
                    int n = BrickTransform.transform(lineNo, buf, off, len, expected, 0);
                    expected[n++] = '\r';
                    expected[n++] = '\n';
                    int got = res.readNBytes(actual, 0, n);
                    int mismatch = Arrays.mismatch(expected, 0, n, actual, 0, got);
                    if (mismatch >= 0) {
                        problem[0] = result + ": byte offset " + (offset[0] + mismatch) + " (result line "
                                + (lineNo + 1L) + "): " + (mismatch >= got ? "the result ends early"
                                : "expected byte 0x" + Integer.toHexString(expected[mismatch] & 0xff) + ", found 0x"
                                + Integer.toHexString(actual[mismatch] & 0xff));
                        throw new Stop();
                    }
                    offset[0] += n;
                });
            } catch (Stop stop) {
                return new Outcome(-1, offset[0], problem[0]);
            }
            if (res.read() >= 0) {
                return new Outcome(lines, offset[0], result + ": byte offset " + offset[0]
                        + ": the result goes on after the input's " + lines + " lines");
            }
            return new Outcome(lines, offset[0], null);
        }
    }

    /** Ends the scan at the first mismatch. */
    private static final class Stop extends IOException {
        Stop() {
            super(null, null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
