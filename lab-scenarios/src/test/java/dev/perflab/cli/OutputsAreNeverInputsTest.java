package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.perflab.cli.component.OutOption;
import dev.perflab.history.HistoryStore;
import dev.perflab.history.HistoryTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * The rule "an output is never one of the command's inputs", as a property over the whole CLI: for every command and
 * every output option, the output pointed at each of the command's inputs (the files named and the implicit ones: the
 * history, the machine file beside a JSON, a merged folder, a replay's input), through several spellings of the same
 * path (as given, {@code ./}, {@code x/../}, a symbolic link, a relative path), and an output folder pointed at the
 * folder that holds an input, is refused in one line with exit 2, and every input is byte-identical afterwards.
 *
 * <p>{@link #everyPathOptionOfTheCliIsClassified} keeps the table whole: a new option that takes a path fails it until
 * it is listed here as an input or an output (with its cases).
 */
class OutputsAreNeverInputsTest {
    /** Path options that the commands read, not write. */
    private static final Set<String> INPUT_OPTIONS = Set.of(
            "ab --base-jar", "ab --head-jar", "ab --merge", "ab --project", "brick check --in", "brick check --result", "brick fetch --check",
            "brick move --in", "brick serve --in", "brick transform --in", "compare <BASE.json>", "compare <HEAD.json>",
            "forwarder simulator --day", "mdf simulator --day", "gate --gates", "gate --results", "jdks --jdk", "mdf replay --in",
            "merge <SHARD_DIR>", "orderbook replay --in", "pump sender --day", "report --changes", "report --history-csv",
            "report <FILE>", "run * --jdk", "run-jar <JAR>", "gate --verdict", "claims --claims", "claims --base",
            "history import <FILE.json|DIR>", "check --answers", "grade --file", "profile --jar");
    /**
     * Path options that write and have nothing of the command's own to destroy (no input file): they are checked
     * by the same policy, with nothing to compare.
     */
    private static final Set<String> OUTPUTS_WITHOUT_INPUTS = Set.of("brick generate --out", "mdf generate --out",
            "orderbook generate --out", "sha collector --sample-out", "forwarder forwarder --journal-dir",
            "mdf forwarder --journal-dir", "profile --out");

    @TempDir
    Path dir;

    private final LabCli cli = new LabCli();
    private Path history;
    private Path commands;
    private Path bricks;
    private Path day;
    private Path results;
    private Path gates;
    private Path jar;

    @BeforeEach
    void inputs() throws Exception {
        history = dir.resolve("in/history.db");
        Files.createDirectories(history.getParent());
        HistoryStore.open(HistoryTarget.sqlite(history)).close();
        commands = dir.resolve("in/commands.bin");
        assertEquals(0, lab("orderbook", "generate", "--count", "50", "--out", commands.toString()), cli.err::toString);
        bricks = dir.resolve("in/bricks.txt");
        assertEquals(0, lab("brick", "generate", "--size", "4k", "--out", bricks.toString()), cli.err::toString);
        day = dir.resolve("in/day.bin");
        assertEquals(0, lab("mdf", "generate", "--count", "20", "--out", day.toString()), cli.err::toString);
        results = dir.resolve("in/run.json");
        Files.copy(Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()), results);
        Files.writeString(dir.resolve("in/run.machine.txt"), "JDK 17, a CPU, 2 cores\n");
        gates = Files.writeString(dir.resolve("in/gates.yaml"), "gates: []\n");
        jar = Files.write(dir.resolve("in/base.jar"), new byte[] {'P', 'K', 3, 4});
    }

    private int lab(String... args) {
        cli.clear();
        return cli.run(args);
    }

    /** One output option of one command: the command line with {@code OUT} where the output goes, and what it reads. */
    private record Case(String command, String option, boolean folder, List<String> args, List<Path> inputs) {
    }

    private List<Case> cases() throws IOException {
        Path machine = dir.resolve("in/run.machine.txt");
        Path shard = shardFolder();
        List<Case> cases = new ArrayList<>();
        cases.add(file("history", "--out", List.of("history", "orderbook", "--history", history.toString(), "--export", "csv", "--out", "OUT"), history));
        cases.add(file("history", "--json", List.of("history", "orderbook", "--history", history.toString(), "--changes", "--json", "OUT"), history));
        cases.add(folder("history", "--png", List.of("history", "orderbook", "--history", history.toString(), "--png", "OUT"), history));
        for (String option : List.of("--html", "--markdown")) {
            cases.add(file("report", option, List.of("report", results.toString(), option, "OUT"), results, machine));
        }
        cases.add(folder("report", "--png", List.of("report", results.toString(), "--png", "OUT"), results, machine));
        for (String option : List.of("--junit", "--markdown")) {
            cases.add(file("gate", option, List.of("gate", "--results", results.toString(), "--gates", gates.toString(), option, "OUT"),
                    results, machine, gates));
        }
        cases.add(folder("ab", "--out", List.of("ab", "orderbook", "--base-jar", jar.toString(), "--head-jar", jar.toString(),
                "--history", history.toString(), "--out", "OUT"), jar, history));
        cases.add(folder("ab", "--out", List.of("ab", "orderbook", "--calibrate", "--base-jar", jar.toString(), "--history",
                history.toString(), "--out", "OUT"), jar, history));
        cases.add(folder("ab", "--out", List.of("ab", "orderbook", "--calibrate", "--merge", shard.toString(), "--out", "OUT"), shard));
        Path project = gitProject();
        cases.add(folder("ab", "--out", List.of("ab", "--project", project.toString(), "--base", "HEAD", "--head", "HEAD", "--history",
                history.toString(), "--out", "OUT"), project, history));
        cases.add(folder("merge", "--out", List.of("merge", shard.toString(), "--out", "OUT"), shard));
        cases.add(folder("mdf replay", "--out", List.of("mdf", "replay", "--in", day.toString(), "--out", "OUT"), day));
        cases.add(file("orderbook replay", "--events", List.of("orderbook", "replay", "--in", commands.toString(), "--events", "OUT"), commands));
        cases.add(file("brick transform", "--out", List.of("brick", "transform", "--in", bricks.toString(), "--out", "OUT"), bricks));
        cases.add(file("brick move", "--out", List.of("brick", "move", "--in", bricks.toString(), "--out", "OUT"), bricks));
        cases.add(file("brick fetch", "--out", List.of("brick", "fetch", "--connect", "127.0.0.1:9", "--check", bricks.toString(),
                "--out", "OUT"), bricks));
        for (String option : List.of("--json", "--hlog", "--jmh-json", "--jfr")) {
            cases.add(file("latency", option, List.of("latency", "orderbook", "--rate", "1000", "--history", history.toString(), option, "OUT"),
                    history));
        }
        for (String component : List.of("orderbook", "kv", "socket-pump", "forwarder", "sha-pipeline", "brick", "mdf-ring")) {
            cases.add(folder("run " + component, "--out", List.of("run", component, "--smoke", "--history", history.toString(),
                    "--out", "OUT"), history));
        }
        for (String component : List.of("kv", "socket-pump", "forwarder", "sha-pipeline")) {
            cases.add(file("run " + component, "--json", List.of("run", component, "--smoke", "--history", history.toString(),
                    "--out", dir.resolve("out").toString(), "--json", "OUT"), history));
        }
        Path claims = Files.writeString(dir.resolve("in/claims.yaml"), "claims:\n  - claim: naive to tuned\n    where: README\n"
                + "    results: " + results.getFileName() + "\n    command: ./lab run orderbook\n    ratio:\n"
                + "      numerator: {benchmark: cancelLast, params: {rung: r4, depth: 1000}}\n"
                + "      denominator: {benchmark: cancelLast, params: {rung: r0, depth: 1000}}\n");
        cases.add(file("claims", "--out", List.of("claims", "--claims", claims.toString(), "--base", results.getParent().toString(),
                "--out", "OUT"), claims, results, machine));
        Path solution = Files.writeString(dir.resolve("in/StudentBook.java"), "package dev.perflab.orderbook;\n");
        cases.add(folder("grade", "--out", List.of("grade", "orderbook", "--smoke", "--file", solution.toString(), "--out", "OUT"), solution));
        cases.add(folder("run-jar", "--out", List.of("run-jar", jar.toString(), "--history", history.toString(), "--out", "OUT"), jar, history));
        cases.add(folder("profile", "--out", List.of("profile", "--jar", jar.toString(), "--benchmark", "Sum", "--out", "OUT"), jar));
        cases.add(file("run sha-pipeline", "--sample-out", List.of("run", "sha-pipeline", "--smoke", "--history", history.toString(),
                "--out", dir.resolve("out").toString(), "--sample-out", "OUT"), history));
        return cases;
    }

    private static Case file(String command, String option, List<String> args, Path... inputs) {
        return new Case(command, option, false, args, List.of(inputs));
    }

    private static Case folder(String command, String option, List<String> args, Path... inputs) {
        return new Case(command, option, true, args, List.of(inputs));
    }

    /** A project for {@code ab --project}: a git repository with a pom.xml, never built here (the --out is refused first). */
    private Path gitProject() throws IOException {
        Path project = Files.createDirectories(dir.resolve("in/project"));
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        try {
            assertEquals(0, new ProcessBuilder("git", "init", "-q", project.toString()).inheritIO().start().waitFor(), "git init");
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        return project;
    }

    /** A shard folder as {@code ./lab run --shard} leaves it: its manifest and rows (only read, never run here). */
    private Path shardFolder() throws IOException {
        Path shard = dir.resolve("in/shard-1-of-2");
        Files.createDirectories(shard);
        Files.writeString(shard.resolve("calibration.json"), "{}");
        return shard;
    }

    /**
     * The spellings of one path to point an output at: as given, through {@code ./}, through {@code sub/..}, through a
     * symbolic link, and relative to the working folder.
     */
    private List<String> spellings(Path target) throws IOException {
        Path parent = target.getParent();
        Files.createDirectories(parent.resolve("sub"));
        Path link = dir.resolve("links").resolve(target.getFileName() + "-" + Math.abs(target.hashCode()));
        Files.createDirectories(link.getParent());
        if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(link, target);
        }
        return List.of(target.toString(), parent + "/./" + target.getFileName(), parent + "/sub/../" + target.getFileName(),
                link.toString(), Path.of("").toAbsolutePath().relativize(target).toString(), target + (Files.isDirectory(target) ? "/" : ""));
    }

    @Test
    void everyOutputPointedAtAnyOfItsCommandsInputsIsRefusedAndTheInputStaysByteIdentical() throws Exception {
        List<String> failures = new ArrayList<>();
        int tried = 0;
        for (Case c : cases()) {
            Map<Path, byte[]> before = snapshot(c.inputs());
            for (Path input : c.inputs()) {
                List<Path> targets = new ArrayList<>(List.of(input));
                if (c.folder()) {
                    targets.add(input.getParent()); // the folder that holds the input
                    targets.add(input.getParent().getParent()); // and one above it
                }
                for (Path target : targets) {
                    List<String> all = spellings(target);
                    // as given, and one other spelling in turn: every spelling meets every kind of command (InputsTest has them all)
                    for (String spelling : List.of(all.get(0), all.get(1 + tried++ % (all.size() - 1)))) {
                        List<String> args = c.args().stream().map(a -> a.equals("OUT") ? spelling : a).collect(Collectors.toList());
                        int exit = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> lab(args.toArray(String[]::new)),
                                () -> String.join(" ", args) + " was not refused before its work");
                        String err = cli.err.toString().strip();
                        boolean refused = exit == 2 && err.lines().count() == 1 && err.contains(c.option() + " ")
                                && (err.contains(": is the input ") || err.contains(": holds the input "));
                        if (!refused) {
                            failures.add(String.join(" ", args) + " → exit " + exit + ": " + err);
                        }
                    }
                }
            }
            Map<Path, byte[]> after = snapshot(c.inputs());
            for (Path p : before.keySet()) {
                if (!Arrays.equals(before.get(p), after.get(p))) {
                    failures.add(c.command() + " " + c.option() + " changed its input " + p);
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " outputs not refused:\n" + String.join("\n", failures));
    }

    /** Every file under the inputs (a folder: all it holds), with its bytes. */
    private static Map<Path, byte[]> snapshot(List<Path> inputs) throws IOException {
        Map<Path, byte[]> files = new TreeMap<>();
        for (Path input : inputs) {
            try (Stream<Path> walk = Files.walk(input)) {
                for (Path p : walk.filter(Files::isRegularFile).toList()) {
                    files.put(p, Files.readAllBytes(p));
                }
            }
        }
        return files;
    }

    /**
     * Every option or parameter of the CLI that takes a path is an input, or an output that has a case above (or
     * nothing of its command's to destroy): a new one fails here until it is classified.
     */
    @Test
    void everyPathOptionOfTheCliIsClassified() throws Exception {
        Set<String> covered = cases().stream().map(c -> c.command().replaceAll("^run \\S+", "run *") + " " + c.option())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Set<String> found = new LinkedHashSet<>();
        walk(Lab.newCommandLine(), "", found);
        List<String> unclassified = found.stream().filter(o -> !INPUT_OPTIONS.contains(o) && !OUTPUTS_WITHOUT_INPUTS.contains(o)
                && !covered.contains(o)).toList();
        assertTrue(unclassified.isEmpty(), "path options that are neither a listed input nor an output with cases: " + unclassified);
        assertTrue(found.containsAll(covered), "cases for options the CLI no longer has: "
                + covered.stream().filter(o -> !found.contains(o)).toList());
    }

    private static void walk(CommandLine command, String name, Set<String> found) {
        for (ArgSpec arg : command.getCommandSpec().args()) {
            // the shared --out (OutOption) holds its folder in a type of its own, which shows the command's default in the help
            boolean path = arg.type() == Path.class || arg.type().getEnclosingClass() == OutOption.class
                    || List.class.isAssignableFrom(arg.type()) && arg.auxiliaryTypes().length > 0 && arg.auxiliaryTypes()[0] == Path.class;
            if (path) {
                String label = arg.isOption() ? ((CommandLine.Model.OptionSpec) arg).longestName() : "<" + arg.paramLabel() + ">";
                found.add((name.replaceAll("^run \\S+", "run *") + " " + label).strip());
            }
        }
        for (CommandLine sub : new LinkedHashSet<>(command.getSubcommands().values())) {
            walk(sub, (name + " " + sub.getCommandName()).strip(), found);
        }
    }
}
