package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class BrickTransformTest {
    /** The definition, as plainly as Java says it: the reference the in-place version must equal. */
    static String reference(int lineNo, String s) {
        int n = s.length();
        int k = n / 3;
        String kept = s.substring(0, k) + s.substring(2 * k, n);
        StringBuilder reversed = new StringBuilder();
        for (int i = kept.length() - 1; i >= 0; i--) {
            reversed.append(kept.charAt(i));
        }
        return Integer.toString(lineNo) + reversed;
    }

    static String inPlace(int lineNo, String s) {
        byte[] src = ("xx" + s).getBytes(StandardCharsets.US_ASCII);
        byte[] dst = new byte[3 + Bricks.MAX_RESULT_BYTES];
        int n = BrickTransform.transform(lineNo, src, 2, s.length(), dst, 3);
        assertEquals(BrickTransform.resultLength(lineNo, s.length()), n);
        return new String(dst, 3, n, StandardCharsets.US_ASCII);
    }

    @Test
    void theIssuesExamples() {
        assertEquals("5987321", inPlace(5, "123456789"));
        assertEquals("0aa", inPlace(0, "aaa"));
        assertEquals("7", inPlace(7, ""));
        assertEquals("3ba", inPlace(3, "ab"));
        assertEquals("2147483647a", inPlace(Integer.MAX_VALUE, "a"));
        assertEquals("5987321", BrickTransform.transformWithStrings(5, "123456789"));
    }

    @Property
    void inPlaceEqualsTheStringReference(@ForAll @IntRange(min = 0) int lineNo,
                                         @ForAll @StringLength(max = Bricks.MAX_LINE_BYTES) @CharRange(from = ' ', to = '~') String line) {
        assertEquals(reference(lineNo, line), inPlace(lineNo, line));
        assertEquals(reference(lineNo, line), BrickTransform.transformWithStrings(lineNo, line));
    }
}
