package dev.perflab.cli;

import dev.perflab.base.EditDistance;
import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.run.RunCommand;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * The one line a mistyped command line gets. picocli's own words where they are clear; where they are not,
 * the lab's: an unknown command or component names the nearest one and the known ones ({@code ./lab rnu} →
 * "unknown command 'rnu'; did you mean run?"), and an option another component takes says which.
 */
final class BadArguments {
    private BadArguments() {
    }

    static String message(ParameterException e) {
        CommandLine cmd = e.getCommandLine();
        if (!(e instanceof UnmatchedArgumentException unmatched) || unmatched.getUnmatched().isEmpty()) {
            return e.getMessage();
        }
        String word = unmatched.getUnmatched().get(0);
        if (cmd.getCommand() instanceof GroupCommand && !word.startsWith("-")) {
            String what = cmd.getCommand() instanceof RunCommand ? "component" : "command";
            List<String> known = cmd.getSubcommands().keySet().stream().filter(n -> !n.equals("help")).collect(Collectors.toList());
            return "unknown " + what + " '" + word + "'" + nearest(word, known).map(n -> "; did you mean " + n + "?").orElse("")
                    + "; known: " + String.join(", ", known);
        }
        CommandLine parent = cmd.getParent();
        if (word.startsWith("--") && parent != null && parent.getCommand() instanceof RunCommand) {
            String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            List<String> takers = parent.getSubcommands().values().stream().distinct()
                    .filter(c -> c.getCommandSpec().findOption(option) != null)
                    .map(c -> "./lab run " + c.getCommandName()).collect(Collectors.toList());
            if (!takers.isEmpty()) {
                return option + " applies to " + String.join(", ", takers) + ", not to ./lab run " + cmd.getCommandName();
            }
        }
        return e.getMessage();
    }

    /** The known name closest to a mistyped one, if a third of its letters or fewer are wrong (a swap counts once). */
    static Optional<String> nearest(String typed, List<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            int d = EditDistance.distance(typed, name);
            if (d < bestDistance) {
                best = name;
                bestDistance = d;
            }
        }
        return bestDistance <= Math.max(1, typed.length() / 3) ? Optional.ofNullable(best) : Optional.empty();
    }
}
