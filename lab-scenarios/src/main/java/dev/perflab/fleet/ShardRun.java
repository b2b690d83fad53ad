package dev.perflab.fleet;

import dev.perflab.base.LabException;
import dev.perflab.gate.Gate;
import dev.perflab.gate.GateFile;
import dev.perflab.gate.GateFileException;
import dev.perflab.results.RunFolder;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * One shard of a {@code ./lab run}: which shard, the gates that say which rows stay together, and the machine it
 * runs on. The run plans every row as usual, asks this for its share ({@link #plan}, {@link #print}), runs it, and
 * hands its results to {@link #save}.
 *
 * <pre>
 *   --shard I/N (or JOB_COMPLETION_INDEX + PERFLAB_SHARDS) ─┐
 *   --shard-gates FILE (default ci/gates.yaml)             ─┼─▶ ShardPlan over every planned row ─▶ this shard's rows
 *   the machine header + host (ShardHost)                  ─┘        run as usual ─▶ DIR: rows, .machine.txt,
 *                                                                     COMPONENT.shard.json (ShardStore)
 * </pre>
 */
public final class ShardRun {
    /** {@code --shard-gates none}: no gate ties rows; every row is placed by cost alone. */
    public static final String NO_GATES = "none";
    /** Where the gates are when {@code --shard-gates} is not given, from the working folder or the lab's home. */
    public static final Path DEFAULT_GATES = Path.of("ci", "gates.yaml");

    private final Shard shard;
    private final List<Gate> gates;
    private final String gatesSource;
    private final Map<String, String> env;

    private ShardRun(Shard shard, List<Gate> gates, String gatesSource, Map<String, String> env) {
        this.shard = shard;
        this.gates = gates;
        this.gatesSource = gatesSource;
        this.env = env;
    }

    /**
     * The shard to run: {@code --shard} when given, else the environment's ({@link Shard#fromEnvironment}); empty for
     * a whole run.
     *
     * @param option     {@code --shard}'s value, or null
     * @param gatesFile  {@code --shard-gates}: a gates file, {@value #NO_GATES}, or null for {@link #DEFAULT_GATES}
     * @param labHome    the lab's checkout, where {@link #DEFAULT_GATES} is looked for after the working folder
     */
    public static Optional<ShardRun> of(String option, String gatesFile, Path labHome, Map<String, String> env) {
        Optional<Shard> shard = option != null ? Optional.of(Shard.parse(option, "--shard")) : Shard.fromEnvironment(env);
        if (shard.isEmpty()) {
            if (gatesFile != null) {
                throw new LabException("--shard-gates applies to a sharded run: add --shard I/N (or set "
                        + Shard.INDEX_VARIABLE + " and " + Shard.COUNT_VARIABLE + ")");
            }
            return Optional.empty();
        }
        if (NO_GATES.equals(gatesFile)) {
            return Optional.of(new ShardRun(shard.get(), List.of(), "no gates file (--shard-gates none)", env));
        }
        Path file = gatesFile != null ? Path.of(gatesFile) : defaultGates(labHome);
        try {
            return Optional.of(new ShardRun(shard.get(), GateFile.read(file).gates(), file.toString(), env));
        } catch (GateFileException e) {
            throw new LabException("--shard-gates: " + e.getMessage());
        }
    }

    private static Path defaultGates(Path labHome) {
        if (Files.isRegularFile(DEFAULT_GATES)) {
            return DEFAULT_GATES;
        }
        Path home = labHome != null ? labHome.resolve(DEFAULT_GATES) : null;
        if (home != null && Files.isRegularFile(home)) {
            return home;
        }
        throw new LabException("--shard: no gates file at " + DEFAULT_GATES + " to say which rows a ratio gate divides (they must"
                + " share a shard); pass --shard-gates FILE, or --shard-gates " + NO_GATES + " to split by cost alone");
    }

    public Shard shard() {
        return shard;
    }

    /** The split of {@code rows} (every row of the run, in run order) into this run's shard count. */
    public ShardPlan plan(List<PlannedRow> rows, String costUnit) {
        return ShardPlan.of(rows, gates, shard.count(), costUnit);
    }

    /**
     * What the split is: a line on the whole run, one per shard (this one marked), and the balance.
     *
     * @param what the run and how it is split, e.g. {@code 24 rows, 6 min 56 s of warm-up and measurement in all, split 4 ways by it}
     */
    public void print(ShardPlan plan, String what, PrintWriter console) {
        console.printf("shards: %s; %s%n", what, plan.tiedRows() == 0 ? "no ratio gate of " + gatesSource + " divides rows of this run"
                : plan.tiedRows() + " rows that ratio gates of " + gatesSource + " divide run together (" + plan.tiedGroups()
                + (plan.tiedGroups() == 1 ? " group)" : " groups)"));
        plan.describe(shard.index()).forEach(console::println);
        double ratio = plan.longestOverMean();
        console.printf(Locale.ROOT, "balance: the longest shard is %s the mean (%s; the mean %s)%n",
                Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2f×", ratio),
                plan.amount(IntStream.rangeClosed(1, plan.count()).mapToDouble(plan::cost).max().orElse(0)),
                plan.amount(plan.totalCost() / plan.count()));
        console.flush();
    }

    /** The header this shard's rows carry: the machine's and its host's name. */
    public String header() {
        return ShardHost.header(env);
    }

    /** The header for a machine header other than this JVM's (a run on another JDK). */
    public String header(String machineHeader) {
        return ShardHost.header(machineHeader, env);
    }

    /**
     * Records that this shard ran: its manifest beside its rows, through the configured {@link ShardStore}.
     *
     * @param results the rows file's name in {@code dir}, or null when the shard had no rows
     */
    public void save(String component, String length, ShardPlan plan, RunFolder folder, String header, String results, PrintWriter console) {
        ShardManifest manifest = ShardManifest.of(component, length, shard, plan, header, results);
        folder.path(component + ShardManifest.SUFFIX); // one of the run's files: put back with the rows if the run does not end
        ShardStore.forRun().save(manifest, folder.dir(), console);
        console.flush();
    }
}
