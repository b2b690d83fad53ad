package dev.perflab.ladder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An exercise's checks run on another version of its file than the one in the tree: the shipped skeleton (its
 * pristine copy under {@code exercises/shipped}), a reference solution or a planted one (under
 * {@code exercises/teacher}). A learner who solves an exercise edits the file in the tree; the tests that say
 * "the skeleton fails, naming what is missing" read the pristine copy, so solving an exercise never fails
 * {@code mvn test}.
 *
 * <p>The version is compiled ({@link ExerciseCompiler}) and loaded with every lab-core class in a class loader of its
 * own that looks there first, so the ladder, its contract and whatever calls the exercise's class (the brick's page
 * table, the SHA executor's count policy) all see that version. The checks run inside that loader; their outcomes
 * come back as this loader's {@link Checks.Outcome}.
 */
public final class ShippedExercises {
    /** The repository's {@code exercises} folder, from a module's directory (where Maven runs its tests). */
    public static final Path EXERCISES = Path.of("..", "exercises");
    /** The pristine copy of every skeleton, in its package's folders. */
    public static final Path SHIPPED = EXERCISES.resolve("shipped");

    private static final Map<Path, ClassLoader> LOADERS = new ConcurrentHashMap<>();

    private ShippedExercises() {
    }

    /**
     * The outcomes of a ladder's contract on one of its entries, with the exercise files found under {@code root}
     * (a tree of package folders: {@link #SHIPPED}, or a solution's folder) in place of the tree's.
     *
     * @param ladderHolder the class holding the ladder in its {@code LADDER} field, e.g. {@code OrderBookLadder.class}
     * @param rung         the entry to check, e.g. {@code student}
     */
    public static List<Checks.Outcome> outcomes(Path root, Class<?> ladderHolder, String rung) throws Exception {
        ClassLoader loader = LOADERS.computeIfAbsent(root.toAbsolutePath().normalize(), ShippedExercises::loader);
        Object ladder = loader.loadClass(ladderHolder.getName()).getField("LADDER").get(null);
        Class<?> ladderClass = loader.loadClass(Ladder.class.getName());
        Object entry = ladderClass.getMethod("resolve", String.class).invoke(ladder, rung);
        Object factory = loader.loadClass(Entry.class.getName()).getMethod("factory").invoke(entry);
        Object contract = ((java.util.Optional<?>) ladderClass.getMethod("contract").invoke(ladder)).orElseThrow();
        Object checks = loader.loadClass(Contract.class.getName()).getMethod("checks", Object.class).invoke(contract, factory);
        List<?> outcomes = (List<?>) loader.loadClass(Checks.class.getName()).getMethod("run", List.class).invoke(null, checks);
        Class<?> outcome = loader.loadClass(Checks.Outcome.class.getName());
        List<Checks.Outcome> result = new ArrayList<>();
        for (Object o : outcomes) {
            result.add(new Checks.Outcome((String) outcome.getMethod("name").invoke(o), (String) outcome.getMethod("failure").invoke(o)));
        }
        return result;
    }

    /** The same, by check name. */
    public static Map<String, Checks.Outcome> byName(Path root, Class<?> ladderHolder, String rung) throws Exception {
        return outcomes(root, ladderHolder, rung).stream().collect(Collectors.toMap(Checks.Outcome::name, o -> o));
    }

    /** Every {@code .java} file under {@code root}. */
    public static List<Path> sources(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ClassLoader loader(Path root) {
        try {
            Path classes = Files.createTempDirectory("perflab-exercise-");
            // the loader reads its classes as long as this test JVM runs: removed when it exits
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    dev.perflab.kv.Folders.deleteTree(classes);
                } catch (IOException e) {
                    // best effort: the folder's prefix says whose it is
                }
            }, "perflab-exercise-classes"));
            Path labCore = Path.of(Ladder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            List<Path> classPath = new ArrayList<>(List.of(labCore));
            classPath.addAll(ExerciseCompiler.thisClassPath());
            ExerciseCompiler.compile(sources(root), classPath, classes);
            return new LabFirst(new URL[] {url(classes), url(labCore)}, ShippedExercises.class.getClassLoader());
        } catch (Exception e) {
            throw new IllegalStateException("cannot compile the exercise files under " + root + ": " + e.getMessage(), e);
        }
    }

    private static URL url(Path path) throws MalformedURLException {
        return path.toUri().toURL();
    }

    /** Loads the lab's own classes ({@code dev.perflab.}) from its URLs, the exercise's first; the rest from the parent. */
    private static final class LabFirst extends URLClassLoader {
        LabFirst(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("dev.perflab.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }
}
