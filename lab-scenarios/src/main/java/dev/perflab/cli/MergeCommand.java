package dev.perflab.cli;

import dev.perflab.base.LabException;
import dev.perflab.fleet.ShardMerge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab merge SHARD_DIR… --out DIR}: the shards of one {@code ./lab run COMPONENT --shard I/N} put back into
 * one result set ({@link ShardMerge}). Exit 0; 1 when a shard's run left rows out (the rows that ran are merged);
 * 2 when the folders do not belong together (two components, two runs, a shard twice or missing).
 */
@Command(name = "merge", mixinStandardHelpOptions = true, description = {
        "Merge the shard folders of one sharded run (./lab run COMPONENT --shard I/N) into one result set.",
        "Each row keeps its shard's machine; report, gate and compare refuse a ratio of rows from two machines",
        "unless given --across-machines. Exit 1 when a shard left rows out, 2 when the folders do not belong together."})
final class MergeCommand implements Callable<Integer> {
    /** How many missing rows the failure line names; the rest are counted. */
    static final int MISSING_ROWS_SHOWN = 3;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SHARD_DIR", description = "The folders the shards wrote (each run's --out).")
    List<Path> shards;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder of the merged set (COMPONENT.json, its machine header and the merge's own record).")
    Path out;

    @Option(names = "--partial", description = "Merge the shards given even when some of the run's shards are not among them.")
    boolean partial;

    @Override
    public Integer call() throws java.io.IOException, InterruptedException {
        ShardMerge.Result result = ShardMerge.merge(shards, out, partial);
        PrintWriter console = spec.commandLine().getOut();
        console.printf("merged %d rows of %s from %d shard folders, measured on %d %s%n", result.rows(), result.component(),
                shards.size(), result.machines().size(), result.machines().size() == 1 ? "machine" : "machines");
        result.machines().forEach(m -> console.println("  " + m));
        if (!result.missingShards().isEmpty()) {
            console.println("partial: shards " + String.join(", ", result.missingShards()) + " not merged (--partial)");
        }
        console.println("saved: " + result.rowsFile());
        console.flush();
        if (!result.missingRows().isEmpty()) {
            List<String> missing = result.missingRows();
            throw new LabException(missing.size() + " planned rows are in no shard's results, so the merge is incomplete"
                    + " (the rows there are merged): " + String.join("; ", missing.subList(0, Math.min(MISSING_ROWS_SHOWN, missing.size())))
                    + (missing.size() > MISSING_ROWS_SHOWN ? "; and " + (missing.size() - MISSING_ROWS_SHOWN) + " more" : ""),
                    LabException.CHECK_FAILED);
        }
        return 0;
    }
}
