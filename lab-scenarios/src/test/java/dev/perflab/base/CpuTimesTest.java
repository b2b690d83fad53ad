package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** /proc/stat's aggregate line: the total of its first eight columns and its steal column. */
class CpuTimesTest {
    @Test
    void theAggregateLineGivesTotalAndSteal() {
        CpuTimes t = CpuTimes.parse("cpu  6985058 1814 1226414 5068190 14555 0 74179 26902 0 0").orElseThrow();
        assertEquals(6985058L + 1814 + 1226414 + 5068190 + 14555 + 0 + 74179 + 26902, t.total(), "guest columns are inside user and nice");
        assertEquals(26902, t.steal());
        CpuTimes later = new CpuTimes(t.total() + 1000, t.steal() + 25);
        assertEquals(0.025, later.since(t).stealShare(), 1e-12);
        assertTrue(Double.isNaN(t.since(t).stealShare()), "no time passed");
    }

    @Test
    void otherLinesAndMalformedOnesAreNotRead() {
        assertEquals(Optional.empty(), CpuTimes.parse("cpu0 3403352 949 592568 2647855 3346 0 35264 13479"));
        assertEquals(Optional.empty(), CpuTimes.parse("cpu  1 2 3 4"), "a kernel without the steal column");
        assertEquals(Optional.empty(), CpuTimes.parse("cpu  1 2 3 x 5 6 7 8"));
    }

    @Test
    void thisMachineReadsWhereThereIsAProcStat() {
        if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/stat"))) {
            CpuTimes now = CpuTimes.now().orElseThrow();
            assertTrue(now.total() > 0 && now.steal() >= 0 && now.steal() <= now.total(), now.toString());
        } else {
            assertEquals(Optional.empty(), CpuTimes.now());
        }
    }
}
