package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.net.JdbcLimits;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The history store of report 000: a SQL table indexed by sequence, through JDBC. By default an embedded
 * H2 database in memory ({@link #inMemory()}); any JDBC URL works ({@code ./lab mdf replay --db-url}).
 *
 * <pre>
 *   CREATE TABLE mdf_message (seq BIGINT PRIMARY KEY, body VARBINARY(512) NOT NULL)
 *   SELECT seq, body FROM mdf_message WHERE seq &gt;= ? AND seq &lt; ? ORDER BY seq
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * One connection, shared: every method is {@code synchronized}, so concurrent readers queue for the
 * database as the report's clients did. Opening the store empties the table (a store holds one day).
 * Each read allocates a row's bytes per message (JDBC hands out arrays): the cost the report profiled.
 */
public final class JdbcHistory implements HistoryStore {
    public static final String TABLE = "mdf_message";
    /** Rows per JDBC batch when recording a whole day. */
    static final int INSERT_BATCH_ROWS = 1_000;
    private static final AtomicLong DATABASES = new AtomicLong();

    private final String url;
    private final Connection connection;
    private final PreparedStatement insert;
    private final PreparedStatement select;

    /** An H2 database of its own, in memory, gone when the store is closed. */
    public static JdbcHistory inMemory() {
        return open("jdbc:h2:mem:mdf-history-" + DATABASES.incrementAndGet());
    }

    /**
     * Connects to {@code url}, creates the table if missing and empties it.
     *
     * @throws IllegalArgumentException naming the URL when it cannot be opened
     */
    public static JdbcHistory open(String url) {
        try {
            return new JdbcHistory(url);
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot open history database " + url + ": " + JdbcLimits.timedOut(e, url).orElse(e.getMessage()), e);
        }
    }

    private JdbcHistory(String url) throws SQLException {
        this.url = url;
        this.connection = JdbcLimits.open(url);
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (seq BIGINT PRIMARY KEY, body VARBINARY("
                    + MdfMessage.MAX_BYTES + ") NOT NULL)");
            s.execute("DELETE FROM " + TABLE);
        }
        insert = connection.prepareStatement("INSERT INTO " + TABLE + " (seq, body) VALUES (?, ?)");
        select = connection.prepareStatement("SELECT seq, body FROM " + TABLE + " WHERE seq >= ? AND seq < ? ORDER BY seq");
    }

    @Override
    public synchronized void record(ByteBuffer message) {
        try {
            bind(message);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw failure("record", e);
        }
    }

    @Override
    public synchronized void recordAll(byte[][] day) {
        try {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            for (int i = 0; i < day.length; i++) {
                bind(ByteBuffer.wrap(day[i]));
                insert.addBatch();
                if ((i + 1) % INSERT_BATCH_ROWS == 0 || i == day.length - 1) {
                    insert.executeBatch();
                }
            }
            connection.commit();
            connection.setAutoCommit(autoCommit);
        } catch (SQLException e) {
            throw failure("record", e);
        }
    }

    private void bind(ByteBuffer message) throws SQLException {
        byte[] body = new byte[message.remaining()];
        message.duplicate().get(body);
        insert.setLong(1, MdfMessage.sequenceOf(message, message.position()));
        insert.setBytes(2, body);
    }

    @Override
    public synchronized void read(long from, long to, MessageHandler handler) {
        try {
            select.setLong(1, from);
            select.setLong(2, to);
            long expected = from;
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    long seq = rows.getLong(1);
                    if (seq != expected) {
                        break;
                    }
                    handler.onMessage(ByteBuffer.wrap(rows.getBytes(2)));
                    expected++;
                }
            }
            if (expected != to) {
                throw new IllegalStateException("history " + url + " lacks sequence " + expected + " (asked " + from + ".." + (to - 1) + ")");
            }
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    private IllegalStateException failure(String what, SQLException e) {
        return new IllegalStateException("history " + url + ": " + what + " failed: " + JdbcLimits.timedOut(e, url).orElse(e.getMessage()), e);
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failure("close", e);
        }
    }
}
