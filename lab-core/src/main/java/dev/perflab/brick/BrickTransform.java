package dev.perflab.brick;

/**
 * The exact transform, on bytes in place: no {@code String}, no allocation. For line {@code i} with content
 * {@code s} of length {@code n}, {@code k = n / 3}; the result is {@code i} in decimal followed by
 * {@code s[0:k] + s[2k:n]} reversed. Examples: line 5 {@code 123456789} → {@code 5987321}; line 0
 * {@code aaa} → {@code 0aa}; line 7 empty → {@code 7}; line 3 {@code ab} → {@code 3ba}.
 *
 * <p>Stateless; safe from any thread.
 */
public final class BrickTransform {
    private BrickTransform() {
    }

    /**
     * Writes line {@code lineNo}'s result (without {@code \r\n}) into {@code dst} at {@code dstOff}.
     *
     * @return the bytes written: at most {@link Bricks#MAX_RESULT_BYTES}
     */
    public static int transform(int lineNo, byte[] src, int srcOff, int len, byte[] dst, int dstOff) {
        int p = dstOff + writeDecimal(lineNo, dst, dstOff);
        int k = len / 3;
        // reversed(s[0:k] + s[2k:n]) = reversed(s[2k:n]) + reversed(s[0:k])
        for (int j = srcOff + len - 1; j >= srcOff + 2 * k; j--) {
            dst[p++] = src[j];
        }
        for (int j = srcOff + k - 1; j >= srcOff; j--) {
            dst[p++] = src[j];
        }
        return p - dstOff;
    }

    /** The result's length for a line of {@code len} bytes, without {@code \r\n}. */
    public static int resultLength(int lineNo, int len) {
        return digits(lineNo) + len - len / 3;
    }

    /** Writes a non-negative {@code value} in decimal; returns the digit count. */
    static int writeDecimal(int value, byte[] dst, int off) {
        int n = digits(value);
        int v = value;
        for (int j = off + n - 1; j >= off; j--) {
            dst[j] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return n;
    }

    static int digits(int value) {
        if (value < 0) {
            throw new IllegalArgumentException("line number " + value + " < 0");
        }
        int n = 1;
        for (long limit = 10; value >= limit; limit *= 10) {
            n++;
        }
        return n;
    }

    /**
     * The same transform through {@code String}s, as a first version would write it: what the JMH suite
     * compares the in-place version with ({@code BrickTransformBenchmark}). Not used by any rung.
     */
    public static String transformWithStrings(long lineNo, String line) {
        int k = line.length() / 3;
        String kept = line.substring(0, k) + line.substring(2 * k);
        return lineNo + new StringBuilder(kept).reverse().toString();
    }
}
