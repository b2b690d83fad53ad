package dev.perflab.bench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.perflab.ladder.Entry;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookLadder;
import java.lang.ref.WeakReference;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;

/**
 * Runs the replay benchmarks' setup and measured code as JMH would (trial setup once, an empty book before
 * every invocation), on the stream's first 20,000 commands so every rung finishes in a test's time; and
 * checks that the stream the child JVM hands over is the one generated in this JVM.
 */
class OrderBookReplayBenchmarkTest {
    private static final int COMMANDS = 20_000;

    private static ReplayState trial(String rung) {
        ReplayState b;
        if (rung.equals(OrderBookLadder.LADDER.naive().id())) {
            OrderBookNaiveReplayBenchmark naive = new OrderBookNaiveReplayBenchmark();
            naive.rung = rung;
            b = naive;
        } else {
            OrderBookReplayBenchmark tuned = new OrderBookReplayBenchmark();
            tuned.rung = rung;
            b = tuned;
        }
        b.generateHere(COMMANDS);
        return b;
    }

    /** Every rung and peer replays the stream to the same events, so each one measures the same work. */
    @Test
    void everyRungReplaysTheStreamToTheSameEvents() {
        Map<String, Long> checksums = new LinkedHashMap<>();
        for (Entry<?> entry : OrderBookLadder.LADDER.correct()) {
            ReplayState b = trial(entry.id());
            b.emptyBook();
            checksums.put(entry.id(), b.replay(COMMANDS));
        }
        long naive = checksums.get(OrderBookLadder.LADDER.naive().id());
        checksums.forEach((rung, checksum) -> assertEquals(naive, checksum, rung + " differs from the naive rung"));
    }

    /** The invocation-level setup gives each invocation an empty book: the second replay repeats the first. */
    @Test
    void eachInvocationStartsFromAnEmptyBook() {
        ReplayState b = trial("tuned");
        b.emptyBook();
        long first = b.replay(COMMANDS);
        b.emptyBook();
        assertEquals(first, b.replay(COMMANDS));
    }

    /**
     * The invocation-level setup drops the previous replay's book and collects it before making the next
     * one, so no timed replay pays for collecting another replay's garbage ({@code ReplayState} says why).
     */
    @Test
    void thePreviousReplaysBookIsCollectedBeforeTheNextReplay() {
        ReplayState b = trial("tuned");
        b.emptyBook();
        b.replay(COMMANDS);
        WeakReference<OrderBook> previous = new WeakReference<>(b.book());
        b.emptyBook();
        assertNull(previous.get(), "the previous replay's book was still on the heap when the next replay began");
        assertNotSame(b.book(), previous.get());
    }

    /**
     * Both replay suites fork with the heap {@link ReplayState#FORK_JVM_ARGS} describes (fixed heap and
     * young generation, pre-touched): annotations need constants, so each spells the flags out.
     */
    @Test
    void bothSuitesForkWithTheFixedHeapAndYoungGeneration() {
        for (Class<?> suite : List.of(OrderBookReplayBenchmark.class, OrderBookNaiveReplayBenchmark.class)) {
            assertEquals(List.of(ReplayState.FORK_JVM_ARGS), List.of(suite.getAnnotation(Fork.class).jvmArgsAppend()),
                    suite.getSimpleName());
        }
    }

    /** Without the setup the stream would land on a used book; the replay notices rather than measuring it. */
    @Test
    void aReplayIntoAUsedBookFails() {
        ReplayState b = trial("tuned");
        b.emptyBook();
        b.replay(COMMANDS);
        assertThrows(IllegalStateException.class, () -> b.replay(COMMANDS));
    }

    /** The child JVM's stream (what a JMH fork replays) is the stream the generator makes here, command for command. */
    @Test
    void theChildJvmHandsOverTheSameStream() {
        ReplayState here = trial("tuned");
        assertEquals(here.commands(), ReplayStreamChild.generate(OrderBookReplayBenchmark.SEED, COMMANDS));
    }
}
