package dev.perflab.cli.kv;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.kv.KvLadder;
import dev.perflab.kv.KvStoreFactory;
import dev.perflab.kv.peers.TokyoHashStore;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Concurrent key-value writes (report 001) as the CLI sees it: {@code ./lab run kv} runs {@link KvScenario}
 * (every store through the write harness, one JVM each); {@code --jmh} runs {@code KvPutBenchmark}, the time of
 * a fixed batch of puts into a store already holding 0 or 1M records.
 */
public final class KvComponent implements Component {
    /**
     * The cost of a put into a store holding a prefill. Each iteration is one timed shot of a fixed batch of puts
     * into a new store filled in its set-up (so the iteration times here only feed the plan's estimate; the prefill
     * is most of an iteration's cost). The smoke's two shots show it works; a trend needs four or more.
     */
    static final JmhSuite PUT = JmhSuite.of("put", "dev.perflab.bench.kv.KvPutBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 1, "1s", 2, "1s"),
            RunLength.QUICK, new JmhOptions(1, 1, "2s", 4, "2s"),
            RunLength.FULL, new JmhOptions(2, 2, "5s", 8, "5s")));

    @Override
    public Ladder<KvStoreFactory> ladder() {
        return KvLadder.LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(PUT);
    }

    @Override
    public Map<String, List<String>> smokeParams() {
        return Map.of("prefill", List.of("0"));
    }

    /**
     * An A/B run gates puts into a store already holding 1M records, past r0's bucket count, where the report's
     * collapse shows; prefill 0 would double the rows.
     */
    @Override
    public Map<String, List<String>> abParams() {
        return Map.of("prefill", List.of("1000000"));
    }

    @Override
    public Optional<Scenario<?>> scenario() {
        return Optional.of(new KvScenario(KvLadder.LADDER));
    }

    /** Tokyo Cabinet for two peers; disk for the stores a standard run writes (under {@code results/}). */
    @Override
    public List<Prerequisite> prerequisites() {
        return List.of(new Prerequisite("Tokyo Cabinet (libtokyocabinet.so.9)", "the peer-tokyo-* stores are skipped, each with a line",
                        TokyoHashStore.installCommand(),
                        () -> TokyoHashStore.available() ? Optional.empty() : Optional.of("libtokyocabinet.so.9 does not load")),
                new Prerequisite("free disk under results/", "a run stops before it starts, naming the space it needs (--records lowers it)",
                        "free disk, or give --out a folder on a larger disk", KvScenario::standardRunDiskProblem));
    }
}
