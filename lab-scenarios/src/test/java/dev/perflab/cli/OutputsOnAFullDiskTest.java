package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.toy.ToyAbComponent;
import dev.perflab.cli.toy.ToyJars;
import dev.perflab.faults.SmallDisk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every output of the CLI that a command writes without a JMH run, on a full disk: each command first writes its
 * output on a small file system with room (a tmpfs, {@link SmallDisk}); then the disk is filled and the same command
 * runs again. It must fail in one line that names the output (or the history) and the full disk, and leave every
 * file on that disk byte for byte as the first run left it: no output cut short, no temporary file behind.
 *
 * <p>The results folders of {@code run} and {@code profile} are here with one smoke-length JMH row each (JMH from this
 * module's test class path, a few seconds a run), and {@code ab}'s with two pairs of smoke forks of the toy suite, one
 * jar on both sides. Of the runs, the one file that grows while the run goes is here ({@code run sha-pipeline
 * --sample-out}), as are the files a latency run's child JVM writes ({@code --hlog}, {@code --jfr}).
 */
@org.junit.jupiter.api.extension.ExtendWith(JmhFromTestClassPath.class)
class OutputsOnAFullDiskTest {
    @TempDir
    Path dir;

    private final LabCli cli = new LabCli(dev.perflab.cli.component.Registry.builtIn().with(new ToyAbComponent()));

    /** One output of one command: its arguments with {@code OUT} where the output goes, and the output's name on the disk. */
    private record Case(String name, String output, List<String> args) {
        /** The exits of a first run that wrote its output: 0, and for {@code ab} also "undecided" (4). */
        boolean wrote(int exit) {
            return exit == 0 || args.get(0).equals("ab") && exit == AB_UNDECIDED;
        }
    }

    private static final int AB_UNDECIDED = 4;

    private List<Case> cases() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        Path results = in.resolve("run.json");
        Files.copy(Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()), results);
        Files.writeString(in.resolve("run.machine.txt"), "JDK 17, a CPU, 2 cores\n");
        Path history = in.resolve("history.db");
        assertEquals(0, lab("history", "import", results.toString(), "--machine", "m", "--history", history.toString()), cli.err::toString);
        Path gates = Files.writeString(in.resolve("gates.yaml"), "gates:\n  - name: tuned beats naive\n    ratio:\n"
                + "      numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}\n"
                + "      denominator: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}\n    min: 2\n");
        Path claims = Files.writeString(in.resolve("claims.yaml"), "claims:\n  - claim: naive to tuned\n    where: README\n"
                + "    results: run.json\n    command: ./lab run orderbook\n    ratio:\n"
                + "      numerator: {benchmark: cancelLast, params: {rung: r4, depth: 1000}}\n"
                + "      denominator: {benchmark: cancelLast, params: {rung: r0, depth: 1000}}\n");
        Path commands = in.resolve("commands.bin");
        assertEquals(0, lab("orderbook", "generate", "--count", "50", "--out", commands.toString()), cli.err::toString);
        Path bricks = in.resolve("bricks.txt");
        assertEquals(0, lab("brick", "generate", "--size", "4k", "--out", bricks.toString()), cli.err::toString);
        Path day = in.resolve("day.bin");
        assertEquals(0, lab("mdf", "generate", "--count", "20", "--out", day.toString()), cli.err::toString);
        List<String> shards = ShardFolders.of(in, "orderbook", 2, null, List.of("one machine", "one machine")).stream()
                .map(Path::toString).toList();
        List<String> latency = List.of("latency", "orderbook", "--rate", "1000", "--warmup", "0", "--seconds", "0.5", "--history", "none");

        List<Case> cases = new ArrayList<>();
        cases.add(new Case("history import (the history itself)", "history.db",
                List.of("history", "import", results.toString(), "--machine", "m", "--history", "OUT")));
        cases.add(new Case("history --export csv --out", "history.csv",
                List.of("history", "run", "--history", history.toString(), "--export", "csv", "--out", "OUT")));
        cases.add(new Case("history --png", "history-png", List.of("history", "run", "--history", history.toString(), "--png", "OUT")));
        cases.add(new Case("report --html", "run.html", List.of("report", results.toString(), "--html", "OUT")));
        cases.add(new Case("report --markdown", "run.md", List.of("report", results.toString(), "--markdown", "OUT")));
        cases.add(new Case("report --png", "report-png", List.of("report", results.toString(), "--png", "OUT")));
        cases.add(new Case("gate --junit", "gate.xml", List.of("gate", "--results", results.toString(), "--gates", gates.toString(), "--junit", "OUT")));
        cases.add(new Case("gate --markdown", "gate.md", List.of("gate", "--results", results.toString(), "--gates", gates.toString(), "--markdown", "OUT")));
        cases.add(new Case("claims --out", "claims.md", List.of("claims", "--claims", claims.toString(), "--base", in.toString(), "--out", "OUT")));
        List<String> merge = new ArrayList<>(List.of("merge"));
        merge.addAll(shards);
        merge.addAll(List.of("--out", "OUT"));
        cases.add(new Case("merge --out", "merged", merge));
        cases.add(new Case("mdf replay --out", "replay", List.of("mdf", "replay", "--in", day.toString(), "--out", "OUT")));
        cases.add(new Case("orderbook replay --events", "events.bin", List.of("orderbook", "replay", "--in", commands.toString(), "--events", "OUT")));
        cases.add(new Case("brick transform --out", "transformed.txt", List.of("brick", "transform", "--in", bricks.toString(), "--out", "OUT")));
        cases.add(new Case("brick move --out", "moved.txt", List.of("brick", "move", "--in", bricks.toString(), "--out", "OUT")));
        cases.add(new Case("orderbook generate --out", "commands.bin", List.of("orderbook", "generate", "--count", "50", "--out", "OUT")));
        cases.add(new Case("mdf generate --out", "day.bin", List.of("mdf", "generate", "--count", "20", "--out", "OUT")));
        cases.add(new Case("brick generate --out", "bricks.txt", List.of("brick", "generate", "--size", "4k", "--out", "OUT")));
        for (String option : List.of("--json", "--jmh-json", "--hlog", "--jfr")) {
            List<String> args = new ArrayList<>(latency);
            args.addAll(List.of(option, "OUT"));
            cases.add(new Case("latency " + option, "latency" + option.replace("--", "-") + (option.equals("--hlog") ? ".hlog" : ".out"), args));
        }
        cases.add(new Case("run sha-pipeline --sample-out", "sample.txt", List.of("run", "sha-pipeline", "--smoke", "--no-ceiling",
                "--history", "none", "--out", dir.resolve("sha").toString(), "--sample-out", "OUT")));
        List<String> row = List.of("--rung", "r4", "--benchmark", "cancelLast", "--param", "depth=1");
        List<String> run = new ArrayList<>(List.of("run", "orderbook", "--smoke"));
        run.addAll(row);
        run.addAll(List.of("--history", "none", "--out", "OUT"));
        cases.add(new Case("run orderbook --out (a JMH run's results folder)", "run-folder", run));
        List<String> profile = new ArrayList<>(List.of("profile", "orderbook"));
        profile.addAll(row);
        profile.addAll(List.of("--out", "OUT"));
        cases.add(new Case("profile orderbook --out", "profile-folder", profile));
        // ab's forks from one jar of this class path's toy suite on both sides: no revision is built
        Path jar = ToyJars.jmhJar(in.resolve("toy-benchmarks.jar"));
        cases.add(new Case("ab --out (a verdict's folder)", "ab-folder", List.of("ab", ToyAbComponent.NAME, "--base-jar", jar.toString(),
                "--head-jar", jar.toString(), "--smoke", "--rung", "naive", "--pairs", "2", "--budget", "0", "--no-ruler",
                "--history", "none", "--out", "OUT")));
        return cases;
    }

    private int lab(String... args) {
        cli.clear();
        return cli.run(args);
    }

    @Test
    void everyOutputOnAFullDiskFailsInOneLineAndLeavesTheDiskAsItWas() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"), 32 * 1024)) {
            List<String> failures = new ArrayList<>();
            for (Case c : cases()) {
                Path out = disk.path().resolve(c.output());
                String[] args = c.args().stream().map(a -> a.equals("OUT") ? out.toString() : a).toArray(String[]::new);
                int first = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> lab(args), c.name());
                if (!c.wrote(first)) {
                    failures.add(c.name() + ": did not write its output on a disk with room: exit " + first + ": " + cli.err);
                    continue;
                }
                Map<Path, byte[]> before = files(disk.path());
                disk.fill();
                try {
                    int exit = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> lab(args), c.name() + " on a full disk");
                    String err = cli.err.toString().strip();
                    if (exit != 1 && exit != 2) {
                        failures.add(c.name() + ": exit " + exit + " on a full disk: " + err);
                    }
                    if (err.lines().count() != 1 || err.contains("\tat ") || err.contains("Exception:")) {
                        failures.add(c.name() + ": not one line: " + err);
                    }
                    if (!err.contains(c.output()) && !err.contains(c.args().get(c.args().indexOf("OUT") - 1))) {
                        failures.add(c.name() + ": the line names neither the output nor its option: " + err);
                    }
                    if (!err.contains("space") && !err.contains("full")) {
                        failures.add(c.name() + ": the line does not say the disk is full: " + err);
                    }
                } finally {
                    Files.delete(disk.path().resolve("filler"));
                }
                Map<Path, byte[]> after = files(disk.path());
                for (Path p : before.keySet()) {
                    if (!after.containsKey(p)) {
                        failures.add(c.name() + ": the full disk lost " + p);
                    } else if (!Arrays.equals(before.get(p), after.get(p))) {
                        failures.add(c.name() + ": the full disk changed " + p + " (" + before.get(p).length + " → " + after.get(p).length + " bytes)");
                    }
                }
                after.keySet().stream().filter(p -> !before.containsKey(p)).forEach(p -> failures.add(c.name() + ": left " + p));
            }
            assertTrue(failures.isEmpty(), failures.size() + " outputs harmed by a full disk:\n" + String.join("\n", failures));
        }
    }

    /** Every file on the disk but the filler, with its bytes. */
    private static Map<Path, byte[]> files(Path root) throws IOException {
        Map<Path, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("filler"))
                    .collect(Collectors.toList())) {
                files.put(p, Files.readAllBytes(p));
            }
        }
        return files;
    }
}
