package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ./lab} command in a fenced block of the README works as written: the quick ones run here, through
 * the same CLI {@code ./lab} starts, and must exit 0; the long ones are listed below with where they are run
 * instead. A command added to the README that is in neither list fails this test, so none goes unchecked.
 */
class ReadmeCommandsTest {
    private static final Path README = Path.of(System.getProperty("basedir", ".")).resolve("../README.md");

    /** Commands that take well under a minute: run by this test. */
    private static final Set<String> QUICK = Set.of(
            "./lab list",
            "./lab check orderbook --rung tuned",
            "./lab run orderbook --help",
            "./lab doctor");

    /** Commands that take minutes, and where they are run instead. */
    private static final Map<String, String> LONG = Map.of(
            "./lab run orderbook", "the main job (minutes): .ci/run runs the same command with --smoke, and its gates");

    @Test
    void everyFencedLabCommandIsRunHereOrListedWithWhereItRuns() throws IOException {
        List<String> commands = fencedLabCommands();
        assertTrue(commands.contains("./lab run orderbook"), "the README's main job is not in a fenced block: " + commands);
        for (String command : commands) {
            assertTrue(QUICK.contains(command) || LONG.containsKey(command),
                    "README command not checked: '" + command + "'; add it to QUICK (run here) or LONG (with where it runs)");
        }
        for (String command : commands) {
            if (QUICK.contains(command)) {
                LabCli lab = new LabCli();
                String[] args = command.substring("./lab ".length()).split(" ");
                assertEquals(0, lab.run(args), command + "\n" + lab.out + lab.err);
                assertTrue(!lab.out.toString().isBlank(), command + " printed nothing");
            }
        }
    }

    /** The {@code ./lab …} lines inside the README's fenced code blocks, comments and continuations resolved. */
    private static List<String> fencedLabCommands() throws IOException {
        List<String> commands = new ArrayList<>();
        boolean fenced = false;
        StringBuilder pending = null;
        for (String line : Files.readAllLines(README)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced) {
                continue;
            }
            String code = line.replaceAll("\\s+#.*$", "").strip();
            if (pending != null) {
                pending.append(' ').append(code.replaceAll("\\\\$", "").strip());
            } else if (code.startsWith("./lab ")) {
                pending = new StringBuilder(code.replaceAll("\\\\$", "").strip());
            }
            if (pending != null && !code.endsWith("\\")) {
                commands.add(pending.toString().replaceAll("\\s+", " "));
                pending = null;
            }
        }
        return commands;
    }
}
