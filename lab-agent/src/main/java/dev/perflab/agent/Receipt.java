package dev.perflab.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the agent did in one JVM, written when it exits to {@code DIR/perflab-agent-PID.txt} (under a temporary
 * name, then renamed: a reader never sees half of one), one {@code key=value} per line:
 *
 * <pre>
 *   plant=40/8                                          the perflab.plant property; empty: none
 *   target=benchmark=measureRight                       the agent's choice of methods
 *   planted=org.example.Sums.loop                       one line per benchmark planted (benchmark=), as JMH names it,
 *                                                       or per method (method=), with its descriptor: Sums.add(JJ)J
 *   failed=org.example.Odd: java.lang.IllegalArg…       one line per class that could not be transformed
 *   calls=1048576                                       with count only: calls of the planted work
 *   tokens=5242880                                      with count only: consumeCPU tokens spent
 * </pre>
 *
 * A run that must know its plant took effect ({@code ./lab ab} on another project's row) reads it back: a method
 * name that matched nothing leaves no {@code planted} line, rather than a calibration that silently planted
 * nothing. Thread-safe: classes are planted on whichever thread loads them.
 */
public final class Receipt {
    /** The file name's start; the JVM's process id and {@code .txt} follow. */
    public static final String PREFIX = "perflab-agent-";

    private final String plant;
    private final String target;
    private final List<String> planted = Collections.synchronizedList(new ArrayList<>());
    private final List<String> failed = Collections.synchronizedList(new ArrayList<>());
    private long calls = -1;
    private long tokens = -1;

    Receipt(String plant, String target) {
        this.plant = plant;
        this.target = target;
    }

    void planted(String method) {
        planted.add(method);
    }

    void failed(String why) {
        failed.add(why);
    }

    /** Records the counted work ({@code count} only). */
    void counted(long callCount, long tokenCount) {
        this.calls = callCount;
        this.tokens = tokenCount;
    }

    /** The {@code perflab.plant} value the JVM ran with; empty for none. */
    public String plant() {
        return plant;
    }

    /** {@code benchmark=REGEX} or {@code method=pkg.Class.m}. */
    public String target() {
        return target;
    }

    /** Every benchmark planted ({@code pkg.Class.method}), or every method ({@code pkg.Class.method(DESCRIPTOR)}). */
    public List<String> plantedMethods() {
        synchronized (planted) {
            return Collections.unmodifiableList(new ArrayList<>(planted));
        }
    }

    /** Every class that could not be transformed, with the reason. */
    public List<String> failures() {
        synchronized (failed) {
            return Collections.unmodifiableList(new ArrayList<>(failed));
        }
    }

    /** Calls of the planted work; −1 when not counted. */
    public long calls() {
        return calls;
    }

    /** consumeCPU tokens the planted work spent; −1 when not counted. */
    public long tokens() {
        return tokens;
    }

    /** Writes this receipt into {@code dir} as {@code perflab-agent-PID.txt}; returns the file. */
    Path write(Path dir, long pid) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("plant=" + plant);
        lines.add("target=" + target);
        plantedMethods().forEach(m -> lines.add("planted=" + m));
        failures().forEach(f -> lines.add("failed=" + f.replace('\n', ' ')));
        if (calls >= 0) {
            lines.add("calls=" + calls);
            lines.add("tokens=" + tokens);
        }
        Files.createDirectories(dir);
        Path file = dir.resolve(PREFIX + pid + ".txt");
        Path temp = dir.resolve("." + PREFIX + pid + ".txt.tmp");
        Files.write(temp, lines, StandardCharsets.UTF_8);
        return Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * A receipt the agent wrote.
     *
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException naming the file and line of a line that is not {@code key=value}
     */
    public static Receipt read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        String plant = null;
        String target = null;
        List<String[]> rest = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected key=value, got '" + line + "'");
            }
            String key = line.substring(0, eq);
            String value = line.substring(eq + 1);
            if (key.equals("plant")) {
                plant = value;
            } else if (key.equals("target")) {
                target = value;
            } else {
                rest.add(new String[] {key, value});
            }
        }
        Receipt receipt = new Receipt(plant == null ? "" : plant, target == null ? "" : target);
        long[] counts = {-1, -1};
        for (String[] kv : rest) {
            switch (kv[0]) {
                case "planted": receipt.planted(kv[1]); break;
                case "failed": receipt.failed(kv[1]); break;
                case "calls": counts[0] = Long.parseLong(kv[1]); break;
                case "tokens": counts[1] = Long.parseLong(kv[1]); break;
                default: break; // a later agent's line: what this reader knows is still read
            }
        }
        receipt.counted(counts[0], counts[1]);
        return receipt;
    }
}
