package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertEquals(0, run(Fixtures.path(Fixtures.QUEUE).toString()));
        String header = "JDK 17.0.15 (OpenJDK 64-Bit Server VM); CPU and cores not recorded in this JMH file\n";
        assertTrue(out.toString().startsWith(header), out.toString());
    }

    /** Two files: a machine line each, and every table says which file its rows came from; no table mixes them. */
    @Test
    void twoFilesEachKeepTheirMachineAndTheirOwnTables() throws IOException {
        Path a = Files.copy(Fixtures.path(Fixtures.ORDERBOOK), tmp.resolve("a.json"));
        Files.writeString(tmp.resolve("a.machine.txt"), "JDK 17.0.15 (OpenJDK 64-Bit Server VM) · CPU Alpha · 2 cores\n");
        Path b = Files.copy(Fixtures.path(Fixtures.ORDERBOOK), tmp.resolve("b.json"));
        Files.writeString(tmp.resolve("b.machine.txt"), "JDK 21.0.5 (OpenJDK 64-Bit Server VM) · CPU Beta · 8 cores\nrun length: quick\n");
        Path foreign = Fixtures.path(Fixtures.FOREIGN);
        assertEquals(0, run(a.toString(), b.toString(), foreign.toString()), err::toString);
        String text = out.toString();
        assertTrue(text.startsWith("a.json: JDK 17.0.15 (OpenJDK 64-Bit Server VM) · CPU Alpha · 2 cores\n"
                + "b.json: JDK 21.0.5 (OpenJDK 64-Bit Server VM) · CPU Beta · 8 cores · quick run\n"
                + "foreign.json: JDK 21.0.5 (OpenJDK 64-Bit Server VM); CPU and cores not recorded in this JMH file\n\n"), text);
        List<String> footnotes = List.of(dev.perflab.report.BetweenForks.ONE_FORK_FOOTNOTE, dev.perflab.report.GroupTable.NOISY_FOOTNOTE,
                dev.perflab.report.Trend.FOOTNOTE);
        List<String> titles = text.lines().filter(l -> !l.isEmpty() && !l.startsWith(" ") && !l.contains(": JDK") && !footnotes.contains(l)).toList();
        assertEquals(10, titles.size(), text);
        assertTrue(titles.stream().allMatch(t -> t.endsWith("[a.json]") || t.endsWith("[b.json]") || t.endsWith("[foreign.json]")), titles::toString);
        assertEquals(2, titles.stream().filter(t -> t.startsWith("OrderBookCancelBenchmark.cancelLast  depth=1  [")).count());
    }

    /** 666 rows without a rung param: one table per benchmark, its params as columns, not one table per row. */
    @Test
    void rowsWithoutRungMakeOneTablePerBenchmark() throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ArrayNode rows = json.createArrayNode();
        for (String method : List.of("get", "put", "remove")) {
            for (int size = 1; size <= 37; size++) {
                for (int threads : List.of(1, 2, 4, 8, 16, 32)) {
                    com.fasterxml.jackson.databind.node.ObjectNode row = rows.addObject();
                    row.put("benchmark", "org.example.map.MapBenchmark." + method).put("mode", "thrpt");
                    row.putObject("params").put("size", Integer.toString(size * 64)).put("threads", Integer.toString(threads));
                    row.putObject("primaryMetric").put("score", 1000.0 * size + threads).put("scoreError", 5.0).put("scoreUnit", "ops/s");
                }
            }
        }
        Path file = tmp.resolve("map.json");
        json.writeValue(file.toFile(), rows);
        assertEquals(666, rows.size());
        assertEquals(0, run(file.toString()), err::toString);
        List<String> lines = out.toString().lines().toList();
        assertEquals(List.of("MapBenchmark.get", "MapBenchmark.put", "MapBenchmark.remove"),
                lines.stream().filter(l -> l.startsWith("MapBenchmark.")).toList());
        assertTrue(lines.size() <= 666 + 3 * 4 + 1, lines.size() + " lines");
        assertEquals("  size  threads  mode   score                B/op", lines.get(3));
        assertTrue(lines.contains("  2368  32       thrpt  37,032 ± 5.00 ops/s     -"), String.join("\n", lines.subList(0, 12)));
    }

    @Test
    void writesMarkdownAndPngs() throws IOException {
        Path md = tmp.resolve("out/report.md");
        Path png = tmp.resolve("png");
        int code = run(Fixtures.path(Fixtures.QUEUE).toString(), "--markdown", md.toString(), "--png", png.toString());
        assertEquals(0, code, err::toString);
        assertTrue(Files.readString(md).contains("| r2-spsc-ring | 8.00 ± 0.200 ns/op | ×12.5 | ×25.0 | - |"));
        assertTrue(Files.size(png.resolve("queue-avgt-QueueBenchmark-offerPoll.png")) > 0);
        assertTrue(err.toString().contains("wrote " + png.resolve("queue-avgt-QueueBenchmark-offerPoll.png")), err.toString());
    }

    /**
     * The charts stand together: when a later chart cannot be written (a folder holds its name, as a full disk would
     * fail it), the charts already drawn go back to the previous ones, byte for byte, and one line says so.
     */
    @Test
    void chartsThatCannotAllBeWrittenLeaveThePreviousChartsWhole() throws IOException {
        Path png = tmp.resolve("png");
        assertEquals(0, run(Fixtures.path(Fixtures.ORDERBOOK).toString(), "--png", png.toString()), err::toString);
        List<String> drawn = err.toString().lines().filter(l -> l.startsWith("wrote ")).map(l -> l.substring("wrote ".length())).toList();
        assertTrue(drawn.size() >= 2, "the fixture draws several charts: " + drawn);
        Path first = Path.of(drawn.get(0));
        Path last = Path.of(drawn.get(drawn.size() - 1));
        Files.writeString(first, "the previous chart");
        Files.delete(last);
        Files.createDirectories(last.resolve("in-the-way"));
        err.getBuffer().setLength(0);

        assertEquals(2, run(Fixtures.path(Fixtures.ORDERBOOK).toString(), "--png", png.toString()));
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.contains(last.getFileName().toString()) && line.contains(png + " unchanged"), line);
        assertEquals("the previous chart", Files.readString(first), "the chart drawn before the failure is put back");
    }

    @Test
    void writesTheHtmlPageOfResultsVerdictAndHistory() throws IOException {
        Path html = tmp.resolve("page/report.html");
        int code = run(Fixtures.path("page/ladder-forks.json").toString(), Fixtures.path("page/ab-verdict.json").toString(),
                "--html", html.toString(), "--history-csv", Fixtures.path("page/history.csv").toString(),
                "--changes", Fixtures.path("page/changes.json").toString());
        assertEquals(0, code, err::toString);
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("A/B orderbook") && page.contains("data-kind=\"history\""));
        assertTrue(out.toString().startsWith("JDK 17.0.15 (OpenJDK 64-Bit Server VM) · CPU Fixture CPU · 2 cores · quick run\n"),
                "the text report of the JMH file, with its run length: " + out);
        assertTrue(err.toString().contains("wrote " + html), err.toString());
    }

    @Test
    void thePageOnlyInputsNeedTheHtmlPage() throws IOException {
        Path hlog = Files.writeString(tmp.resolve("run.hlog"), "");
        String json = Fixtures.path(Fixtures.QUEUE).toString();
        String csv = Fixtures.path("page/history.csv").toString();
        assertOneLine(run(json, "--history-csv", csv), "lab: --history-csv is shown on the HTML page: add --html OUT.html");
        assertOneLine(run(hlog.toString()), "lab: " + hlog + ": an interval log is shown on the HTML page: add --html OUT.html");
        Path verdict = Fixtures.path("page/ab-verdict.json");
        assertOneLine(run(verdict.toString()), "lab: " + verdict + ": an A/B verdict, not JMH results; the HTML page shows it: add --html OUT.html");
        assertOneLine(run(json, "--html", tmp.resolve("p.html").toString(), "--changes", Fixtures.path("page/changes.json").toString()),
                "lab: --changes " + Fixtures.path("page/changes.json") + ": change points need the history they were found in");
        assertOneLine(run("--html", tmp.resolve("p.html").toString()), "lab: report --html: name result files");
        assertOneLine(run("--html", Fixtures.path(Fixtures.QUEUE).toString(), json), "lab: --html " + json + ": ");
        assertFalse(Files.exists(tmp.resolve("p.html")));
    }

    private void assertOneLine(int code, String start) {
        assertEquals(2, code, out + "" + err);
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith(start), err.toString());
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
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

    /** {@code --benchmark} as everywhere: a regex found anywhere in Class.method; none matching is one line, exit 2. */
    @Test
    void benchmarkNarrowsTheTablesToTheMethodsItIsFoundIn() {
        String file = Fixtures.path(Fixtures.ORDERBOOK).toString();
        assertEquals(0, run(file, "--benchmark", "Last"), err::toString);
        assertTrue(out.toString().contains("OrderBookCancelBenchmark.cancelLast"), out.toString());
        assertFalse(out.toString().contains("cancelFirst"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(2, run(file, "--benchmark", "replay"));
        assertEquals("lab: no row matches --benchmark replay (of 9 rows)", err.toString().strip());
        assertEquals("", out.toString());
    }

    private int run(String... args) {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }
}
