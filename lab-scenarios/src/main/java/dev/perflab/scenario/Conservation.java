package dev.perflab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The count check every scenario reports: what each stage of a pipeline says it handled, in stage order
 * ({@code generated → executed → collected}). A correct rung loses nothing, so every stage's count is
 * the first one's; a count a stage never reported (it crashed before its summary) is -1 and fails the check.
 *
 * <p>The exit rule of {@code ./lab run} for a scenario: exit 1 if any <em>correct</em> rung (not an
 * {@code x-…} exhibit) fails this check or reports errors; an exhibit that fails it is what it exhibits.
 */
public final class Conservation {
    /** A stage's count that was never reported. */
    public static final long MISSING = -1;

    private final Map<String, Long> stages;

    private Conservation(Map<String, Long> stages) {
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a conservation check needs at least one stage");
        }
        this.stages = stages;
    }

    /** Stages and counts alternately, in pipeline order: {@code of("generated", g, "executed", e, …)}. */
    public static Conservation of(Object... nameCountPairs) {
        if (nameCountPairs.length % 2 != 0) {
            throw new IllegalArgumentException("stage names and counts come in pairs");
        }
        Map<String, Long> stages = new LinkedHashMap<>();
        for (int i = 0; i < nameCountPairs.length; i += 2) {
            stages.put((String) nameCountPairs[i], ((Number) nameCountPairs[i + 1]).longValue());
        }
        return new Conservation(stages);
    }

    public Map<String, Long> stages() {
        return Map.copyOf(stages);
    }

    public List<String> names() {
        return new ArrayList<>(stages.keySet());
    }

    public long count(String stage) {
        return stages.getOrDefault(stage, MISSING);
    }

    /** First stage's count minus the last's; -1 if either was never reported. */
    public long lost() {
        long first = stages.values().iterator().next();
        long last = new ArrayList<>(stages.values()).get(stages.size() - 1);
        return first < 0 || last < 0 ? MISSING : first - last;
    }

    /** Every stage reported, and every stage's count equals the first one's. */
    public boolean holds() {
        long first = stages.values().iterator().next();
        return first >= 0 && stages.values().stream().allMatch(c -> c == first);
    }

    /** e.g. {@code lost 12; executed 1,000, collected 988}, or {@code counts missing}; empty when it holds. */
    public String problem() {
        if (holds()) {
            return "";
        }
        if (stages.values().stream().anyMatch(c -> c < 0)) {
            return "counts missing (" + stages.entrySet().stream().filter(e -> e.getValue() < 0).map(Map.Entry::getKey)
                    .collect(Collectors.joining(", ")) + ")";
        }
        StringBuilder s = new StringBuilder(String.format("lost %,d", lost()));
        List<Map.Entry<String, Long>> list = new ArrayList<>(stages.entrySet());
        for (int i = 1; i < list.size(); i++) {
            if (!list.get(i).getValue().equals(list.get(i - 1).getValue())) {
                s.append(String.format("; %s says %,d, %s %,d", list.get(i - 1).getKey(), list.get(i - 1).getValue(),
                        list.get(i).getKey(), list.get(i).getValue()));
            }
        }
        return s.toString();
    }
}
