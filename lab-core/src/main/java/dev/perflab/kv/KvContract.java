package dev.perflab.kv;

import dev.perflab.io.Scratch;
import dev.perflab.ladder.Check;
import dev.perflab.ladder.Contract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The one contract every rung and peer of the key-value ladder passes (exhibits excepted), as named
 * checks: put, get, overwrite with longer, equal and empty values, count, a reopen that keeps it all,
 * four writers through {@link KvWriteHarness} losing nothing, a bucket table that keeps up with the
 * records (stores that report {@link HashCounters}), and seeded random puts and gets agreeing with a
 * {@link HashMap} get by get and after a reopen.
 *
 * <p>{@code KvStoreContractTest} runs these for every correct entry, {@code KvDifferentialTest} runs
 * {@link #assertAgreesWithAMap} on jqwik's operation lists, and {@code ./lab check kv --rung ID} runs them
 * for one entry (the learner's {@code student} rung, say). Each check works in its own temporary folder,
 * removed afterwards, and throws an {@link AssertionError} saying what was expected and what happened.
 */
public final class KvContract implements Contract<KvStoreFactory> {
    /** Records of the put/get and reopen checks: more than r2's first 1,024 buckets hold at two per record. */
    public static final int RECORDS = 5_000;
    /**
     * Records of the bucket-table check: twenty times what a table of 1,024 buckets holds at two per
     * record, so a table that does not grow shows chains of tens of records.
     */
    public static final int GROWTH_RECORDS = 20_000;
    /**
     * Longest chain allowed after {@link #GROWTH_RECORDS}: at half a record per bucket a chain of 12 is
     * already a one-in-millions event for a good hash; a table that stopped growing has chains of 40+.
     */
    public static final int LONGEST_CHAIN = 12;
    /** Writer threads of the concurrent check. */
    public static final int WRITERS = 4;
    /** Seeded random operation lists of the differential check, seeds 1..n. */
    public static final int RANDOM_SEQUENCES = 5;
    /**
     * Keys and operations of each seeded sequence: about 1,800 distinct keys, past the 512 records at
     * which a 1,024-bucket table starts to split, so the differential check covers splits too.
     */
    static final int RANDOM_KEYS = 2_000;
    static final int RANDOM_OPS = 4_000;
    static final int RANDOM_MAX_VALUE_BYTES = 70;

    /** One operation of a differential sequence: a get of {@code key}, or a put of {@link #value()}. */
    public record Op(int key, int valueLength, boolean isGet) {
        /** The value a put writes: deterministic in key and length, so overwrites change bytes and length. */
        public byte[] value() {
            byte[] v = new byte[valueLength];
            for (int i = 0; i < v.length; i++) {
                v[i] = (byte) (key * 31 + i);
            }
            return v;
        }
    }

    @Override
    public List<Check> checks(KvStoreFactory store) {
        return List.of(
                inFolder("emptyStoreHasNothing", store, dir -> {
                    try (KvStore s = store.open(dir, RECORDS)) {
                        expect(0L, s.count(), "count of a new store");
                        expect(null, s.get(KvRecords.key(1)), "get of a key never put");
                    }
                }),
                inFolder("putThenGetEveryRecord", store, dir -> {
                    try (KvStore s = store.open(dir, RECORDS)) {
                        putAll(s, RECORDS);
                        expect((long) RECORDS, s.count(), "count after " + RECORDS + " puts of distinct keys");
                        getAll(s, RECORDS, 1, "");
                        expect(null, s.get(KvRecords.key(RECORDS)), "get of key " + RECORDS + ", never put");
                    }
                }),
                inFolder("overwriteKeepsCountAndReplacesValue", store, dir -> {
                    byte[] key = KvRecords.key(7);
                    byte[] longer = "a value longer than the first one, so it cannot be written in place".getBytes(StandardCharsets.US_ASCII);
                    byte[] same = "a value longer than the first one, so it CANNOT be written in place".getBytes(StandardCharsets.US_ASCII);
                    try (KvStore s = store.open(dir, RECORDS)) {
                        put(s, key, KvRecords.value(7));
                        put(s, key, longer);
                        expect(longer, s.get(key), "get after an overwrite with a longer value");
                        put(s, key, same);
                        expect(same, s.get(key), "get after an overwrite with a value of the same length");
                        put(s, key, new byte[0]);
                        expect(new byte[0], s.get(key), "get after an overwrite with an empty value");
                        expect(1L, s.count(), "count after four puts of one key");
                    }
                }),
                inFolder("reopenKeepsEveryRecord", store, dir -> {
                    try (KvStore s = store.open(dir, RECORDS)) {
                        putAll(s, RECORDS);
                    }
                    try (KvStore s = store.open(dir, RECORDS)) {
                        expect((long) RECORDS, s.count(), "count after close and reopen");
                        getAll(s, RECORDS, 97, " after reopen");
                        put(s, KvRecords.key(RECORDS), KvRecords.value(RECORDS));
                        expect(RECORDS + 1L, s.count(), "count after one more put into the reopened store");
                    }
                }),
                inFolder("concurrentWritersLoseNothing", store, dir -> {
                    KvRunResult r = KvWriteHarness.run("checked", store, dir, new KvRunSettings(RECORDS, WRITERS, 60), null);
                    if (!r.countMatches()) {
                        throw new AssertionError(WRITERS + " writers, " + RECORDS + " distinct keys: " + r.failure());
                    }
                    expect((long) RECORDS, r.finalCount(), "records after " + WRITERS + " writers put " + RECORDS + " distinct keys");
                }),
                inFolder("bucketTableKeepsUpWithTheRecords", store, dir -> {
                    try (KvStore s = store.open(dir, GROWTH_RECORDS)) {
                        putAll(s, GROWTH_RECORDS);
                        expect((long) GROWTH_RECORDS, s.count(), "count after " + GROWTH_RECORDS + " puts");
                        if (s instanceof HashCounters h) {
                            long longest = h.longestChain();
                            if (longest > h.longestChainAllowed()) {
                                throw new AssertionError(String.format(java.util.Locale.ROOT,
                                        "after %,d puts: %s, longest chain %d; expected no chain longer than %d: make the bucket table grow with the records",
                                        GROWTH_RECORDS, h.counters(), longest, h.longestChainAllowed()));
                            }
                        }
                        getAll(s, GROWTH_RECORDS, 13, "");
                    }
                }),
                inFolder("agreesWithAMapOnRandomOperations", store, dir -> {
                    for (int seed = 1; seed <= RANDOM_SEQUENCES; seed++) {
                        assertAgreesWithAMap(randomOps(seed), store, dir.resolve("seed-" + seed), "seed " + seed);
                    }
                }));
    }

    /** A seeded random sequence over {@value #RANDOM_KEYS} keys, a quarter gets: overwrites with changing lengths are common. */
    public static List<Op> randomOps(long seed) {
        Random random = new Random(seed);
        List<Op> ops = new ArrayList<>(RANDOM_OPS);
        for (int i = 0; i < RANDOM_OPS; i++) {
            ops.add(new Op(random.nextInt(RANDOM_KEYS + 1), random.nextInt(RANDOM_MAX_VALUE_BYTES + 1), random.nextInt(4) == 0));
        }
        return ops;
    }

    /**
     * Replays {@code ops} through a store opened in {@code dir} and through a {@link HashMap}: every get
     * must agree; then the store is closed and reopened and must hold exactly the map's records.
     *
     * @throws AssertionError naming {@code what}, the operation's position and key, expected and actual value
     */
    public static void assertAgreesWithAMap(List<Op> ops, KvStoreFactory store, Path dir, String what) throws IOException {
        Map<Integer, byte[]> model = new HashMap<>();
        try (KvStore s = store.open(dir, 100)) {
            for (int i = 0; i < ops.size(); i++) {
                Op op = ops.get(i);
                if (op.isGet()) {
                    expect(model.get(op.key()), s.get(KvRecords.key(op.key())), what + ", op #" + i + " get key " + op.key());
                } else {
                    put(s, KvRecords.key(op.key()), op.value());
                    model.put(op.key(), op.value());
                }
            }
        }
        try (KvStore s = store.open(dir, 100)) {
            expect((long) model.size(), s.count(), what + ", count after reopen");
            for (Map.Entry<Integer, byte[]> m : model.entrySet()) {
                expect(m.getValue(), s.get(KvRecords.key(m.getKey())), what + ", key " + m.getKey() + " after reopen");
            }
        }
    }

    @FunctionalInterface
    private interface InFolder {
        void run(Path dir) throws Exception;
    }

    /** A check that runs in a fresh temporary folder, removed afterwards whatever happened. */
    private static Check inFolder(String name, KvStoreFactory store, InFolder body) {
        return new Check(name, () -> {
            Path dir = Scratch.folder("kv-check");
            try {
                body.run(dir.resolve("store"));
            } finally {
                Folders.deleteTree(dir);
            }
        });
    }

    private static void putAll(KvStore s, int records) throws IOException {
        for (int i = 0; i < records; i++) {
            put(s, KvRecords.key(i), KvRecords.value(i));
        }
    }

    private static void getAll(KvStore s, int records, int step, String when) throws IOException {
        for (int i = 0; i < records; i += step) {
            expect(KvRecords.value(i), s.get(KvRecords.key(i)), "get of key " + i + when);
        }
    }

    private static void put(KvStore s, byte[] key, byte[] value) throws IOException {
        if (!s.put(key, value)) {
            throw new AssertionError("put of key " + new String(key, StandardCharsets.US_ASCII) + " returned false");
        }
    }

    private static void expect(Object expected, Object actual, String what) {
        boolean same = expected instanceof byte[] e && actual instanceof byte[] a ? Arrays.equals(e, a)
                : java.util.Objects.equals(expected, actual);
        if (!same) {
            throw new AssertionError(what + ": expected " + show(expected) + " but was " + show(actual));
        }
    }

    /** A value as text when it is printable ASCII or tabs (the harness's records), else as hex; with its length. */
    private static String show(Object o) {
        if (!(o instanceof byte[] b)) {
            return String.valueOf(o);
        }
        boolean printable = true;
        for (byte x : b) {
            printable &= x == '\t' || x >= 0x20 && x < 0x7f;
        }
        return (printable ? "\"" + new String(b, StandardCharsets.US_ASCII).replace("\t", "\\t") + "\"" : "0x" + java.util.HexFormat.of().formatHex(b))
                + " (" + b.length + " B)";
    }
}
