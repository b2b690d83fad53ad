package dev.perflab.kv;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A file read and written through memory maps of fixed-size chunks, growing a chunk at a time. A single
 * {@link MappedByteBuffer} reaches only 2 GiB, so offsets are longs split into (chunk, position); callers
 * keep every item inside one chunk (the hash file's records and buckets never straddle a boundary).
 *
 * <pre>
 *   file offset:  0 ──────────── chunkBytes ──────────── 2·chunkBytes ──── …
 *                 │   chunk 0    │       chunk 1         │   chunk 2 (mapped when first reached)
 * </pre>
 *
 * <p>Not thread-safe: the store that owns it serializes every call under its lock.
 */
final class MappedFile implements AutoCloseable {
    private final FileChannel channel;
    private final int chunkShift;
    private final long chunkMask;
    private final List<MappedByteBuffer> chunks = new ArrayList<>();
    private long mapNanos;

    MappedFile(Path file, int chunkBytes) throws IOException {
        if (Integer.bitCount(chunkBytes) != 1) {
            throw new IllegalArgumentException("chunkBytes must be a power of two: " + chunkBytes);
        }
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        this.chunkShift = Integer.numberOfTrailingZeros(chunkBytes);
        this.chunkMask = chunkBytes - 1L;
        long size = channel.size();
        ensureCapacity(Math.max(size, 1));
    }

    long chunkBytes() {
        return chunkMask + 1;
    }

    /** Maps chunks until {@code [0, end)} is reachable; the file grows (sparse) to cover them. */
    void ensureCapacity(long end) throws IOException {
        while (((long) chunks.size() << chunkShift) < end) {
            long start = System.nanoTime();
            chunks.add(channel.map(FileChannel.MapMode.READ_WRITE, (long) chunks.size() << chunkShift, chunkBytes()));
            mapNanos += System.nanoTime() - start;
        }
    }

    /** Chunks mapped since open (each one a {@code mmap} and a file extension). */
    int maps() {
        return chunks.size();
    }

    /** Time spent in {@code FileChannel.map} since open, ns: the file's growth as its owner sees it. */
    long mapNanos() {
        return mapNanos;
    }

    long mappedBytes() {
        return (long) chunks.size() << chunkShift;
    }

    long getLong(long offset) {
        return chunk(offset).getLong(pos(offset));
    }

    void putLong(long offset, long value) {
        chunk(offset).putLong(pos(offset), value);
    }

    int getInt(long offset) {
        return chunk(offset).getInt(pos(offset));
    }

    void putInt(long offset, int value) {
        chunk(offset).putInt(pos(offset), value);
    }

    void get(long offset, byte[] dst) {
        chunk(offset).get(pos(offset), dst);
    }

    void put(long offset, byte[] src) {
        chunk(offset).put(pos(offset), src);
    }

    /**
     * Where an item of {@code length} bytes goes at or after {@code at}: {@code at}, or the next chunk's
     * start when it would cross into that chunk. Maps what it needs.
     */
    long fitInChunk(long at, long length) throws IOException {
        long start = (at & chunkMask) + length > chunkBytes() ? (at | chunkMask) + 1 : at;
        ensureCapacity(start + length);
        return start;
    }

    /** Writes the key's and the value's lengths (4 B each), the key, then the value at {@code at}; returns the end. */
    long putKeyValue(long at, byte[] key, byte[] value) {
        putInt(at, key.length);
        putInt(at + 4, value.length);
        put(at + 8, key);
        put(at + 8 + key.length, value);
        return at + 8 + key.length + value.length;
    }

    /** Whether the {@code length} bytes at {@code offset} equal {@code bytes}. */
    boolean equalsAt(long offset, byte[] bytes) {
        MappedByteBuffer c = chunk(offset);
        int p = pos(offset);
        for (int i = 0; i < bytes.length; i++) {
            if (c.get(p + i) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    /** The mapped chunk holding {@code offset} (for a helper thread that touches its pages: no other use). */
    MappedByteBuffer chunkOf(long offset) {
        return chunk(offset);
    }

    /** {@code offset}'s position in its chunk. */
    int positionOf(long offset) {
        return pos(offset);
    }

    private MappedByteBuffer chunk(long offset) {
        return chunks.get((int) (offset >>> chunkShift));
    }

    private int pos(long offset) {
        return (int) (offset & chunkMask);
    }

    /** Writes every mapped page to the file and closes it (the maps are released by the GC). */
    @Override
    public void close() throws IOException {
        for (MappedByteBuffer c : chunks) {
            c.force();
        }
        chunks.clear();
        channel.close();
    }
}
