package dev.perflab.jmh;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.Optional;
import org.openjdk.jmh.util.lines.TestLineWriter;

/**
 * A line of an older JMH's {@code META-INF/BenchmarkList}, rewritten as the JMH the lab carries writes it. JMH 1.19
 * to 1.2x write the same fields in the same order, but a {@code @Param}'s values as plain text
 * ({@code M 1 4 size 2 2 16 3 256}); newer JMH armors them, and its reader refuses the plain ones ("The length
 * should be multiple of 8"). Each field is read with the grammar JMH's own {@code TestLineReader} reads (a tag,
 * then length-prefixed strings) and written back with JMH's own {@link TestLineWriter}, which armors the values.
 *
 * <pre>
 *   JMH S 13 fixture.Tally … M 1 4 size 2 2 16 3 256 U 11 NANOSECONDS E E        (1.19)
 *   JMH S 13 fixture.Tally … M 1 4 size 2 8 xAgNAA== 8 yAQNAYDA U 11 NANOSECONDS E E   (as 1.37 writes it)
 * </pre>
 */
final class OldBenchmarkList {
    private static final String MAGIC = "JMH ";

    private final String line;
    private int cursor = MAGIC.length();

    private OldBenchmarkList(String line) {
        this.line = line;
    }

    /**
     * The line as the lab's JMH writes it.
     *
     * @throws IllegalArgumentException when the line does not follow the grammar (not a JMH benchmark list line)
     */
    static String upgrade(String line) {
        if (!line.startsWith(MAGIC)) {
            throw new IllegalArgumentException("not a JMH benchmark list line: " + line);
        }
        try {
            return new OldBenchmarkList(line).rewrite();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot read the JMH benchmark list line at " + e.getMessage() + ": " + line, e);
        }
    }

    private String rewrite() {
        TestLineWriter out = new TestLineWriter();
        while (cursor < line.length() && !line.substring(cursor).isBlank()) {
            char tag = line.charAt(cursor);
            cursor += 2;
            switch (tag) {
                case 'S' -> out.putString(string());
                case 'E' -> out.putOptionalInt(Optional.none());
                case 'I' -> out.putOptionalInt(Optional.of(Integer.valueOf(string())));
                case 'T' -> out.putOptionalTimeValue(Optional.of(TimeValue.fromString(string())));
                case 'U' -> out.putOptionalTimeUnit(Optional.of(TimeUnit.valueOf(string())));
                case 'L' -> out.putOptionalStringCollection(Optional.of(strings(length())));
                case 'A' -> out.putIntArray(strings(length()).stream().mapToInt(Integer::parseInt).toArray());
                case 'M' -> out.putOptionalParamCollection(Optional.of(params()));
                default -> throw new IllegalStateException("position " + (cursor - 2) + " (tag '" + tag + "')");
            }
        }
        return out.toString();
    }

    private Map<String, String[]> params() {
        Map<String, String[]> params = new LinkedHashMap<>();
        int count = length();
        for (int i = 0; i < count; i++) {
            String name = string();
            params.put(name, strings(length()).toArray(new String[0]));
        }
        return params;
    }

    private List<String> strings(int count) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(string());
        }
        return values;
    }

    /** Digits, then the space after them. */
    private int length() {
        int end = line.indexOf(' ', cursor);
        int n = Integer.parseInt(line.substring(cursor, end));
        cursor = end + 1;
        return n;
    }

    /** A length, then that many characters, then a space. */
    private String string() {
        int n = length();
        String s = line.substring(cursor, cursor + n);
        cursor += n + 1;
        return s;
    }
}
