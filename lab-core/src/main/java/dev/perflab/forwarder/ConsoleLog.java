package dev.perflab.forwarder;

import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Exhibit {@code x-console-logging}: the tuned forwarder with one log line formatted and written per message on the
 * receive path, as the report's forwarder did when it received only ~3 MB/s instead of 10 MB/s.
 *
 * <p>Why slow: {@code String.format} allocates and parses its pattern per message, the {@link PrintStream} takes a
 * lock and, flushing per line as a console does, makes one {@code write(2)} system call per message, all on the
 * feed thread. The lines go to {@code /dev/null} so the run's output stays readable; the formatting, the lock and
 * the system call are all still paid. Correct, only slow. One feed thread.
 */
final class ConsoleLog implements AutoCloseable {
    private final PrintStream log = new PrintStream(devNull(), true);

    private static OutputStream devNull() {
        try {
            return new FileOutputStream("/dev/null");
        } catch (FileNotFoundException e) {
            return OutputStream.nullOutputStream();
        }
    }

    /** One line per record of the block, as it arrives. */
    void block(FeedBlock block) {
        for (int i = 0; i < block.count(); i++) {
            int at = block.messageAt(i);
            log.println(String.format("received seq=%d instrument=%d price=%d qty=%d bytes=%d", block.firstSequence() + i,
                    block.buffer().getInt(at + 8), block.buffer().getInt(at + 24), block.buffer().getInt(at + 28), block.length(i)));
        }
    }

    @Override
    public void close() {
        log.close();
    }
}
