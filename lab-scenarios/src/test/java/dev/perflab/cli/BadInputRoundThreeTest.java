package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bad cases of the third bad-input sweep, each through the CLI and each failing on the code before it: an
 * output never replaces one of its command's inputs (and {@link OutputsAreNeverInputsTest} holds that for every
 * output option), a database that accepts and never answers never holds a command beyond its limit, and a run's
 * results are saved before its history can fail. Each asserts the exit code, one line without a stack trace, and
 * what stayed on disk.
 */
class BadInputRoundThreeTest {
    /** The bound: a silent peer ends any command within 30 s. */
    private static final Duration SILENT_PEER_BOUND = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final LabCli cli = new LabCli();
    /** A peer that completes the TCP handshake (the kernel's backlog) and never reads or answers. */
    private ServerSocket silent;

    @BeforeEach
    void silentPeer() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void closePeer() throws IOException {
        silent.close();
    }

    private int lab(String... args) {
        cli.clear();
        return cli.run(args);
    }

    private String errLine() {
        return errLine(cli);
    }

    private static String errLine(LabCli lab) {
        String text = lab.err.toString();
        assertEquals(1, text.lines().filter(l -> !l.isBlank()).count(), "exactly one error line, was: " + text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), text);
        return text.strip();
    }

    private String peer() {
        return "127.0.0.1:" + silent.getLocalPort();
    }

    // ---- outputs that were inputs -------------------------------------------------------------------------------

    @Test
    void historyExportsNeverReplaceTheHistory() throws Exception {
        Path history = dir.resolve("results/history.db");
        dev.perflab.history.HistoryStore.open(dev.perflab.history.HistoryTarget.sqlite(history)).close();
        byte[] before = Files.readAllBytes(history);
        assertEquals(2, lab("history", "orderbook", "--history", history.toString(), "--export", "csv", "--out",
                dir.resolve("results/./history.db").toString()));
        assertTrue(errLine().endsWith(": is the input file " + history + "; it would be overwritten; give another name"), cli.err::toString);
        assertEquals(2, lab("history", "orderbook", "--history", history.toString(), "--changes", "--json", history.toString()));
        errLine();
        assertArrayEquals(before, Files.readAllBytes(history));
    }

    @Test
    void aReportPageNeverReplacesTheMachineHeaderItReads() throws Exception {
        Path results = dir.resolve("X.json");
        Files.copy(Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()), results);
        Path machine = Files.writeString(dir.resolve("X.machine.txt"), "JDK 17, a CPU, 2 cores\n");
        assertEquals(2, lab("report", results.toString(), "--html", machine.toString()));
        assertTrue(errLine().contains("--html " + machine + ": is the input file " + machine), cli.err::toString);
        assertEquals("JDK 17, a CPU, 2 cores\n", Files.readString(machine));
    }

    @Test
    void aReplayNeverDeletesItsInput() throws Exception {
        Path out = dir.resolve("replay");
        Path day = out.resolve("reader-2.bin");
        Files.createDirectories(out);
        assertEquals(0, lab("mdf", "generate", "--count", "50", "--out", day.toString()), cli.err::toString);
        byte[] before = Files.readAllBytes(day);
        assertEquals(2, lab("mdf", "replay", "--in", day.toString(), "--out", out.toString(), "--readers", "1"));
        assertTrue(errLine().contains("--out " + out + ": holds the input " + day), cli.err::toString);
        Path partial = Files.move(day, dir.resolve("reader-1.bin.partial"));
        assertEquals(2, lab("mdf", "replay", "--in", partial.toString(), "--out", dir.toString()));
        errLine();
        assertArrayEquals(before, Files.readAllBytes(partial), "the replay deleted or changed its input");
    }

    // ---- a read-only results volume -----------------------------------------------------------------------------------

    @Test
    void aHistoryOnAReadOnlyVolumeIsBrowsed() throws Exception {
        try (dev.perflab.faults.SmallDisk disk = dev.perflab.faults.SmallDisk.mount(dir.resolve("results"), 2048)) {
            Path history = disk.path().resolve("history.db");
            try (var store = dev.perflab.history.HistoryStore.open(dev.perflab.history.HistoryTarget.sqlite(history))) {
                store.append(dev.perflab.history.SyntheticHistory.run("orderbook", 0, List.of(
                        dev.perflab.history.SyntheticHistory.RowSpec.flat("cancelLast", "r0-naive", 100, 0.01)), new java.util.Random(1), 3));
            }
            disk.readOnly();
            assertEquals(0, lab("history", "orderbook", "--history", history.toString()), cli.err::toString);
            assertTrue(cli.out.toString().startsWith("history of orderbook in " + history + ": 1 runs"), cli.out::toString);
        }
    }

    // ---- numbers and patterns out of range --------------------------------------------------------------------------

    @Test
    void pairsBeyondAnyRunAreRefusedNotOverflowed() {
        Path jar = dir.resolve("b.jar");
        for (String[] pairs : new String[][] {{"--pairs", "2147483647"}, {"--max-pairs", "2147483647"}}) {
            assertEquals(2, lab("ab", "orderbook", "--base-jar", jar.toString(), "--head-jar", jar.toString(), pairs[0], pairs[1], "--plan"));
            assertTrue(errLine().contains(pairs[0] + " 2147483647: at most 1,000 pairs a row"), cli.err::toString);
        }
        assertEquals(2, lab("ab", "orderbook", "--calibrate", "--base-jar", jar.toString(), "--runs", "2147483647"));
        assertTrue(errLine().contains("--runs 2147483647: at most 1,000 of each kind"), cli.err::toString);
    }

    /**
     * A history that cannot be made is refused before anything runs, naming {@code --history} as given: once, a path
     * through a file named only the folder it stopped at, and a name too long ran the whole latency run, then warned.
     */
    @Test
    void aHistoryThatCannotBeMadeIsRefusedBeforeTheRun() throws Exception {
        Path run = dev.perflab.report.ForeignFiles.commit(dir.resolve("run.json"), 1.0, dev.perflab.report.ForeignFiles.SetupSpec.JDK17, 1);
        byte[] before = Files.readAllBytes(run);
        Path through = run.resolve("x");
        assertEquals(2, lab("history", "import", run.toString(), "--machine", "m", "--history", through.toString()));
        assertEquals("lab: --history " + through + ": " + run + " is a file, so no history can be made under it; give a file in a"
                + " folder", errLine());
        assertArrayEquals(before, Files.readAllBytes(run));
        Path tooLong = dir.resolve("h".repeat(300) + ".db");
        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--seconds", "1", "--warmup", "0", "--history", tooLong.toString()));
        assertTrue(errLine().matches("lab: --history .{1,120}: a name in it is longer than 255 bytes, which file systems refuse;"
                + " give a shorter one"), errLine());
        assertFalse(cli.out.toString().contains("saved"), "the run must not have started: " + cli.out);
        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--seconds", "1", "--warmup", "0", "--history", "/proc/h.db"));
        assertEquals("lab: --history /proc/h.db: cannot be made (its folder /proc takes no new file: no such file or directory)", errLine());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(run), files.toList(), "nothing made beside the input");
        }
    }

    /**
     * An output that cannot be written names what the user gave and why, never the lab's temporary name: the folder
     * that takes no new file, the file that stands where a folder would have to be made.
     */
    @Test
    void anUnwritableOutputNamesItsFolderNotATemporary() throws Exception {
        Path run = dev.perflab.report.ForeignFiles.commit(dir.resolve("run.json"), 1.0, dev.perflab.report.ForeignFiles.SetupSpec.JDK17, 1);
        assertEquals(2, lab("report", run.toString(), "--html", "/proc/version"));
        assertEquals("lab: --html /proc/version: cannot write (its folder /proc takes no new file: no such file or directory); the"
                + " previous file, if any, is unchanged", errLine());
        assertEquals(2, lab("report", run.toString(), "--html", run.resolve("x").toString()));
        assertTrue(errLine().endsWith("(" + run + " is a file, not a folder)"), errLine());
    }

    /** A latency run of 1e308 s once ran and printed "not run: -9,223,372,036,854,773,809" (a count beyond a long). */
    @Test
    void latencyPhasesBeyondADayAreRefusedNotOverflowed() {
        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--seconds", "1e308", "--history", "none"));
        assertEquals("lab: --seconds must be at most 86,400 s (a day), was 1.0E308 s", errLine());
        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--warmup", "2147483648", "--history", "none"));
        assertEquals("lab: --warmup must be at most 86,400 s (a day), was 2,147,483,648 s", errLine());
    }

    /** A result folder that refuses files is the output's fault (exit 2, naming --out), not a failed move (exit 1). */
    @Test
    void aMoveIntoAFolderThatRefusesFilesNamesItsOutput() {
        Path bricks = dir.resolve("bricks.txt");
        assertEquals(0, lab("brick", "generate", "--size", "4k", "--out", bricks.toString()), cli.err::toString);
        assertEquals(2, lab("brick", "move", "--in", bricks.toString(), "--out", "/proc/version"));
        assertTrue(errLine().startsWith("lab: --out /proc/version: cannot write /proc/version.partial ("), cli.err::toString);
    }

    /** A mistyped --base once listed every claim as "not measured" and exited 0. */
    @Test
    void claimsFromAFolderThatIsNotThereAreBadInput() throws Exception {
        Path claims = java.nio.file.Files.writeString(dir.resolve("claims.yaml"), "claims:\n  - claim: naive to tuned\n    where: README\n"
                + "    results: run.json\n    command: ./lab run orderbook\n    ratio:\n"
                + "      numerator: {benchmark: cancelLast, params: {rung: r4, depth: 1000}}\n"
                + "      denominator: {benchmark: cancelLast, params: {rung: r0, depth: 1000}}\n");
        Path nowhere = dir.resolve("nowhere");
        assertEquals(2, lab("claims", "--claims", claims.toString(), "--base", nowhere.toString()));
        assertEquals("lab: --base " + nowhere + ": no such folder; give the folder the claims' results paths start from"
                + " (the repository's root)", errLine());
    }

    @Test
    void aBenchmarkThatIsNoRegexIsBadInputBeforeJmhSeesIt() {
        for (String[] command : new String[][] {{"run", "orderbook", "--smoke"}, {"ab", "orderbook", "--base-jar", "b.jar", "--head-jar", "b.jar"},
                {"profile", "orderbook"}, {"history", "orderbook", "--history", dir.resolve("h.db").toString()}}) {
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(command), java.util.stream.Stream.of("--benchmark", "("))
                    .toArray(String[]::new);
            int exit = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> lab(args));
            assertEquals(2, exit, () -> String.join(" ", args) + ": " + cli.err);
            if (!command[0].equals("history")) {
                assertEquals("lab: --benchmark (: not a regex (Unclosed group at its end); it is found anywhere in Class.method,"
                        + " e.g. cancel or Cancel.*Last$", errLine(), String.join(" ", args));
            }
        }
    }

    // ---- a database that accepts and never answers ----------------------------------------------------------------

    @Test
    void aSilentPeerEndsEveryCommandWithinItsLimitInOneLine() {
        String pg = "jdbc:postgresql://" + peer() + "/perflab?user=perflab";
        String h2 = "jdbc:h2:tcp://" + peer() + "/perflab";
        LabCli history = new LabCli();
        LabCli replay = new LabCli();
        LabCli forwarder = new LabCli();
        LabCli client = new LabCli();
        Path day = dir.resolve("day.bin");
        assertEquals(0, lab("mdf", "generate", "--count", "10", "--out", day.toString()), cli.err::toString);
        // side by side, each timed: each waits on its own limit (a forwarder client's first wait is the longest, 35 s)
        CompletableFuture<Timed> c = timed(() -> client.run("forwarder", "client", "--connect", peer(), "--warm-up-messages", "0"));
        CompletableFuture<Timed> h = timed(() -> history.run("history", "orderbook", "--history", pg));
        CompletableFuture<Timed> r = timed(() -> replay.run("mdf", "replay", "--in", day.toString(), "--out", dir.resolve("replay").toString(),
                "--db-url", h2));
        CompletableFuture<Timed> f = timed(() -> forwarder.run("forwarder", "forwarder", "--bind", "127.0.0.1:0", "--rung", "r0",
                "--db-url", pg, "--deadline-seconds", "3"));
        assertTimeoutPreemptively(Duration.ofSeconds(90), () -> CompletableFuture.allOf(c, h, r, f).join(), "a command hung on the silent peer");
        h.join().assertExit(2, SILENT_PEER_BOUND, history);
        r.join().assertExit(2, SILENT_PEER_BOUND, replay);
        f.join().assertExit(2, SILENT_PEER_BOUND, forwarder);
        c.join().assertExit(1, SILENT_PEER_BOUND.plusSeconds(15), client);
        assertTrue(client.err.toString().contains("the forwarder at " + peer() + " sent nothing for 35 s"), client.err::toString);
        assertTrue(errLine(history).contains(peer() + " accepted the connection but did not answer the login within 10 s (loginTimeout"),
                history.err::toString);
        assertTrue(errLine(replay).contains(peer() + " did not answer within 20 s"), replay.err::toString);
        assertTrue(errLine(forwarder).contains("--deadline-seconds 3 passed while opening the history (--db-url " + pg),
                forwarder.err::toString);
    }

    @Test
    void aRunSavesItsResultsBeforeASilentHistoryCanFailItAndSaysWhy() throws Exception {
        Path json = dir.resolve("latency.json");
        int exit = assertTimeoutPreemptively(Duration.ofSeconds(90), () -> lab("latency", "orderbook", "--rung", "naive", "--prefill", "100",
                "--rate", "1000", "--seconds", "1", "--warmup", "0.5", "--json", json.toString(),
                "--history", "jdbc:postgresql://" + peer() + "/perflab?user=perflab"));
        assertEquals(0, exit, () -> cli.out + "\n" + cli.err);
        assertTrue(Files.size(json) > 0, "the results were not saved");
        String out = cli.out.toString();
        assertTrue(out.indexOf("saved: " + json) < out.indexOf("history: not written"), out);
        assertTrue(out.contains("history: not written to jdbc:postgresql://" + peer() + "/perflab?user=perflab (")
                && out.contains("did not answer the login within 10 s (loginTimeout"), out);
    }

    /** A command's exit code and how long it took. */
    private record Timed(int exit, Duration took) {
        void assertExit(int expected, Duration bound, LabCli lab) {
            assertEquals(expected, exit, lab.err::toString);
            assertTrue(took.compareTo(bound) <= 0, "took " + took.toSeconds() + " s, beyond " + bound.toSeconds() + " s: " + lab.err);
        }
    }

    private static CompletableFuture<Timed> timed(java.util.function.IntSupplier command) {
        return CompletableFuture.supplyAsync(() -> {
            long start = System.nanoTime();
            int exit = command.getAsInt();
            return new Timed(exit, Duration.ofNanos(System.nanoTime() - start));
        }, runnable -> {
            Thread t = new Thread(runnable);
            t.setDaemon(true);
            t.start();
        });
    }
}
