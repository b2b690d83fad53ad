package dev.perflab.bench.kv;

import dev.perflab.bench.Planted;
import dev.perflab.kv.Folders;
import dev.perflab.kv.KvLadder;
import dev.perflab.kv.KvRecords;
import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Put throughput of each key-value rung and peer when the store already holds {@code prefill} records:
 * the bucket-count collapse of report 001 as a table JMH can gate. r0's puts slow down as the prefill
 * grows (longer chains), r1–r3's should not.
 *
 * <p>What it measures: one thread putting new report-shaped records ({@code <index>asdf} keys, counting up
 * from the prefill) into the store, building the key and value included (the same for every store).
 * The end-to-end, multi-threaded view with the per-second timeline is {@code ./lab run kv}.
 *
 * <p>Pitfalls avoided: the prefill is trial setup, outside every measurement; each put writes a new key,
 * so nothing is an in-place overwrite; {@code put}'s result is returned (no dead code) and checked in
 * tear-down against the count. Caveat: the measured puts add to the store, so an iteration starts with
 * {@code prefill} plus what earlier iterations wrote (a few million at most in the standard run).
 *
 * <p>Run: {@code ./lab run kv --jmh} (default results in {@code results/kv/jmh}), or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar KvPutBenchmark -p rung=r0-fixed-buckets,r3-striped -p prefill=0,1000000 -prof gc}.
 * Prefill takes seconds for the rungs, longer for the SQL peer (5M rows: minutes on 2 cores), so the
 * standard run (these annotations) keeps one fork: each fork prefills once per trial.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class KvPutBenchmark {
    @Param({"r0-fixed-buckets", "r1-sized-buckets", "r2-growing", "r3-striped", "r4-append-only", "r5-probed-index", "r6-pages-ahead", "r7-write-behind",
            "peer-tokyo-hash", "peer-tokyo-hash-sized",
            "peer-tokyo-btree", "peer-mvstore", "peer-lmdb", "peer-rocksdb", "peer-h2-sql"})
    public String rung;

    @Param({"0", "1000000", "5000000"})
    public long prefill;

    /** Records the sized stores are told to expect: the prefill and room for what the iterations add. */
    static final long EXPECTED_EXTRA_RECORDS = 10_000_000;

    private Path dir;
    private KvStore store;
    private long next;
    private long failed;

    @Setup(Level.Trial)
    public void open() throws IOException {
        dir = Files.createTempDirectory("perflab-kv-bench-");
        store = KvLadder.LADDER.resolve(rung).factory().open(dir.resolve("store"), prefill + EXPECTED_EXTRA_RECORDS);
        for (long i = 0; i < prefill; i++) {
            if (!store.put(KvRecords.key(i), KvRecords.value(i))) {
                throw new IllegalStateException(rung + " refused prefill record " + i);
            }
        }
        next = prefill;
    }

    @Benchmark
    public boolean put() throws IOException {
        Planted.work();
        long i = next++;
        boolean stored = store.put(KvRecords.key(i), KvRecords.value(i));
        if (!stored) {
            failed++;
        }
        return stored;
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        try {
            long count = store.count();
            if (failed != 0 || count != next) {
                throw new IllegalStateException(rung + ": " + count + " records after " + next + " puts (" + failed + " refused)");
            }
        } finally {
            store.close();
            Folders.deleteTree(dir);
        }
    }
}
