package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's promises: exit codes, one-line errors, and nothing already processed lost. */
class CliTest {
    @TempDir
    Path dir;

    private final LabCli cli = new LabCli();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int lab(String... args) {
        return cli.run(args);
    }

    @Test
    void everyCommandAnswersHelp() {
        java.util.List<picocli.CommandLine> commands = new java.util.ArrayList<>(Lab.newCommandLine().getSubcommands().values());
        for (int i = 0; i < commands.size(); i++) {
            commands.addAll(commands.get(i).getSubcommands().values());
        }
        for (picocli.CommandLine command : commands) {
            String name = command.getCommandSpec().qualifiedName(" ");
            if (name.endsWith(" help") || name.contains("latency-child")) {
                continue;
            }
            cli.clear();
            String[] args = (name.substring("lab ".length()) + " --help").split(" ");
            assertEquals(0, lab(args), name + ": " + err);
            assertTrue(out.toString().contains("Usage: lab " + name.substring("lab ".length())), name + ": " + out);
        }
    }

    private String errLine() {
        String text = err.toString();
        assertEquals(1, text.lines().count(), "exactly one error line, was: " + text);
        return text.strip();
    }

    @Test
    void listShowsEveryRungInOrderOneLineEach() {
        assertEquals(0, lab("list"));
        List<String> lines = out.toString().lines().toList();
        List<String> ids = lines.stream().map(l -> l.split("\\s+")[1]).toList();
        assertTrue(ids.indexOf("r0-persistent-scan") < ids.indexOf("r1-indexed-level"), out.toString());
        assertTrue(ids.indexOf("r3-long-ticks") < ids.indexOf("r4-tick-array"), out.toString());
    }

    @Test
    void generatedStreamReplaysToTheSameEventsOnNaiveAndTuned() throws Exception {
        Path commands = dir.resolve("c.bin");
        assertEquals(0, lab("orderbook", "generate", "--count", "5000", "--seed", "3", "--out", commands.toString()));
        assertTrue(out.toString().contains("wrote 5,000 commands (binary"), out.toString());
        Path naive = dir.resolve("naive.txt");
        Path tuned = dir.resolve("tuned.txt");
        assertEquals(0, lab("orderbook", "replay", "--in", commands.toString(), "--rung", "naive", "--events", naive.toString()));
        assertEquals(0, lab("orderbook", "replay", "--in", commands.toString(), "--rung", "tuned", "--events", tuned.toString()));
        assertEquals(5000, Files.readAllLines(naive).size());
        assertEquals(Files.readAllLines(naive), Files.readAllLines(tuned));
        assertTrue(out.toString().matches("(?s).*r4-tick-array: 5,000 commands in [0-9.]+ s = [0-9,]+ commands/s.*"), out.toString());
    }

    @Test
    void textAndBinaryOfTheSameStreamGiveTheSameEvents() throws Exception {
        Path text = dir.resolve("c.txt");
        Path binary = dir.resolve("c.bin");
        assertEquals(0, lab("orderbook", "generate", "--count", "2000", "--seed", "9", "--out", text.toString(), "--text"));
        assertEquals(0, lab("orderbook", "generate", "--count", "2000", "--seed", "9", "--out", binary.toString()));
        assertEquals(0, lab("orderbook", "replay", "--in", text.toString(), "--rung", "r2", "--events", dir.resolve("t.ev").toString()));
        assertEquals(0, lab("orderbook", "replay", "--in", binary.toString(), "--rung", "r2", "--events", dir.resolve("b.ev").toString()));
        assertEquals(Files.readAllLines(dir.resolve("t.ev")), Files.readAllLines(dir.resolve("b.ev")));
    }

    @Test
    void badLineStopsWithFileAndLineAfterWritingEarlierEvents() throws Exception {
        Path in = dir.resolve("bad.txt");
        Files.writeString(in, "A B 1 100.00\n# comment\nA S 2 101.00\nC 1\nA B 3 100.005\nC 2\n");
        Path events = dir.resolve("ev.txt");
        assertEquals(2, lab("orderbook", "replay", "--in", in.toString(), "--rung", "tuned", "--events", events.toString()));
        assertEquals("lab: " + in + ":5: price '100.005' has more fraction digits than the tick 0.01 allows", errLine());
        assertEquals(List.of("ADDED 1", "ADDED 2", "CANCELED 1"), Files.readAllLines(events));
    }

    @Test
    void unknownCommandLetterIsNamed() throws Exception {
        Path in = dir.resolve("bad.txt");
        Files.writeString(in, "A B 1 100.00\nM 1\n");
        assertEquals(2, lab("orderbook", "replay", "--in", in.toString()));
        assertEquals("lab: " + in + ":2: unknown command 'M' (expected A to add or C to cancel)", errLine());
    }

    @Test
    void truncatedBinaryNamesTheByteOffsetAndReplaysNothing() throws Exception {
        Path good = dir.resolve("c.bin");
        assertEquals(0, lab("orderbook", "generate", "--count", "1000", "--out", good.toString()));
        byte[] bytes = Files.readAllBytes(good);
        Path cut = dir.resolve("cut.bin");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        Path events = dir.resolve("ev.txt");
        assertEquals(2, lab("orderbook", "replay", "--in", cut.toString(), "--events", events.toString()));
        assertTrue(errLine().matches("lab: .*cut\\.bin:byte \\d+: truncated: file ends after \\d+ of 1000 commands; "
                + "the checksum does not match either, so no command can be trusted: nothing replayed"), err.toString());
        assertFalse(Files.exists(events), "no events from an untrusted file");
    }

    @Test
    void corruptedBinaryIsRejected() throws Exception {
        Path file = dir.resolve("c.bin");
        assertEquals(0, lab("orderbook", "generate", "--count", "1000", "--out", file.toString()));
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 2] ^= 0x55;
        Files.write(file, bytes);
        assertEquals(2, lab("orderbook", "replay", "--in", file.toString()));
        assertTrue(errLine().contains("checksum mismatch"), err.toString());
    }

    @Test
    void missingFileUnknownRungAndUnknownComponentAreOneLineErrors() {
        assertEquals(2, lab("orderbook", "replay", "--in", dir.resolve("nope.txt").toString()));
        assertEquals("lab: " + dir.resolve("nope.txt") + ": no such file", errLine());
        err.getBuffer().setLength(0);

        assertEquals(2, lab("orderbook", "replay", "--in", "x", "--rung", "r9"));
        assertTrue(errLine().startsWith("lab: unknown orderbook rung 'r9'; known: naive, tuned, r0-persistent-scan"), err.toString());
        err.getBuffer().setLength(0);

        assertEquals(2, lab("run", "nosuch"));
        assertTrue(errLine().startsWith("lab: unknown component 'nosuch'; known: orderbook"), err.toString());
    }

    @Test
    void badOptionValuesExitWithTwo() {
        assertEquals(2, lab("orderbook", "generate", "--count", "many", "--out", "x"));
        assertTrue(errLine().contains("--count"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, lab("orderbook", "generate", "--count", "10", "--cancel-share", "1.5", "--out", dir.resolve("x").toString()));
        assertEquals("lab: generator: cancel share must be in [0, 1), was 1.5", errLine());
        assertFalse(Files.exists(dir.resolve("x")));
    }

    @Test
    void gateExitsZeroOnPassOneOnFailTwoOnBadInput() throws Exception {
        Path good = Path.of(getClass().getResource("/gate/orderbook-run.json").toURI());
        Path regressed = Path.of(getClass().getResource("/gate/orderbook-run-regressed.json").toURI());
        Path gates = dir.resolve("gates.yaml");
        Files.writeString(gates, "gates:\n  - name: tuned vs naive\n    ratio:\n"
                + "      numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}\n"
                + "      denominator: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}\n    min: 400\n");
        Path junit = dir.resolve("g.xml");
        assertEquals(0, lab("gate", "--results", good.toString(), "--gates", gates.toString(), "--junit", junit.toString()));
        assertTrue(out.toString().contains("PASS  tuned vs naive"), out.toString());
        assertTrue(Files.readString(junit).contains("failures=\"0\""));
        assertEquals(1, lab("gate", "--results", regressed.toString(), "--gates", gates.toString()));
        assertTrue(out.toString().contains("FAIL  tuned vs naive"), out.toString());
        assertEquals("", err.toString());

        Files.writeString(gates, "gates: {}\n");
        assertEquals(2, lab("gate", "--results", good.toString(), "--gates", gates.toString()));
        assertEquals("lab: " + gates + ": expected a top-level 'gates:' list", errLine());
        err.getBuffer().setLength(0);
        assertEquals(2, lab("gate", "--results", dir.resolve("none.json").toString(), "--gates", gates.toString()));
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}
