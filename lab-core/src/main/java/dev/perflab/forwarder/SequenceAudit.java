package dev.perflab.forwarder;

import java.util.BitSet;

/**
 * A client's account of the sequences it received: how many, and how many gaps, duplicates and
 * reorderings, counted rather than stopped at (a correct forwarder makes all three 0).
 *
 * <pre>
 *   first = 1                 received: 1 2 3 5 4 4 7 …          end = 8
 *   duplicate   a sequence seen before                  (the second 4)
 *   reordering  a new sequence below the highest seen   (4 after 5)
 *   gaps        sequences first..end never received     (6, 8)
 * </pre>
 *
 * One thread. Memory: one bit per sequence from {@code first} to the highest received.
 */
public final class SequenceAudit {
    private final long first;
    private final BitSet seen = new BitSet();
    private long received;
    private long duplicates;
    private long reorderings;
    private long outOfRange;
    private long highest;

    public SequenceAudit(long first) {
        this.first = first;
        this.highest = first - 1;
    }

    public void accept(long sequence) {
        received++;
        long index = sequence - first;
        if (index < 0 || index >= Integer.MAX_VALUE) {
            outOfRange++;
            return;
        }
        if (seen.get((int) index)) {
            duplicates++;
            return;
        }
        seen.set((int) index);
        if (sequence < highest) {
            reorderings++;
        } else {
            highest = sequence;
        }
    }

    public long received() {
        return received;
    }

    public long duplicates() {
        return duplicates;
    }

    public long reorderings() {
        return reorderings;
    }

    /** Sequences outside {@code first..} (before the first asked for, or absurdly far): counted as neither. */
    public long outOfRange() {
        return outOfRange;
    }

    /** Sequences from {@code first} to {@code end} (inclusive) that never arrived. */
    public long gaps(long end) {
        long span = end - first + 1;
        if (span <= 0) {
            return 0;
        }
        int upTo = (int) Math.min(span, Integer.MAX_VALUE);
        return span - seen.get(0, upTo).cardinality();
    }
}
