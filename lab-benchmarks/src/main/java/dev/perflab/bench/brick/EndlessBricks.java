package dev.perflab.bench.brick;

import dev.perflab.brick.BrickGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** A generated brick file held in memory, read round and round as one endless stream (benchmarks never reach an end). */
final class EndlessBricks extends InputStream {
    /** Big enough to span many 1 MiB pages, small enough to stay in memory. */
    static final long FILE_BYTES = 16L << 20;
    private static byte[] file;

    private int pos;

    static synchronized byte[] file() throws IOException {
        if (file == null) {
            ByteArrayOutputStream out = new ByteArrayOutputStream((int) FILE_BYTES);
            BrickGenerator.write(out, FILE_BYTES, 1);
            file = out.toByteArray();
        }
        return file;
    }

    EndlessBricks() throws IOException {
        file();
    }

    @Override
    public int read() {
        int b = file[pos] & 0xff;
        pos = (pos + 1) % file.length;
        return b;
    }

    @Override
    public int read(byte[] dst, int off, int len) {
        int n = Math.min(len, file.length - pos);
        System.arraycopy(file, pos, dst, off, n);
        pos = (pos + n) % file.length;
        return n;
    }
}
