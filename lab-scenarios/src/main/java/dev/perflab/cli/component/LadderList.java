package dev.perflab.cli.component;

import dev.perflab.ladder.Ladder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The ladders a class path names in its {@code META-INF/perflab/ladders} files, read the way {@code ServiceLoader}
 * reads its service files: one entry per line, {@code #} starts a comment, blank lines are skipped. An entry is the
 * static field that holds the ladder, {@code dev.perflab.toy.ToyLadder.LADDER}. A line that names no such field
 * fails at once, naming the file, the line and what is wrong, as a bad service file does.
 */
final class LadderList {
    private LadderList() {
    }

    static List<Ladder<?>> read(ClassLoader loader, String resource) {
        List<Ladder<?>> ladders = new ArrayList<>();
        try {
            for (URL file : Collections.list(loader.getResources(resource))) {
                List<String> lines;
                try (InputStream in = file.openStream()) {
                    lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                }
                for (int i = 0; i < lines.size(); i++) {
                    String entry = lines.get(i).replaceFirst("#.*", "").strip();
                    if (!entry.isEmpty()) {
                        ladders.add(ladder(loader, entry, file + ":" + (i + 1)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ladders;
    }

    private static Ladder<?> ladder(ClassLoader loader, String entry, String where) {
        int dot = entry.lastIndexOf('.');
        if (dot <= 0) {
            throw new IllegalArgumentException(where + ": '" + entry + "' is not CLASS.FIELD");
        }
        try {
            Field field = Class.forName(entry.substring(0, dot), true, loader).getField(entry.substring(dot + 1));
            if (!Modifier.isStatic(field.getModifiers()) || !(field.get(null) instanceof Ladder<?> ladder)) {
                throw new IllegalArgumentException(where + ": " + entry + " is not a static field holding a Ladder");
            }
            return ladder;
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(where + ": " + entry + " names no public field (" + e + ")");
        }
    }
}
