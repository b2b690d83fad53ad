package dev.perflab.history;

import dev.perflab.base.LabException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What is checked before Flyway is let at a history that is not at this lab's schema version, so that two cases end
 * in one line instead of silence or seconds of retries:
 *
 * <ul>
 *   <li>a history written by a newer lab (a schema version above {@link HistoryStore#SCHEMA_VERSION}): Flyway
 *       ignores migrations it does not know by default ({@code ignoreMigrationPatterns *:future}), so this lab would
 *       read and append rows in a shape it does not know; it is refused, naming both versions;</li>
 *   <li>a PostgreSQL user that may not create tables in the history's schema ({@code permission denied for schema
 *       public}, the default since PostgreSQL 15): Flyway retries creating its table for about ten seconds, made for
 *       two processes creating one history at once, before it fails; the privilege is asked first.</li>
 * </ul>
 */
final class SchemaChecks {
    private SchemaChecks() {
    }

    /**
     * @param recorded the newest version the history's schema table records (null when it has none)
     */
    static void beforeMigrating(HistoryTarget target, Connection connection, String recorded) throws SQLException {
        if (recorded != null && newer(recorded, HistoryStore.SCHEMA_VERSION)) {
            throw new LabException("history " + target.describe() + ": its schema is version " + recorded + ", newer than this lab's ("
                    + HistoryStore.SCHEMA_VERSION + "): a newer perflab wrote it; update this checkout (git pull), or name another"
                    + " history with --history");
        }
        if (recorded == null && target.kind() == HistoryTarget.Kind.POSTGRESQL) {
            mayCreateTables(target, connection);
        }
    }

    /** True when version {@code a} is above {@code b}, compared part by part ({@code 1.10} is above {@code 1.9}). */
    static boolean newer(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            long p = i < x.length ? part(x[i]) : 0;
            long q = i < y.length ? part(y[i]) : 0;
            if (p != q) {
                return p > q;
            }
        }
        return false;
    }

    private static long part(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void mayCreateTables(HistoryTarget target, Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet r = s.executeQuery("SELECT current_schema(), current_user,"
                     + " CASE WHEN current_schema() IS NULL THEN true ELSE has_schema_privilege(current_schema(), 'CREATE') END")) {
            if (r.next() && !r.getBoolean(3)) {
                String schema = r.getString(1);
                String user = r.getString(2);
                throw new LabException("history " + target.describe() + ": user " + user + " may not create tables in schema " + schema
                        + " (permission denied); grant it (GRANT CREATE ON SCHEMA " + schema + " TO " + user + "), or give a schema it"
                        + " owns with ?currentSchema=NAME");
            }
        }
    }
}
