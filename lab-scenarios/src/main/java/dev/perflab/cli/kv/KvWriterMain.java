package dev.perflab.cli.kv;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.kv.Folders;
import dev.perflab.kv.KvLadder;
import dev.perflab.kv.KvRunResult;
import dev.perflab.kv.KvRunSettings;
import dev.perflab.kv.KvStoreFactory;
import dev.perflab.kv.KvWarmUp;
import dev.perflab.kv.KvWriteHarness;
import dev.perflab.kv.PeerUnavailableException;
import dev.perflab.ladder.Entry;
import java.nio.file.Path;

/**
 * The child JVM of {@code ./lab run kv}: one store through {@link KvWriteHarness}, so each store starts
 * with a fresh heap, JIT and page mappings, and a native library that crashes takes only its own run.
 *
 * <pre>
 *   args:   STORE_ID RECORDS THREADS SECONDS RUN_DIR RESULT_JSON
 *   stdout: progress SECOND WRITES TOTAL      once a second
 *           skipped REASON ¦ INSTALL           a peer whose native library is missing (exit 0, no JSON)
 *           store counters: …                  a rung's own counters at the end (HashCounters), echoed by the parent
 *           warm-up: …                         the warm-up's rounds (KvWarmUp), echoed by the parent
 *   file:   RESULT_JSON  {store, puts, failedPuts, finalCount, seconds, error, writes[], lastIntervalSeconds,
 *                         warmup {rounds[], compileShares[], seconds, level}}
 * </pre>
 * Exit 0 when the run happened (the count check is the parent's to judge), 1 on an error before it.
 */
public final class KvWriterMain {
    static final String PROGRESS = "progress ";
    static final String SKIPPED = "skipped ";
    static final String INSTALL_SEPARATOR = " ¦ ";
    /** A warm-up still running prints a line this often (seconds of rounds). */
    static final double WARMUP_PROGRESS_SECONDS = 10;

    private KvWriterMain() {
    }

    public static void main(String[] args) throws Exception {
        dev.perflab.proc.ParentWatch.start(); // a lab killed with kill -9 leaves no child running on
        Entry<KvStoreFactory> entry = KvLadder.LADDER.resolve(args[0]);
        KvRunSettings settings = new KvRunSettings(Long.parseLong(args[1]), Integer.parseInt(args[2]), Double.parseDouble(args[3]));
        Path runDir = Path.of(args[4]);
        KvRunResult r;
        KvWarmUp.Outcome warmUp;
        try {
            // warm until the store's rate is level, on scratch stores of the same kind (KvWarmUp says why)
            Path warmupDir = runDir.resolve("warmup");
            double[] printed = {0};
            warmUp = KvWarmUp.run(entry.id(), entry.factory(), warmupDir, settings.records(), settings.threads(),
                    (round, rate, compileShare, seconds) -> {
                        if (seconds - printed[0] >= WARMUP_PROGRESS_SECONDS) { // a long warm-up is not a hang
                            printed[0] = seconds;
                            System.out.printf(java.util.Locale.ROOT, "warming up: %.0f s, %d rounds, the last %s puts/s with the JIT"
                                    + " busy %.0f%% of it%n", seconds, round, KvReport.compact(rate), 100 * compileShare);
                        }
                    });
            Folders.deleteTree(warmupDir);
            System.out.println(KvReport.describe(warmUp));
            r = KvWriteHarness.run(entry.id(), entry.factory(), runDir, settings,
                    (second, writes, total) -> System.out.println(PROGRESS + second + " " + writes + " " + total));
        } catch (PeerUnavailableException e) {
            System.out.println(SKIPPED + e.getMessage() + INSTALL_SEPARATOR + e.installCommand());
            return;
        } catch (Exception e) {
            System.err.println(entry.id() + ": " + e.getMessage());
            System.exit(1);
            return;
        } catch (LinkageError e) {
            // a class the store's library needs is not on this JVM's class path: a jar built without a dependency
            System.err.printf("%s: the writer JVM cannot load a class its store needs (%s: %s); the lab's jar lacks one of"
                    + " the store's dependencies: build it again (mvn -DskipTests package), and report it if that does not help%n", entry.id(), e.getClass().getSimpleName(), e.getMessage());
            System.exit(1);
            return;
        } catch (OutOfMemoryError e) {
            System.err.printf(java.util.Locale.ROOT, "%s: the writer JVM ran out of memory (%sheap %,d MiB, a quarter of the machine's); lower --records%n",
                    entry.id(), e.getMessage() == null ? "" : e.getMessage() + "; ", Runtime.getRuntime().maxMemory() >> 20);
            System.exit(1);
            return;
        }
        if (r.counters() != null) {
            System.out.println("store counters: " + r.counters());
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode out = json.createObjectNode();
        out.put("store", r.store());
        out.put("puts", r.puts());
        out.put("failedPuts", r.failedPuts());
        out.put("finalCount", r.finalCount());
        out.put("seconds", r.seconds());
        out.put("error", r.error());
        var writes = out.putArray("writes");
        for (long w : r.timeline().writes()) {
            writes.add(w);
        }
        out.put("lastIntervalSeconds", r.timeline().lastIntervalSeconds());
        out.set("warmup", KvReport.warmUpJson(json, warmUp));
        json.writeValue(Path.of(args[5]).toFile(), out);
    }
}
