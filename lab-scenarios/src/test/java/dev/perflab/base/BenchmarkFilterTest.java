package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code --benchmark} as JMH's include reads it: a regex found anywhere in {@code Class.method}, so the exercise's
 * {@code --benchmark cancel} selects every cancel method and {@code --benchmark replay} every replay size.
 */
class BenchmarkFilterTest {
    private static final String PKG = "dev.perflab.bench.orderbook.";
    private static final List<String> KNOWN = List.of(PKG + "OrderBookCancelBenchmark.cancelFirst",
            PKG + "OrderBookCancelBenchmark.cancelLast", PKG + "OrderBookCancelBenchmark.cancelNonexistent",
            PKG + "OrderBookReplayBenchmark.replay250k", PKG + "OrderBookReplayBenchmark.replay1M",
            PKG + "OrderBookNaiveReplayBenchmark.replay250k", "dev.perflab.bench.RulerBenchmark.sortCopy");

    private static List<String> select(String regex) {
        return BenchmarkFilter.of("--benchmark", regex).select(KNOWN);
    }

    @Test
    void aWordOfTheMethodSelectsEveryMethodItIsFoundIn() {
        assertEquals(KNOWN.subList(0, 3), select("cancel"));
        assertEquals(KNOWN.subList(3, 6), select("replay"));
        assertEquals(List.of(KNOWN.get(1)), select("cancelLast"));
        assertEquals(List.of(KNOWN.get(1)), select("Cancel.*Last$"));
        assertEquals(List.of(KNOWN.get(3), KNOWN.get(5)), select("replay250k"));
    }

    @Test
    void thePackageIsNotSearchedSoAComponentsNameDoesNotSelectItAll() {
        assertEquals(List.of(), select("orderbook"));
        assertEquals(List.of(KNOWN.get(3), KNOWN.get(4)), select("^OrderBookReplay"), "an anchor anchors at the class");
    }

    @Test
    void aWholeFullNameSelectsItsBenchmarkAsJmhsListWritesIt() {
        assertEquals(List.of(KNOWN.get(6)), select("dev.perflab.bench.RulerBenchmark.sortCopy"));
        assertEquals(List.of(KNOWN.get(1)), select("OrderBookCancelBenchmark.cancelLast"));
    }

    @Test
    void noRegexSelectsEverything() {
        assertTrue(BenchmarkFilter.of("--benchmark", null).all());
        assertEquals(KNOWN, BenchmarkFilter.of("--benchmark", "").select(KNOWN));
        assertTrue(BenchmarkFilter.ALL.matches("anything.at.All"));
    }

    @Test
    void aBadRegexIsOneLineNamingTheOptionAndWhatIsWrong() {
        LabException e = assertThrows(LabException.class, () -> BenchmarkFilter.of("--benchmark", "cancel("));
        assertEquals(LabException.BAD_INPUT, e.exitCode());
        assertTrue(e.getMessage().startsWith("--benchmark cancel(: not a regex (Unclosed group"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void theIncludeJmhGetsMatchesExactlyTheNamesSelected() {
        List<String> chosen = select("cancel(First|Last)");
        Pattern include = Pattern.compile(BenchmarkFilter.include(chosen));
        for (String name : KNOWN) {
            assertEquals(chosen.contains(name), include.matcher(name).find(), name);
        }
        Pattern nothing = Pattern.compile(BenchmarkFilter.include(List.of()));
        assertTrue(KNOWN.stream().noneMatch(n -> nothing.matcher(n).find()));
    }

    /** A suite's include: the length's own methods without {@code --benchmark}; with it, this class's methods it selects. */
    @Test
    void aSuiteTakesOnlyItsOwnClassesMethodsFromTheSelection() {
        JmhSuite cancel = JmhSuite.of("cancel", PKG + "OrderBookCancelBenchmark")
                .with(RunLength.QUICK, new dev.perflab.jmh.JmhOptions(1, 1, "1s", 1, "1s"), "cancelLast");
        Pattern quick = Pattern.compile(cancel.include(RunLength.QUICK, BenchmarkFilter.ALL, KNOWN));
        assertEquals(List.of(KNOWN.get(1)), KNOWN.stream().filter(n -> quick.matcher(n).find()).toList());
        Pattern chosen = Pattern.compile(cancel.include(RunLength.QUICK, BenchmarkFilter.of("--benchmark", "cancel|replay"), KNOWN));
        assertEquals(KNOWN.subList(0, 3), KNOWN.stream().filter(n -> chosen.matcher(n).find()).toList(),
                "the user's selection replaces the length's methods, and another class's replay is not this suite's");
    }
}
