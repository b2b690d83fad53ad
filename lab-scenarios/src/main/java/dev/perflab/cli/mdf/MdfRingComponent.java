package dev.perflab.cli.mdf;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.ProfileDefaults;
import dev.perflab.cli.component.RunLength;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Ladder;
import dev.perflab.mdf.MdfRingFactory;
import dev.perflab.mdf.MdfRingLadder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The market-data ring (report 000) as the CLI sees it: the ring suite (1 writer, K readers) in every run
 * length, the late-joiner history suite in standard and full runs, and {@code ./lab mdf generate|replay}.
 *
 * <p>Ring warm-ups last 2 s or more: r3 and r4 deliver a few hundred thousand messages/s until C2 has
 * compiled their {@code VarHandle} accesses (about 1–1.5 s measured here), then millions. The history
 * suite's setup records a 400,000-message day in H2 for each rung (seconds each), hence few iterations
 * and no quick run.
 */
public final class MdfRingComponent implements Component {
    private static final String PKG = "dev.perflab.bench.mdf.";

    /**
     * 1 writer, K = 1, 2, 4 readers, 64- and 256-byte messages: messages/s delivered to every reader. Many short
     * iterations: JMH's 99.9% error is t(n−1)·s/√n, 18.2 × the iteration spread s with 3 iterations, 3.9 × with
     * 5, 1.5 × with 10 (MdfRingBenchmark's class comment says more); 2 s of warm-up is what r3 and r4 need. The
     * standard run is the benchmark's own annotations ({@code MdfRingOptionsTest} fails when they differ). The
     * smoke run stays as {@code ci/gates.yaml} was calibrated on: it gates scores, not error bars.
     */
    static final JmhSuite RING = JmhSuite.of("ring", PKG + "MdfRingBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 2, "1s", 2, "500ms"),
            RunLength.QUICK, new JmhOptions(1, 2, "1s", 5, "300ms"),
            RunLength.FULL, new JmhOptions(2, 3, "1s", 10, "1s")));

    /** A late joiner reads the last 5,000 / 100,000 / 400,000 messages: r0 from H2, r1+ from memory. */
    static final JmhSuite HISTORY = JmhSuite.of("history", PKG + "MdfHistoryBenchmark", Map.of(
            RunLength.FULL, new JmhOptions(2, 2, "1s", 10, "1s")));

    /**
     * {@code ./lab profile mdf-ring}: the ring suite where the goal is judged (1 writer / 2 readers, 256-byte
     * messages), 2 s of warm-up (r3 and r4 are slow until C2 compiles their {@code VarHandle} accesses) and
     * 3 × 1 s profiled, about 3,000 CPU samples per rung. The reader threads are profiled too: they are where
     * a rung's read path runs.
     */
    static final ProfileDefaults PROFILE = new ProfileDefaults("MdfRingBenchmark.deliver",
            Map.of("readers", "2", "messageBytes", "256"), new JmhOptions(1, 2, "1s", 3, "1s"));

    @Override
    public Ladder<MdfRingFactory> ladder() {
        return MdfRingLadder.LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(RING, HISTORY);
    }

    /** The gates in ci/gates.yaml compare r4 with r0 at 1 writer / 2 readers, 256-byte messages. */
    @Override
    public Map<String, List<String>> smokeParams() {
        return Map.of("readers", List.of("2"), "messageBytes", List.of("256"));
    }

    /**
     * An A/B run gates the point the report's goal and the gates are judged at, 1 writer / 2 readers, 256-byte
     * messages: the whole grid (3 reader counts × 2 sizes × every rung and peer) is six times the rows.
     */
    @Override
    public Map<String, List<String>> abParams() {
        return smokeParams();
    }

    @Override
    public Optional<ProfileDefaults> profile() {
        return Optional.of(PROFILE);
    }

    @Override
    public List<Object> subcommands() {
        return List.of(new MdfCommand());
    }
}
