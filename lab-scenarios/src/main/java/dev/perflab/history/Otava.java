package dev.perflab.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Change points by Apache Otava, run over the history's CSV export; the lab has no detector of its own.
 *
 * <pre>
 *   ~/.cache/perflab/otava-HASH  python3 -m venv + pip install -r otava-requirements.txt (pinned, in this jar),
 *                              HASH its first 16 hex digits of SHA-256: every checkout and clone (CI's) shares it, a
 *                              changed pin makes a new one; $PERFLAB_VENV_CACHE moves it, and where the cache is not
 *                              writable it is target/otava/venv (the notebooks keep theirs the same way)
 *   target/otava/run-PID/      per analysis: gN.csv (OtavaCsv) per group of series, otava.yaml naming them
 *        otava analyze --config-file otava.yaml --output json --since … --until … g1 g2 …
 *        ──▶ one JSON object per group on stdout ──▶ ChangePoint per step
 * </pre>
 *
 * Otava's CSV reader takes no empty cell, so series are grouped by the exact set of runs that measured them
 * (a smoke run measures fewer rows than a standard one) and each group is one CSV with only those runs.
 * Series with fewer than {@link #MIN_RUNS} runs are not analysed. Otava's detector decides; the lab only sets its
 * p-value and minimum magnitude ({@link #settings}), chosen by simulation so that flat series rarely get a change
 * point: at Otava's default p ≤ 0.001 some 5% of them did, mostly at their first or last run.
 */
public final class Otava {
    /** The pinned requirements, a resource beside this class. */
    static final String REQUIREMENTS = "otava-requirements.txt";
    /** The settings the lab gives Otava and the rates they showed in simulation: a resource beside this class. */
    static final String SETTINGS = "otava-settings.properties";
    /** Fewer runs than this carry no change point worth a p-value. */
    public static final int MIN_RUNS = 8;
    static final String INSTALL_HINT = "install python3 with venv and pip, e.g. apt-get install python3 python3-venv python3-pip";
    private static final long INSTALL_TIMEOUT_MINUTES = 15;
    private static final long ANALYZE_TIMEOUT_MINUTES = 10;
    private static final DateTimeFormatter OTAVA_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'+00:00'").withZone(ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path home;
    private final Path venv;

    /** @param home the folder for the logs and work files, e.g. {@code target/otava}; the venv's where the cache is not writable */
    public Otava(Path home) {
        this.home = home;
        this.venv = cachedVenv().orElse(home.resolve("venv"));
    }

    /** The lab's: {@code target/otava} in the checkout ({@code perflab.home}), else under the working directory. */
    public static Otava forLab() {
        String root = System.getProperty("perflab.home");
        return new Otava((root != null ? Path.of(root) : Path.of(".")).resolve("target").resolve("otava"));
    }

    /** Where Otava is installed: the user's cache, shared by every checkout, else {@code home/venv}. */
    public Path venv() {
        return venv;
    }

    /** The venv in the user's cache, named by the pinned requirements, when the cache can be written (a fresh clone then skips pip). */
    private static java.util.Optional<Path> cachedVenv() {
        try {
            String cache = System.getenv("PERFLAB_VENV_CACHE");
            if (cache == null || cache.isBlank()) {
                String xdg = System.getenv("XDG_CACHE_HOME");
                cache = (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache"))
                        .resolve("perflab").toString();
            }
            Path dir = Path.of(cache);
            Files.createDirectories(dir);
            if (Files.isWritable(dir)) {
                return java.util.Optional.of(dir.resolve("otava-" + sha256(requirements()).substring(0, 16)));
            }
        } catch (IOException | RuntimeException e) {
            // no usable cache: the venv stays in the checkout
        }
        return java.util.Optional.empty();
    }

    /**
     * The change points of every series in {@code history}, in series order. The history must hold one branch's
     * runs (Otava refuses to mix branches).
     */
    public List<ChangePoint> changePoints(History history, PrintWriter console) {
        Map<BitSet, List<Series>> groups = groups(history);
        if (groups.isEmpty()) {
            return List.of();
        }
        Path otava = install(console);
        Path work = home.resolve("run-" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(work);
            List<String> tests = new ArrayList<>();
            ObjectNode config = JSON.createObjectNode();
            ObjectNode testsNode = config.putObject("tests");
            int n = 0;
            for (Map.Entry<BitSet, List<Series>> group : groups.entrySet()) {
                String test = "g" + (++n);
                Path csv = work.resolve(test + ".csv");
                List<StoredRun> runs = group.getKey().stream().mapToObj(history.runs()::get).toList();
                try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                    OtavaCsv.write(runs, group.getValue(), out);
                }
                ObjectNode t = testsNode.putObject(test);
                t.put("type", "csv");
                t.put("file", csv.toAbsolutePath().toString());
                t.put("time_column", OtavaCsv.TIME);
                t.putArray("attributes").add(OtavaCsv.COMMIT).add(OtavaCsv.BRANCH);
                group.getValue().forEach(s -> t.withArray("metrics").add(s.name()));
                tests.add(test);
            }
            // JSON is YAML: Otava's configuration, with every name quoted whatever characters it holds.
            Path yaml = Files.writeString(work.resolve("otava.yaml"), JSON.writeValueAsString(config));
            Instant first = history.runs().get(0).time();
            Instant last = history.runs().get(history.runs().size() - 1).time();
            Settings settings = settings();
            List<String> command = new ArrayList<>(List.of(otava.toString(), "analyze", "--config-file", yaml.toString(),
                    "--output", "json", "--since", OTAVA_TIME.format(first.minus(Duration.ofDays(1))),
                    "--until", OTAVA_TIME.format(last.plus(Duration.ofDays(1))),
                    "-P", settings.get("max_pvalue"), "-M", settings.get("min_magnitude"), "--window", settings.get("window")));
            command.addAll(tests);
            return parse(analyze(command), history);
        } catch (IOException e) {
            throw new LabException("history --changes: cannot prepare Otava's input in " + work + " (" + e.getMessage() + ")");
        } finally {
            deleteQuietly(work);
        }
    }

    /**
     * What {@code lab-scenarios/otava-rates.py} chose and measured: the p-value and magnitude the lab gives Otava,
     * and how often, at those settings, Otava's detector put a change point in simulated flat series (20, 50 and
     * 200 runs) and found a 10% step in 30 runs.
     */
    public record Settings(java.util.Properties values) {
        String get(String key) {
            String v = values.getProperty(key);
            if (v == null) {
                throw new IllegalStateException(SETTINGS + " lacks " + key + "; rerun lab-scenarios/otava-rates.py --out");
            }
            return v.strip();
        }

        /**
         * The settings and their simulated rates as one clause: {@code p ≤ P, magnitude ≥ M; in simulation (noise σ S)
         * A, B and C of flat series of 20, 50 and 200 runs got a false change point, and a 10% step in 30 runs was
         * found in D}, each figure as the properties file holds it.
         */
        public String describe() {
            return String.format(java.util.Locale.ROOT, "p ≤ %s, magnitude ≥ %s; in simulation (noise σ %s) %s, %s and %s of flat"
                    + " series of 20, 50 and 200 runs got a false change point, and a %s%% step in %s runs was found in %s",
                    plain(get("max_pvalue")), percent(get("min_magnitude"), 0), percent(get("noise"), 0), percent(get("false_20"), 2),
                    percent(get("false_50"), 2), percent(get("false_200"), 2), get("step_percent"), get("step_runs"),
                    percent(get("step_found"), 2));
        }

        /** {@code 1e-05} as people write it: {@code 0.00001}. */
        private static String plain(String number) {
            return new java.math.BigDecimal(number).stripTrailingZeros().toPlainString();
        }

        private static String percent(String fraction, int decimals) {
            return String.format(java.util.Locale.ROOT, "%." + decimals + "f%%", Double.parseDouble(fraction) * 100);
        }
    }

    /** The settings of {@value #SETTINGS}. */
    public static Settings settings() {
        try (InputStream in = Otava.class.getResourceAsStream(SETTINGS)) {
            if (in == null) {
                throw new IllegalStateException(SETTINGS + " is missing from the lab's jar");
            }
            java.util.Properties p = new java.util.Properties();
            p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
            return new Settings(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many series of {@code history} are analysed: those with {@link #MIN_RUNS} or more finite values. */
    public static long analysed(History history) {
        return groups(history).values().stream().mapToLong(List::size).sum();
    }

    /** Series grouped by the runs that measured them (finite values), groups of fewer than {@link #MIN_RUNS} runs left out. */
    static Map<BitSet, List<Series>> groups(History history) {
        Map<String, Integer> index = new LinkedHashMap<>();
        history.runs().forEach(r -> index.put(r.id(), index.size()));
        Map<BitSet, List<Series>> groups = new LinkedHashMap<>();
        for (Series s : history.series()) {
            BitSet runs = new BitSet();
            s.points().stream().filter(p -> Double.isFinite(p.score())).forEach(p -> runs.set(index.get(p.run().id())));
            if (runs.cardinality() >= MIN_RUNS) {
                groups.computeIfAbsent(runs, r -> new ArrayList<>()).add(s);
            }
        }
        return groups;
    }

    private String analyze(List<String> command) throws IOException {
        Path log = home.resolve("otava.log");
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        String out;
        try (InputStream in = process.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int exit = waitFor(process, ANALYZE_TIMEOUT_MINUTES, "otava analyze");
        if (exit != 0) {
            throw new LabException("history --changes: Otava failed (exit " + exit + "): " + lastLine(log) + " (log " + log + ")");
        }
        return out;
    }

    /** Otava's JSON, one object per test on its own line: {@code {"g1": [{"time":…, "attributes":{…}, "changes":[…]}]}}. */
    static List<ChangePoint> parse(String stdout, History history) throws IOException {
        List<ChangePoint> result = new ArrayList<>();
        for (String line : stdout.lines().filter(l -> l.startsWith("{")).toList()) {
            JsonNode report = JSON.readTree(line);
            for (JsonNode groups : report) {
                for (JsonNode group : groups) {
                    String commit = group.path("attributes").path(OtavaCsv.COMMIT).asText("");
                    Instant time = Instant.ofEpochSecond(group.path("time").asLong());
                    for (JsonNode change : group.path("changes")) {
                        double before = Double.parseDouble(change.path("mean_before").asText("NaN"));
                        double after = Double.parseDouble(change.path("mean_after").asText("NaN"));
                        result.add(new ChangePoint(change.path("metric").asText(), commit.isEmpty() ? null : commit,
                                time, (after / before - 1) * 100, Double.parseDouble(change.path("pvalue").asText("NaN"))));
                    }
                }
            }
        }
        Map<String, Integer> order = new LinkedHashMap<>();
        history.series().forEach(s -> order.put(s.name(), order.size()));
        result.sort((a, b) -> a.metric().equals(b.metric()) ? a.time().compareTo(b.time())
                : Integer.compare(order.getOrDefault(a.metric(), Integer.MAX_VALUE), order.getOrDefault(b.metric(), Integer.MAX_VALUE)));
        return result;
    }

    /** True when the venv holds Otava installed from the pinned requirements: {@link #install} would reuse it. */
    public boolean installed() {
        try {
            Path stamp = venv().resolve("requirements.sha256");
            return Files.isExecutable(venv().resolve("bin").resolve("otava")) && Files.isRegularFile(stamp)
                    && Files.readString(stamp).strip().equals(sha256(requirements()));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The venv's {@code otava}, installing it first when the venv is missing or its requirements changed. One
     * install at a time, across processes (a lock file beside the venv).
     */
    public Path install(PrintWriter console) {
        Path otava = venv().resolve("bin").resolve("otava");
        try {
            Files.createDirectories(home);
            byte[] requirements = requirements();
            String want = sha256(requirements);
            Path stamp = venv().resolve("requirements.sha256");
            // two processes (or two clones sharing the cache) wait for one install rather than both writing the venv
            try (FileChannel lock = FileChannel.open(venv.resolveSibling(venv.getFileName() + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock held = lock.lock()) {
                if (Files.isExecutable(otava) && Files.isRegularFile(stamp) && Files.readString(stamp).strip().equals(want)) {
                    return otava;
                }
                console.println("history: installing Apache Otava into " + venv() + " (once; reused while its pinned requirements are unchanged)…");
                console.flush();
                deleteQuietly(venv());
                Path requirementsFile = Files.write(home.resolve(REQUIREMENTS), requirements);
                Path log = home.resolve("pip.log");
                run(List.of(python(), "-m", "venv", venv().toString()), log, "python3 -m venv failed; " + INSTALL_HINT);
                run(List.of(venv().resolve("bin").resolve("python").toString(), "-m", "pip", "install", "-q",
                        "--disable-pip-version-check", "-r", requirementsFile.toString()), log,
                        "pip install -r " + REQUIREMENTS + " failed");
                Files.writeString(stamp, want + "\n");
                return otava;
            }
        } catch (IOException e) {
            throw new LabException("history --changes: cannot install Apache Otava in " + venv() + " (" + e.getMessage() + ")");
        }
    }

    private static String python() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "python3"))) {
                return Path.of(dir, "python3").toString();
            }
        }
        throw new LabException("history --changes runs Apache Otava, which needs python3 with venv: " + INSTALL_HINT);
    }

    private static void run(List<String> command, Path log, String failure) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        int exit = waitFor(process, INSTALL_TIMEOUT_MINUTES, command.get(0));
        if (exit != 0) {
            throw new LabException("history --changes: " + failure + " (exit " + exit + "): " + lastLine(log) + " (log " + log + ")");
        }
    }

    private static int waitFor(Process process, long minutes, String what) {
        try {
            if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new LabException("history --changes: " + what + " ran past " + minutes + " minutes and was stopped");
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new LabException("history --changes: interrupted");
        }
    }

    static byte[] requirements() throws IOException {
        try (InputStream in = Otava.class.getResourceAsStream(REQUIREMENTS)) {
            if (in == null) {
                throw new IOException(REQUIREMENTS + " is missing from the lab's jar");
            }
            return in.readAllBytes();
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).strip();
        } catch (IOException | UncheckedIOException e) {
            return "no log";
        }
    }

    private static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover work folder under target/ is harmless; the next run uses its own
        }
    }

    /** The change points as the JSON list {@code --json} writes: {@code [{metric, commit, time, change_percent, p_value}]}. */
    public static String json(List<ChangePoint> changes) {
        var list = JSON.createArrayNode();
        for (ChangePoint c : changes) {
            ObjectNode o = list.addObject();
            o.put("metric", c.metric());
            if (c.commit() == null) {
                o.putNull("commit");
            } else {
                o.put("commit", c.commit());
            }
            o.put("time", OtavaCsv.time(c.time()));
            o.put("change_percent", c.changePercent());
            o.put("p_value", c.pValue());
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(list) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
