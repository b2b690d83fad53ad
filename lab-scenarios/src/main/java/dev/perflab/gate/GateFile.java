package dev.perflab.gate;

import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A checked-in gates file:
 *
 * <pre>
 * gates:
 *   - name: tuned beats naive on cancelLast at depth 1000
 *     ratio:
 *       numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}
 *       denominator: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}
 *     min: 100
 *   - name: tuned allocates nothing on cancel
 *     bound:
 *       row: {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}
 *       metric: gc.alloc.rate.norm      # or primary
 *       max: 1
 *   - name: tuned cancelLast holds still over its iterations
 *     steady: true                      # every row read must not trend (dev.perflab.report.Trend)
 *     bound:
 *       row: {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}
 *       min: 1
 * </pre>
 *
 * Parsed with SnakeYAML's safe constructor (plain maps, lists and scalars only), duplicate keys refused (the
 * second silently replaced the first). Gates that could never fail are refused too: a ratio with
 * {@code min ≤ 0}, a bound with {@code min < 0}, and a bound with {@code min > max} that nothing passes.
 */
public final class GateFile {
    private final List<Gate> gates;

    private GateFile(List<Gate> gates) {
        this.gates = List.copyOf(gates);
    }

    public List<Gate> gates() {
        return gates;
    }

    /** Reads a gates file under the lab's input policy (at most {@link InputFile#GATES_LIMIT}, UTF-8). */
    public static GateFile read(Path file) {
        return parse(new StringReader(text(file, "gates files")), file.toString());
    }

    /** A YAML file's text under the lab's input policy (at most {@link InputFile#GATES_LIMIT}, UTF-8). */
    static String text(Path file, String what) {
        byte[] bytes;
        try {
            bytes = InputFile.read(file, InputFile.GATES_LIMIT, what);
        } catch (LabException e) {
            throw new GateFileException(e.getMessage());
        }
        return utf8(bytes, file.toString());
    }

    private static String utf8(byte[] bytes, String source) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = StandardCharsets.UTF_8.newDecoder().decode(in, out, true);
        if (result.isError()) {
            throw new GateFileException(source + ":byte " + in.position() + ": not UTF-8 text (is this a gates YAML file?)");
        }
        String text = out.flip().toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    public static GateFile parse(Reader reader, String source) {
        List<?> entries = list(reader, source, "gates");
        List<Gate> gates = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            gates.add(new Entry(source, i + 1, entries.get(i)).gate());
        }
        if (gates.isEmpty()) {
            throw new GateFileException(source + ": the 'gates:' list is empty");
        }
        return new GateFile(gates);
    }

    /**
     * The top-level list {@code key:} of a YAML document, parsed with SnakeYAML's safe constructor (plain maps, lists
     * and scalars only), duplicate keys refused.
     */
    static List<?> list(Reader reader, String source, String key) {
        Object root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(new SafeConstructor(options)).load(reader);
        } catch (YAMLException e) {
            throw new GateFileException(source + ": not valid YAML: " + e.getMessage().replaceAll("\\s+", " ").trim());
        }
        if (!(root instanceof Map) || !(((Map<?, ?>) root).get(key) instanceof List)) {
            throw new GateFileException(source + ": expected a top-level '" + key + ":' list");
        }
        return (List<?>) ((Map<?, ?>) root).get(key);
    }

    /** One entry of the list, with what is needed to name it in an error. */
    private static final class Entry extends YamlEntry {
        private static final List<String> KEYS = List.of("name", "ratio", "bound", "min", "steady");

        Entry(String source, int index, Object value) {
            super(source + ": gate " + index + named(value), value, "a mapping with name and ratio or bound");
        }

        Gate gate() {
            String name = text(map, "name");
            onlyKeys(map, KEYS, "a gate");
            boolean steady = flag(map, "steady");
            boolean ratio = map.containsKey("ratio");
            boolean bound = map.containsKey("bound");
            if (ratio == bound) {
                throw new GateFileException(where + ": needs exactly one of 'ratio' or 'bound'");
            }
            if (ratio) {
                Map<?, ?> r = mapping(map, "ratio");
                double min = number(map, "min", true);
                if (!(min > 0)) {
                    throw new GateFileException(where + ": 'min' must be > 0, was " + min + " (a ratio of scores is never "
                            + "negative, so this gate could never fail)");
                }
                return new Gate.Ratio(name, selector(mapping(r, "numerator")), selector(mapping(r, "denominator")), min, steady);
            }
            Map<?, ?> b = mapping(map, "bound");
            Double min = b.containsKey("min") ? number(b, "min", true) : null;
            Double max = b.containsKey("max") ? number(b, "max", true) : null;
            if (min == null && max == null) {
                throw new GateFileException(where + ": a bound needs min, max or both");
            }
            if (min != null && min < 0) {
                throw new GateFileException(where + ": 'min' must be ≥ 0, was " + min + " (JMH scores and metrics are never "
                        + "negative, so this bound could never fail)");
            }
            if (min != null && max != null && min > max) {
                throw new GateFileException(where + ": 'min' " + min + " is above 'max' " + max + "; no value could pass");
            }
            String metric = b.containsKey("metric") ? text(b, "metric") : "primary";
            return new Gate.Bound(name, selector(mapping(b, "row")), metric, min, max, steady);
        }
    }
}
