package dev.perflab.jmh;

import dev.perflab.io.Scratch;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Runs JMH in a child JVM ({@link ChildProcess}: one kill policy for every child the lab starts; JMH's own
 * forked JVMs are its descendants and go with it), keeps JMH's full output in a log file, and prints one
 * progress line per benchmark: which one runs, how many are left, and JMH's own estimate of the time left.
 *
 * <p>JMH comes from the shaded {@code lab-benchmarks/target/benchmarks.jar} (or the jar the system property
 * {@value #BENCHMARKS_JAR_PROPERTY} names: the installed launcher's {@code lib/benchmarks.jar}), or, when the system property
 * {@value #CLASSPATH_PROPERTY} is set, from that class path ({@code java -cp … org.openjdk.jmh.Main}): how
 * a test runs the JMH suite of a component it registers itself. That JMH ignores the machine-wide JMH lock
 * ({@code /tmp/jmh.lock}), so a test's tiny run neither waits for nor fails beside a real measurement on a
 * shared machine; its numbers are not for reading.
 *
 * <p>JMH allows one run per machine: a run that finds {@code /tmp/jmh.lock} held by another ends at once,
 * and the lab says so in one line ({@link #lockHeld}) rather than "JMH failed". Measurements keep the lock.
 * Where sharing the machine is acceptable because nothing is measured (the lab's own correctness tests),
 * the system property {@value #IGNORE_LOCK_PROPERTY}{@code =true} passes {@code -Djmh.ignoreLock=true} on.
 */
public final class JmhProcess {
    /** A class path holding JMH and the benchmarks (with their generated {@code META-INF/BenchmarkList}). */
    public static final String CLASSPATH_PROPERTY = "perflab.jmh.classpath";
    /**
     * The lab's benchmarks jar where no checkout holds it: the installed launcher ({@code bin/perflab}) names its
     * {@code lib/benchmarks.jar}, so the lab's own rows and rulers run from any folder.
     */
    public static final String BENCHMARKS_JAR_PROPERTY = "perflab.benchmarks.jar";
    /** {@code true}: JMH ignores the machine-wide lock; for correctness tests only, never for measurements. */
    public static final String IGNORE_LOCK_PROPERTY = "perflab.jmh.ignoreLock";
    /**
     * A class path (a folder of a learner's freshly compiled exercise files) put before the lab's own JMH classes,
     * so the JMH run and every fork it starts measure the learner's version; {@code ./lab} sets it when only
     * exercise files changed since the jars were built. A run from a given jar ({@code ./lab ab}) never gets it.
     */
    public static final String EXERCISE_CLASSES_PROPERTY = "perflab.exercise.classes";
    /**
     * Jars of one's own components ({@code perflab --with JAR}): their benchmarks first on the class path of every
     * run of the lab's JMH, before the lab's own, which brings JMH and the lab's classes.
     */
    public static final String WITH_PROPERTY = dev.perflab.proc.ChildProcess.WITH_PROPERTY;
    private static final String IGNORE_JMH_LOCK = "-Djmh.ignoreLock=true";
    /** JMH 1.37's line when another run holds the lock: "… Unable to acquire the JMH lock (/tmp/jmh.lock), exiting …". */
    private static final Pattern LOCK_HELD = Pattern.compile("Unable to acquire the JMH lock \\(([^)]*)\\)");
    /** JMH's line naming a single-shot suite's mode. */
    private static final String SINGLE_SHOT_MODE = "# Benchmark mode: Single shot";
    private static final Pattern PROGRESS = Pattern.compile("# Run progress: ([0-9.]+)% complete, ETA (\\S+)");
    private static final Pattern BENCHMARK = Pattern.compile("# Benchmark: .*\\.([^.]+)$");
    private static final Pattern PARAMETERS = Pattern.compile("# Parameters: \\((.*)\\)");

    private JmhProcess() {
    }

    public static Path benchmarksJar() {
        String installed = System.getProperty(BENCHMARKS_JAR_PROPERTY);
        Path jar = installed != null ? Path.of(installed)
                : Path.of(System.getProperty("perflab.home", ".")).resolve("lab-benchmarks/target/benchmarks.jar");
        if (!Files.isRegularFile(jar)) {
            throw new LabException(jar + ": benchmarks.jar not found; " + (installed != null
                    ? "unpack perflab's release archive again (its lib/ holds it)"
                    : "run ./lab from the repository root (it builds what is missing)"));
        }
        return jar;
    }

    /**
     * Where JMH and the benchmarks come from: the jars of {@value #WITH_PROPERTY} first, then the benchmarks jar, or the
     * entries of the class path a test names.
     */
    static List<Path> classPath() {
        String classpath = System.getProperty(CLASSPATH_PROPERTY);
        List<Path> entries = new ArrayList<>(entries(System.getProperty(WITH_PROPERTY)));
        entries.addAll(classpath == null ? List.of(benchmarksJar()) : entries(classpath));
        return entries;
    }

    private static List<Path> entries(String classpath) {
        return classpath == null ? List.of() : java.util.Arrays.stream(classpath.split(java.io.File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(Path::of).collect(Collectors.toList());
    }

    /** Checks that JMH can be started (the jar is there, or a class path is given) and names where it comes from. */
    public static String jmhSource() {
        String classpath = System.getProperty(CLASSPATH_PROPERTY);
        return classpath != null ? "class path " + CLASSPATH_PROPERTY : benchmarksJar().toString();
    }

    /** {@code java -jar benchmarks.jar ARGS}, or {@code java -cp CLASSPATH org.openjdk.jmh.Main ARGS}. */
    static List<String> command(List<String> jmhArgs) {
        return javaCommand(null, List.of(), jmhArgs);
    }

    /**
     * The same with JVM flags for JMH's own JVM, and, when {@code crashLogDir} is given, a crash log for it and
     * for every JVM it forks in that folder rather than in the working directory. The forks get it through
     * {@code -jvmArgsPrepend}: JMH's {@code -jvmArgsAppend} on the command line replaces a benchmark's own
     * {@code @Fork(jvmArgsAppend)}, which silently dropped the replay's fixed heap, Chronicle Queue's JDK 17
     * flags and the SHA ceiling's {@code -XX:-UseSHA256Intrinsics} (no benchmark here uses {@code jvmArgsPrepend}).
     */
    static List<String> command(Path crashLogDir, List<String> jmhArgs) {
        return command(null, crashLogDir, jmhArgs);
    }

    /**
     * The same from a given benchmarks jar ({@code java -jar JAR}: what {@code ./lab ab} runs each revision from);
     * a null {@code jar} is the lab's own JMH, as above.
     */
    static List<String> command(Path jar, Path crashLogDir, List<String> jmhArgs) {
        if (crashLogDir == null) {
            return javaCommand(jar, List.of(), jmhArgs);
        }
        String errorFile = ChildProcess.errorFileFlag(crashLogDir);
        List<String> args = new ArrayList<>(jmhArgs);
        args.addAll(List.of("-jvmArgsPrepend", errorFile));
        return javaCommand(jar, List.of(errorFile), args);
    }

    private static List<String> javaCommand(Path jar, List<String> jvmFlags, List<String> jmhArgs) {
        String classpath = jar != null ? null : System.getProperty(CLASSPATH_PROPERTY);
        List<String> command = new ArrayList<>(List.of(Machine.javaExecutable()));
        command.addAll(jvmFlags);
        if (classpath != null || Boolean.getBoolean(IGNORE_LOCK_PROPERTY)) {
            command.add(IGNORE_JMH_LOCK);
        }
        String exercise = jar != null ? null : System.getProperty(EXERCISE_CLASSES_PROPERTY);
        String with = jar != null ? null : System.getProperty(WITH_PROPERTY);
        String own = classpath != null ? classpath : exercise != null || with != null ? benchmarksJar().toString() : null;
        String before = java.util.stream.Stream.of(exercise, with).filter(java.util.Objects::nonNull)
                .collect(Collectors.joining(java.io.File.pathSeparator));
        command.addAll(jar != null ? List.of("-jar", jar.toString())
                : own != null ? List.of("-cp", before.isEmpty() ? own : before + java.io.File.pathSeparator + own,
                        // the benchmarks jar's own entry (JMH's Main, ended with this lab); a given class path may not hold it
                        classpath != null ? "org.openjdk.jmh.Main" : "dev.perflab.bench.JmhMain")
                : List.of("-jar", benchmarksJar().toString()));
        command.addAll(jmhArgs);
        return command;
    }

    /**
     * Runs JMH to completion.
     *
     * @param label     shown at the start of each progress line
     * @param total     number of benchmark/parameter combinations expected, for "n/total"
     * @param jmhArgs   arguments after {@code -jar benchmarks.jar}
     * @param log       where JMH's own output goes; a crashed JVM's log ({@code hs_err_pid*.log}) goes beside it
     * @return JMH's exit code
     * @throws LabException when another JMH run holds the machine-wide lock (one line, nothing run)
     */
    public static int run(String label, int total, List<String> jmhArgs, Path log, PrintWriter progress)
            throws IOException, InterruptedException {
        return run(null, label, total, jmhArgs, log, progress);
    }

    /** The same from a given benchmarks jar; null is the lab's own JMH ({@link #run(String, int, List, Path, PrintWriter)}). */
    public static int run(Path jar, String label, int total, List<String> jmhArgs, Path log, PrintWriter progress)
            throws IOException, InterruptedException {
        return run(jar, null, label, total, jmhArgs, log, progress);
    }

    /**
     * The same with JMH, and so every fork it starts, in a working directory: another project's benchmarks may read
     * files relative to the project ({@code ./lab ab --project}). Null is this JVM's. The jar may be relative to this
     * JVM's working directory; a path among {@code jmhArgs} must then be absolute.
     */
    public static int run(Path jar, Path workDir, String label, int total, List<String> jmhArgs, Path log, PrintWriter progress)
            throws IOException, InterruptedException {
        return run(jar, workDir, label, total, jmhArgs, log, progress, null);
    }

    /** What {@link #run(Path, Path, String, int, List, Path, PrintWriter, java.time.Duration)} returns for a run it stopped at its limit. */
    public static final int OVER_TIME = -1;

    /**
     * The same within a time limit (null for none): a run still going at the limit is stopped, JMH and its fork, with
     * a line in its log, and gives {@link #OVER_TIME}.
     */
    public static int run(Path jar, Path workDir, String label, int total, List<String> jmhArgs, Path log, PrintWriter progress,
                          java.time.Duration limit) throws IOException, InterruptedException {
        return run(jar, workDir, label, total, jmhArgs, log, progress, limit, false);
    }

    /**
     * The same, where {@code besideAnother} says that this run is one of two the lab starts at the same time on purpose
     * ({@code ./lab ab --duet}): it passes {@code -Djmh.ignoreLock=true}, with which JMH neither takes nor checks its
     * machine-wide lock, since the other run holds it. That one runs as usual, so a third JMH started meanwhile is
     * refused.
     */
    public static int run(Path jar, Path workDir, String label, int total, List<String> jmhArgs, Path log, PrintWriter progress,
                          java.time.Duration limit, boolean besideAnother) throws IOException, InterruptedException {
        // once the lab is stopping, a run's next fork must not begin: opening its log would empty the previous run's
        // log, which the stop is putting back (a Ctrl-C that killed the last fork is no reason to start the next)
        dev.perflab.base.Leftovers.checkNotStopping();
        Path forkTemp = dev.perflab.base.Leftovers.register(Scratch.folder(FORK_TEMP_KIND));
        try {
            List<String> command = command(jar == null ? null : jar.toAbsolutePath(), log.toAbsolutePath().getParent(),
                    withForkTemp(forkTemp, jmhArgs));
            if (besideAnother && !command.contains(IGNORE_JMH_LOCK)) {
                command.add(1, IGNORE_JMH_LOCK);
            }
            return run(command, workDir, label, total, log, progress, limit);
        } finally {
            dev.perflab.base.Leftovers.deleteTree(forkTemp);
            dev.perflab.base.Leftovers.release(forkTemp);
        }
    }

    /** The log's line, after the command, that says when the run started (an ISO-8601 instant follows). */
    public static final String STARTED = "# started ";
    /** The log's last line: when the run ended, JMH and its fork gone. */
    public static final String ENDED = "# ended ";

    /** The kind of the folder ({@link Scratch}) each run gives its forks as {@code java.io.tmpdir}. */
    static final String FORK_TEMP_KIND = "jmh-forks";

    /**
     * JMH's arguments with {@code -jvmArgsPrepend -Djava.io.tmpdir=FOLDER}: what a fork leaves in its temporary folder
     * (a kv store, a replay file, a Chronicle Queue) when the lab stops it at its limit, or JMH kills it, runs no
     * tear-down; in the run's own folder it goes with the run. Prepended, so a benchmark's own
     * {@code @Fork(jvmArgs = "-Djava.io.tmpdir=…")} still wins. JMH splits the value of a lone {@code -jvmArgsPrepend}
     * at blanks and takes each of several whole, and the crash-log flag ({@link #command(Path, Path, List)}) is
     * always the second, so a folder whose path holds a blank reaches the fork as one argument.
     */
    static List<String> withForkTemp(Path folder, List<String> jmhArgs) {
        List<String> args = new ArrayList<>(jmhArgs);
        args.addAll(List.of("-jvmArgsPrepend", "-Djava.io.tmpdir=" + folder.toAbsolutePath()));
        return args;
    }

    private static int run(List<String> command, Path workDir, String label, int total, Path log, PrintWriter progress,
                           java.time.Duration limit) throws IOException, InterruptedException {
        try (Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            out.write("# " + String.join(" ", command) + "\n");
            // when it ran, to the millisecond: what tells two runs back to back from two at once (ab --duet)
            out.write(STARTED + java.time.Instant.now() + "\n");
            Progress follow = new Progress(label, total, out, progress);
            try {
                try (ChildProcess jmh = ChildProcess.start("jmh", command, follow::line, null, workDir)) {
                    if (limit != null && !jmh.waitFor(limit)) {
                        out.write("# stopped by the lab: still running after " + limit.toSeconds() + " s\n");
                        return OVER_TIME; // closing the child stops JMH and the fork it started
                    }
                    int exit = jmh.waitFor();
                    if (follow.failure != null) {
                        throw follow.failure;
                    }
                    if (exit != 0 && follow.lockFile != null) {
                        throw lockHeld(follow.lockFile);
                    }
                    return exit;
                }
            } finally {
                try {
                    out.write(ENDED + java.time.Instant.now() + "\n");
                } catch (IOException e) {
                    // a log that cannot take this line (a full disk) fails at its close: that error, or the run's own, is the one to report
                }
            }
        }
    }

    /** The one line for a run that found JMH's machine-wide lock taken. */
    static LabException lockHeld(String lockFile) {
        return new LabException("another JMH run holds " + lockFile + " (JMH runs one at a time per machine);"
                + " wait for it to finish, then run again", LabException.CHECK_FAILED);
    }

    /** Turns JMH's output into progress lines, and copies every line to the log (on the pump thread). */
    static final class Progress {
        private final String label;
        private final int total;
        private final Writer log;
        private final PrintWriter progress;
        private int started;
        private String percent = "0.00";
        private String eta = "?";
        private String benchmark = "";
        private IOException failure;
        /** Set when JMH said another run holds its lock; its stack trace is then kept to the log. */
        private String lockFile;
        /**
         * A single-shot suite: JMH's ETA counts iteration times, which single shots do not have (a long kv run said
         * a few minutes were left from start to end), so the ETA shown is the pace of the configurations done so far.
         */
        private boolean singleShot;
        private final java.util.function.LongSupplier clock;
        private long firstStarted;

        Progress(String label, int total, Writer log, PrintWriter progress) {
            this(label, total, log, progress, System::nanoTime);
        }

        Progress(String label, int total, Writer log, PrintWriter progress, java.util.function.LongSupplier clock) {
            this.label = label;
            this.total = total;
            this.log = log;
            this.progress = progress;
            this.clock = clock;
        }

        /** The lock file JMH said another run holds, or null. */
        String lockFile() {
            return lockFile;
        }

        void line(String line) {
            try {
                log.write(line);
                log.write('\n');
            } catch (IOException e) {
                failure = e;
            }
            Matcher m;
            if (lockFile != null) {
                return;
            }
            if ((m = LOCK_HELD.matcher(line)).find()) {
                lockFile = m.group(1);
            } else if ((m = PROGRESS.matcher(line)).find()) {
                percent = m.group(1);
                eta = m.group(2);
            } else if ((m = BENCHMARK.matcher(line)).find()) {
                benchmark = m.group(1);
            } else if (line.startsWith(SINGLE_SHOT_MODE)) {
                singleShot = true;
            } else if ((m = PARAMETERS.matcher(line)).find()) {
                started++;
                if (started == 1) {
                    firstStarted = clock.getAsLong();
                } else if (singleShot) {
                    int done = started - 1;
                    long seconds = Math.round((clock.getAsLong() - firstStarted) / 1e9 / done * (total - done));
                    eta = String.format(Locale.ROOT, "%02d:%02d:%02d at the pace so far", seconds / 3600, seconds / 60 % 60, seconds % 60);
                    // and the share done is the configurations' share: JMH's percentage comes from the same iteration
                    // settings (a smoke run of two single-shot rows said 0.00% with one of them done)
                    percent = String.format(Locale.ROOT, "%.2f", 100.0 * done / total);
                }
                // A JMH run of one configuration (each fork of an ab run) has no progress of its own to show,
                // and before its first configuration ends JMH has said neither how far it is nor how long is left.
                String where = total == 1 ? label : String.format(Locale.ROOT, "%s %3d/%d", label, started, total);
                String done = started == 1 || "?".equals(eta) ? "" : String.format(Locale.ROOT, ", %5s%% done, ETA %s", percent, eta);
                progress.printf("  [%s%s] %s %s%n", where, done, benchmark, m.group(1).replace(" = ", "="));
                progress.flush();
            } else if (line.startsWith("<failure>") || line.contains("Exception")) {
                progress.println("  [" + label + "] " + line.trim());
                progress.flush();
            }
        }
    }

    /** JMH's {@code -l}/{@code -lp} listing: a header, then one benchmark per line, its parameters indented under it. */
    private static final String LIST_HEADER = "Benchmarks:";
    /** A benchmark's full name in the listing: a dotted Java name (package, class, method). */
    private static final Pattern LISTED_BENCHMARK = Pattern.compile("^[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*"
            + "(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)+$");
    private static final Pattern LISTED_PARAM = Pattern.compile("^\\s+param \"([^\"]+)\" = \\{(.*)}\\s*$");

    /**
     * One benchmark/parameter combination JMH is asked to run: a row its JSON must hold afterwards.
     *
     * @param benchmark the benchmark's full name, as JMH writes it ({@code pkg.Class.method})
     * @param params    its parameter values, as JMH writes them (strings), in the listing's order
     */
    public record Configuration(String benchmark, Map<String, String> params) {
        public Configuration {
            params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }

        /** {@code ToySumBenchmark.sum {rung=r1-closed-form, n=1000}}: the class and method, and the params. */
        @Override
        public String toString() {
            int method = benchmark.lastIndexOf('.');
            int clazz = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
            return benchmark.substring(clazz + 1) + (params.isEmpty() ? "" : " " + params);
        }
    }

    /**
     * The benchmark/parameter combinations JMH will run, from its {@code -lp} listing; the names of the
     * parameters it lists are added to {@code paramNames}, so unknown {@code --param} names can be refused.
     */
    public static List<Configuration> listConfigurations(String include, Map<String, List<String>> paramOverrides,
                                                  Set<String> paramNames) throws IOException, InterruptedException {
        return listConfigurations(null, include, paramOverrides, paramNames);
    }

    /** The same from a given benchmarks jar; null is the lab's own JMH. */
    public static List<Configuration> listConfigurations(Path jar, String include, Map<String, List<String>> paramOverrides,
                                                  Set<String> paramNames) throws IOException, InterruptedException {
        List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
        int exit;
        try (ChildProcess listing = ChildProcess.start("jmh-list", command(jar, null, List.of(include, "-lp")), lines::add, null)) {
            exit = listing.waitFor();
        }
        if (exit != 0 || !lines.stream().anyMatch(l -> l.strip().equals(LIST_HEADER))) {
            String last = lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("no output");
            throw new LabException("JMH could not list the benchmarks matching '" + include + "' (exit " + exit + "): "
                    + last.strip(), LabException.CHECK_FAILED);
        }
        return configurations(lines, paramOverrides, paramNames);
    }

    /**
     * The benchmark/parameter combinations in a {@code -lp} listing: each benchmark line after the
     * {@code Benchmarks:} header with every combination of its parameters' values ({@code paramOverrides}
     * replace a parameter's values, as JMH's {@code -p} does), and each parameter's name added to
     * {@code paramNames}. Lines before the header (a JVM's "Picked up JAVA_TOOL_OPTIONS", JMH's warnings)
     * and any line that is not a dotted name or an indented {@code param} are not benchmarks.
     */
    static List<Configuration> configurations(List<String> listing, Map<String, List<String>> paramOverrides,
                                               Set<String> paramNames) {
        List<Configuration> all = new ArrayList<>();
        String benchmark = null;
        Map<String, List<String>> values = new LinkedHashMap<>();
        boolean listed = false;
        for (String line : listing) {
            if (!listed) {
                listed = line.strip().equals(LIST_HEADER);
                continue;
            }
            Matcher m = LISTED_PARAM.matcher(line);
            if (m.find() && benchmark != null) {
                paramNames.add(m.group(1));
                List<String> override = paramOverrides.get(m.group(1));
                values.put(m.group(1), override != null ? override
                        : java.util.Arrays.stream(m.group(2).split(",")).map(String::strip).collect(Collectors.toList()));
            } else if (LISTED_BENCHMARK.matcher(line).matches()) {
                combine(benchmark, values, all);
                benchmark = line.strip();
                values = new LinkedHashMap<>();
            }
        }
        combine(benchmark, values, all);
        return all;
    }

    /** Adds every combination of {@code values} for {@code benchmark} (none when it is null). */
    private static void combine(String benchmark, Map<String, List<String>> values, List<Configuration> all) {
        if (benchmark == null) {
            return;
        }
        List<Map<String, String>> combinations = List.of(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> param : values.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : combinations) {
                for (String value : param.getValue()) {
                    Map<String, String> combination = new LinkedHashMap<>(partial);
                    combination.put(param.getKey(), value);
                    next.add(combination);
                }
            }
            combinations = next;
        }
        combinations.forEach(c -> all.add(new Configuration(benchmark, c)));
    }
}
