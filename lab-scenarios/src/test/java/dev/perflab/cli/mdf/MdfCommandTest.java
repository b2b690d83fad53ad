package dev.perflab.cli.mdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.marketdata.DayFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab mdf}: generate is deterministic; replay writes byte-identical reader files; bad files get one line, exit 2. */
class MdfCommandTest {
    @TempDir
    Path dir;

    private final LabCli cli = new LabCli();

    private String errLine() {
        String err = cli.err.toString();
        assertEquals(1, err.lines().count(), err);
        return err.strip();
    }

    @Test
    void generateIsDeterministic() throws Exception {
        assertEquals(0, cli.run("mdf", "generate", "--count", "500", "--seed", "4", "--out", dir.resolve("a.bin").toString()));
        assertEquals(0, cli.run("mdf", "generate", "--count", "500", "--seed", "4", "--out", dir.resolve("b.bin").toString()));
        assertArrayEquals(Files.readAllBytes(dir.resolve("a.bin")), Files.readAllBytes(dir.resolve("b.bin")));
        assertTrue(cli.out.toString().contains("wrote 500 messages"), cli.out.toString());
    }

    @Test
    void everyReaderFileEqualsTheInputOnEveryEntry() throws Exception {
        Path day = dir.resolve("day.bin");
        assertEquals(0, cli.run("mdf", "generate", "--count", "3000", "--seed", "5", "--out", day.toString()));
        byte[] input = Files.readAllBytes(day);
        for (String rung : new String[] {"naive", "r2", "r3", "tuned", "peer-disruptor", "peer-agrona-broadcast", "peer-jctools-spsc", "x-unpadded"}) {
            Path out = dir.resolve(rung);
            cli.clear();
            assertEquals(0, cli.run("mdf", "replay", "--in", day.toString(), "--rung", rung, "--readers", "3", "--out", out.toString()), cli.err.toString());
            for (int k = 1; k <= 3; k++) {
                assertArrayEquals(input, Files.readAllBytes(out.resolve("reader-" + k + ".bin")), rung + " reader " + k);
            }
        }
    }

    @Test
    void badFileDeliversEverythingBeforeTheFaultThenOneLineExit2() throws Exception {
        Path day = dir.resolve("day.bin");
        assertEquals(0, cli.run("mdf", "generate", "--count", "200", "--seed", "6", "--out", day.toString()));
        byte[] bytes = Files.readAllBytes(day);
        long offset = DayFile.HEADER_BYTES;
        for (int i = 0; i < 150; i++) {
            offset += 8 + ByteBuffer.wrap(bytes).getInt((int) offset);
        }
        bytes[(int) offset + 20] ^= 0x40;
        Path bad = dir.resolve("bad.bin");
        Files.write(bad, bytes);
        cli.clear();
        assertEquals(2, cli.run("mdf", "replay", "--in", bad.toString(), "--readers", "2", "--out", dir.resolve("o").toString()));
        assertEquals("lab: " + bad + ":byte " + offset + ": message 151 fails its CRC-32C", errLine().replaceAll(" \\(stored.*", ""));
        byte[][] got = DayFile.readAll(dir.resolve("o/reader-2.bin.partial"));
        byte[][] expected = DayFile.readAll(day);
        assertEquals(150, got.length);
        for (int i = 0; i < got.length; i++) {
            assertArrayEquals(expected[i], got[i]);
        }
        assertFalse(cli.err.toString().contains("Exception"));
    }

    @Test
    void wrongMagicTruncationAndBadOptions() throws Exception {
        Path junk = dir.resolve("junk.bin");
        Files.writeString(junk, "not market data at all");
        assertEquals(2, cli.run("mdf", "replay", "--in", junk.toString(), "--out", dir.resolve("o").toString()));
        assertTrue(errLine().startsWith("lab: " + junk + ":byte 0: not a perflab day file"), cli.err.toString());

        Path day = dir.resolve("day.bin");
        assertEquals(0, cli.run("mdf", "generate", "--count", "10", "--out", day.toString()));
        byte[] bytes = Files.readAllBytes(day);
        Path cut = dir.resolve("cut.bin");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length - 3));
        cli.clear();
        assertEquals(2, cli.run("mdf", "replay", "--in", cut.toString(), "--out", dir.resolve("o2").toString()));
        assertTrue(errLine().contains(":byte " + (bytes.length - 3) + ": truncated: file ends inside message 10 of 10"), cli.err.toString());
        assertEquals(9, DayFile.readAll(dir.resolve("o2/reader-1.bin.partial")).length);

        cli.clear();
        assertEquals(2, cli.run("mdf", "replay", "--in", day.toString(), "--rung", "r9", "--out", dir.resolve("o3").toString()));
        assertTrue(errLine().startsWith("lab: unknown mdf-ring rung 'r9'"), cli.err.toString());
        cli.clear();
        assertEquals(2, cli.run("mdf", "replay", "--in", day.toString(), "--readers", "0", "--out", dir.resolve("o4").toString()));
        errLine();
        cli.clear();
        assertEquals(2, cli.run("mdf", "replay", "--in", dir.resolve("none.bin").toString(), "--out", dir.resolve("o5").toString()));
        assertTrue(errLine().endsWith("none.bin: no such file"), cli.err.toString());
        cli.clear();
        assertEquals(2, cli.run("mdf", "replay", "--in", day.toString(), "--db-url", "jdbc:nosuch:x", "--out", dir.resolve("o6").toString()));
        assertTrue(errLine().startsWith("lab: --db-url: cannot open history database jdbc:nosuch:x"), cli.err.toString());
    }

    @Test
    void anotherJdbcDatabaseWorks() throws Exception {
        Path day = dir.resolve("day.bin");
        assertEquals(0, cli.run("mdf", "generate", "--count", "800", "--out", day.toString()));
        String url = "jdbc:h2:file:" + dir.resolve("history").toAbsolutePath();
        assertEquals(0, cli.run("mdf", "replay", "--in", day.toString(), "--rung", "naive", "--db-url", url, "--out", dir.resolve("o").toString()));
        assertArrayEquals(Files.readAllBytes(day), Files.readAllBytes(dir.resolve("o/reader-1.bin")));
        assertTrue(Files.exists(dir.resolve("history.mv.db")));
    }
}
