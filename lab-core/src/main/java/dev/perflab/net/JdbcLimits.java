package dev.perflab.net;

import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time limits of every database connection the lab opens (the results history, the forwarder's and the ring's
 * day history), so that a database that accepts TCP and never answers ends the wait in one line naming it and
 * the limit, instead of holding the command for ever.
 *
 * <pre>
 *   connect ≤ {@value #CONNECT_SECONDS} s ──▶ log in ≤ {@value #LOGIN_SECONDS} s ──▶ each read ≤ {@value #READ_SECONDS} s
 *   (TCP handshake)                 (startup, authentication)     (a query's answer, a batch's acknowledgement)
 * </pre>
 *
 * <p>PostgreSQL's driver has all three as connection properties ({@code connectTimeout}, {@code loginTimeout},
 * {@code socketTimeout}, in seconds; pgjdbc's {@code PGProperty}: the last two are off by default), added to the URL
 * by {@link #withLimits} unless the URL sets them itself. Any other driver gets the same limits the JDBC way:
 * the whole opening is watched ({@link #open}) and reads are limited by {@link Connection#setNetworkTimeout} where
 * the driver supports it. SQLite and in-memory H2 have no peer to wait for; their limits are never reached.
 *
 * <p>Thread-safe: only static methods without shared state (a watched opening runs on a daemon thread of its own).
 */
public final class JdbcLimits {
    /** Longest wait for the TCP connection to the database. */
    public static final int CONNECT_SECONDS = 10;
    /** Longest wait for the database to accept the login once connected (its startup and authentication). */
    public static final int LOGIN_SECONDS = 10;
    /**
     * Longest silence while waiting for any answer: the history's queries answer in well under a second, a day's
     * batch of a thousand rows in milliseconds.
     */
    public static final int READ_SECONDS = 20;

    private static final String POSTGRESQL = "jdbc:postgresql:";
    private static final Pattern PEER = Pattern.compile("^jdbc:[a-z0-9]+:(?:tcp:)?//([^/?;]+)");

    private JdbcLimits() {
    }

    /** {@code url} with PostgreSQL's time limits added where it does not set them; any other URL as it is. */
    public static String withLimits(String url) {
        if (!url.toLowerCase(Locale.ROOT).startsWith(POSTGRESQL)) {
            return url;
        }
        StringBuilder b = new StringBuilder(url);
        boolean hasQuery = url.indexOf('?') >= 0;
        for (String[] limit : new String[][] {{"connectTimeout", "" + CONNECT_SECONDS}, {"loginTimeout", "" + LOGIN_SECONDS},
                {"socketTimeout", "" + READ_SECONDS}}) {
            if (!Pattern.compile("[?&]" + limit[0] + "=", Pattern.CASE_INSENSITIVE).matcher(url).find()) {
                b.append(hasQuery ? '&' : '?').append(limit[0]).append('=').append(limit[1]);
                hasQuery = true;
            }
        }
        return b.toString();
    }

    /**
     * Opens a connection within the limits: the URL's own ({@link #withLimits}), and a watch over the whole opening
     * for drivers that have none; reads are then limited to {@link #READ_SECONDS} where the driver can.
     *
     * @throws SQLTimeoutException when the database did not answer within the limits (its message says so)
     */
    public static Connection open(String url) throws SQLException {
        String limited = withLimits(url);
        CompletableFuture<Connection> opening = CompletableFuture.supplyAsync(() -> {
            try {
                return DriverManager.getConnection(limited);
            } catch (SQLException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, JdbcLimits::daemon);
        Connection connection;
        try {
            connection = opening.get(CONNECT_SECONDS + LOGIN_SECONDS + 1, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            // a connection that still arrives later is closed, not leaked
            opening.thenAccept(JdbcLimits::closeQuietly);
            throw new SQLTimeoutException(peer(url) + " did not answer within " + (CONNECT_SECONDS + LOGIN_SECONDS)
                    + " s (the lab's limit to connect and log in)");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof SQLException s ? s : new SQLException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while connecting to " + peer(url), e);
        }
        limitReads(connection);
        return connection;
    }

    private static void limitReads(Connection connection) throws SQLException {
        try {
            connection.setNetworkTimeout(JdbcLimits::daemon, (int) TimeUnit.SECONDS.toMillis(READ_SECONDS));
        } catch (SQLFeatureNotSupportedException | UnsupportedOperationException e) {
            // a driver without network reads (SQLite, H2 in memory), or one that keeps its own limit
        }
    }

    /**
     * A failure that one of these limits ended, in words naming the peer and the limit ({@code 127.0.0.1:5432 did not
     * answer within 10 s (loginTimeout)}); empty for any other failure.
     */
    public static Optional<String> timedOut(Throwable failure, String url) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
            if (t instanceof SocketTimeoutException || m.contains("read timed out")) {
                return Optional.of(peer(url) + " went silent: no answer within " + READ_SECONDS + " s (socketTimeout, the lab's read limit)");
            }
            if (m.contains("connection attempt timed out")) {
                return Optional.of(peer(url) + " accepted the connection but did not answer the login within " + LOGIN_SECONDS
                        + " s (loginTimeout, the lab's limit)");
            }
            if (m.contains("connect timed out")) {
                return Optional.of(peer(url) + " did not accept a connection within " + CONNECT_SECONDS + " s (connectTimeout)");
            }
            if (t instanceof SQLTimeoutException && t.getMessage() != null) {
                return Optional.of(t.getMessage());
            }
        }
        return Optional.empty();
    }

    /** The host and port a URL names ({@code 127.0.0.1:5432}), or the URL's scheme when it names none. */
    static String peer(String url) {
        Matcher m = PEER.matcher(url);
        if (m.find()) {
            String hostPort = m.group(1);
            int at = hostPort.lastIndexOf('@');
            return hostPort.substring(at + 1);
        }
        int colon = url.indexOf(':', "jdbc:".length());
        return colon > 0 ? url.substring(0, colon) : "the database";
    }

    private static void daemon(Runnable task) {
        Thread t = new Thread(task, "perflab-jdbc");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // it was never used
        }
    }
}
