package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The append-only record file of r4 and r5 ({@code kv.dat}): records written once, at its end, never read
 * by a put of a new key nor touched again. Its index (where each key's last record is) is the owner's: r4's
 * chained linear hashing ({@link AppendOnlyHashFile}), r5's open addressing ({@link ProbedIndexFile}).
 *
 * <pre>
 *   kv.dat (mapped in chunks)
 *   ┌─────────────────────────┐ 0
 *   │ magic "PLKVAPND"    8 B │
 *   │ dataEnd             8 B │ written at close
 *   │ keys                8 B │ written at close
 *   ├─────────────────────────┤ 24
 *   │ keyLen 4 B │ valLen 4 B │ one record, unaligned, never across a map chunk
 *   │ key, value              │ (int -1 where a record would cross: the rest of the chunk is unused)
 *   │ …                       │
 *   └─────────────────────────┘ dataEnd
 * </pre>
 *
 * <p>Not thread-safe: the owner calls it under its segment's lock.
 */
final class RecordLog {
    private static final long MAGIC = 0x504C4B5641504E44L; // "PLKVAPND"
    private static final long H_DATA_END = 8, H_COUNT = 16;
    static final int HEADER_BYTES = 24;
    private static final int RECORD_HEADER_BYTES = 8;
    /** Marks the rest of a map chunk as unused: no record starts with a negative key length. */
    private static final int SKIP_TO_NEXT_CHUNK = -1;

    /** What a reopen finds, record by record, in file order. */
    @FunctionalInterface
    interface RecordVisitor {
        void record(long offset, byte[] key) throws IOException;
    }

    /** How far past the end pages are made dirty ahead of the writers (r6), and in what steps. */
    static final long TOUCH_AHEAD_BYTES = 8L << 20;
    private static final long TOUCH_STEP_BYTES = 1L << 20;

    private final MappedFile data;
    private long dataEnd;
    /** r6: the thread that makes pages dirty ahead of {@code dataEnd}, else null. */
    private final PageToucher toucher;
    private final long touchStep;
    /** r6: pages before this offset have been handed to the toucher. */
    private long touchedTo;
    /** r7: pages before this offset have been handed to the write-behind thread. */
    private long writtenBackTo;
    /** The key count written at the last close (0 for a new file). */
    private final long keysAtClose;

    RecordLog(Path dir, int chunkBytes) throws IOException {
        this(dir, chunkBytes, null);
    }

    /** With a {@code toucher}, pages are made dirty {@link #TOUCH_AHEAD_BYTES} ahead of the appends (r6). */
    RecordLog(Path dir, int chunkBytes, PageToucher toucher) throws IOException {
        this.toucher = toucher;
        this.touchStep = Math.min(TOUCH_STEP_BYTES, chunkBytes);
        Files.createDirectories(dir);
        this.data = new MappedFile(dir.resolve("kv.dat"), chunkBytes);
        if (data.getLong(0) == MAGIC) {
            dataEnd = data.getLong(H_DATA_END);
            keysAtClose = data.getLong(H_COUNT);
            data.ensureCapacity(dataEnd);
        } else {
            dataEnd = HEADER_BYTES;
            keysAtClose = 0;
            data.putLong(H_DATA_END, dataEnd);
            data.putLong(0, MAGIC);
        }
        touchedTo = dataEnd & -touchStep;
        writtenBackTo = touchedTo;
    }

    /** Distinct keys the file held when it was last closed: the owner sizes its index for them before {@link #scan}. */
    long keysAtClose() {
        return keysAtClose;
    }

    /** Visits every record in file order, so the last record of a key comes last (the index's rebuild). */
    void scan(RecordVisitor visitor) throws IOException {
        long chunk = data.chunkBytes();
        for (long at = HEADER_BYTES; at < dataEnd; ) {
            long left = chunk - (at & (chunk - 1));
            if (left < RECORD_HEADER_BYTES || data.getInt(at) == SKIP_TO_NEXT_CHUNK) {
                at += left;
                continue;
            }
            byte[] key = new byte[data.getInt(at)];
            data.get(at + RECORD_HEADER_BYTES, key);
            visitor.record(at, key);
            at += RECORD_HEADER_BYTES + key.length + data.getInt(at + 4);
        }
    }

    /** Appends a record; returns its offset (never 0: the header is there). */
    long append(byte[] key, byte[] value) throws IOException {
        long at = data.fitInChunk(dataEnd, RECORD_HEADER_BYTES + key.length + value.length);
        if (at - dataEnd >= Integer.BYTES) {
            data.putInt(dataEnd, SKIP_TO_NEXT_CHUNK);
        }
        dataEnd = data.putKeyValue(at, key, value);
        if (toucher != null && dataEnd + TOUCH_AHEAD_BYTES > touchedTo) {
            touchAhead();
        }
        if (toucher != null && toucher.writesBehind() && dataEnd >= writtenBackTo + touchStep) {
            writeBehind();
        }
        return at;
    }

    /** r7: hands the write-behind thread every step the appends have passed (no record is written there again). */
    private void writeBehind() {
        while (dataEnd >= writtenBackTo + touchStep) {
            int from = data.positionOf(writtenBackTo);
            toucher.writeBack(data.chunkOf(writtenBackTo), from, (int) (from + touchStep));
            writtenBackTo += touchStep;
        }
    }

    /** Maps and hands the toucher the next step of pages (steps divide chunks, so a step is in one chunk). */
    private void touchAhead() throws IOException {
        while (dataEnd + TOUCH_AHEAD_BYTES > touchedTo) {
            data.ensureCapacity(touchedTo + touchStep);
            int from = data.positionOf(touchedTo);
            toucher.touch(data.chunkOf(touchedTo), from, (int) (from + touchStep));
            touchedTo += touchStep;
        }
    }

    /** Whether the record at {@code at} has key {@code key}. */
    boolean keyEquals(long at, byte[] key) {
        return data.getInt(at) == key.length && data.equalsAt(at + RECORD_HEADER_BYTES, key);
    }

    /** A copy of the value of the record at {@code at}. */
    byte[] valueOf(long at) {
        byte[] value = new byte[data.getInt(at + 4)];
        data.get(at + RECORD_HEADER_BYTES + data.getInt(at), value);
        return value;
    }

    int maps() {
        return data.maps();
    }

    long mapNanos() {
        return data.mapNanos();
    }

    long mappedBytes() {
        return data.mappedBytes();
    }

    /** Writes {@code dataEnd} and the key count into the header, forces the pages to disk and closes. */
    void close(long keys) throws IOException {
        data.putLong(H_DATA_END, dataEnd);
        data.putLong(H_COUNT, keys);
        data.close();
    }
}
