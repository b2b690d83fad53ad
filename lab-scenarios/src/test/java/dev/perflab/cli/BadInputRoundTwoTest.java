package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.faults.SmallDisk;
import dev.perflab.marketdata.DayFile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bad cases of the second bad-input sweep, each through the CLI and each failing on the code before it: an output never replaces
 * a device, a command never destroys its input or an earlier result, a deadline never overflows, a silent or
 * non-reading peer never hangs a role, a run's own JSON never replaces its rows, a JDK that hangs never hangs
 * a run. Each asserts the exit code, one line on stderr without a stack trace, and what stayed on disk.
 */
class BadInputRoundTwoTest {
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

    // ---- 1. brick outputs and devices ---------------------------------------------------------------------

    /** A character device node of the test's own (as root), so that the old code's rename replaces only it. */
    private Path device(String name, int major, int minor) throws Exception {
        Path node = dir.resolve(name);
        Process p = new ProcessBuilder("mknod", node.toString(), "c", Integer.toString(major), Integer.toString(minor))
                .redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        Assumptions.assumeTrue(p.waitFor() == 0 && isDevice(node), "mknod needs root; device outputs are not tested here");
        return node;
    }

    private static boolean isDevice(Path p) throws IOException {
        return Files.exists(p, LinkOption.NOFOLLOW_LINKS)
                && Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
    }

    @Test
    void brickOutputsWriteADeviceInPlaceOrRefuseItAndNeverReplaceIt() throws Exception {
        Path nul = device("null", 1, 3);
        Path full = device("full", 1, 7);
        Path in = dir.resolve("bricks");
        assertEquals(0, lab("brick", "generate", "--size", "64k", "--out", in.toString()), cli.err::toString);

        assertEquals(0, lab("brick", "generate", "--size", "64k", "--out", nul.toString()), cli.err::toString);
        assertTrue(isDevice(nul), "generate replaced the device");
        assertEquals(0, lab("brick", "transform", "--in", in.toString(), "--out", nul.toString()), cli.err::toString);
        assertTrue(isDevice(nul), "transform replaced the device");

        assertEquals(2, lab("brick", "generate", "--size", "64k", "--out", full.toString()));
        assertTrue(errLine().contains("no space left on device"), cli.err::toString);
        assertTrue(isDevice(full));
        for (String rung : List.of("r9", "r2")) {
            assertEquals(2, lab("brick", "move", "--in", in.toString(), "--out", full.toString(), "--rung", rung));
            assertTrue(errLine().contains("--out " + full + ": is a device or pipe"), cli.err::toString);
            assertTrue(isDevice(full), "move --rung " + rung + " replaced the device");
        }
        assertEquals(2, lab("brick", "fetch", "--connect", "127.0.0.1:9", "--out", nul.toString()));
        errLine();
        assertTrue(isDevice(nul));
        assertFalse(Files.exists(dir.resolve("null.partial")) || Files.exists(dir.resolve("full.partial")));
    }

    // ---- 2, 3, 4: mdf replay and generate never destroy an input or an earlier result ----------------------

    private Path day(String name, int count, long seed) {
        Path file = dir.resolve(name);
        assertEquals(0, lab("mdf", "generate", "--count", Integer.toString(count), "--seed", Long.toString(seed),
                "--out", file.toString()), cli.err::toString);
        return file;
    }

    @Test
    void replayRefusesAFolderThatHoldsItsInput() throws Exception {
        Path day = day("day.bin", 300, 2);
        Path out = dir.resolve("replay");
        assertEquals(0, lab("mdf", "replay", "--in", day.toString(), "--out", out.toString()), cli.err::toString);
        Path reader1 = out.resolve("reader-1.bin");
        byte[] before = Files.readAllBytes(reader1);
        assertEquals(2, lab("mdf", "replay", "--in", reader1.toString(), "--out", out.toString()));
        assertTrue(errLine().contains("--out " + out + ": holds the input " + reader1), cli.err::toString);
        assertArrayEquals(before, Files.readAllBytes(reader1), "the input was overwritten");
    }

    @Test
    void aBadReplayLeavesTheGoodOneWholeAndAGoodReplayDeletesNothingItDidNotWrite() throws Exception {
        Path good = day("good.bin", 200, 6);
        Path out = dir.resolve("replay");
        assertEquals(0, lab("mdf", "replay", "--in", good.toString(), "--readers", "3", "--out", out.toString()), cli.err::toString);
        byte[] goodBytes = Files.readAllBytes(good);

        byte[] bytes = goodBytes.clone();
        long offset = DayFile.HEADER_BYTES;
        for (int i = 0; i < 150; i++) {
            offset += 8 + ByteBuffer.wrap(bytes).getInt((int) offset);
        }
        bytes[(int) offset + 20] ^= 0x40;
        Path bad = Files.write(dir.resolve("bad.bin"), bytes);
        assertEquals(2, lab("mdf", "replay", "--in", bad.toString(), "--readers", "2", "--out", out.toString()));
        assertTrue(errLine().contains("message 151 fails its CRC-32C"), cli.err::toString);
        for (int k = 1; k <= 3; k++) {
            assertArrayEquals(goodBytes, Files.readAllBytes(out.resolve("reader-" + k + ".bin")), "reader-" + k + ".bin changed");
        }
        assertEquals(150, DayFile.readAll(out.resolve("reader-2.bin.partial")).length, "what arrived before the fault is kept");

        byte[] stale = Files.readAllBytes(out.resolve("reader-3.bin"));
        assertEquals(0, lab("mdf", "replay", "--in", good.toString(), "--readers", "2", "--out", out.toString()), cli.err::toString);
        // a replay deletes nothing it did not write: an earlier replay's files are named, and left
        assertTrue(cli.out.toString().contains("note: " + out + " also holds reader-1.bin.partial, reader-2.bin.partial, reader-3.bin,"
                + " not written by this replay"), cli.out::toString);
        assertArrayEquals(stale, Files.readAllBytes(out.resolve("reader-3.bin")));
        try (var files = Files.list(out)) {
            assertEquals(List.of("reader-1.bin", "reader-1.bin.partial", "reader-2.bin", "reader-2.bin.partial", "reader-3.bin"),
                    files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
        }
    }

    @Test
    void generateOnAFullDiskKeepsTheOldFileAndNamesIt() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"), 512)) {
            Path file = disk.path().resolve("day.bin");
            assertEquals(0, lab("mdf", "generate", "--count", "500", "--out", file.toString()), cli.err::toString);
            byte[] before = Files.readAllBytes(file);
            assertEquals(2, lab("mdf", "generate", "--count", "20000", "--out", file.toString()));
            String err = errLine();
            assertTrue(err.startsWith("lab: --out " + file + ": cannot write (no space left on device)"), err);
            assertArrayEquals(before, Files.readAllBytes(file), "the old file was destroyed");
            try (var files = Files.list(disk.path())) {
                assertEquals(List.of("day.bin"), files.map(p -> p.getFileName().toString()).collect(Collectors.toList()), "garbage left");
            }
        }
    }

    @Test
    void generateIntoAMissingFolderAFolderOrUnderAFile() throws Exception {
        assertEquals(0, lab("mdf", "generate", "--count", "10", "--out", dir.resolve("new/sub/day.bin").toString()), cli.err::toString);
        assertTrue(Files.isRegularFile(dir.resolve("new/sub/day.bin")));
        assertEquals(2, lab("mdf", "generate", "--count", "10", "--out", dir.toString()));
        assertTrue(errLine().contains("is a directory"), cli.err::toString);
        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertEquals(2, lab("mdf", "generate", "--count", "10", "--out", file.resolve("day.bin").toString()));
        assertTrue(errLine().contains("cannot create directory"), cli.err::toString);
    }

    // ---- 5. kv --seconds never overflows a deadline -------------------------------------------------------

    @Test
    void kvSecondsBeyondADayOrNotFiniteAreRefusedBeforeAnyWork() {
        for (String seconds : List.of("1e10", "9.3e9", "1e400", "Infinity", "NaN", "-1")) {
            Path out = dir.resolve("kv-" + seconds);
            assertEquals(2, lab("run", "kv", "--rung", "r7", "--seconds", seconds, "--out", out.toString()), seconds);
            assertTrue(errLine().contains("--seconds"), cli.err::toString);
            assertFalse(Files.exists(out.resolve("kv.json")));
        }
    }

    // ---- 6, 7. pump roles and silent or non-reading peers ------------------------------------------------

    /** Runs a command on its own thread and its own CLI; the test reads its output while it runs. */
    private static CompletableFuture<Integer> background(LabCli own, String... args) {
        return CompletableFuture.supplyAsync(() -> own.run(args));
    }

    private static int listeningPort(LabCli own, Duration within) throws InterruptedException {
        Pattern listening = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = listening.matcher(own.out.toString());
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no 'listening on' line: " + own.out + own.err);
    }

    @Test
    void aReceiverGivesUpOnAClientThatSendsNothing() {
        assertTimeoutPreemptively(Duration.ofSeconds(40), () -> {
            for (String rung : List.of("tuned", "naive")) {
                LabCli own = new LabCli();
                CompletableFuture<Integer> exit = background(own, "pump", "receiver", "--bind", "127.0.0.1:0", "--rung", rung);
                try (Socket silent = new Socket("127.0.0.1", listeningPort(own, Duration.ofSeconds(20)))) {
                    long start = System.nanoTime();
                    assertEquals(1, exit.get(15, TimeUnit.SECONDS), rung);
                    assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(12), rung + ": took too long");
                    assertTrue(own.err.toString().contains("no bytes for 5 s after 0 verified"), own.err::toString);
                }
            }
        });
    }

    @Test
    void aSenderGivesUpOnAReceiverThatNeverReads() {
        assertTimeoutPreemptively(Duration.ofSeconds(40), () -> {
            try (ServerSocket deaf = new ServerSocket()) {
                deaf.bind(new InetSocketAddress("127.0.0.1", 0));
                CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> {
                    try {
                        return deaf.accept();
                    } catch (IOException e) {
                        return null;
                    }
                });
                long start = System.nanoTime();
                assertEquals(1, lab("pump", "sender", "--connect", "127.0.0.1:" + deaf.getLocalPort(), "--rung", "tuned",
                        "--seconds", "60", "--messages", "20000", "--stall-seconds", "2"), cli.err::toString);
                assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "took too long");
                assertTrue(errLine().contains("stopped reading"), cli.err::toString);
                try (Socket s = accepted.get(5, TimeUnit.SECONDS)) {
                    assertTrue(s != null);
                }
            }
        });
    }

    // ---- 8. a run's own JSON never replaces its rows ------------------------------------------------------

    @Test
    void theRunsJsonCannotBeItsRowsFile() throws Exception {
        Path out = Files.createDirectories(dir.resolve("D"));
        Path rows = Files.writeString(out.resolve("sha-pipeline.json"), "[]");
        assertEquals(2, lab("run", "sha-pipeline", "--out", out.toString(), "--json", rows.toString()));
        assertTrue(errLine().contains("--json " + rows + ": is also the rows file this run saves"), cli.err::toString);
        assertEquals("[]", Files.readString(rows));
        assertEquals(2, lab("run", "socket-pump", "--out", out.toString(), "--json", out.resolve("socket-pump.json").toString()));
        errLine();
        assertEquals(2, lab("run", "forwarder", "--out", out.toString(), "--json", out.resolve("forwarder.json").toString()));
        errLine();
        assertEquals(2, lab("run", "kv", "--out", out.toString(), "--json", out.resolve("kv.json").toString()));
        errLine();
    }

    // ---- 9. a JDK whose java hangs -----------------------------------------------------------------------

    @Test
    void aJdkWhoseJavaHangsIsRefusedInBoundedTime() throws Exception {
        Path jdk = Files.createDirectories(dir.resolve("hanging-jdk/bin"));
        Path java = Files.writeString(jdk.resolve("java"), "#!/bin/sh\nexec sleep 600\n");
        assertTrue(java.toFile().setExecutable(true));
        Files.writeString(dir.resolve("hanging-jdk/release"), "JAVA_VERSION=\"17.0.99\"\nIMPLEMENTOR=\"Nobody\"\n");
        assertTimeoutPreemptively(Duration.ofSeconds(45), () -> {
            assertEquals(2, lab("run", "orderbook", "--smoke", "--out", dir.resolve("ob").toString(),
                    "--jdk", dir.resolve("hanging-jdk").toString()));
            assertTrue(errLine().contains("did not answer within 10 s; not a working JDK"), cli.err::toString);
        });
    }

    // ---- the latency child's collector and its last words ---------------------------------------------------

    @Test
    void aCollectorChosenThroughJvmArgReplacesTheDefaultOrIsRefused() {
        assertEquals(0, lab("latency", "orderbook", "--rung", "naive", "--prefill", "100", "--rate", "1000", "--seconds", "1",
                "--warmup", "0.5", "--jvm-arg=-XX:+UseSerialGC"), () -> cli.out + "\n" + cli.err);
        assertTrue(cli.out.toString().contains("GC Serial"), cli.out::toString);
        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--gc", "parallel", "--jvm-arg=-XX:+UseSerialGC"));
        assertTrue(errLine().contains("choose two collectors; give one"), cli.err::toString);
        assertEquals(2, lab("latency", "orderbook", "--rate", "1000", "--jvm-arg=-XX:+UseEpsilonGC"));
        assertTrue(errLine().contains("choose one with --gc"), cli.err::toString);
    }

    // ---- gates whose bounds are not finite numbers ---------------------------------------------------------

    @Test
    void gatesWithImpossibleBoundsAreRefusedWhenRead() throws Exception {
        Path results = dir.resolve("run.json");
        Files.copy(Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()), results);
        for (String bound : List.of("max: .nan", "min: .inf", "max: .inf", "min: 1.0e+400")) {
            Path gates = Files.writeString(dir.resolve("gates.yaml"), "gates:\n  - name: g\n    bound:\n"
                    + "      row: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}\n      " + bound + "\n");
            assertEquals(2, lab("gate", "--results", results.toString(), "--gates", gates.toString()), bound);
            assertTrue(errLine().contains("must be a finite number"), cli.err::toString);
        }
    }
}
