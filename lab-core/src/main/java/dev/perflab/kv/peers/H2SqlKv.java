package dev.perflab.kv.peers;

import dev.perflab.kv.KvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An embedded relational table, the comment thread's "a relational database stays medium speed": H2 in
 * file mode, {@code kv(k VARBINARY PRIMARY KEY, v VARBINARY)}, one {@code MERGE} per put in auto-commit.
 * Each thread gets its own connection (JDBC connections are not meant to be shared), opened on its first
 * call and closed with the store.
 */
public final class H2SqlKv implements KvStore {
    private final String url;
    private final List<Connection> opened = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Session> session = new ThreadLocal<>();

    private record Session(Connection connection, PreparedStatement merge, PreparedStatement select) {
    }

    public H2SqlKv(Path dir) throws IOException {
        Files.createDirectories(dir);
        this.url = "jdbc:h2:file:" + dir.resolve("kv").toAbsolutePath();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS kv(k VARBINARY(256) PRIMARY KEY, v VARBINARY(4096))");
        } catch (SQLException e) {
            throw new IOException("H2 in " + dir + ": " + e.getMessage(), e);
        }
    }

    private Session session() throws SQLException {
        Session s = session.get();
        if (s == null) {
            Connection c = DriverManager.getConnection(url);
            opened.add(c);
            s = new Session(c, c.prepareStatement("MERGE INTO kv KEY(k) VALUES(?, ?)"),
                    c.prepareStatement("SELECT v FROM kv WHERE k = ?"));
            session.set(s);
        }
        return s;
    }

    @Override
    public boolean put(byte[] key, byte[] value) throws IOException {
        try {
            PreparedStatement merge = session().merge();
            merge.setBytes(1, key);
            merge.setBytes(2, value);
            return merge.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IOException("H2 put: " + e.getMessage(), e);
        }
    }

    @Override
    public byte[] get(byte[] key) throws IOException {
        try {
            PreparedStatement select = session().select();
            select.setBytes(1, key);
            try (ResultSet rs = select.executeQuery()) {
                return rs.next() ? rs.getBytes(1) : null;
            }
        } catch (SQLException e) {
            throw new IOException("H2 get: " + e.getMessage(), e);
        }
    }

    @Override
    public long count() throws IOException {
        try (Statement s = session().connection().createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM kv")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IOException("H2 count: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        SQLException first = null;
        for (Connection c : opened) {
            try {
                c.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        opened.clear();
        if (first != null) {
            throw new IOException("H2 close: " + first.getMessage(), first);
        }
    }
}
