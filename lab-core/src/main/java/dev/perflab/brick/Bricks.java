package dev.perflab.brick;

/**
 * The brick file format (report 003, LADDERS.md §4), its limits and the transform's sizes.
 *
 * <pre>
 *  input file                                result file (line i, 0-based)
 *  ┌───────────────────────────┬──┬──┐       ┌───────────┬─────────────────────────────┬──┬──┐
 *  │ 0–200 bytes, each 32–126  │\r│\n│ × n   │ i decimal │ s[0:k] + s[2k:n], reversed  │\r│\n│
 *  └───────────────────────────┴──┴──┘       └───────────┴─────────────────────────────┴──┴──┘
 *                                              k = n / 3 (integer division): the middle third goes
 * </pre>
 */
public final class Bricks {
    /** Longest line content, without its {@code \r\n}. */
    public static final int MAX_LINE_BYTES = 200;
    /** Lowest byte a line may hold (space). */
    public static final int MIN_BYTE = 32;
    /** Highest byte a line may hold ({@code ~}). */
    public static final int MAX_BYTE = 126;
    /** Line numbers are non-negative {@code int}s on the wire, so a file holds at most this many lines. */
    public static final int MAX_LINES = Integer.MAX_VALUE;
    /** Digits of the largest line number. */
    public static final int MAX_NUMBER_DIGITS = 10;
    /** Longest transformed line content (number + kept bytes), without its {@code \r\n}. */
    public static final int MAX_RESULT_BYTES = MAX_NUMBER_DIGITS + MAX_LINE_BYTES;
    /** {@code \r\n}. */
    public static final int EOL_BYTES = 2;
    /** What a result file is called until it is complete and checked: {@code RESULT.partial}. */
    public static final String PARTIAL_SUFFIX = ".partial";

    private Bricks() {
    }
}
