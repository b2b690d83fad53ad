package dev.perflab.cli.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The find-max search against a pretend system that passes every rate up to a known capacity. */
class RateSearchTest {

    private static RateSearch.Outcome search(double start, double capacity) throws Exception {
        return RateSearch.run(start, 20_000_000, rate -> rate <= capacity);
    }

    @Test
    void doublesThenBisectsFourSteps() throws Exception {
        RateSearch.Outcome outcome = search(10_000, 37_000);
        assertEquals(List.of(10_000.0, 20_000.0, 40_000.0, 30_000.0, 35_000.0, 37_500.0, 36_250.0), outcome.tried());
        assertEquals(36_250, outcome.highestPass());
        assertEquals(37_500, outcome.lowestFail());
        assertEquals(1_250, outcome.resolution());
    }

    @Test
    void halvesWhenTheStartFails() throws Exception {
        RateSearch.Outcome outcome = search(10_000, 3_000);
        assertEquals(List.of(10_000.0, 5_000.0, 2_500.0), outcome.tried().subList(0, 3));
        assertTrue(outcome.highestPass() <= 3_000 && outcome.lowestFail() > 3_000, outcome.toString());
        assertTrue(outcome.resolution() <= 2_500.0 / 16 + 1, outcome.toString());
    }

    @Test
    void stopsAtTheCapWhenEverythingPasses() throws Exception {
        RateSearch.Outcome outcome = RateSearch.run(10_000, 50_000, rate -> true);
        assertEquals(List.of(10_000.0, 20_000.0, 40_000.0, 50_000.0), outcome.tried());
        assertEquals(50_000, outcome.highestPass());
        assertTrue(Double.isNaN(outcome.lowestFail()));
    }

    @Test
    void reportsWhenNothingPasses() throws Exception {
        RateSearch.Outcome outcome = RateSearch.run(1_000, 50_000, rate -> false);
        assertFalse(outcome.anyPassed());
        assertEquals(1, outcome.lowestFail());
    }
}
