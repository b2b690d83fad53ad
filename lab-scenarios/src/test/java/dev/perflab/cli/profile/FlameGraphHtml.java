package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the frame names back out of an async-profiler HTML flame graph. They are stored as
 * {@code const cpool = [...]}, sorted, each entry after the first as one character giving the length of
 * the prefix it shares with the entry before (its code minus 32) followed by the rest: a text search for a
 * method name can miss it, a decoded list cannot.
 */
final class FlameGraphHtml {
    private static final Pattern QUOTED = Pattern.compile("'((?:[^'\\\\]|\\\\.)*)'");

    private FlameGraphHtml() {
    }

    static List<String> frameNames(Path html) throws IOException {
        String text = Files.readString(html, StandardCharsets.UTF_8);
        int start = text.indexOf("const cpool = [");
        assertTrue(start >= 0, html + " has no cpool");
        Matcher entry = QUOTED.matcher(text.substring(start, text.indexOf("];", start)));
        List<String> names = new ArrayList<>();
        while (entry.find()) {
            String packed = entry.group(1).replace("\\'", "'").replace("\\\\", "\\");
            names.add(names.isEmpty() ? packed
                    : names.get(names.size() - 1).substring(0, packed.charAt(0) - 32) + packed.substring(1));
        }
        return names;
    }

    /** Whether any frame is a method of {@code simpleClassName} in the order book package. */
    static boolean namesOrderBookClass(List<String> frames, String simpleClassName) {
        String prefix = "dev/perflab/orderbook/" + simpleClassName + ".";
        return frames.stream().anyMatch(f -> f.startsWith(prefix));
    }
}
