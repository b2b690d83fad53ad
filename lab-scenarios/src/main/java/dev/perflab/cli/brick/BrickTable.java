package dev.perflab.cli.brick;

import dev.perflab.ladder.Kind;
import java.util.List;
import java.util.Locale;

/** The table {@code ./lab run brick} prints: one line per rung, then what the slice and the ceilings were. */
final class BrickTable {
    private static final String FORMAT = "%-22s %9s %12s %9s %10s %10s %8s %12s %10s  %s";

    private BrickTable() {
    }

    static String heading() {
        return String.format(Locale.ROOT, FORMAT, "rung", "input MB", "lines", "seconds", "MB/s in", "MB/s out",
                "× prev", "CAS retries", "CPU s s+f", "result");
    }

    static BrickScenario.Row previous(List<BrickScenario.Row> rows) {
        for (int i = rows.size() - 1; i >= 0; i--) {
            if (rows.get(i).rung().kind() == Kind.RUNG && rows.get(i).error() == null) {
                return rows.get(i);
            }
        }
        return null;
    }

    static String row(BrickScenario.Row row, BrickScenario.Row previous) {
        if (row.error() != null && Double.isNaN(row.seconds())) {
            return String.format(Locale.ROOT, FORMAT, row.rung().id(), mb(row.inBytes()) + (row.slice() ? "*" : ""), "-", "-",
                    "-", "-", "-", "-", "-", "FAILED");
        }
        String times = previous == null || row.rung().kind() != Kind.RUNG ? ""
                : String.format(Locale.ROOT, "×%.2f", row.mbPerSecondIn() / previous.mbPerSecondIn());
        return String.format(Locale.ROOT, FORMAT, row.rung().id(), mb(row.inBytes()) + (row.slice() ? "*" : ""),
                String.format(Locale.ROOT, "%,d", row.lines()), String.format(Locale.ROOT, "%.3f", row.seconds()),
                String.format(Locale.ROOT, "%.1f", row.mbPerSecondIn()), String.format(Locale.ROOT, "%.1f", row.mbPerSecondOut()),
                times, String.format(Locale.ROOT, "%,d", row.casRetries()),
                String.format(Locale.ROOT, "%.1f+%.1f", row.serveCpuSeconds(), row.fetchCpuSeconds()),
                row.exact() ? "byte-exact" : "NOT byte-exact");
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / BrickCommand.MB);
    }

    static String footer(List<BrickScenario.Row> rows, long sliceBytes, Ceilings.Measured ceilings) {
        StringBuilder sb = new StringBuilder();
        if (rows.stream().anyMatch(BrickScenario.Row::slice)) {
            sb.append(String.format(Locale.ROOT, "* one request per round trip: this rung moved the file's first %,d bytes (whole lines), not the whole file%n",
                    sliceBytes));
        }
        sb.append(String.format(Locale.ROOT, "seconds: fetch's connect to its last result byte written (the server's file load included); "
                + "CPU s s+f: the serve and fetch JVMs' CPU time, start-up and JIT included; "
                + "ceilings: file %.0f MB/s, loopback %.0f MB/s%n", ceilings.fileMbPerSecond(), ceilings.loopbackMbPerSecond()));
        return sb.toString();
    }
}
