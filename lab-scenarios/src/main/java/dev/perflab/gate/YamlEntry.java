package dev.perflab.gate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One mapping of a YAML list the lab reads (a gate, a claim), with where it is for messages, and the readers of
 * its values that every such file shares: a row selector, a flag, a mapping, a text, a finite number. Each one
 * throws a {@link GateFileException} naming the entry and what was expected.
 */
class YamlEntry {
    /** {@code FILE: gate 3 ('name')}: what a message names. */
    final String where;
    final Map<?, ?> map;

    YamlEntry(String where, Object value, String expected) {
        this.where = where;
        if (!(value instanceof Map)) {
            throw new GateFileException(where + ": expected " + expected);
        }
        this.map = (Map<?, ?>) value;
    }

    /** {@code " ('NAME')"} for an entry with a name, else empty. */
    static String named(Object value) {
        return value instanceof Map && ((Map<?, ?>) value).get("name") != null ? " ('" + ((Map<?, ?>) value).get("name") + "')" : "";
    }

    /** Refuses a key that is not one of {@code keys} (a misspelt key would be ignored, and its check never made). */
    void onlyKeys(Map<?, ?> m, List<String> keys, String what) {
        for (Object key : m.keySet()) {
            if (!keys.contains(String.valueOf(key))) {
                throw new GateFileException(where + ": '" + key + "' is not " + what + "'s key; " + what + " has " + String.join(", ", keys));
            }
        }
    }

    RowSelector selector(Map<?, ?> m) {
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
    boolean flag(Map<?, ?> m, String key) {
        Object v = m.get(key);
        if (v == null || v instanceof Boolean) {
            return Boolean.TRUE.equals(v);
        }
        throw new GateFileException(where + ": '" + key + "' must be true or false, was " + v);
    }

    Map<?, ?> mapping(Map<?, ?> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof Map)) {
            throw new GateFileException(where + ": '" + key + "' must be a mapping");
        }
        return (Map<?, ?>) v;
    }

    String text(Map<?, ?> m, String key) {
        Object v = m.get(key);
        if (v == null || String.valueOf(v).isBlank()) {
            throw new GateFileException(where + ": '" + key + "' is missing");
        }
        return String.valueOf(v);
    }

    double number(Map<?, ?> m, String key, boolean required) {
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
