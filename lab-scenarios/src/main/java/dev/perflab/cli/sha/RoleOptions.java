package dev.perflab.cli.sha;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.RungOption;
import dev.perflab.ladder.Entry;
import dev.perflab.sha.PipelineSettings;
import dev.perflab.sha.ShaLadder;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options every role shares. The three roles of one pipeline must run the same rung. */
final class RoleOptions {
    @Mixin
    RungOption rung = RungOption.defaultingTo("tuned");

    Entry<PipelineSettings> entry() {
        return ShaLadder.LADDER.resolve(rung.one());
    }

    /**
     * One exit code per role outcome, the same for every role: 0 done, 2 when the peer sent a malformed
     * ("bad frame") stream, 1 for any other failure (a vanished or silent peer). The collector used to exit
     * 1 where the executor exited 2 for the same garbage frame.
     */
    static int exitCode(String error) {
        if (error == null) {
            return 0;
        }
        return error.contains("bad frame") ? LabException.BAD_INPUT : LabException.CHECK_FAILED;
    }
}
