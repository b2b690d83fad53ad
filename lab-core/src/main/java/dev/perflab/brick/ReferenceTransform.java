package dev.perflab.brick;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.Path;

/**
 * {@code ./lab brick transform}: the transform of a whole file in one thread, no network. It is the
 * definition every rung's result is checked against ({@link ResultCheck} recomputes it line by line).
 */
public final class ReferenceTransform {
    private static final int OUT_BUFFER_BYTES = 1 << 20;

    private ReferenceTransform() {
    }

    /**
     * Transforms {@code in} into {@code out}, through {@code out.partial} renamed on success.
     *
     * @return the line count
     * @throws BrickFormatException on the first bad line; {@code out} is then left as {@code out.partial}
     */
    public static long run(Path in, Path out) throws IOException {
        return run(in, ResultFile.create(out));
    }

    /** Transforms {@code in} into {@code result} (see {@link ResultFile#direct}); closes it. */
    public static long run(Path in, ResultFile opened) throws IOException {
        try (ResultFile result = opened) {
            long lines;
            OutputStream os = new BufferedOutputStream(Channels.newOutputStream(result.channel()), OUT_BUFFER_BYTES);
            byte[] line = new byte[Bricks.MAX_RESULT_BYTES + Bricks.EOL_BYTES];
            lines = LineScanner.scan(in, (lineNo, buf, off, len) -> {
                int n = BrickTransform.transform(lineNo, buf, off, len, line, 0);
                line[n] = '\r';
                line[n + 1] = '\n';
                os.write(line, 0, n + Bricks.EOL_BYTES);
            });
            os.flush();
            result.complete();
            return lines;
        }
    }
}
