package dev.perflab.cli.sha;

import dev.perflab.ladder.Entry;
import dev.perflab.sha.PipelineSettings;
import dev.perflab.sha.ShaLadder;
import picocli.CommandLine.Option;

/** Options every role shares. The three roles of one pipeline must run the same rung. */
final class RoleOptions {
    @Option(names = "--rung", paramLabel = "ID", defaultValue = "tuned",
            description = "Rung (id, r-prefix, naive, tuned or an x-… exhibit); all three roles must agree. Default: ${DEFAULT-VALUE}.")
    String rung;

    Entry<PipelineSettings> entry() {
        return ShaLadder.LADDER.resolve(rung);
    }
}
