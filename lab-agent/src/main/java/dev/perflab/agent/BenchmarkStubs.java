package dev.perflab.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which of JMH's generated classes call which benchmark, read from the {@code META-INF/BenchmarkList} JMH's annotation
 * processor wrote into the benchmarks jar. Each line starts with the same three length-prefixed strings in every JMH
 * from 1.19 to the newest: the benchmark's class as JMH names it, the generated class that runs it, and the method.
 *
 * <pre>
 *   JMH S 47 org.example.JsonRead S 73 org.example.generated.JsonRead_readPojo_jmhTest S 8 readPojo …
 *         └ the benchmark: org.example.JsonRead.readPojo       └ the stub that calls it     └ its method
 * </pre>
 *
 * Planting at the stub's calls rather than in the method's own code is what lets a benchmark method inherited from a
 * base class be planted for one subclass's row alone ({@code JsonRead.readPojo} declared in {@code ReadBase}): the
 * stub is the row's own, the method's code is shared by every subclass. Immutable.
 */
final class BenchmarkStubs {
    private static final String LIST = "META-INF/BenchmarkList";
    private static final String MAGIC = "JMH ";

    /** Generated class (internal name) → the benchmark method it calls. */
    private final Map<String, String> methodByStub;
    /** Generated class (internal name) → the benchmark it runs, as JMH names it. */
    private final Map<String, String> benchmarkByStub;
    /** The benchmarks chosen, as JMH names them, in the list's order. */
    private final List<String> benchmarks;

    private BenchmarkStubs(Map<String, String> methodByStub, Map<String, String> benchmarkByStub, List<String> benchmarks) {
        this.methodByStub = Collections.unmodifiableMap(methodByStub);
        this.benchmarkByStub = Collections.unmodifiableMap(benchmarkByStub);
        this.benchmarks = Collections.unmodifiableList(benchmarks);
    }

    /** The benchmarks of every benchmark list {@code loader} sees whose full name {@code regex} is found in. */
    static BenchmarkStubs of(ClassLoader loader, Pattern regex) throws IOException {
        List<String> lines = new ArrayList<>();
        Enumeration<URL> lists = loader.getResources(LIST);
        while (lists.hasMoreElements()) {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(lists.nextElement().openStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            }
        }
        return of(lines, regex);
    }

    static BenchmarkStubs of(List<String> lines, Pattern regex) {
        Map<String, String> methodByStub = new LinkedHashMap<>();
        Map<String, String> benchmarkByStub = new LinkedHashMap<>();
        List<String> benchmarks = new ArrayList<>();
        for (String line : lines) {
            if (!line.startsWith(MAGIC)) {
                continue;
            }
            String[] first = firstStrings(line);
            String benchmark = first[0] + "." + first[2];
            if (regex.matcher(benchmark).find() && !benchmarks.contains(benchmark)) {
                methodByStub.put(first[1].replace('.', '/'), first[2]);
                benchmarkByStub.put(first[1].replace('.', '/'), benchmark);
                benchmarks.add(benchmark);
            }
        }
        return new BenchmarkStubs(methodByStub, benchmarkByStub, benchmarks);
    }

    /** The line's first three strings, each {@code S LENGTH TEXT}. */
    private static String[] firstStrings(String line) {
        String[] strings = new String[3];
        int cursor = MAGIC.length();
        for (int i = 0; i < strings.length; i++) {
            if (!line.startsWith("S ", cursor)) {
                throw new IllegalArgumentException(LIST + ": expected a string at " + cursor + " of '" + line + "'");
            }
            int space = line.indexOf(' ', cursor + 2);
            int length = Integer.parseInt(line.substring(cursor + 2, space));
            strings[i] = line.substring(space + 1, space + 1 + length);
            cursor = space + 1 + length + 1;
        }
        return strings;
    }

    /** The benchmark method a generated class calls, when it is one of the chosen; null otherwise. */
    String methodCalledBy(String internalName) {
        return methodByStub.get(internalName);
    }

    /** The benchmark a chosen generated class runs, as JMH names it. */
    String benchmarkRunBy(String internalName) {
        return benchmarkByStub.get(internalName);
    }

    /** The benchmarks chosen, as JMH names them. */
    List<String> benchmarks() {
        return benchmarks;
    }
}
