package dev.perflab.kv;

import java.io.IOException;

/** A store for the harness's own tests: its put is whatever the test says; it holds nothing, so it counts 0. */
final class StubStore implements KvStore {
    /** What a put does: return the store's answer, or throw as a failing store would. */
    @FunctionalInterface
    interface Put {
        boolean put(byte[] key, byte[] value) throws IOException;
    }

    private final Put put;

    private StubStore(Put put) {
        this.put = put;
    }

    /** A factory whose every store puts with {@code put}. */
    static KvStoreFactory factory(Put put) {
        return (dir, expectedRecords) -> new StubStore(put);
    }

    @Override
    public boolean put(byte[] key, byte[] value) throws IOException {
        return put.put(key, value);
    }

    @Override
    public byte[] get(byte[] key) {
        return null;
    }

    @Override
    public long count() {
        return 0;
    }

    @Override
    public void close() {
    }
}
