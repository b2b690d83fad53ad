package dev.perflab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.foreign.JmhVersions;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** What the lab asks of JMH, against what JMH 1.19 and 1.37 really offer and write (their fixtures). */
class JmhVersionsTest {
    static final List<String> VERSIONS = JmhVersions.VERSIONS;

    /**
     * Every flag the lab passes to JMH: the run lengths' ({@link JmhOptions#args()}), ./lab run's and ab's
     * ({@code -prof gc -rf json -rff FILE -p NAME=V -jvmArgsPrepend FLAGS}), the listing's ({@code -lp}), --jdk's
     * ({@code -jvm}) and the threads of a scenario's rows ({@code -t}).
     */
    static final List<String> LAB_FLAGS = List.of("-f", "-wi", "-w", "-i", "-r", "-prof", "-rf", "-rff", "-p",
            "-jvmArgsPrepend", "-lp", "-jvm", "-t");

    @ParameterizedTest
    @FieldSource("VERSIONS")
    void everyFlagTheLabPassesIsOneThisJmhTakes(String version) throws IOException {
        Set<String> offered = new HashSet<>(Files.readAllLines(JmhVersions.options(version)));
        assertTrue(offered.size() > 20, "the option list of JMH " + version + " looks cut short: " + offered);
        Set<String> used = new HashSet<>(LAB_FLAGS);
        new JmhOptions(2, 1, "300ms", 3, "1s").args().stream().filter(a -> a.startsWith("-")).forEach(used::add);
        used.removeAll(offered);
        assertEquals(Set.of(), used, "flags JMH " + version + " does not know");
    }

    @ParameterizedTest
    @FieldSource("VERSIONS")
    void theListingGivesEveryRowWithItsParams(String version) throws IOException {
        Set<String> names = new HashSet<>();
        List<JmhProcess.Configuration> rows = JmhProcess.configurations(Files.readAllLines(JmhVersions.listing(version)),
                Map.of("size", List.of("16")), names);
        assertEquals(Set.of("size"), names);
        assertEquals(List.of("fixture.Tally.count", "fixture.Tally.sum", "fixture.Tally.max"),
                rows.stream().map(JmhProcess.Configuration::benchmark).collect(Collectors.toList()));
        rows.forEach(r -> assertEquals(Map.of("size", "16"), r.params()));
    }

    /** JMH 1.19 writes a parameter's values in its benchmark list as text, 1.37 encoded: both are read. */
    @ParameterizedTest
    @FieldSource("VERSIONS")
    void theBenchmarkListGivesEachBenchmarksDeclaredOptions(String version) {
        BenchmarkCatalog catalog = BenchmarkCatalog.of(List.of(JmhVersions.benchmarkList(version)));
        for (String method : List.of("sum", "max", "count")) {
            JmhOptions declared = catalog.declared("fixture.Tally." + method);
            assertTrue(declared.forks() >= 1 && declared.iterations() >= 1, version + " " + method + ": " + declared);
            assertEquals(1.0, catalog.operationsPerCall("fixture.Tally." + method));
        }
    }
}
