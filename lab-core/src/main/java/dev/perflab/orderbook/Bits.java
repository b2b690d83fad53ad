package dev.perflab.orderbook;

/** Searches in a bitset held as {@code long} words, 64 slots per step. */
final class Bits {
    private Bits() {
    }

    /** The highest set slot strictly below {@code slot}, or -1. */
    static int highestSetBelow(long[] words, int slot) {
        int i = slot - 1;
        if (i < 0) {
            return -1;
        }
        int w = i >>> 6;
        long word = words[w] & (-1L >>> (63 - (i & 63)));
        while (true) {
            if (word != 0) {
                return (w << 6) + 63 - Long.numberOfLeadingZeros(word);
            }
            if (--w < 0) {
                return -1;
            }
            word = words[w];
        }
    }

    /** The lowest set slot strictly above {@code slot} ({@code -1} searches from slot 0), or -1. */
    static int lowestSetAbove(long[] words, int slot) {
        int i = slot + 1;
        if (i >= words.length << 6) {
            return -1;
        }
        int w = i >>> 6;
        long word = words[w] & (-1L << (i & 63));
        while (true) {
            if (word != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(word);
            }
            if (++w == words.length) {
                return -1;
            }
            word = words[w];
        }
    }
}
