package dev.perflab.kv;

/**
 * How the harness's writer threads share the store and split the keys. The report's first harness got
 * this wrong twice; each mistake is kept as an exhibit, and the harness's count check catches both.
 */
public enum WriterLayout {
    /** One store shared by every writer; each index is written once, by the writer that claimed its block ({@link KvWriteHarness}). */
    SHARED_STORE_DISTINCT_KEYS,
    /**
     * {@code x-store-per-thread}: each writer opens its own store object (here its own folder) and ignores
     * the result of each put. The shared store that is checked afterwards never saw those writes.
     */
    STORE_PER_THREAD,
    /**
     * {@code x-same-keys-per-thread}: one shared store, but every writer counts its key index from 0, so
     * the writers overwrite each other's keys and the store ends with about 1/n of the puts as records.
     */
    SAME_KEYS_PER_THREAD
}
