package dev.perflab.kv;

import java.nio.charset.StandardCharsets;

/**
 * The records the harness writes, shaped like report 001's: key {@code <index>asdf}, value a few short
 * columns separated by tabs (about 40 bytes). Deterministic in the index, so a test can check any record.
 */
public final class KvRecords {
    private static final String[] STATUS = {"ACTIVE", "PENDING", "CLOSED"};
    private static final long EPOCH_SECONDS = 1_700_000_000L;

    private KvRecords() {
    }

    public static byte[] key(long index) {
        return (index + "asdf").getBytes(StandardCharsets.US_ASCII);
    }

    public static byte[] value(long index) {
        return ("user" + index + '\t' + (index % 1000) + '\t' + STATUS[(int) (index % STATUS.length)] + '\t'
                + (EPOCH_SECONDS + index % 86_400)).getBytes(StandardCharsets.US_ASCII);
    }
}
