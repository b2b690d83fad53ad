package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;

/**
 * Exhibit {@code x-logging-hot-path}: r3's ring with one log line formatted and written per message on the
 * write path, as the report's forwarder did when it received only ~3 MB/s instead of 10 MB/s.
 *
 * <p>Why slow: {@code String.format} allocates and parses its pattern per message, the {@link PrintStream}
 * takes a lock and, flushing per line as a console does, makes one {@code write(2)} system call per
 * message. The lab writes the lines to {@code /dev/null} (not the terminal) so its output stays readable;
 * the formatting, the lock and the system call are all still paid. Correct, only slow: it passes the
 * contract suite's checks in its own test, and {@code MdfExhibitsTest} shows it writes one line per message.
 */
public final class LoggingHotPathRing extends SingleWriterRing {
    private final PrintStream log;

    public LoggingHotPathRing(RingSize size, HistoryStore history) {
        this(size, history, new PrintStream(devNull(), true));
    }

    public LoggingHotPathRing(RingSize size, HistoryStore history, PrintStream log) {
        super(size, history, true);
        this.log = log;
    }

    private static OutputStream devNull() {
        try {
            return new FileOutputStream("/dev/null");
        } catch (FileNotFoundException e) {
            return OutputStream.nullOutputStream();
        }
    }

    @Override
    public void append(ByteBuffer message) {
        int at = message.position();
        log.println(String.format("received seq=%d instrument=%d price=%d qty=%d bytes=%d",
                MdfMessage.sequenceOf(message, at), message.getInt(at + 8), message.getInt(at + 24),
                message.getInt(at + 28), message.remaining()));
        super.append(message);
    }

    @Override
    public void close() {
        log.close();
    }
}
