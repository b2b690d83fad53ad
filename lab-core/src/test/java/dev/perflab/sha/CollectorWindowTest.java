package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The collector's one window: warm-up left out, the drain after the generator stops left out, streams added in it. */
class CollectorWindowTest {
    private static final long S = 1_000_000_000L;
    /** A nanoTime origin away from 0, which the window reads as "no result yet". */
    private static final long T0 = 5 * S;

    @Test
    void theDrainAfterTheGeneratorStopsIsNotCounted() {
        CollectorWindow window = new CollectorWindow(1, 2);
        CollectorWindow.Stream stream = window.new Stream();
        stream.tick(100, T0);                 // warm-up
        stream.tick(100, T0 + S);             // the window opens at T0 + 1 s: still warm-up
        stream.tick(1_000, T0 + 2 * S);       // measured
        stream.tick(1_000, T0 + 3 * S);       // measured: the generator stops at T0 + 3 s
        stream.tick(5_000, T0 + 4 * S);       // the drain: a backlog finished with the generator's core free
        assertEquals(2_000, stream.counted());
        assertEquals(2.0, window.seconds(), 1e-9);
        assertEquals(1_000, window.rate(stream.counted()), 1e-6);
    }

    @Test
    void streamsCountInOneWindowNotEachInTheirOwn() {
        CollectorWindow window = new CollectorWindow(1, 2);
        CollectorWindow.Stream early = window.new Stream();
        CollectorWindow.Stream late = window.new Stream();
        early.tick(10, T0);
        late.tick(10, T0 + S / 2);            // its first result: the window still opens 1 s after the early one's
        early.tick(500, T0 + 2 * S);
        late.tick(500, T0 + 2 * S);
        early.tick(500, T0 + 3 * S);
        late.tick(400, T0 + 3 * S + S / 2);   // past the close: drain
        assertEquals(1_000, early.counted());
        assertEquals(500, late.counted());
        assertEquals(750, window.rate(early.counted() + late.counted()), 1e-6);
    }

    @Test
    void withoutTheMeasurementsLengthTheWindowClosesAtTheLastResult() {
        CollectorWindow window = new CollectorWindow(1, 0);
        CollectorWindow.Stream stream = window.new Stream();
        stream.tick(100, T0);
        stream.tick(300, T0 + 2 * S);
        stream.tick(300, T0 + 4 * S);
        assertEquals(600, stream.counted());
        assertEquals(3.0, window.seconds(), 1e-9);
    }

    @Test
    void aRunShorterThanItsWarmUpIsCountedWhole() {
        CollectorWindow window = new CollectorWindow(10, 5);
        CollectorWindow.Stream stream = window.new Stream();
        stream.tick(100, T0);
        stream.tick(100, T0 + 2 * S);
        assertEquals(200, stream.counted());
        assertEquals(2.0, window.seconds(), 1e-9);
    }
}
