package dev.perflab.cli.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.base.MemorySize;
import dev.perflab.latency.Arrivals;
import dev.perflab.latency.Sender;
import dev.perflab.latency.ThreadModel;
import dev.perflab.latency.TimingMode;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small parsers and builders behind the latency command: SLOs, sizes, JVM flags, the GC matrix. */
class LatencyOptionsTest {

    @Test
    void sloParsesEveryUnit() {
        assertEquals(new Slo(99.9, 1_000_000, "p99.9=1ms"), Slo.parse("p99.9=1ms"));
        assertEquals(250, Slo.parse("p99=250ns").thresholdNanos());
        assertEquals(500_000, Slo.parse("p50=500us").thresholdNanos());
        assertEquals(500_000, Slo.parse("p50=500µs").thresholdNanos());
        assertEquals(1.5e9, Slo.parse("p100=1.5s").thresholdNanos());
        assertEquals(99.99, Slo.parse("p99.99=2ms").percentile());
        assertEquals("p99_9_us", Slo.parse("p99.9=1ms").jsonKey());
        assertEquals("p50_us", Slo.parse("p50=1ms").jsonKey());
        assertEquals("p99.9", Slo.parse("p99.9=1ms").percentileLabel());
    }

    @Test
    void badSloSyntaxShowsAnExample() {
        for (String bad : List.of("", "p99.9", "99.9=1ms", "p99.9=1", "p99.9=1min", "p99.9<1ms", "p=1ms", "p99.9=-1ms",
                "p0=1ms", "p101=1ms", "p99.9=0ms")) {
            LabException e = assertThrows(LabException.class, () -> Slo.parse(bad), bad);
            assertTrue(e.getMessage().contains("e.g. --slo p99.9=1ms"), e.getMessage());
            assertEquals(LabException.BAD_INPUT, e.exitCode());
        }
    }

    @Test
    void memorySizesParseAndThreeQuartersRoundsToMegabytes() {
        assertEquals(1L << 30, MemorySize.parse("--heap", "1g").bytes());
        assertEquals(512L << 20, MemorySize.parse("--heap", "512M").bytes());
        assertEquals("512m", MemorySize.parse("--heap", "512M").text());
        assertEquals("768m", MemorySize.parse("--heap", "1g").threeQuarters().text());
        assertThrows(LabException.class, () -> MemorySize.parse("--heap", "1.5g"));
        assertThrows(LabException.class, () -> MemorySize.parse("--heap", "g"));
        assertThrows(LabException.class, () -> MemorySize.parse("--heap", "4k"));
    }

    private static ChildRun run(GcChoice gc, MemorySize young) {
        return new ChildRun("orderbook", "r4-tick-array", 45_000, 10, 2, EnumSet.of(TimingMode.INTENDED), 1000, Arrivals.UNIFORM, 1,
                gc, MemorySize.parse("--heap", "1g"), young, List.of(99.9), null, Sender.SLEEP, List.of(), null, Path.of("/tmp/crash"));
    }

    @Test
    void childFlagsAndArguments() {
        ChildRun run = run(GcChoice.PARALLEL, MemorySize.parse("--young", "256m"));
        assertEquals(List.of("-XX:+UseParallelGC", "-Xms1g", "-Xmx1g", "-Xmn256m"), run.jvmFlags());
        List<String> args = run.childArgs();
        assertEquals("45000", args.get(args.indexOf("--rate") + 1));
        assertEquals("intended", args.get(args.indexOf("--modes") + 1));
        assertEquals("99.9", args.get(args.indexOf("--percentile") + 1));
        assertEquals("sleep", args.get(args.indexOf("--sender") + 1));
        assertEquals(List.of("-XX:+UseZGC", "-Xms1g", "-Xmx1g"), run(GcChoice.ZGC, null).jvmFlags());
    }

    @Test
    void jfrAndJvmArgsComeAfterTheLabsOwnFlagsSoTheyWin() {
        ChildRun base = run(GcChoice.G1, null);
        ChildRun run = new ChildRun(base.component(), base.rung(), base.rate(), base.seconds(), base.warmup(),
                base.modes(), base.prefill(), base.arrivals(), base.threads(), base.gc(), base.heap(), null,
                base.percentiles(), null, Sender.SPIN, List.of("-XX:PerMethodTrapLimit=0", "-Xmx2g"),
                Path.of("/tmp/r.jfr"), base.crashLogDir());
        assertEquals(List.of("-XX:+UseG1GC", "-Xms1g", "-Xmx1g",
                "-XX:StartFlightRecording=filename=/tmp/r.jfr,settings=profile", "-XX:PerMethodTrapLimit=0", "-Xmx2g"),
                run.jvmFlags());
        assertEquals(run.jvmFlags(), run.withRate(1000).jvmFlags(), "kept by withRate");
    }

    @Test
    void senderDefaultsToSpinExceptTwoThreadsOnFewCores() {
        assertEquals(Sender.SPIN, Sender.defaultFor(ThreadModel.ONE_THREAD, 2));
        assertEquals(Sender.SLEEP, Sender.defaultFor(ThreadModel.SENDER_AND_COMPONENT, 2));
        assertEquals(Sender.SLEEP, Sender.defaultFor(ThreadModel.SENDER_AND_COMPONENT, 3));
        assertEquals(Sender.SPIN, Sender.defaultFor(ThreadModel.SENDER_AND_COMPONENT, 4));
        assertEquals(Sender.SPIN, Sender.defaultFor(ThreadModel.SENDER_AND_COMPONENT, 16));
    }

    @Test
    void gcMatrixHasSevenConfigurationsAndZgcOnlyOnce() {
        List<ChildRun> runs = GcMatrix.configurations(run(GcChoice.G1, null));
        assertEquals(List.of("G1 · heap 1g · young default", "G1 · heap 1g · young 768m",
                "Parallel · heap 1g · young default", "Parallel · heap 1g · young 768m",
                "Serial · heap 1g · young default", "Serial · heap 1g · young 768m", "ZGC · heap 1g · young n/a"),
                runs.stream().map(ChildRun::gcLabel).toList());
        assertTrue(runs.get(1).jvmFlags().contains("-Xmn768m"));
        assertTrue(runs.get(6).jvmFlags().stream().noneMatch(f -> f.startsWith("-Xmn")));
    }
}
