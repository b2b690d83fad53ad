package dev.perflab.kv;

import dev.perflab.kv.peers.H2SqlKv;
import dev.perflab.kv.peers.LmdbKv;
import dev.perflab.kv.peers.MvStoreKv;
import dev.perflab.kv.peers.RocksDbKv;
import dev.perflab.kv.peers.TokyoBTreeStore;
import dev.perflab.kv.peers.TokyoHashStore;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;

/**
 * The key-value ladder (report 001): concurrent writers into one embedded store, from a hash file with
 * Tokyo Cabinet's fixed bucket count to striped linear hashing, beside real databases. The ids are the
 * ones the CLI ({@code --store}), JMH's {@code @Param("store")} and the result files use. The last entries are the
 * learner's ({@code student}, an exercise, and {@code mystery}, a lab with a hidden cause): measured only when named.
 */
public final class KvLadder {
    public static final String COMPONENT = "kv";

    public static final Ladder<KvStoreFactory> LADDER = new Ladder<>(COMPONENT,
            "Concurrent key-value writes (report 001): the bucket-count collapse", List.of(
            new Entry<>("r0-fixed-buckets", Kind.RUNG,
                    "memory-mapped hash file, 131,071 chained buckets (Tokyo Cabinet's default): chains grow, puts slow down",
                    (dir, n) -> new FixedBucketStore(dir)),
            new Entry<>("r1-sized-buckets", Kind.RUNG,
                    "r0 with buckets = 2 × expected records, fixed at creation",
                    SizedBucketStore::new),
            new Entry<>("r2-growing", Kind.RUNG,
                    "linear hashing: buckets split one at a time, kept ≥ 2 × records, no count needed",
                    (dir, n) -> new LinearHashStore(dir)),
            new Entry<>("r3-striped", Kind.RUNG,
                    "16 linear-hash segments, one lock each: writers stop queueing on one lock",
                    (dir, n) -> new StripedStore(dir)),
            new Entry<>("r4-append-only", Kind.RUNG,
                    "r3 with the chain links and hashes in a heap index: records appended once, never read by a split or a put of a new key",
                    (dir, n) -> new AppendOnlyStore(dir)),
            new Entry<>("r5-probed-index", Kind.RUNG,
                    "r4 with each segment's index one open-addressing table: a put reads one home slot's cache line instead of a head, a chain and two splits",
                    ProbedStore::new),
            new Entry<>("r6-pages-ahead", Kind.RUNG,
                    "r5 with a thread that makes the record files' pages dirty ahead of the writers: no writer takes a page's first-write fault while it holds a segment lock",
                    ProbedStore::pagesAhead),
            new Entry<>("r7-write-behind", Kind.RUNG,
                    "r6 whose page thread also writes each megabyte back to disk once the writers are past it: no writeback bursts",
                    ProbedStore::writeBehind),
            new Entry<>("peer-tokyo-hash", Kind.PEER,
                    "Tokyo Cabinet 1.4 hash database (Debian libtokyocabinet9, JNA), default bnum 131,071",
                    (dir, n) -> TokyoHashStore.defaultBuckets(dir)),
            new Entry<>("peer-tokyo-hash-sized", Kind.PEER,
                    "Tokyo Cabinet hash database, bnum = 2 × expected records",
                    TokyoHashStore::sized),
            new Entry<>("peer-tokyo-btree", Kind.PEER,
                    "Tokyo Cabinet B+tree database, defaults",
                    (dir, n) -> TokyoBTreeStore.defaults(dir)),
            new Entry<>("peer-tokyo-btree-sized", Kind.PEER,
                    "Tokyo Cabinet B+tree database, its page hash's bnum = 2 × the leaf pages of the expected records (its header's advice)",
                    TokyoBTreeStore::sized),
            new Entry<>("peer-mvstore", Kind.PEER,
                    "H2 MVStore 2.3.232: log-structured copy-on-write B-tree",
                    (dir, n) -> new MvStoreKv(dir)),
            new Entry<>("peer-lmdb", Kind.PEER,
                    "LMDB via lmdbjava 0.9.0: memory-mapped B+tree, direct buffers, MDB_WRITEMAP, MDB_NOSYNC; one write transaction per put, committed when the put returns",
                    LmdbKv::perPut),
            new Entry<>("peer-lmdb-batched", Kind.PEER,
                    "peer-lmdb loaded as LMDB is meant to be: write transactions of 10,000 puts; a put returns before its batch commits (a process crash loses the batch)",
                    LmdbKv::batched),
            new Entry<>("peer-rocksdb", Kind.PEER,
                    "RocksDB 9.7.3 (rocksdbjni): LSM tree, default options, write-ahead log on (not synced: a process crash loses nothing)",
                    (dir, n) -> RocksDbKv.withWal(dir)),
            new Entry<>("peer-rocksdb-no-wal", Kind.PEER,
                    "RocksDB without its write-ahead log: like the rungs, no log is written (a process crash loses the memtable)",
                    (dir, n) -> RocksDbKv.withoutWal(dir)),
            new Entry<>("peer-h2-sql", Kind.PEER,
                    "H2 2.3.232 SQL table, MERGE per put, auto-commit: the relational peer",
                    (dir, n) -> new H2SqlKv(dir)),
            new Entry<>("x-store-per-thread", Kind.EXHIBIT,
                    "the report's first harness: a store object per thread, put results ignored (r3 underneath)",
                    exhibit(WriterLayout.STORE_PER_THREAD)),
            new Entry<>("x-same-keys-per-thread", Kind.EXHIBIT,
                    "the report's corrected harness: every thread's key index starts at 0 (r3 underneath)",
                    exhibit(WriterLayout.SAME_KEYS_PER_THREAD)),
            new Entry<>("student", Kind.EXERCISE,
                    "exercise \"make the bucket table grow\": r1 without the expected count, linear hashing's split written by you (StudentStore, exercises/README.md)",
                    (dir, n) -> new StudentStore(dir)),
            new Entry<>("mystery", Kind.EXERCISE,
                    "mystery: a correct store slower than it should be, for a reason to find (MysteryStore, exercises/mysteries.md)",
                    (dir, n) -> new MysteryStore(dir)))).withContract(new KvContract());

    private KvLadder() {
    }

    private static KvStoreFactory exhibit(WriterLayout layout) {
        return new KvStoreFactory() {
            @Override
            public KvStore open(java.nio.file.Path dir, long expectedRecords) throws java.io.IOException {
                return new StripedStore(dir);
            }

            @Override
            public WriterLayout layout() {
                return layout;
            }
        };
    }
}
