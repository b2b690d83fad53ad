package dev.perflab.scenario;

import dev.perflab.io.Scratch;
import dev.perflab.base.Leftovers;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.pump.WireDay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The day a sending role sends ({@code ./lab pump sender}, {@code ./lab forwarder simulator}): a day file given
 * with {@code --day} (checked record by record first: a bad one is {@code FILE:byte OFFSET: problem}, exit 2),
 * or a generated one in a temporary file that {@link #close} deletes.
 */
public final class DaySource implements AutoCloseable {
    /** Largest day file --day takes: several of the report's days (one is about 84 MB). */
    static final long DAY_FILE_LIMIT = 1024 * InputFile.MIB;
    /** Heap per generated message: the generator's array, the day's image, and their overheads (≤ 512-byte messages). */
    static final int HEAP_BYTES_PER_MESSAGE = 1_200;

    private final WireDay day;
    private final Path generated;

    private DaySource(WireDay day, Path generated) {
        this.day = day;
        this.generated = generated;
    }

    /** The options of a role that sends a day: {@code --messages}, {@code --seed}, {@code --day} (a picocli mixin). */
    public static final class Options {
        @Option(names = "--messages", paramLabel = "N", description = "Messages in the generated day. Default: the report's day, "
                + dev.perflab.marketdata.MdfGenerator.DAY_MESSAGES + ".")
        int messages = dev.perflab.marketdata.MdfGenerator.DAY_MESSAGES;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the generated day. Default: ${DEFAULT-VALUE}.")
        long seed;

        @Option(names = "--day", paramLabel = "FILE", description = "Send this day file (./lab mdf generate) instead of generating one.")
        Path dayFile;

        /** The day these options ask for; {@code kind} names a generated day's temporary file ({@link Scratch}). */
        public DaySource open(String kind) throws IOException {
            if (messages < 1) {
                throw new LabException("--messages must be ≥ 1, was " + messages);
            }
            return DaySource.of(dayFile, messages, seed, kind);
        }
    }

    /** {@code dayFile} if given, else a generated day of {@code messages} messages from {@code seed}. */
    public static DaySource of(Path dayFile, int messages, long seed, String kind) throws IOException {
        if (dayFile != null) {
            try {
                return new DaySource(WireDay.checked(dayFile, InputFile.read(dayFile, DAY_FILE_LIMIT, "day files")), null);
            } catch (MdfFormatException e) {
                throw new LabException(e.getMessage());
            }
        }
        InputFile.requireHeap((double) messages * HEAP_BYTES_PER_MESSAGE, "--messages " + messages);
        Path generated = Leftovers.register(Scratch.file(kind, ".bin"));
        return new DaySource(WireDay.generate(messages, seed, generated), generated);
    }

    public WireDay day() {
        return day;
    }

    @Override
    public void close() throws IOException {
        if (generated != null) {
            Files.deleteIfExists(generated);
            Leftovers.release(generated);
        }
    }
}
