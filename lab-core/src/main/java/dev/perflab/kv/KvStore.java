package dev.perflab.kv;

import java.io.IOException;

/**
 * One open key-value store: the rungs of the ladder and the peers (real databases) behind one interface.
 * Keys and values are byte arrays the store copies; it keeps no reference to them after a call returns.
 *
 * <h2>Assumptions and guarantees</h2>
 * Every method may be called from any number of threads at once, until {@link #close()}. {@link #put}
 * returns {@code true} only once the record is in the store: a later {@link #get} from any thread sees it,
 * and it survives {@link #close()} and a reopen of the same folder. {@link #close()} is called once, after
 * every other call has returned.
 */
public interface KvStore extends AutoCloseable {
    /**
     * Stores {@code value} under {@code key}, replacing an earlier value.
     *
     * @return true if stored; false if the store refused it (a caller that ignores this loses records)
     */
    boolean put(byte[] key, byte[] value) throws IOException;

    /** The value stored under {@code key}, or null. */
    byte[] get(byte[] key) throws IOException;

    /** The number of distinct keys stored. */
    long count() throws IOException;

    /** Writes what is in memory to disk and releases the files; the folder can be opened again. */
    @Override
    void close() throws IOException;
}
