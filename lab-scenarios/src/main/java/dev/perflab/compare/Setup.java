package dev.perflab.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.report.JmhResults;
import dev.perflab.report.MachineHeader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a run was measured with, as far as its JMH file and the lab's {@code .machine.txt} beside it say: the JDK,
 * JMH's version, the measuring JVM's arguments and the machine. Two runs whose set-ups differ can differ for that
 * reason alone (a JDK's JIT, {@code -Xcomp}, another CPU), so {@code ./lab compare} names every difference above its
 * verdicts and does not call a row a regression across them unless asked.
 *
 * @param jdk     the rows' JDK version and VM, e.g. {@code 21.0.3 (OpenJDK 64-Bit Server VM)}; empty when absent
 * @param jmh     JMH's version ({@code jmhVersion}, written since JMH 1.20); empty when absent
 * @param jvmArgs the arguments every row's JVM had, in the first row's order
 * @param machine the lab's machine line beside the file; empty for other projects' files
 */
public record Setup(String jdk, String jmh, List<String> jvmArgs, Optional<String> machine) {
    public Setup {
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** The set-up of a JMH JSON file (already readable: {@link JmhResults#read} accepted it). */
    public static Setup of(Path file) {
        JsonNode rows = JmhResults.array(file);
        JsonNode first = rows.get(0);
        String version = first.path("jdkVersion").asText("");
        String vm = first.path("vmName").asText("");
        String jdk = version.isEmpty() ? "" : version + (vm.isEmpty() ? "" : " (" + vm + ")");
        List<String> common = null;
        for (JsonNode row : rows) {
            List<String> args = new ArrayList<>();
            row.path("jvmArgs").forEach(a -> args.add(a.asText()));
            if (common == null) {
                common = new ArrayList<>(new LinkedHashSet<>(args));
            } else {
                common.retainAll(args);
            }
        }
        return new Setup(jdk, first.path("jmhVersion").asText(""), common == null ? List.of() : common, MachineHeader.of(file));
    }

    /**
     * Each way {@code head} differs from this set-up, one line each ({@code JDK: 11.0.2 (…) → 21.0.3 (…)}); empty
     * when they agree. System properties ({@code -Dfile.encoding=…}, a build's {@code -Djava.io.tmpdir=…}) are left
     * out: they name paths and locales, not how the code runs.
     */
    public List<String> differences(Setup head) {
        List<String> lines = new ArrayList<>();
        changed(lines, "JDK", jdk, head.jdk);
        changed(lines, "JMH", jmh, head.jmh);
        changed(lines, "machine", machine.orElse(""), head.machine.orElse(""));
        Set<String> onlyBase = flags(jvmArgs);
        onlyBase.removeAll(flags(head.jvmArgs));
        Set<String> onlyHead = flags(head.jvmArgs);
        onlyHead.removeAll(flags(jvmArgs));
        if (!onlyBase.isEmpty() || !onlyHead.isEmpty()) {
            lines.add("JVM arguments: " + (onlyBase.isEmpty() ? "" : "only in base " + String.join(" ", onlyBase))
                    + (onlyBase.isEmpty() || onlyHead.isEmpty() ? "" : "; ") + (onlyHead.isEmpty() ? "" : "only in head " + String.join(" ", onlyHead)));
        }
        return lines;
    }

    /** A difference of a field both runs recorded; a field one of them lacks is unknown, not different. */
    private static void changed(List<String> lines, String what, String base, String head) {
        if (!base.isEmpty() && !head.isEmpty() && !base.equals(head)) {
            lines.add(what + ": " + base + " → " + head);
        }
    }

    private static Set<String> flags(List<String> args) {
        Set<String> result = new LinkedHashSet<>();
        args.stream().filter(a -> !a.startsWith("-D")).forEach(result::add);
        return result;
    }
}
