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
import java.util.LinkedHashMap;
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
        byte[] bytes;
        try {
            bytes = InputFile.read(file, InputFile.GATES_LIMIT, "gates files");
        } catch (LabException e) {
            throw new GateFileException(e.getMessage());
        }
        return parse(new StringReader(utf8(bytes, file.toString())), file.toString());
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
        Object root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(new SafeConstructor(options)).load(reader);
        } catch (YAMLException e) {
            throw new GateFileException(source + ": not valid YAML: " + e.getMessage().replaceAll("\\s+", " ").trim());
        }
        if (!(root instanceof Map) || !(((Map<?, ?>) root).get("gates") instanceof List)) {
            throw new GateFileException(source + ": expected a top-level 'gates:' list");
        }
        List<Gate> gates = new ArrayList<>();
        List<?> entries = (List<?>) ((Map<?, ?>) root).get("gates");
        for (int i = 0; i < entries.size(); i++) {
            gates.add(new Entry(source, i + 1, entries.get(i)).gate());
        }
        if (gates.isEmpty()) {
            throw new GateFileException(source + ": the 'gates:' list is empty");
        }
        return new GateFile(gates);
    }

    /** One entry of the list, with what is needed to name it in an error. */
    private static final class Entry {
        private static final List<String> KEYS = List.of("name", "ratio", "bound", "min", "steady");
        private final String where;
        private final Map<?, ?> map;

        Entry(String source, int index, Object value) {
            String name = value instanceof Map && ((Map<?, ?>) value).get("name") != null
                    ? " ('" + ((Map<?, ?>) value).get("name") + "')" : "";
            this.where = source + ": gate " + index + name;
            if (!(value instanceof Map)) {
                throw new GateFileException(where + ": expected a mapping with name and ratio or bound");
            }
            this.map = (Map<?, ?>) value;
        }

        Gate gate() {
            String name = text(map, "name");
            for (Object key : map.keySet()) {
                if (!KEYS.contains(String.valueOf(key))) {
                    throw new GateFileException(where + ": '" + key + "' is not a gate's key; a gate has " + String.join(", ", KEYS));
                }
            }
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

        private RowSelector selector(Map<?, ?> m) {
            Map<String, String> params = new LinkedHashMap<>();
            if (m.containsKey("params")) {
                mapping(m, "params").forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
            }
            for (Object key : m.keySet()) {
                if (!List.of("benchmark", "params", "mode").contains(String.valueOf(key))) {
                    throw new GateFileException(where + ": a row is picked by benchmark, params and mode; '" + key
                            + "' is none of them");
                }
            }
            String mode = m.containsKey("mode") ? text(m, "mode") : null;
            if (mode != null && !RowSelector.MODES.contains(mode)) {
                throw new GateFileException(where + ": mode '" + mode + "' is not a JMH mode; JMH's JSON writes "
                        + String.join(", ", RowSelector.MODES));
            }
            return new RowSelector(text(m, "benchmark"), params, mode);
        }

        /** An optional yes-or-no key: absent is false. */
        private boolean flag(Map<?, ?> m, String key) {
            Object v = m.get(key);
            if (v == null || v instanceof Boolean) {
                return Boolean.TRUE.equals(v);
            }
            throw new GateFileException(where + ": '" + key + "' must be true or false, was " + v);
        }

        private Map<?, ?> mapping(Map<?, ?> m, String key) {
            Object v = m.get(key);
            if (!(v instanceof Map)) {
                throw new GateFileException(where + ": '" + key + "' must be a mapping");
            }
            return (Map<?, ?>) v;
        }

        private String text(Map<?, ?> m, String key) {
            Object v = m.get(key);
            if (v == null || String.valueOf(v).isBlank()) {
                throw new GateFileException(where + ": '" + key + "' is missing");
            }
            return String.valueOf(v);
        }

        private double number(Map<?, ?> m, String key, boolean required) {
            Object v = m.get(key);
            if (v instanceof Number) {
                double d = ((Number) v).doubleValue();
                // .nan fails every value, .inf (or a literal past the double range, 1e400) passes or fails them all
                if (!Double.isFinite(d)) {
                    throw new GateFileException(where + ": '" + key + "' must be a finite number, was " + v
                            + " (a gate with it could never pass, or never fail)");
                }
                return d;
            }
            throw new GateFileException(where + ": '" + key + "' must be a number" + (v == null && required ? " (missing)" : ""));
        }
    }
}
