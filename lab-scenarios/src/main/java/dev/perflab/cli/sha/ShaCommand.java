package dev.perflab.cli.sha;

import dev.perflab.cli.component.GroupCommand;
import picocli.CommandLine.Command;

/**
 * {@code ./lab sha}: the SHA-256 pipeline's three roles, each runnable alone so a pipeline can span hosts.
 *
 * <pre>
 *  ./lab sha collector --bind 127.0.0.1:7302
 *  ./lab sha executor  --bind 127.0.0.1:7301 --connect 127.0.0.1:7302
 *  ./lab sha generator --connect 127.0.0.1:7301 --seconds 10
 * </pre>
 */
@Command(name = "sha", mixinStandardHelpOptions = true, description = {"Run one role of the SHA-256 pipeline (generator → executor → collector over TCP, or Unix domain sockets with unix:PATH).",
        "Start the collector, then the executor, then the generator; all with the same --rung.",
        "./lab run sha-pipeline runs all three for every rung and prints the ladder."},
        subcommands = {GeneratorCommand.class, ExecutorCommand.class, CollectorCommand.class})
public final class ShaCommand extends GroupCommand {
}
