package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Removing a store's folder after a run (the harness, the CLI and the benchmark leave no store behind). */
public final class Folders {
    private Folders() {
    }

    /** Deletes {@code dir} and everything under it; nothing if it does not exist. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(dir)) {
            all = walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList());
        }
        for (Path p : all) {
            Files.deleteIfExists(p);
        }
    }
}
