package dev.perflab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The planted slowdown's one call at the start of every benchmark method of this module (its property is lab-agent's
 * PlantedWork's, tested there).
 */
class PlantedTest {
    @Test
    void withoutThePropertyWorkDoesNothing() {
        Planted.work();
    }

    /**
     * Every {@code @Benchmark} method starts with {@code Planted.work();}: a plant must reach every row, or a
     * calibration would report a miss that is really a benchmark without the hook.
     */
    @Test
    void everyBenchmarkMethodCallsTheHookFirst() throws IOException {
        List<String> missing = new ArrayList<>();
        int methods = 0;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList())) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (!lines.get(i).strip().equals("@Benchmark")) {
                        continue;
                    }
                    methods++;
                    int body = i + 1;
                    while (body < lines.size() && !lines.get(body).stripTrailing().endsWith("{")) {
                        body++;
                    }
                    if (body + 1 >= lines.size() || !lines.get(body + 1).strip().equals("Planted.work();")) {
                        missing.add(file.getFileName() + ":" + (body + 1));
                    }
                }
            }
        }
        assertTrue(methods >= 24, "found only " + methods + " benchmark methods: is the source folder right?");
        assertEquals(List.of(), missing, "benchmark methods that do not start with Planted.work()");
    }
}
