package dev.perflab.kv;

/**
 * A store built on {@link ChainedHashFile} reports its own counters: how long its chains are, how often it
 * split a bucket and mapped a new chunk of its files. The contract uses them to check that the bucket
 * table keeps up with the records; {@code ./lab run kv} prints them after each rung's run.
 */
public interface HashCounters {
    /** The counters now: cheap (no walk), but under the store's locks, so not for the hot path. */
    Counters counters();

    /** Records in the longest chain; walks every chain (O(buckets + records)): for tests. */
    long longestChain();

    /**
     * The longest {@link #longestChain()} the contract accepts after {@link KvContract#GROWTH_RECORDS} puts: a
     * table that grows with its records stays below it, one that does not goes far past it.
     */
    default long longestChainAllowed() {
        return KvContract.LONGEST_CHAIN;
    }

    /**
     * @param records      records in the store
     * @param buckets      buckets in use
     * @param splits       bucket splits since the store was opened (not persisted)
     * @param maps         chunks of the index and data files mapped since open (each grows a file)
     * @param mapNanos     time spent mapping them, ns
     * @param mappedBytes  bytes mapped now, index and data files together
     */
    record Counters(long records, long buckets, long splits, long maps, long mapNanos, long mappedBytes) {
        /** Records per bucket. */
        public double load() {
            return buckets == 0 ? 0 : records / (double) buckets;
        }

        /** The counters of two segments together. */
        public Counters plus(Counters o) {
            return new Counters(records + o.records, buckets + o.buckets, splits + o.splits, maps + o.maps, mapNanos + o.mapNanos, mappedBytes + o.mappedBytes);
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT,
                    "%,d records in %,d buckets (load %.2f), %,d splits, %d chunks mapped in %.1f ms (%,d MiB)",
                    records, buckets, load(), splits, maps, mapNanos / 1e6, mappedBytes >> 20);
        }
    }
}
