package dev.perflab.fleet;

import dev.perflab.gate.Gate;
import dev.perflab.report.Formats;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A run's rows split into N shards, the same split on every machine that plans the same run, balanced by expected
 * cost, with every row a ratio gate divides by in the same shard as its numerator. Immutable.
 *
 * <pre>
 *   planned rows (run order) ──▶ groups: rows tied by a ratio gate (GateTies), else one row each
 *   groups, costliest first (ties: the earlier in run order) ──▶ each to the shard with the least cost so far
 *                                                                (ties: the lowest shard)
 *   each shard's rows back in run order
 * </pre>
 *
 * Longest-processing-time-first: the longest shard is at most 4/3 of the best possible split's longest (Graham's
 * bound), and at most the mean plus the costliest group. Nothing in the split depends on the machine, the clock
 * or a random seed: only on the planned rows, their costs and the gates, which the same commit and options give
 * every shard.
 */
public final class ShardPlan {
    private final List<PlannedRow> rows;
    private final int[] shardOfRow;
    private final int count;
    private final int tiedGroups;
    private final int tiedRows;
    private final String costUnit;

    private ShardPlan(List<PlannedRow> rows, int[] shardOfRow, int count, int tiedGroups, int tiedRows, String costUnit) {
        this.rows = List.copyOf(rows);
        this.shardOfRow = shardOfRow;
        this.count = count;
        this.tiedGroups = tiedGroups;
        this.tiedRows = tiedRows;
        this.costUnit = costUnit;
    }

    /**
     * Splits {@code rows} (in the order the run would make them) into {@code count} shards.
     *
     * @param gates    the gate file's gates; its ratio gates tie rows together
     * @param costUnit what {@link PlannedRow#cost()} counts, for messages: {@code s} or {@code rungs}
     */
    public static ShardPlan of(List<PlannedRow> rows, List<Gate> gates, int count, String costUnit) {
        Groups groups = new Groups(rows.size());
        for (List<Integer> tie : GateTies.of(gates, rows)) {
            tie.forEach(i -> groups.join(tie.get(0), i));
        }
        List<List<Integer>> members = groups.members();
        members.sort(Comparator.comparingDouble((List<Integer> g) -> -cost(rows, g)).thenComparingInt(g -> g.get(0)));
        double[] load = new double[count];
        int[] shardOfRow = new int[rows.size()];
        for (List<Integer> group : members) {
            int least = 0;
            for (int s = 1; s < count; s++) {
                if (load[s] < load[least]) {
                    least = s;
                }
            }
            load[least] += cost(rows, group);
            for (int i : group) {
                shardOfRow[i] = least + 1;
            }
        }
        List<List<Integer>> tied = members.stream().filter(g -> g.size() > 1).collect(Collectors.toList());
        return new ShardPlan(rows, shardOfRow, count, tied.size(), tied.stream().mapToInt(List::size).sum(), costUnit);
    }

    private static double cost(List<PlannedRow> rows, List<Integer> group) {
        return group.stream().mapToDouble(i -> rows.get(i).cost()).sum();
    }

    /** Every planned row, in run order. */
    public List<PlannedRow> rows() {
        return rows;
    }

    public int count() {
        return count;
    }

    /** The shard (1 to {@link #count()}) row {@code index} of {@link #rows()} runs in. */
    public int shardOf(int index) {
        return shardOfRow[index];
    }

    /** The rows shard {@code index} (1 to N) runs, in run order. */
    public List<PlannedRow> rows(int index) {
        return IntStream.range(0, rows.size()).filter(i -> shardOfRow[i] == index).mapToObj(rows::get).collect(Collectors.toList());
    }

    /** The expected cost of shard {@code index}. */
    public double cost(int index) {
        return rows(index).stream().mapToDouble(PlannedRow::cost).sum();
    }

    public double totalCost() {
        return rows.stream().mapToDouble(PlannedRow::cost).sum();
    }

    /** The longest shard's expected cost over the mean shard's: 1 is a perfect split; NaN for a run of no cost. */
    public double longestOverMean() {
        double mean = totalCost() / count;
        double longest = IntStream.rangeClosed(1, count).mapToDouble(this::cost).max().orElse(0);
        return mean > 0 ? longest / mean : Double.NaN;
    }

    public String costUnit() {
        return costUnit;
    }

    /** How many groups of rows the gates tie, and how many rows are in them. */
    public int tiedGroups() {
        return tiedGroups;
    }

    public int tiedRows() {
        return tiedRows;
    }

    /**
     * Identifies the split: every row with its shard, hashed (SHA-256, hex). Shards of one run carry the same
     * fingerprint; shards planned from other options, another commit's benchmarks or another gate file do not.
     */
    public String fingerprint() {
        StringBuilder text = new StringBuilder().append(count).append('\n');
        for (int i = 0; i < rows.size(); i++) {
            text.append(rows.get(i).key()).append(" → ").append(shardOfRow[i]).append('\n');
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * One line per shard: {@code shard 2/4: 9 rows, 1 min 10 s} (or {@code 9 rows, 72 single-shot calls}, or
     * {@code 3 rungs}), the chosen one marked.
     */
    public List<String> describe(int chosen) {
        List<String> lines = new ArrayList<>();
        for (int s = 1; s <= count; s++) {
            // an end-to-end run's rows are its rungs, so its cost already counts them
            String size = costUnit.equals("rungs") ? amount(cost(s)) : rows(s).size() + " rows, " + amount(cost(s));
            lines.add(String.format(Locale.ROOT, "%s shard %d/%d: %s", s == chosen ? "▶" : " ", s, count, size));
        }
        return lines;
    }

    /** {@code 2 min 10 s} or {@code 3 rungs}: a cost in the plan's unit. */
    public String amount(double cost) {
        if (!costUnit.equals("s")) {
            return String.format(Locale.ROOT, "%,.0f %s", cost, costUnit);
        }
        return Formats.duration(cost);
    }

    /** Union-find over row indices, for the rows the gates tie. */
    private static final class Groups {
        private final int[] parent;

        Groups(int size) {
            parent = IntStream.range(0, size).toArray();
        }

        int root(int i) {
            while (parent[i] != i) {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            return i;
        }

        void join(int a, int b) {
            int ra = root(a);
            int rb = root(b);
            if (ra != rb) {
                parent[Math.max(ra, rb)] = Math.min(ra, rb);
            }
        }

        /** Each group's row indices, ascending; groups in order of their first row. */
        List<List<Integer>> members() {
            List<List<Integer>> groups = new ArrayList<>();
            Map<Integer, List<Integer>> byRoot = new LinkedHashMap<>();
            for (int i = 0; i < parent.length; i++) {
                byRoot.computeIfAbsent(root(i), r -> new ArrayList<>()).add(i);
            }
            groups.addAll(byRoot.values());
            return groups;
        }
    }
}
