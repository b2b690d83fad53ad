package dev.perflab.cli.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.Machine;
import dev.perflab.scenario.CeilingInterval;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A rung "above the ceiling" is a measurement artefact, and the footer says so instead of printing it bare. */
class PipelineTableTest {
    private static PipelineRow row(String rung, double tasksPerSecond) {
        return new PipelineRow(rung, false, tasksPerSecond, 100, 100, 100, 10, 0, 50.0, List.of());
    }

    @Test
    void aBestRungAboveTheCeilingIsNamedAsMeaningless() {
        String footer = PipelineTable.footer(List.of(row("r0-task-per-thread", 1_000), row("r14-run-to-completion", 5_000_000)),
                CeilingInterval.exactly(2_300_000), PipelineNetwork.LOOPBACK);
        assertTrue(footer.contains("217.4% (one sample: no interval) of the all-core ceiling"), footer);
        assertTrue(footer.contains("above 100%"), footer);
    }

    @Test
    void aBestRungBelowTheCeilingIsPrintedPlain() {
        String footer = PipelineTable.footer(List.of(row("r0-task-per-thread", 1_000), row("r14-run-to-completion", 9_000_000)),
                CeilingInterval.exactly(21_700_000), PipelineNetwork.LOOPBACK);
        assertTrue(footer.contains("41.5% (one sample: no interval) of the all-core ceiling"), footer);
        assertFalse(footer.contains("above 100%"), footer);
    }

    /** A ceiling measured before and after the rungs: the share comes with its range over the ceiling's interval. */
    @Test
    void theBestRungsShareOfTheCeilingCarriesTheCeilingsInterval() {
        String footer = PipelineTable.footer(List.of(row("r0-task-per-thread", 1_000), row("r14-run-to-completion", 9_000_000)),
                CeilingInterval.of(List.of(20e6, 21e6, 22e6, 23e6, 21.5e6, 22.5e6)), PipelineNetwork.LOOPBACK);
        assertTrue(footer.matches("(?s).*= 41\\.5% \\(\\d\\d\\.\\d–\\d\\d\\.\\d%\\) of the all-core ceiling \\(21,666,667 tasks/s \\(.*6 samples, 99% interval\\)\\).*"), footer);
    }

    /** 50% of the cores for 9M tasks/s: 9M ÷ (0.5 × cores) tasks per CPU-second, compared with the ceiling per core. */
    @Test
    void tasksPerCpuSecondDividesByTheCpuTheThreeJvmsUsed() {
        int cores = Machine.cores();
        PipelineRow best = row("r15-whole-frames", 9_000_000);
        assertEquals(9_000_000 / (0.5 * cores), best.tasksPerCpuSecond(cores), 1e-6);
        String footer = PipelineTable.footer(List.of(row("r0-task-per-thread", 1_000), best), CeilingInterval.exactly(21_700_000),
                PipelineNetwork.LOOPBACK);
        assertTrue(footer.contains(String.format("per CPU-second of the three JVMs: %,.0f tasks = %.1f%% of the ceiling's",
                9_000_000 / (0.5 * cores), 100 * 9_000_000 / (0.5 * 21_700_000))), footer);
        assertTrue(Double.isNaN(new PipelineRow("r1", false, 1, 1, 1, 1, 1, 0, 0, List.of()).tasksPerCpuSecond(cores)));
    }
}
