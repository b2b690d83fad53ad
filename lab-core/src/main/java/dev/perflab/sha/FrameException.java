package dev.perflab.sha;

import java.io.IOException;

/** A frame that breaks the wire format (unknown type, wrong version, record count over the limit). */
public final class FrameException extends IOException {
    public FrameException(String message) {
        super(message);
    }
}
