package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Opens a store in a folder: a new, empty one if the folder is empty, else the records already there.
 * The ladder's entries hold one factory each.
 */
@FunctionalInterface
public interface KvStoreFactory {
    /**
     * @param dir             the store's folder (created if missing); the store owns everything in it
     * @param expectedRecords how many records the run means to write: only a store tuned by hand
     *                        (the sized rung, Tokyo Cabinet with {@code bnum}) uses it
     * @throws PeerUnavailableException if the store needs a native library that is not installed
     */
    KvStore open(Path dir, long expectedRecords) throws IOException;

    /** How the harness's writers use the store: correct for every rung and peer, wrong for the exhibits. */
    default WriterLayout layout() {
        return WriterLayout.SHARED_STORE_DISTINCT_KEYS;
    }
}
