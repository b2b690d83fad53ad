package dev.perflab.fleet;

import dev.perflab.base.LabException;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One part of a run split N ways: {@code --shard I/N}, I from 1 to N. Immutable.
 *
 * <p>Kubernetes numbers an Indexed Job's pods from 0 ({@value #INDEX_VARIABLE}); a CI matrix numbers its jobs as
 * its author writes them, usually from 1. The lab counts from 1 on its command line and in its files, and adds 1
 * to Kubernetes' index, so {@code JOB_COMPLETION_INDEX=0} with {@code PERFLAB_SHARDS=4} is shard 1/4.
 *
 * @param index which shard, 1 to {@code count}
 * @param count how many shards the run is split into, at least 1
 */
public record Shard(int index, int count) {
    /** Set by Kubernetes in every pod of an Indexed Job: the pod's index, from 0. */
    public static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";
    /** How many shards the run is split into, for runs whose shard comes from {@value #INDEX_VARIABLE}. */
    public static final String COUNT_VARIABLE = "PERFLAB_SHARDS";
    /** More shards than this is a typo: no component has this many rows to split. */
    public static final int MAX_SHARDS = 1_000;

    private static final Pattern SPEC = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    public Shard {
        if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count);
        }
    }

    /**
     * {@code I/N} as given to {@code --shard}: one line naming what is wrong otherwise ({@code 5/4}, {@code 0/0}).
     *
     * @param where the option or variable that gave it, for the message
     */
    public static Shard parse(String spec, String where) {
        Matcher m = SPEC.matcher(spec == null ? "" : spec.strip());
        if (!m.matches()) {
            throw new LabException(where + " '" + spec + "': expected I/N, shard I of N counted from 1, e.g. 2/4");
        }
        int index = Integer.parseInt(m.group(1));
        int count = Integer.parseInt(m.group(2));
        if (count < 1 || count > MAX_SHARDS) {
            throw new LabException(where + " '" + spec + "': N must be 1 to " + MAX_SHARDS + " shards, was " + count);
        }
        if (index < 1 || index > count) {
            throw new LabException(where + " '" + spec + "': I must be 1 to " + count + " (shards are counted from 1), was " + index);
        }
        return new Shard(index, count);
    }

    /**
     * The shard the environment names: {@value #INDEX_VARIABLE} (from 0) and {@value #COUNT_VARIABLE}, when both are
     * set; empty when neither is. One of them alone, or a value out of range, is one line.
     */
    public static Optional<Shard> fromEnvironment(Map<String, String> env) {
        String index = env.get(INDEX_VARIABLE);
        String count = env.get(COUNT_VARIABLE);
        if (count == null) {
            return Optional.empty(); // an Indexed Job that is not a sharded lab run: its index alone means nothing here
        }
        if (index == null) {
            throw new LabException(COUNT_VARIABLE + "=" + count + " is set but " + INDEX_VARIABLE + " is not; set both "
                    + "(Kubernetes sets " + INDEX_VARIABLE + " in an Indexed Job) or pass --shard I/N");
        }
        int n = wholeNumber(COUNT_VARIABLE, count);
        int zeroBased = wholeNumber(INDEX_VARIABLE, index);
        if (n < 1 || n > MAX_SHARDS) {
            throw new LabException(COUNT_VARIABLE + "=" + count + ": must be 1 to " + MAX_SHARDS + " shards");
        }
        if (zeroBased < 0 || zeroBased >= n) {
            throw new LabException(INDEX_VARIABLE + "=" + index + " is outside 0.." + (n - 1) + " for " + COUNT_VARIABLE + "=" + n
                    + " (Kubernetes counts pods from 0)");
        }
        return Optional.of(new Shard(zeroBased + 1, n));
    }

    private static int wholeNumber(String variable, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new LabException(variable + "='" + value + "' is not a whole number");
        }
    }

    /** {@code 2/4}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }

    /** {@code shard-2-of-4}: the folder a shard writes into by default. */
    public String folderName() {
        return "shard-" + index + "-of-" + count;
    }
}
