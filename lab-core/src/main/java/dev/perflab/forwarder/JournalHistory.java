package dev.perflab.forwarder;

import dev.perflab.io.Scratch;
import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.net.JdbcLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Rung {@code r4-journal-history}: history as an append-only journal of the day's records, exactly as they
 * arrived, with the database as its index: one row per {@value #INDEX_EVERY_BYTES} bytes of journal (the first
 * sequence of a block there, its offset) instead of one per message. Still written behind the feed
 * ({@link WrittenBehind}).
 *
 * <pre>
 *   history thread, per block:  journal file  ◀── append the block's bytes (len │ message │ CRC) × count
 *                               H2 index      ◀── INSERT (first_seq, count, offset), when 1 MiB of journal passed
 *   read(from, to):  SELECT the last row at or before from ─▶ read the journal from its offset, skipping to
 *                    from ─▶ deliver from..to−1
 *
 *   journal:  │ block 1: record × n₁ │ block 2: record × n₂ │ …     (a day file's records, no header)
 * </pre>
 *
 * <p>Why faster: profiled, r3's history thread spent 94% of its samples in H2 inserting one row per message (a
 * B-tree insert, an undo-log entry and a copy of every message, twice), and took more than ten times the feed
 * thread's CPU: on two cores shared by five JVMs, the inserts cost more than the day wherever they run. A journal append is one sequential write of bytes already in hand, and the index
 * takes one row per few thousand messages (a row per block, each its own commit, was still half of this
 * thread's samples). A late joiner reads the journal back sequentially (page cache), from at most 1 MiB before
 * the first message it needs.
 *
 * <p>Thread safety: the history thread appends and inserts; readers look up and read whenever. The index
 * connection is shared under this object's lock; journal reads are positional ({@link FileChannel} allows them
 * concurrently with the append). The journal is a temporary file unless a folder is given, deleted on close.
 */
public final class JournalHistory extends WrittenBehind {
    private static final AtomicLong DATABASES = new AtomicLong();
    static final String INDEX_TABLE = "forwarder_journal_index";
    /** Bytes read from the journal at a time by a reader. */
    static final int READ_BYTES = 64 * 1024;
    /** Journal bytes between two index rows: a lookup reads at most this much before the message it wants. */
    static final long INDEX_EVERY_BYTES = 1 << 20;

    private final Path file;
    private final FileChannel journal;
    private final Connection index;
    private final PreparedStatement insert;
    private final PreparedStatement find;
    private long appended;
    private long indexedAt = -INDEX_EVERY_BYTES;

    /**
     * @param dbUrl the index database (null: an H2 database of its own in memory)
     * @param dir   where the journal file goes (null: the temporary folder)
     * @throws IllegalArgumentException naming what could not be opened
     */
    public static JournalHistory open(String dbUrl, Path dir) {
        String url = dbUrl != null ? dbUrl : "jdbc:h2:mem:forwarder-journal-" + DATABASES.incrementAndGet();
        Path file;
        try {
            file = Scratch.file(dir == null ? Scratch.systemTemp() : dir, "forwarder-journal", ".bin");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create the history journal in " + (dir == null ? "the temporary folder" : dir)
                    + ": " + e.getMessage(), e);
        }
        // a forwarder stopped by a signal (its run was interrupted) leaves no journal behind: up to a day's bytes
        file.toFile().deleteOnExit();
        try {
            return new JournalHistory(file, url);
        } catch (IOException | SQLException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the open failure is the one to report
            }
            throw new IllegalArgumentException("cannot open the history journal " + file + " indexed in " + url + ": "
                    + JdbcLimits.timedOut(e, url).orElse(e.getMessage()), e);
        }
    }

    private JournalHistory(Path file, String url) throws IOException, SQLException {
        super("history journal " + file + " (index " + url + ")");
        this.file = file;
        this.journal = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ, StandardOpenOption.TRUNCATE_EXISTING);
        this.index = JdbcLimits.open(url);
        try (Statement s = index.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + INDEX_TABLE + " (first_seq BIGINT PRIMARY KEY, message_count INT NOT NULL,"
                    + " journal_offset BIGINT NOT NULL)");
            s.execute("DELETE FROM " + INDEX_TABLE);
        }
        insert = index.prepareStatement("INSERT INTO " + INDEX_TABLE + " (first_seq, message_count, journal_offset) VALUES (?, ?, ?)");
        find = index.prepareStatement("SELECT first_seq, journal_offset FROM " + INDEX_TABLE
                + " WHERE first_seq <= ? ORDER BY first_seq DESC LIMIT 1");
        startWriting();
    }

    @Override
    protected void store(Chunk chunk) throws IOException, SQLException {
        ByteBuffer bytes = ByteBuffer.wrap(chunk.bytes(), 0, chunk.length());
        long offset = appended;
        while (bytes.hasRemaining()) {
            journal.write(bytes, offset + bytes.position());
        }
        appended += chunk.length();
        if (offset - indexedAt >= INDEX_EVERY_BYTES) {
            synchronized (this) {
                insert.setLong(1, chunk.firstSequence());
                insert.setInt(2, chunk.count());
                insert.setLong(3, offset);
                insert.executeUpdate();
            }
            indexedAt = offset;
        }
    }

    @Override
    protected void readStored(long from, long to, MessageHandler handler) {
        try {
            long[] block = lookUp(from);
            long position = block[1];
            long seq = block[0];
            ByteBuffer buf = ByteBuffer.allocate(READ_BYTES);
            while (seq < to) {
                buf.clear();
                int n = journal.read(buf, position);
                if (n <= 0) {
                    throw new IllegalStateException(getClass().getSimpleName() + " " + file + " ends before sequence " + seq);
                }
                buf.flip();
                int at = 0;
                while (seq < to && buf.limit() - at >= 4) {
                    int length = buf.getInt(at);
                    if (length < MdfMessage.MIN_BYTES || length > MdfMessage.MAX_BYTES) {
                        throw new IllegalStateException("journal " + file + ":byte " + (position + at) + ": record length " + length);
                    }
                    if (buf.limit() - at < length + FeedBlock.FRAMING_BYTES) {
                        break;
                    }
                    if (seq >= from) {
                        handler.onMessage(buf.duplicate().limit(at + 4 + length).position(at + 4));
                    }
                    at += length + FeedBlock.FRAMING_BYTES;
                    seq++;
                }
                position += at;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("journal " + file + ": read failed: " + e.getMessage(), e);
        }
    }

    /** The first sequence and journal offset of the block holding {@code sequence}. */
    private synchronized long[] lookUp(long sequence) {
        try {
            find.setLong(1, sequence);
            try (ResultSet row = find.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalStateException("journal index has no block holding sequence " + sequence);
                }
                return new long[] {row.getLong(1), row.getLong(2)};
            }
        } catch (SQLException e) {
            throw new IllegalStateException("journal index: looking up sequence " + sequence + " failed: " + e.getMessage(), e);
        }
    }

    /** The index's connection: closing it mid-day is how a test makes the store fail ("database closed"). */
    Connection indexConnection() {
        return index;
    }

    @Override
    public void close() {
        drain();
        synchronized (this) {
            try {
                index.close();
            } catch (SQLException e) {
                // closing after the day: nothing left to lose
            }
        }
        try {
            journal.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a temporary file left behind is not worth failing the run for
        }
    }
}
