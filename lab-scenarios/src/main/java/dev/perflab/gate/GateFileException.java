package dev.perflab.gate;

/** A gates file that cannot be used; the message is one line naming the file and what is wrong. */
public final class GateFileException extends RuntimeException {
    public GateFileException(String message) {
        super(message, null, false, false);
    }
}
