package dev.perflab.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import dev.perflab.net.JdbcLimits;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The results history in a database: SQLite (one file, created on first use) or PostgreSQL. Opening it brings
 * the schema to this lab's version with Flyway (the SQL files under {@code dev/perflab/history/migration},
 * their versions in the table {@value #SCHEMA_TABLE}), so an older history is migrated in place and a new one
 * is created.
 *
 * <pre>
 *   open(target) ──▶ Flyway migrate (creates or upgrades) ──▶ append(run): one transaction
 *                                                         └─▶ read(query): the runs and series of a component
 * </pre>
 *
 * <p>One store is used by one thread. Several processes may share a history: SQLite serializes their writes
 * (each waits up to {@link #BUSY_TIMEOUT_MILLIS}), PostgreSQL runs them side by side; a run is written in one
 * transaction, so a reader sees it whole or not at all.
 */
public final class HistoryStore implements AutoCloseable {
    /** Flyway's record of the applied schema versions; named for the lab, as a team's database holds other schemas. */
    public static final String SCHEMA_TABLE = "perflab_schema_history";
    static final String MIGRATIONS = "classpath:dev/perflab/history/migration";
    /**
     * The version of the newest migration under {@link #MIGRATIONS} (HistoryStoreTest checks they agree). A history
     * already at it opens without starting Flyway, whose class-path scan and checks would cost every ./lab run
     * about half a second; any other history (new, older, or a failed migration) goes through Flyway.
     */
    static final String SCHEMA_VERSION = "2";
    /** How long a writer waits for another process's write to an SQLite history. */
    static final int BUSY_TIMEOUT_MILLIS = 30_000;
    /**
     * Jackson's streaming layer, not its ObjectMapper: the JSON columns are flat (params, flags, lists of lists of
     * numbers), and reading a history loads a few dozen classes instead of some three hundred.
     */
    private static final JsonFactory JSON = new JsonFactory();
    /** The first 16 bytes of every SQLite 3 database file. */
    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private final HistoryTarget target;
    private final Connection connection;
    /** Params JSON → map: a component's runs repeat the same few combinations. */
    private final Map<String, Map<String, String>> paramsByJson = new java.util.HashMap<>();

    private HistoryStore(HistoryTarget target, Connection connection) {
        this.target = target;
        this.connection = connection;
    }

    /**
     * Before a run that records into {@code target}: a new SQLite history's file can be made, so a name the file system
     * refuses (too long, under a file, in a folder that cannot be written) is one line (exit 2) before the run rather
     * than a warning after it. An existing history, PostgreSQL or none is checked when it is opened, as before: opening
     * one could wait on a database, and a history is written after the run's results so that it never costs a run.
     * The probe makes a file in the history's folder and removes it at once; a missing folder is left to be made when
     * the history is.
     */
    public static void checkBeforeRun(HistoryTarget target) {
        if (target.kind() != HistoryTarget.Kind.SQLITE || Files.exists(target.file())) {
            return;
        }
        Path file = target.file().toAbsolutePath();
        Path parent = file.getParent();
        requireFolders(target, parent);
        for (Path part : file) {
            if (part.toString().getBytes(StandardCharsets.UTF_8).length > NAME_MAX_BYTES) {
                throw new LabException("--history " + abbreviated(target.file()) + ": a name in it is longer than " + NAME_MAX_BYTES
                        + " bytes, which file systems refuse; give a shorter one");
            }
        }
        if (Files.isDirectory(parent)) {
            // a probe beside the file, never the file itself: another run may be making that history at this moment
            try {
                Files.delete(Files.createTempFile(parent, ".perflab-history-probe-", ".tmp"));
            } catch (IOException e) {
                throw new LabException("--history " + abbreviated(target.file()) + ": cannot be made ("
                        + OutputFile.folderRefused(parent, e) + ")");
            }
        }
    }

    /** The longest name of one file or folder on Linux's file systems (NAME_MAX), in bytes. */
    private static final int NAME_MAX_BYTES = 255;

    /** A path for a one-line message: at most 120 characters, its middle left out. */
    private static String abbreviated(Path path) {
        String s = path.toString();
        return s.length() <= 120 ? s : s.substring(0, 60) + "…" + s.substring(s.length() - 59);
    }

    /**
     * A new history's folders can be made: none of the folders above its file is a file. Named from the option and
     * the path as given ({@code --history in/run.json/x}), not from the folder the check stopped at.
     */
    private static void requireFolders(HistoryTarget target, Path parent) {
        for (Path above = parent; above != null; above = above.getParent()) {
            if (Files.exists(above)) {
                if (!Files.isDirectory(above)) {
                    throw new LabException("--history " + abbreviated(target.file()) + ": " + above + " is a file, so no history can be made"
                            + " under it; give a file in a folder");
                }
                return;
            }
        }
    }

    /** Opens the history, creating it or migrating its schema first; a problem is one line (exit 2). */
    public static HistoryStore open(HistoryTarget target) {
        if (!target.enabled()) {
            throw new LabException("the history is turned off (--history none)");
        }
        if (target.kind() == HistoryTarget.Kind.SQLITE) {
            Path parent = target.file().toAbsolutePath().getParent();
            if (Files.isDirectory(target.file())) {
                throw new LabException("history " + target.describe() + ": is a directory; give a file");
            }
            if (!Files.exists(target.file())) {
                // only a new history needs a folder it can write; an existing one is read where it is (a read-only
                // volume of results can be browsed; an append to it fails in one line, the run's files kept)
                requireFolders(target, parent);
                RunFolder.open("history", parent);
            }
            checkSqliteHeader(target);
        }
        Connection connection = null;
        try {
            connection = JdbcLimits.open(target.jdbcUrl());
            if (target.kind() == HistoryTarget.Kind.SQLITE) {
                try (Statement s = connection.createStatement()) {
                    s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MILLIS);
                }
            }
            HistoryStore store = new HistoryStore(target, connection);
            String applied = store.appliedVersion();
            if (!SCHEMA_VERSION.equals(applied)) {
                SchemaChecks.beforeMigrating(target, connection, store.newestRecorded());
                migrate(target);
            }
            return store;
        } catch (SQLException | FlywayException e) {
            closeQuietly(connection);
            throw new LabException("history " + target.describe() + ": cannot open (" + reason(e, target) + ")");
        } catch (LabException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    /**
     * Refuses a file that is neither empty nor an SQLite database before Flyway sees it: Flyway would retry its
     * schema check for seconds (made for two processes creating one history at once) before failing.
     */
    private static void checkSqliteHeader(HistoryTarget target) {
        Path file = target.file();
        if (!Files.isRegularFile(file)) {
            return;
        }
        byte[] head = new byte[SQLITE_HEADER.length];
        try (InputStream in = Files.newInputStream(file)) {
            int n = in.readNBytes(head, 0, head.length);
            if (n == 0) {
                return;
            }
            if (n < head.length || !Arrays.equals(head, SQLITE_HEADER)) {
                throw new LabException("history " + target.describe() + ": is not an SQLite database; give another file"
                        + " (or --history none)");
            }
        } catch (IOException e) {
            throw new LabException("history " + target.describe() + ": cannot read (" + InputFile.reason(e) + ")");
        }
    }

    /** The schema version the history is at after {@link #open}: the newest migration applied. */
    public String schemaVersion() {
        try {
            return appliedVersion();
        } catch (SQLException e) {
            throw failure("read the schema version", e);
        }
    }

    /**
     * The newest version Flyway applied, or null when there is no schema yet or its newest migration failed (Flyway
     * then says what to do). Read in a transaction of its own, so a missing table leaves PostgreSQL's connection usable.
     */
    private String appliedVersion() throws SQLException {
        if (!schemaTableExists()) {
            return null;
        }
        try (Statement s = connection.createStatement();
             ResultSet r = s.executeQuery("SELECT version, success FROM " + SCHEMA_TABLE + " ORDER BY installed_rank DESC")) {
            return r.next() && r.getBoolean(2) ? r.getString(1) : null;
        }
    }

    /** The newest schema version recorded in the history, whether or not its migration succeeded; null when none is. */
    private String newestRecorded() throws SQLException {
        if (!schemaTableExists()) {
            return null;
        }
        try (Statement s = connection.createStatement();
             ResultSet r = s.executeQuery("SELECT version FROM " + SCHEMA_TABLE + " ORDER BY installed_rank DESC")) {
            return r.next() ? r.getString(1) : null;
        }
    }

    private boolean schemaTableExists() throws SQLException {
        String schema = connection.getSchema();
        try (ResultSet tables = connection.getMetaData().getTables(null, schema, SCHEMA_TABLE, null)) {
            return tables.next();
        }
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                // the open already failed; that is what gets reported
            }
        }
    }

    private static void migrate(HistoryTarget target) {
        Flyway.configure(HistoryStore.class.getClassLoader())
                .dataSource(JdbcLimits.withLimits(target.jdbcUrl()), null, null)
                .locations(MIGRATIONS)
                .table(SCHEMA_TABLE)
                // Through SLF4J to its no-op binding: Flyway's progress lines would bury the run's own output, and
                // every failure reaches the lab as an exception anyway.
                .loggers("slf4j")
                .load()
                .migrate();
    }

    /** Appends one run and its rows in one transaction; returns the run's id. */
    public String append(RunRecord run) {
        String id = UUID.randomUUID().toString();
        try {
            connection.setAutoCommit(false);
            try {
                insertRun(id, run);
                insertRows(id, run.rows());
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException alreadyRolledBack) {
                    // SQLite rolls a transaction back itself when the disk is full; its refusal to do it twice must
                    // not hide why the append failed
                    e.addSuppressed(alreadyRolledBack);
                }
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failure("append the run", e);
        }
        return id;
    }

    private void insertRun(String id, RunRecord run) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO perflab_run (run_id, recorded_ms, git_commit, git_dirty,"
                + " git_branch, source, component, run_length, machine, jdk, jvm_flags, cpu, cores, kernel, results_file)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            MachineFacts m = run.machine();
            s.setString(1, id);
            s.setLong(2, run.time().toEpochMilli());
            s.setString(3, run.git().commit());
            if (run.git().dirty() == null) {
                s.setNull(4, Types.BOOLEAN);
            } else {
                s.setBoolean(4, run.git().dirty());
            }
            s.setString(5, run.git().branch());
            s.setString(6, run.source());
            s.setString(7, run.component());
            s.setString(8, run.length());
            s.setString(9, m.header());
            s.setString(10, m.jdk());
            s.setString(11, m.jvmFlags());
            s.setString(12, m.cpu());
            s.setInt(13, m.cores());
            s.setString(14, m.kernel());
            s.setString(15, run.resultsFile());
            s.executeUpdate();
        }
    }

    private void insertRows(String id, List<ResultRow> rows) throws SQLException {
        try (PreparedStatement result = connection.prepareStatement("INSERT INTO perflab_result (run_id, row_no, suite, benchmark,"
                + " mode, params, score, score_error, unit, forks, threads, jdk_version, vm_name, jvm_args, raw_data, percentiles)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
             PreparedStatement metric = connection.prepareStatement("INSERT INTO perflab_metric (run_id, row_no, name, score,"
                     + " score_error, unit, raw_data) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < rows.size(); i++) {
                ResultRow row = rows.get(i);
                result.setString(1, id);
                result.setInt(2, i);
                result.setString(3, row.suite());
                result.setString(4, row.benchmark());
                result.setString(5, row.mode());
                result.setString(6, json(row.params()));
                number(result, 7, row.primary().score());
                number(result, 8, row.primary().error());
                result.setString(9, row.primary().unit());
                result.setInt(10, row.forks());
                result.setInt(11, row.threads());
                result.setString(12, row.jdkVersion());
                result.setString(13, row.vmName());
                result.setString(14, json(row.jvmArgs()));
                result.setString(15, forks(row.primary().forks()));
                result.setString(16, row.primary().percentiles().isEmpty() ? null : percentiles(row.primary().percentiles()));
                result.addBatch();
                for (Map.Entry<String, Measure> m : row.secondary().entrySet()) {
                    metric.setString(1, id);
                    metric.setInt(2, i);
                    metric.setString(3, m.getKey());
                    number(metric, 4, m.getValue().score());
                    number(metric, 5, m.getValue().error());
                    metric.setString(6, m.getValue().unit());
                    metric.setString(7, forks(m.getValue().forks()));
                    metric.addBatch();
                }
            }
            result.executeBatch();
            metric.executeBatch();
        }
    }

    /** The components that have runs in the history, with how many each. */
    public Map<String, Integer> components() {
        Map<String, Integer> result = new LinkedHashMap<>();
        try (Statement s = connection.createStatement();
             ResultSet r = s.executeQuery("SELECT component, COUNT(*) FROM perflab_run GROUP BY component ORDER BY component")) {
            while (r.next()) {
                result.put(r.getString(1), r.getInt(2));
            }
        } catch (SQLException e) {
            throw failure("list the components", e);
        }
        return result;
    }

    /** The runs and series a query asks for, oldest run first; series in the order their rows first appear. */
    public History read(HistoryQuery query) {
        HistoryReader reader = new HistoryReader(query);
        try {
            readScores(query, reader);
            if (!query.secondary().isEmpty()) {
                readSecondary(query, reader);
            }
        } catch (SQLException e) {
            throw failure("read the history of " + query.component(), e);
        }
        return reader.history();
    }

    private void readScores(HistoryQuery query, HistoryReader reader) throws SQLException {
        String sql = "SELECT r.run_id, r.recorded_ms, r.git_commit, r.git_dirty, r.git_branch, r.run_length, r.machine,"
                + " x.benchmark, x.mode, x.params, x.score, x.score_error, x.unit, x.percentiles"
                + " FROM perflab_run r JOIN perflab_result x ON x.run_id = r.run_id" + where(query)
                + " ORDER BY r.recorded_ms, r.run_id, x.row_no";
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            bind(s, query);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    reader.add(run(r), r.getString(8), r.getString(9), params(r.getString(10)), null,
                            number(r, 11), number(r, 12), r.getString(13), percentiles(r.getString(14)));
                }
            }
        }
    }

    private void readSecondary(HistoryQuery query, HistoryReader reader) throws SQLException {
        String names = String.join(", ", query.secondary().stream().map(n -> "?").toList());
        String sql = "SELECT r.run_id, r.recorded_ms, r.git_commit, r.git_dirty, r.git_branch, r.run_length, r.machine,"
                + " x.benchmark, x.mode, x.params, m.score, m.score_error, m.unit, m.name"
                + " FROM perflab_run r JOIN perflab_result x ON x.run_id = r.run_id"
                + " JOIN perflab_metric m ON m.run_id = x.run_id AND m.row_no = x.row_no" + where(query)
                + " AND m.name IN (" + names + ") ORDER BY r.recorded_ms, r.run_id, x.row_no, m.name";
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            int next = bind(s, query);
            for (String name : query.secondary()) {
                s.setString(next++, name);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    reader.add(run(r), r.getString(8), r.getString(9), params(r.getString(10)), r.getString(14),
                            number(r, 11), number(r, 12), r.getString(13), Map.of());
                }
            }
        }
    }

    private static String where(HistoryQuery q) {
        return " WHERE r.component = ?" + (q.since() != null ? " AND r.recorded_ms >= ?" : "")
                + (q.branch() != null ? " AND r.git_branch = ?" : "") + (q.length() != null ? " AND r.run_length = ?" : "");
    }

    /** Binds {@link #where}'s values; returns the next parameter's index. */
    private static int bind(PreparedStatement s, HistoryQuery q) throws SQLException {
        int i = 1;
        s.setString(i++, q.component());
        if (q.since() != null) {
            s.setLong(i++, q.since().toEpochMilli());
        }
        if (q.branch() != null) {
            s.setString(i++, q.branch());
        }
        if (q.length() != null) {
            s.setString(i++, q.length());
        }
        return i;
    }

    private StoredRun run(ResultSet r) throws SQLException {
        boolean dirty = r.getBoolean(4);
        Boolean dirtyOrNull = r.wasNull() ? null : dirty;
        return new StoredRun(r.getString(1), Instant.ofEpochMilli(r.getLong(2)),
                new GitState(r.getString(3), dirtyOrNull, r.getString(5)), r.getString(6), r.getString(7));
    }

    private Map<String, String> params(String json) {
        return paramsByJson.computeIfAbsent(json, text -> java.util.Collections.unmodifiableMap(
                object(text, "params", JsonParser::getValueAsString)));
    }

    /** A row's percentiles, {@code {"50.0": 1.2, …}}; empty for NULL (rows without them). */
    private Map<String, Double> percentiles(String json) {
        return json == null ? Map.of() : object(json, "percentiles", JsonParser::getDoubleValue);
    }

    /** A flat JSON object of one of a row's columns, each value read by {@code value}; a bad one is one line. */
    private <V> Map<String, V> object(String json, String column, JsonValue<V> value) {
        Map<String, V> result = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not an object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                result.put(name, value.read(parser));
            }
        } catch (IOException e) {
            throw new LabException("history " + target.describe() + ": a row's " + column + " are not a JSON object: " + json);
        }
        return result;
    }

    /** Reads the value the parser is at. */
    @FunctionalInterface
    private interface JsonValue<V> {
        V read(JsonParser parser) throws IOException;
    }

    private static double number(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? Double.NaN : v;
    }

    private static void number(PreparedStatement s, int index, double value) throws SQLException {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            s.setNull(index, Types.DOUBLE);
        } else {
            s.setDouble(index, value);
        }
    }

    private static String json(Map<String, String> params) {
        return write(g -> {
            g.writeStartObject();
            for (Map.Entry<String, String> p : params.entrySet()) {
                g.writeStringField(p.getKey(), p.getValue());
            }
            g.writeEndObject();
        });
    }

    private static String json(List<String> strings) {
        return write(g -> {
            g.writeStartArray();
            for (String s : strings) {
                g.writeString(s);
            }
            g.writeEndArray();
        });
    }

    private static String percentiles(Map<String, Double> percentiles) {
        return write(g -> {
            g.writeStartObject();
            for (Map.Entry<String, Double> p : percentiles.entrySet()) {
                g.writeNumberField(p.getKey(), p.getValue());
            }
            g.writeEndObject();
        });
    }

    /** Each fork's iterations, {@code [[1.0, 2.0], [3.0]]}; NaN as JSON's null. */
    private static String forks(List<List<Double>> forks) {
        return write(g -> {
            g.writeStartArray();
            for (List<Double> fork : forks) {
                g.writeStartArray();
                for (double v : fork) {
                    if (Double.isFinite(v)) {
                        g.writeNumber(v);
                    } else {
                        g.writeNull();
                    }
                }
                g.writeEndArray();
            }
            g.writeEndArray();
        });
    }

    private static String write(OutputFile.Body<JsonGenerator> body) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            body.writeTo(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private LabException failure(String what, SQLException e) {
        return new LabException("history " + target.describe() + ": cannot " + what + " (" + reason(e, target) + ")"
                + (diskFull() ? "; its disk is full, and the history is as it was before this run" : ""));
    }

    /**
     * Whether an SQLite history's disk has no space left: the driver may report a full disk as its aftermath (its
     * own rollback undone, "cannot commit - no transaction is active"), which would send the user looking elsewhere.
     */
    private boolean diskFull() {
        return target.file() != null && dev.perflab.base.OutputFile.diskFull(target.file());
    }

    /** {@link #reason(Exception)}, or which time limit ended the wait for a silent database ({@link JdbcLimits}). */
    static String reason(Exception e, HistoryTarget target) {
        return JdbcLimits.timedOut(e, target.jdbcUrl()).map(HistoryTarget::redact).orElseGet(() -> reason(e));
    }

    /** The first line of a driver's or Flyway's message: enough to act on, without their multi-line dumps. */
    static String reason(Exception e) {
        Throwable t = e;
        String message = t.getMessage();
        while ((message == null || message.isBlank()) && t.getCause() != null) {
            t = t.getCause();
            message = t.getMessage();
        }
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return HistoryTarget.redact(message.strip().lines().findFirst().orElse(message).strip());
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // every write was committed or rolled back before; nothing is lost by a failed close
        }
    }
}
