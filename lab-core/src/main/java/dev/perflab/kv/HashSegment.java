package dev.perflab.kv;

/**
 * One segment of a striped store ({@link StripedStore}): a store of its own, under its own lock, that reports
 * its counters. r3 and r4 stripe linear-hash files ({@link LinearHashChains}), r5 open-addressing ones
 * ({@link ProbedIndexFile}).
 */
interface HashSegment extends KvStore, HashCounters {
    /** As {@link KvStore#get}; a segment reads only memory it holds, so it throws no I/O error. */
    @Override
    byte[] get(byte[] key);

    /** As {@link KvStore#count}, counted in memory. */
    @Override
    long count();
}
