package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One test per class of bad input, driven through the CLI: each asserts the exit code, a single
 * line on stderr (no stack trace), and that the input files are unchanged (checksum before and after).
 */
class BadInputTest {
    @TempDir
    Path dir;

    private final LabCli cli = new LabCli();

    private int lab(String... args) {
        cli.clear();
        return cli.run(args);
    }

    private String errLine() {
        String text = cli.err.toString();
        assertEquals(1, text.lines().count(), "exactly one error line, was: " + text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), text);
        return text.strip();
    }

    private static String sha(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private Path commands(String name, int count, boolean text) {
        Path file = dir.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of("orderbook", "generate", "--count", Integer.toString(count),
                "--seed", "5", "--out", file.toString()));
        if (text) {
            args.add("--text");
        }
        assertEquals(0, lab(args.toArray(String[]::new)), cli.err::toString);
        return file;
    }

    private Path results() throws Exception {
        Path copy = dir.resolve("run.json");
        Files.copy(Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()), copy);
        return copy;
    }

    private Path gates(String yaml) throws IOException {
        return Files.writeString(dir.resolve("gates.yaml"), yaml);
    }

    private static final String RATIO_GATE = "gates:\n  - name: tuned vs naive\n    ratio:\n"
            + "      numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}\n"
            + "      denominator: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}\n    min: %s\n";

    // ---- output policy ----------------------------------------------------------------------------------

    @Test
    void anOutputThatIsAnInputIsRefusedAndTheInputIsUnchanged() throws Exception {
        Path in = commands("c.txt", 200, true);
        String before = sha(in);
        assertEquals(2, lab("orderbook", "replay", "--in", in.toString(), "--events", in.toString()));
        assertEquals("lab: --events " + in + ": is the input file " + in + "; it would be overwritten; give another name", errLine());
        assertEquals(before, sha(in));

        Path json = results();
        String jsonBefore = sha(json);
        assertEquals(2, lab("report", json.toString(), "--markdown", dir.resolve(".").resolve("run.json").toString()));
        assertTrue(errLine().contains("is the input file"), cli.err.toString());
        assertEquals(2, lab("gate", "--results", json.toString(), "--gates", gates(String.format(RATIO_GATE, 400)).toString(),
                "--junit", json.toString()));
        assertTrue(errLine().contains("is the input file"), cli.err.toString());
        assertEquals(jsonBefore, sha(json));
    }

    @Test
    void anOutputThatIsADirectoryOrUnderAFileIsRefusedBeforeWork() throws Exception {
        Path json = results();
        Path gates = gates(String.format(RATIO_GATE, 400));
        assertEquals(2, lab("gate", "--results", json.toString(), "--gates", gates.toString(), "--junit", dir.toString()));
        assertEquals("lab: --junit " + dir + ": is a directory; give a file name", errLine());
        assertEquals("", cli.out.toString(), "refused before any gate ran");

        Path plain = Files.writeString(dir.resolve("plain"), "x");
        assertEquals(2, lab("orderbook", "generate", "--count", "10", "--out", plain.resolve("c.bin").toString()));
        assertTrue(errLine().startsWith("lab: --out " + plain.resolve("c.bin") + ": cannot create directory " + plain), cli.err.toString());

        assertEquals(2, lab("report", json.toString(), "--png", plain.toString()));
        assertEquals("lab: --png " + plain + ": is a file, not a directory", errLine());
    }

    @Test
    void aMissingOutputDirectoryIsCreatedAndNoTemporaryFileIsLeft() throws Exception {
        Path json = results();
        Path junit = dir.resolve("new").resolve("deeper").resolve("gates.xml");
        assertEquals(0, lab("gate", "--results", json.toString(), "--gates", gates(String.format(RATIO_GATE, 400)).toString(),
                "--junit", junit.toString()));
        assertTrue(Files.readString(junit).contains("failures=\"0\""));
        try (var files = Files.list(junit.getParent())) {
            assertEquals(List.of(junit), files.toList(), "only the output, no temporary name left behind");
        }
    }

    // ---- input policy -----------------------------------------------------------------------------------

    @Test
    void endlessAndOversizedInputsAreRefusedWithTheLimitNamed() throws Exception {
        assertEquals(2, lab("report", "/dev/zero"));
        assertEquals("lab: /dev/zero: more than the 64 MiB limit for JMH JSON files (a file that never ends?); nothing read", errLine());

        Path huge = dir.resolve("huge.bin");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30);  // sparse: 3 GiB on paper, no disk used
        }
        assertEquals(2, lab("orderbook", "replay", "--in", huge.toString()));
        assertEquals("lab: " + huge + ": 3.0 GiB is over the 256 MiB limit for command files; nothing read", errLine());
        assertEquals(2, lab("report", huge.toString()));
        assertTrue(errLine().endsWith("3.0 GiB is over the 64 MiB limit for JMH JSON files; nothing read"), cli.err.toString());
    }

    @Test
    void sizesThatCannotFitTheHeapAreRefusedBeforeWork() {
        Path out = dir.resolve("c.bin");
        assertEquals(2, lab("orderbook", "generate", "--count", "2147483647", "--out", out.toString()));
        assertTrue(errLine().matches("lab: --count 2,147,483,647 needs about [0-9.]+ GiB of heap; this JVM has .*"), cli.err.toString());
        assertFalse(Files.exists(out));

        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--heap", "16m", "--prefill", "5000000"));
        assertTrue(errLine().startsWith("lab: --prefill 5,000,000 needs about"), cli.err.toString());
        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--heap", "500000g"));
        assertTrue(errLine().startsWith("lab: --heap 500000g is more than this machine's memory"), cli.err.toString());
    }

    // ---- command files ----------------------------------------------------------------------------------

    @Test
    void aFlippedBitEarlyInABinaryFileReplaysNothing() throws Exception {
        Path file = commands("c.bin", 1000, false);
        byte[] bytes = Files.readAllBytes(file);
        bytes[40] ^= 0x01;
        Files.write(file, bytes);
        String before = sha(file);
        Path events = dir.resolve("ev.txt");
        assertEquals(2, lab("orderbook", "replay", "--in", file.toString(), "--events", events.toString()));
        assertTrue(errLine().contains("nothing replayed"), cli.err.toString());
        assertTrue(cli.err.toString().contains("checksum"), cli.err.toString());
        assertFalse(Files.exists(events), "no events from an untrusted file");
        assertEquals(before, sha(file));
    }

    @Test
    void foreignBinaryIsNotReadAsTextAndNothingRawIsEchoed() throws Exception {
        Path file = Files.write(dir.resolve("x.bin"), new byte[] {0x7F, 'E', 'L', 'F', 2, 1, 1, 0, 0x1B, '[', '2', 'J'});
        assertEquals(2, lab("orderbook", "replay", "--in", file.toString()));
        assertEquals("lab: " + file + ":byte 0: neither a text command file nor a perflab binary one (magic 'PLOB' missing; "
                + "starts with \\x7FELF)", errLine());
    }

    @Test
    void textFilesNameNulBytesCutLongTokensAndAcceptAByteOrderMark() throws Exception {
        Path bom = Files.write(dir.resolve("bom.txt"), ("\uFEFFA B 1 100.00\nC 1\n").getBytes(StandardCharsets.UTF_8));
        Path events = dir.resolve("ev.txt");
        assertEquals(0, lab("orderbook", "replay", "--in", bom.toString(), "--events", events.toString()), cli.err::toString);
        assertEquals(List.of("ADDED 1", "CANCELED 1"), Files.readAllLines(events));

        Path nul = Files.writeString(dir.resolve("nul.txt"), "A B 1 100.00\nA B 2\u0000 100.00\n");
        assertEquals(2, lab("orderbook", "replay", "--in", nul.toString()));
        assertEquals("lab: " + nul + ":2: NUL byte at column 6 (is this a binary file?)", errLine());

        Path longLine = Files.writeString(dir.resolve("long.txt"), "X".repeat(1_000_000) + "\n");
        assertEquals(2, lab("orderbook", "replay", "--in", longLine.toString()));
        assertEquals("lab: " + longLine + ":1: unknown command '" + "X".repeat(40) + "… (1,000,000 characters)' "
                + "(expected A to add or C to cancel)", errLine());
    }

    // ---- run --smoke --------------------------------------------------------------------------------------

    @Test
    void smokeRunsHonourRung() {
        assertEquals(2, lab("run", "orderbook", "--smoke", "--rung", "bogus"));
        assertTrue(errLine().startsWith("lab: unknown orderbook rung 'bogus'"), cli.err.toString());
        assertEquals(2, lab("run", "orderbook", "--smoke", "--rung", "r0,r99"));
        assertTrue(errLine().startsWith("lab: unknown orderbook rung 'r99'"), cli.err.toString());
        assertEquals("", cli.out.toString(), "nothing ran");
    }

    // ---- JSON, gates, compare -----------------------------------------------------------------------------

    @Test
    void jsonErrorsSayFileLineAndColumnWithoutJacksonInternals() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.json"), "[\n  {\"benchmark\": \"a\",,}\n]\n");
        assertEquals(2, lab("report", file.toString()));
        String line = errLine();
        assertTrue(line.startsWith("lab: " + file + ":2:"), line);
        assertFalse(line.contains("Source") || line.contains("ReadFeature") || line.contains("line:"), line);
    }

    @Test
    void gatesThatCouldNeverFailOrAreUnreadableAreRefused() throws Exception {
        Path json = results();
        assertEquals(2, lab("gate", "--results", json.toString(), "--gates", gates(String.format(RATIO_GATE, -5)).toString()));
        assertTrue(errLine().contains("gate 1 ('tuned vs naive'): 'min' must be > 0, was -5.0"), cli.err.toString());

        Path bound = gates("gates:\n  - name: b\n    bound:\n      row: {benchmark: cancelLast}\n      min: 5\n      max: 1\n");
        assertEquals(2, lab("gate", "--results", json.toString(), "--gates", bound.toString()));
        assertEquals("lab: " + bound + ": gate 1 ('b'): 'min' 5.0 is above 'max' 1.0; no value could pass", errLine());

        Path duplicate = gates(String.format(RATIO_GATE, 400) + "    min: 1\n");
        assertEquals(2, lab("gate", "--results", json.toString(), "--gates", duplicate.toString()));
        assertTrue(errLine().contains("duplicate key min"), cli.err.toString());

        assertEquals(2, lab("gate", "--results", json.toString(), "--gates", dir.toString()));
        assertEquals("lab: " + dir + ": is a directory, not one of the gates files", errLine());

        Path binary = Files.write(dir.resolve("g.yaml"), new byte[] {'g', (byte) 0xC3, 0x28});
        assertEquals(2, lab("gate", "--results", json.toString(), "--gates", binary.toString()));
        assertEquals("lab: " + binary + ":byte 1: not UTF-8 text (is this a gates YAML file?)", errLine());
        assertEquals("", cli.out.toString());
    }

    @Test
    void compareNeedsAPercentSignAndRowsInCommon() throws Exception {
        Path json = results();
        assertEquals(2, lab("compare", json.toString(), json.toString(), "--threshold", "0.1"));
        assertTrue(errLine().startsWith("lab: --threshold '0.1' needs its % sign"), cli.err.toString());

        assertEquals(0, lab("compare", json.toString(), json.toString(), "--threshold", "0.5%"));
        assertTrue(cli.out.toString().contains("moved > 0.5%"), cli.out.toString());

        Path other = Files.copy(Path.of(getClass().getResource("/report/queue-avgt.json").toURI()), dir.resolve("q.json"));
        assertEquals(2, lab("compare", json.toString(), other.toString()));
        assertTrue(errLine().endsWith("have no benchmark rows in common (same benchmark and parameters); nothing to compare"),
                cli.err.toString());
    }

    // ---- usage, options, roles ----------------------------------------------------------------------------

    @Test
    void groupCommandsWithoutASubcommandPrintUsageOnStderrAndExitTwo() {
        for (String[] args : List.of(new String[0], new String[] {"orderbook"}, new String[] {"sha"})) {
            assertEquals(2, lab(args), String.join(" ", args));
            assertEquals("", cli.out.toString());
            String[] lines = cli.err.toString().strip().split("\n");
            assertTrue(cli.err.toString().startsWith("Usage: lab"), cli.err.toString());
            assertTrue(lines[lines.length - 1].matches("lab: (orderbook: |sha: )?missing subcommand, one of: .*"), lines[lines.length - 1]);
        }
        assertEquals(2, lab("--bogus"));
        assertTrue(errLine().endsWith("(see ./lab --help)"), cli.err.toString());
        assertEquals(0, lab("compare", "--help"));
        assertEquals("", cli.err.toString(), "no picocli warnings");
        assertTrue(cli.out.toString().contains("(default 10%)"), cli.out.toString());
    }

    @Test
    void badRoleOptionsAndAnUnusableSampleFileAreRefusedBeforeListening() {
        assertEquals(2, lab("sha", "collector", "--bind", "127.0.0.1:0", "--warmup-seconds", "-5"));
        assertEquals("lab: --warmup-seconds must be ≥ 0, was -5.0", errLine());
        assertEquals(2, lab("sha", "collector", "--bind", "127.0.0.1:0", "--sample-out", dir.toString()));
        assertEquals("lab: --sample-out " + dir + ": is a directory; give a file name", errLine());
        assertEquals("", cli.out.toString(), "refused before listening");
        assertEquals(2, lab("sha", "generator", "--rate", "-1"));
        assertEquals("lab: --rate must be ≥ 0 tasks/s, was -1", errLine());
    }

    @Test
    void aBadJdkPathKeepsTheJdksFound() {
        assertEquals(2, lab("jdks", "--jdk", dir.resolve("nojdk").toString()));
        assertTrue(cli.out.toString().contains(System.getProperty("java.home")), cli.out.toString());
        assertTrue(errLine().contains("nojdk"), cli.err.toString());
    }
}
