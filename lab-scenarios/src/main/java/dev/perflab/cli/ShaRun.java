package dev.perflab.cli;

import dev.perflab.cli.Suite.RunLength;
import dev.perflab.cli.sha.LinkNamespaces;
import dev.perflab.cli.sha.PipelineNetwork;
import dev.perflab.cli.sha.ShaPipelineRun;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.sha.PipelineSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Turns {@code ./lab run sha-pipeline} options into a {@link ShaPipelineRun}. */
final class ShaRun {
    private ShaRun() {
    }

    static int run(Ladder<PipelineSettings> ladder, List<String> names, RunLength length, Double seconds, long rate,
                   String link, Path dir, Path json, Path sampleOut, PrintWriter console)
            throws IOException, InterruptedException {
        if (rate < 0) {
            throw new LabException("--rate must be ≥ 0 tasks/s, was " + rate);
        }
        if (seconds != null && (!(seconds > 0) || seconds.isInfinite())) {
            throw new LabException("--seconds must be > 0, was " + seconds);
        }
        if (json != null) {
            OutputFile.check("--json", json);
        }
        if (sampleOut != null) {
            OutputFile.check("--sample-out", sampleOut);
        }
        List<Entry<PipelineSettings>> rungs;
        if (names != null) {
            rungs = names.stream().map(ladder::resolve).distinct().collect(Collectors.toList());
        } else if (length == RunLength.SMOKE) {
            rungs = List.of(ladder.naive(), ladder.tuned());
        } else {
            rungs = ladder.rungs();
        }
        ShaPipelineRun.Timing timing = timing(length, seconds);
        if (link == null) {
            return new ShaPipelineRun(rungs, timing, rate, dir, json, sampleOut, PipelineNetwork.LOOPBACK, console).run();
        }
        try {
            LinkNamespaces.parseBitsPerSecond(link);
        } catch (IllegalArgumentException e) {
            throw new LabException("--link: " + e.getMessage());
        }
        Optional<String> unavailable = LinkNamespaces.unavailableReason();
        if (unavailable.isPresent()) {
            console.println("lab: skipped: " + unavailable.get());
            console.flush();
            return 0;
        }
        try (LinkNamespaces network = LinkNamespaces.create(link)) {
            return new ShaPipelineRun(rungs, timing, rate, dir, json, sampleOut, network, console).run();
        } catch (IOException e) {
            throw new LabException("--link: " + e.getMessage(), LabException.CHECK_FAILED);
        }
    }

    static ShaPipelineRun.Timing timing(RunLength length, Double seconds) {
        switch (length) {
            case SMOKE:
                return new ShaPipelineRun.Timing(0.5, seconds != null ? seconds : 1.5,
                        List.of("-f", "1", "-wi", "1", "-w", "500ms", "-i", "2", "-r", "500ms"));
            case QUICK:
                return new ShaPipelineRun.Timing(1, seconds != null ? seconds : 2,
                        List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s"));
            case FULL:
                return new ShaPipelineRun.Timing(3, seconds != null ? seconds : 15,
                        List.of("-f", "2", "-wi", "3", "-w", "2s", "-i", "5", "-r", "2s"));
            default:
                return new ShaPipelineRun.Timing(2, seconds != null ? seconds : 5,
                        List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "3", "-r", "1s"));
        }
    }
}
