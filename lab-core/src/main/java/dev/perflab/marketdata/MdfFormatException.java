package dev.perflab.marketdata;

/**
 * A day file that cannot be read past some byte. The message is one line, {@code FILE:byte OFFSET: what is
 * wrong}; every message before the offset has already been delivered by the reader.
 */
public final class MdfFormatException extends Exception {
    private final long offset;

    public MdfFormatException(String source, long offset, String problem) {
        super(source + ":byte " + offset + ": " + problem, null, false, false);
        this.offset = offset;
    }

    /** The byte offset of the fault in the file. */
    public long offset() {
        return offset;
    }
}
