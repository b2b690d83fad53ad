package dev.perflab.base;

/**
 * A problem the user can fix (bad input, unknown name, missing file). The CLI prints its message as one
 * line and exits with {@link #exitCode()}: 2 for bad input, 1 for a failed check.
 */
public final class LabException extends RuntimeException {
    public static final int BAD_INPUT = 2;
    public static final int CHECK_FAILED = 1;

    private final int exitCode;

    public LabException(String message) {
        this(message, BAD_INPUT);
    }

    public LabException(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
