package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.report.Fixtures;
import dev.perflab.report.MachineHeader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void printsTextReportWithMachineHeaderFromSiblingFile() {
        int code = run(Fixtures.path(Fixtures.ORDERBOOK).toString());
        assertEquals(0, code, err::toString);
        assertTrue(out.toString().startsWith(
                "JDK 17.0.15 (OpenJDK 64-Bit Server VM), Intel(R) Xeon(R) Platinum 8480+, 16 cores\n\n"
                        + "OrderBookCancelBenchmark.cancelFirst  depth=1\n"), out.toString());
        assertEquals("", err.toString());
    }

    @Test
    void fallsBackToJdkFromTheJsonWithoutMachineFile() {
        assertEquals(0, run(Fixtures.path(Fixtures.QUEUE).toString(), Fixtures.path(Fixtures.FOREIGN).toString()));
        String header = "JDK 17.0.15 (OpenJDK 64-Bit Server VM); CPU and cores not recorded in this JMH file\n";
        assertTrue(out.toString().startsWith(header), out.toString());
        assertTrue(out.toString().contains("StringConcatBenchmark.plus"));
    }

    @Test
    void writesMarkdownAndPngs() throws IOException {
        Path md = tmp.resolve("out/report.md");
        Path png = tmp.resolve("png");
        int code = run(Fixtures.path(Fixtures.QUEUE).toString(), "--markdown", md.toString(), "--png", png.toString());
        assertEquals(0, code, err::toString);
        assertTrue(Files.readString(md).contains("| r2-spsc-ring | 8.00 ± 0.200 ns/op | ×12.5 | ×25.0 | - |"));
        assertTrue(Files.size(png.resolve("queue-avgt-offerPoll.png")) > 0);
        assertTrue(err.toString().contains("wrote " + png.resolve("queue-avgt-offerPoll.png")), err.toString());
    }

    @Test
    void badFileIsOneLineOnStderrAndExitCodeTwo() {
        Path missing = tmp.resolve("missing.json");
        assertEquals(2, run(Fixtures.path(Fixtures.QUEUE).toString(), missing.toString()));
        assertEquals("lab: " + missing + ": no such file" + System.lineSeparator(), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void notJsonIsExitCodeTwo() {
        assertEquals(2, run(Fixtures.path("not-json.json").toString()));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().contains("not-json.json: not JSON but JMH's text table"), err.toString());
    }

    @Test
    void unwritableMarkdownIsExitCodeTwo() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        assertEquals(2, run(Fixtures.path(Fixtures.QUEUE).toString(), "--markdown", file.resolve("r.md").toString()));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("lab: --markdown " + file.resolve("r.md") + ": cannot create directory " + file),
                err.toString());
        assertEquals("", out.toString(), "refused before the report is printed");
    }

    @Test
    void noFileIsAUsageError() {
        assertEquals(2, run());
        assertTrue(err.toString().contains("FILE.json"), err.toString());
    }

    @Test
    void machineFileNamesBothSpellings() {
        Path json = Path.of("results", "run.json");
        assertEquals(List.of(Path.of("results", "run.machine.txt"), Path.of("results", "run.json.machine.txt")),
                MachineHeader.candidates(json));
        assertEquals("run", ReportCommand.prefix(json));
    }

    private int run(String... args) {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }
}
