package dev.perflab.pump;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/** A day's bytes broken in the ways a pump could break them, for {@link PumpContract} and the tests. */
final class BrokenStreams {
    private BrokenStreams() {
    }

    /** The day's bytes with record {@code i} left out (a lost message). */
    static byte[] lose(WireDay day, int i) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(day.image(), 0, day.recordOffset(i));
        out.write(day.image(), day.recordOffset(i + 1), day.bytes() - day.recordOffset(i + 1));
        return out.toByteArray();
    }

    /** The day's bytes with record {@code i} sent twice; the last record is dropped so the count still fits. */
    static byte[] duplicate(WireDay day, int i) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(day.image(), 0, day.recordOffset(i + 1));
        out.write(day.image(), day.recordOffset(i), day.recordOffset(day.messages() - 1) - day.recordOffset(i));
        return out.toByteArray();
    }

    /** Records {@code i} and {@code i + 1} swapped. */
    static byte[] swap(WireDay day, int i) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(day.image(), 0, day.recordOffset(i));
        out.write(day.image(), day.recordOffset(i + 1), day.recordOffset(i + 2) - day.recordOffset(i + 1));
        out.write(day.image(), day.recordOffset(i), day.recordOffset(i + 1) - day.recordOffset(i));
        out.write(day.image(), day.recordOffset(i + 2), day.bytes() - day.recordOffset(i + 2));
        return out.toByteArray();
    }

    /** One payload byte of record {@code i} flipped. */
    static byte[] corrupt(WireDay day, int i) {
        byte[] bytes = Arrays.copyOf(day.image(), day.bytes());
        bytes[day.recordOffset(i) + 4 + 40] ^= 0x5A;
        return bytes;
    }

    /** The day cut {@code bytes} before its end. */
    static byte[] truncate(WireDay day, int bytes) {
        return Arrays.copyOf(day.image(), day.bytes() - bytes);
    }
}
