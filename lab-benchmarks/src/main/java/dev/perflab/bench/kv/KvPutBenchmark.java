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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of a put in each key-value rung and peer when the store already holds {@code prefill} records: the
 * bucket-count collapse of report 001 as a table JMH can gate. r0's puts slow down as the prefill grows (longer
 * chains), r1–r7's should not.
 *
 * <h2>What one iteration is: a fixed batch into a fixed store</h2>
 * Every iteration, warm-up included, opens a new store in a new folder, fills it with {@code prefill} records
 * (untimed, in the iteration's set-up), then times exactly {@link #BATCH_PUTS} puts of new report-shaped records
 * ({@code <index>asdf} keys counting up from the prefill) as one single shot. JMH's single-shot score is the
 * shot's time divided by {@code @OperationsPerInvocation} (not by the batch size), so that is set to the batch
 * too: the score, and {@code -prof gc}'s bytes per op, are per put.
 * The tear-down checks that the store holds {@code prefill + BATCH_PUTS} records, then deletes it.
 *
 * <p>Why not throughput over timed iterations, as before: every put grew the store, so each iteration started
 * bigger than the last, and a rung whose put slows with the store's size fell from iteration to iteration (r0
 * with prefill 0: 443k to 216k puts/s over 6 one-second iterations, so r7 ÷ r0 read ×3.4 or ×6.3 depending on
 * the run's length alone), while a fast rung wrote more records per second into a bigger store than a slow one
 * did. Here every rung does the same work in every iteration: the same {@link #BATCH_PUTS} keys into a store of
 * the same size, so the iterations are samples of one quantity (the lab's trend check, {@code Trend}, flags a
 * row whose iterations drift) and a ratio between rows compares like with like.
 *
 * <p>Pitfalls avoided: the prefill and the new store are set-up, outside the timed shot (JMH's single-shot mode
 * times the whole batch, not each put, so its timestamps cost nothing per put); each put writes a new key, so
 * nothing is an in-place overwrite; {@code put}'s result is returned (no dead code) and checked in the tear-down
 * against the count. The prefill is itself a long run of the same puts, so the put path is compiled before the
 * first shot; with a smaller prefill, the trial's set-up first puts {@link #WARM_UP_PUTS} records into a store it
 * then throws away, so that every row meets its first shot as warm as a row with a prefill of a million. Without
 * it, two warm-up shots of a small store were too few for some peers: at prefill 0, MVStore and LMDB got faster
 * through their measured shots in every fork, and the lab flagged both rows "not steady"
 * ({@code docs/measurements/2026-12-01-kv-put-forks.md}). The warm-up shots settle the rest, and the heap is touched
 * before the first of them ({@code -XX:+AlwaysPreTouch}; {@code docs/measurements/2026-12-01-kv-first-touch.md}).
 *
 * <p>Run: {@code ./lab run kv --jmh} (default results in {@code results/kv/jmh}), or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar KvPutBenchmark -p rung=r0-fixed-buckets,r7-write-behind -p prefill=0,1000000 -prof gc}.
 * An iteration costs its prefill: about a second for the fast rungs at 1M, tens of seconds for the SQL peer;
 * {@code -p prefill=5000000} is not a default for that reason (minutes per iteration for r0 and the SQL peer).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// The heap touched before the first shot, as the end-to-end writer JVMs do: a put allocates its key and value, so
// until the fork's first young collection every allocation reaches heap pages never touched, and pays their first
// fault; the shots after that collection were faster than the ones before it (docs/measurements/2026-12-01-kv-first-touch.md).
@Fork(value = 1, jvmArgsAppend = "-XX:+AlwaysPreTouch")
@Warmup(iterations = 2, batchSize = KvPutBenchmark.BATCH_PUTS)
@Measurement(iterations = 6, batchSize = KvPutBenchmark.BATCH_PUTS)
@OperationsPerInvocation(KvPutBenchmark.BATCH_PUTS)
public class KvPutBenchmark {
    /** Puts per timed shot: tens of milliseconds for the fastest store, long beside a timer's resolution. */
    static final int BATCH_PUTS = 100_000;
    /** Puts before the first shot, untimed: a row with a smaller prefill makes them into a store it throws away. */
    static final int WARM_UP_PUTS = 1_000_000;

    @Param({"r0-fixed-buckets", "r1-sized-buckets", "r2-growing", "r3-striped", "r4-append-only", "r5-probed-index", "r6-pages-ahead", "r7-write-behind",
            "peer-tokyo-hash", "peer-tokyo-hash-sized",
            "peer-tokyo-btree", "peer-tokyo-btree-sized", "peer-mvstore", "peer-lmdb", "peer-lmdb-batched", "peer-rocksdb", "peer-rocksdb-no-wal", "peer-h2-sql"})
    public String rung;

    @Param({"0", "1000000"})
    public long prefill;

    private Path dir;
    private KvStore store;
    private long next;
    private long failed;

    /**
     * Once per fork, untimed: {@link #WARM_UP_PUTS} puts into a throwaway store when the prefill is smaller (a larger
     * prefill is this warm-up already, before every shot), so that the JIT has compiled the store's whole put path.
     */
    @Setup(Level.Trial)
    public void warmUp() throws IOException {
        if (prefill >= WARM_UP_PUTS) {
            return;
        }
        Path warm = Files.createTempDirectory("perflab-kv-bench-");
        try (KvStore throwaway = KvLadder.LADDER.resolve(rung).factory().open(warm.resolve("store"), WARM_UP_PUTS)) {
            fill(throwaway, WARM_UP_PUTS, "warm-up");
        } finally {
            Folders.deleteTree(warm);
        }
    }

    /** A new store holding {@code prefill} records, for this iteration alone. */
    @Setup(Level.Iteration)
    public void open() throws IOException {
        store = null;
        dir = Files.createTempDirectory("perflab-kv-bench-");
        try {
            store = KvLadder.LADDER.resolve(rung).factory().open(dir.resolve("store"), prefill + BATCH_PUTS);
            fill(store, prefill, "prefill");
        } catch (IOException | RuntimeException e) {
            // JMH runs no tear-down after a failed set-up: the folder goes here (a learner's store that refuses)
            if (store != null) {
                store.close();
            }
            Folders.deleteTree(dir);
            throw e;
        }
        next = prefill;
        failed = 0;
    }

    /** Puts records 0 to {@code count - 1}, untimed; a refused one is a broken store, named by {@code what}. */
    private void fill(KvStore into, long count, String what) throws IOException {
        for (long i = 0; i < count; i++) {
            if (!into.put(KvRecords.key(i), KvRecords.value(i))) {
                throw new IllegalStateException(rung + " refused " + what + " record " + i);
            }
        }
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

    /** The batch must all be there: the prefill plus every put of the shot, none refused. */
    @TearDown(Level.Iteration)
    public void close() throws IOException {
        try {
            long count = store.count();
            if (failed != 0 || count != next || next != prefill + BATCH_PUTS) {
                throw new IllegalStateException(rung + ": " + count + " records after " + next + " puts (" + failed
                        + " refused; expected " + (prefill + BATCH_PUTS) + ")");
            }
        } finally {
            store.close();
            Folders.deleteTree(dir);
        }
    }
}
