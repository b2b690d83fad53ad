package dev.perflab.orderbook;

/**
 * A command file that cannot be read past some point. The message is one line,
 * {@code FILE:LINE: what is wrong} (for binary files {@code FILE:byte OFFSET: …}), and {@link #before()}
 * holds every command read before the bad one, so a caller can still process them.
 */
public final class StreamFormatException extends Exception {
    private final CommandStream before;

    public StreamFormatException(String source, String location, String problem, CommandStream before) {
        super(source + ":" + location + ": " + problem, null, false, false);
        this.before = before;
    }

    /** The commands read before the error, in order; empty when none can be trusted. */
    public CommandStream before() {
        return before;
    }
}
