package dev.perflab.pump;

import dev.perflab.marketdata.DayFile;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.marketdata.MdfGenerator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A day of market data as the pumps put it on the wire: the bytes of a day file ({@link DayFile}), so the
 * stream a receiver sees is day files back to back and {@code transferTo} can send the file itself.
 *
 * <pre>
 *   wire:  ┌ day file 1 ─────────────────────────────┐┌ day file 2 ──────── …  EOF (only between days)
 *          │ header 16 B │ len│msg│crc │ len│msg│crc │…│ header 16 B │ …
 *          └─────────────┴────────────┴────────────┴─┘└────────────
 *   recordOffsets[i] = where record i (length, message, CRC-32C) starts in image()
 * </pre>
 *
 * Immutable after construction; the image is shared read-only by the senders.
 */
public final class WireDay {
    private final Path file;
    private final byte[] image;
    private final int[] recordOffsets;

    private WireDay(Path file, byte[] image) {
        this.file = file;
        this.image = image;
        ByteBuffer view = ByteBuffer.wrap(image);
        int count = Math.toIntExact(view.getLong(8));
        recordOffsets = new int[count + 1];
        int at = DayFile.HEADER_BYTES;
        for (int i = 0; i < count; i++) {
            recordOffsets[i] = at;
            at += 4 + view.getInt(at) + 4;
        }
        recordOffsets[count] = at;
    }

    /** Generates a deterministic day ({@link MdfGenerator#day}) and writes it to {@code file}. */
    public static WireDay generate(int messages, long seed, Path file) throws IOException {
        DayFile.write(file, MdfGenerator.day(messages, seed));
        return load(file);
    }

    /** A day file already on disk (read whole into memory; {@link #file()} stays for zero-copy senders). */
    public static WireDay load(Path file) throws IOException {
        return new WireDay(file, Files.readAllBytes(file));
    }

    /**
     * The day file {@code file} whose bytes are {@code image}, checked record by record first.
     *
     * @throws MdfFormatException at the first bad byte, naming the file and the offset
     */
    public static WireDay checked(Path file, byte[] image) throws MdfFormatException {
        try {
            DayFile.read(new java.io.ByteArrayInputStream(image), file.toString(), bytes -> { });
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a byte array does not fail to read
        }
        return new WireDay(file, image);
    }

    public Path file() {
        return file;
    }

    /** The whole day file, header included: read-only by contract. */
    public byte[] image() {
        return image;
    }

    public int messages() {
        return recordOffsets.length - 1;
    }

    /** Bytes of one day on the wire. */
    public int bytes() {
        return image.length;
    }

    /** Where record {@code i} starts in {@link #image()}; {@code i == messages()} gives the end. */
    public int recordOffset(int i) {
        return recordOffsets[i];
    }
}
