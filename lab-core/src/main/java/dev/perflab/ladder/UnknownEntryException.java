package dev.perflab.ladder;

/** A rung, peer or component name that the lab does not know; the message lists the known ones. */
public final class UnknownEntryException extends IllegalArgumentException {
    public UnknownEntryException(String message) {
        super(message);
    }
}
