package dev.perflab.brick;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A brick file that breaks the format: one line naming the file, the 1-based line number and the byte
 * offset of the offending byte. The CLI prints the message and exits 2.
 */
public final class BrickFormatException extends IOException {
    private final long lineNumber;
    private final long byteOffset;

    public BrickFormatException(Path file, long lineNumber, long byteOffset, String problem) {
        super(file + ": line " + lineNumber + ", byte offset " + byteOffset + ": " + problem, null);
        this.lineNumber = lineNumber;
        this.byteOffset = byteOffset;
    }

    /** 1-based, as editors count. */
    public long lineNumber() {
        return lineNumber;
    }

    /** 0-based offset of the first offending byte in the file. */
    public long byteOffset() {
        return byteOffset;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
