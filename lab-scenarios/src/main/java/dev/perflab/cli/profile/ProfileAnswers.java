package dev.perflab.cli.profile;

import dev.perflab.io.Scratch;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The profile-reading exercise's answers ({@code exercises/profile-reading/answers.txt}), checked against the profile
 * they are about: the CPU recording {@code ./lab profile} made on the learner's machine, read through the same
 * converter that drew its flame graphs (async-profiler's jfr-converter, as collapsed stacks), so
 * the figures the learner reads off a graph and the figures checked here are one computation.
 *
 * <pre>
 *   answers.txt                          the recording (jfr-cpu.jfr under the profile folder)
 *   profile: results/profile/orderbook/r1-indexed-level      ──▶ collapsed stacks: frame;…;top  count
 *   hottest_method: Class.method         the top frame with the most samples   (tie: within 1 point of it)
 *   hottest_share_percent: 40            its share of every sample             (±3 points)
 *   allocation_share_percent: 12         samples with a frame matching {@link #ALLOCATION}   (±3 points)
 * </pre>
 */
public final class ProfileAnswers {
    /** What the exercise calls the cost of allocation: the search the learner types in the flame graph's search box. */
    public static final Pattern ALLOCATION = Pattern.compile("G1|new_instance|new_array|[Aa]lloc");
    /** How far a share may be from the profile's and still count as read right, in percentage points. */
    static final double SHARE_TOLERANCE_POINTS = 3;
    /** A method this close to the hottest (in points) is as good an answer: a flame graph cannot tell them apart. */
    static final double TIE_POINTS = 1;
    private static final List<String> QUESTIONS = List.of("hottest_method", "hottest_share_percent", "allocation_share_percent");

    private ProfileAnswers() {
    }

    /** What a profile says, from its collapsed stacks. */
    record Facts(long samples, Map<String, Long> topFrames, long allocation) {
        double share(long count) {
            return samples == 0 ? 0 : 100.0 * count / samples;
        }

        String hottest() {
            return topFrames.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("?");
        }
    }

    /**
     * Checks {@code answers} and prints a line per question, ✓ or ✗ with the profile's figure; 0 when every answer is
     * right, 1 otherwise.
     */
    public static int check(Path answers, PrintWriter out) throws IOException {
        Map<String, String> given = read(answers);
        Path recording = recording(answers, given.get("profile"));
        Path collapsed = Scratch.file("profile", ".collapsed");
        try {
            JfrConverter.convert(recording, collapsed, "--cpu", "-o", "collapsed");
            Facts facts = facts(Files.readAllLines(collapsed));
            out.printf("perflab check: the answers in %s against %s (%,d CPU samples)%n", answers, recording, facts.samples());
            int right = 0;
            for (String question : QUESTIONS) {
                String line = judge(question, given.getOrDefault(question, ""), facts);
                out.println(line);
                right += line.startsWith("✓") ? 1 : 0;
            }
            out.printf("%d of %d answers right%n", right, QUESTIONS.size());
            out.flush();
            return right == QUESTIONS.size() ? 0 : LabException.CHECK_FAILED;
        } finally {
            Files.deleteIfExists(collapsed);
        }
    }

    /** The facts of collapsed stacks ({@code frame;frame;…;top count} per line, the root frame first). */
    static Facts facts(List<String> collapsed) {
        long samples = 0;
        long allocation = 0;
        Map<String, Long> top = new HashMap<>();
        for (String line : collapsed) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            long count = Long.parseLong(line.substring(space + 1).trim());
            String stack = line.substring(0, space);
            samples += count;
            top.merge(method(stack.substring(stack.lastIndexOf(';') + 1)), count, Long::sum);
            if (ALLOCATION.matcher(stack).find()) {
                allocation += count;
            }
        }
        return new Facts(samples, top, allocation);
    }

    /** {@code PersistentLevels.remove} from {@code dev/perflab/orderbook/PersistentLevels.remove_[j]} or a dotted name. */
    static String method(String frame) {
        String name = frame.trim().replaceFirst("_\\[[a-z0-9]+]$", "").replace('/', '.');
        int paren = name.indexOf('(');
        name = paren >= 0 ? name.substring(0, paren) : name;
        if (name.contains("::") || !name.contains(".")) {
            return name;
        }
        int m = name.lastIndexOf('.');
        int c = name.lastIndexOf('.', m - 1);
        return name.substring(c + 1);
    }

    static String judge(String question, String answer, Facts facts) {
        if (answer.isBlank()) {
            return "✗ " + question + ": no answer yet";
        }
        if (question.equals("hottest_method")) {
            String hottest = facts.hottest();
            double top = facts.share(facts.topFrames().getOrDefault(hottest, 0L));
            String mine = method(answer);
            boolean right = facts.topFrames().containsKey(mine) && top - facts.share(facts.topFrames().get(mine)) <= TIE_POINTS;
            return right ? "✓ hottest_method: " + mine + String.format(Locale.ROOT, " (%.1f%% of the samples at the top of the stack)", top)
                    : "✗ hottest_method: you wrote " + answer + "; the method with the most samples of its own is " + hottest
                    + String.format(Locale.ROOT, " (%.1f%%)", top) + (facts.topFrames().containsKey(mine) ? String.format(Locale.ROOT,
                    ", where yours has %.1f%%", facts.share(facts.topFrames().get(mine))) : ", and yours is not at the top of any stack");
        }
        double expected = question.equals("hottest_share_percent") ? facts.share(facts.topFrames().getOrDefault(facts.hottest(), 0L))
                : facts.share(facts.allocation());
        double value;
        try {
            value = Double.parseDouble(answer.replace("%", "").trim());
        } catch (NumberFormatException e) {
            return "✗ " + question + ": '" + answer + "' is not a number (a percentage, e.g. 12)";
        }
        boolean right = Math.abs(value - expected) <= SHARE_TOLERANCE_POINTS;
        return String.format(Locale.ROOT, right ? "✓ %s: %s (the profile: %.1f%%)" : "✗ %s: you wrote %s; the profile says %.1f%% (within ±%.0f points counts)",
                question, answer.trim(), expected, SHARE_TOLERANCE_POINTS);
    }

    /** {@code key: value} lines; {@code #} starts a comment. */
    static Map<String, String> read(Path answers) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        List<String> lines = new String(InputFile.read(answers, InputFile.GATES_LIMIT, "exercise answer files"), java.nio.charset.StandardCharsets.UTF_8)
                .lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceFirst("#.*$", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new LabException(answers + ":" + (i + 1) + ": expected 'question: answer', found '" + line + "'");
            }
            values.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
        }
        return values;
    }

    /** The one CPU recording under the answers' {@code profile:} folder (or the recording it names). */
    private static Path recording(Path answers, String profile) throws IOException {
        if (profile == null || profile.isBlank()) {
            throw new LabException(answers + ": no 'profile:' line naming the profile folder, e.g. profile: results/profile/orderbook/r1-indexed-level");
        }
        Path where = Path.of(profile);
        if (Files.isRegularFile(where)) {
            return where;
        }
        if (!Files.isDirectory(where)) {
            throw new LabException(answers + ": profile " + profile + ": no such folder; make it first: ./lab profile orderbook --rung r1"
                    + " --benchmark cancelLast --param depth=1000 (exercises/profile-reading/README.md)");
        }
        List<Path> found;
        try (Stream<Path> files = Files.walk(where)) {
            found = new ArrayList<>(files.filter(f -> f.getFileName().toString().equals("jfr-cpu.jfr")).sorted().toList());
        }
        if (found.size() != 1) {
            throw new LabException(answers + ": profile " + profile + " holds " + found.size() + " CPU recordings (jfr-cpu.jfr); name"
                    + " the folder of one (one rung, one benchmark and params)");
        }
        return found.get(0);
    }
}
