package dev.perflab.mdf;

import java.nio.ByteBuffer;

/** Receives messages from a {@link MdfReader}, one call per message, in sequence order. */
@FunctionalInterface
public interface MessageHandler {
    /**
     * @param message one encoded message between position and limit; the handler may move position and
     *                limit but must not write; the bytes are valid only during the call
     */
    void onMessage(ByteBuffer message);
}
