package dev.perflab.bench.orderbook;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reads {@code Compiler.queue} output as HotSpot 17 prints it, and waits on this JVM's own queue. */
class JitQueueTest {
    @Test
    void aQueueWithTasksIsNotDrained() {
        assertFalse(JitQueue.drained("""
                Current compiles:\s
                C2 CompilerThread0  1457       4       java.lang.StringBuilder::toString (35 bytes)

                C1 compile queue:
                Empty

                C2 compile queue:
                Empty
                """));
        assertFalse(JitQueue.drained("""
                Current compiles:\s

                C1 compile queue:
                Empty

                C2 compile queue:
                1449       4       java.lang.CharacterDataLatin1::toUpperCase (53 bytes)
                """));
    }

    @Test
    void emptyQueuesAreDrained() {
        assertTrue(JitQueue.drained("""
                Current compiles:\s

                C1 compile queue:
                Empty

                C2 compile queue:
                Empty
                """));
    }

    /** On HotSpot the queue is readable (a negative answer would mean the replay never waits); bounded by the maximum. */
    @Test
    void readsThisJvmsQueueWithinTheBound() {
        long waited = JitQueue.awaitDrained(2_000);
        assertTrue(waited >= 0 && waited < 10_000, "waited " + waited);
    }
}
