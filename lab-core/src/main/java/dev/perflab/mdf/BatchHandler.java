package dev.perflab.mdf;

import java.nio.ByteBuffer;

/** Receives a batch of messages as slices, in sequence order, ready for {@code GatheringByteChannel.write}. */
@FunctionalInterface
public interface BatchHandler {
    /**
     * @param messages {@code messages[0..count)} each hold one message between position and limit; the
     *                 handler may consume them (move positions) but must not write into them; valid only
     *                 during the call
     */
    void onBatch(ByteBuffer[] messages, int count);
}
