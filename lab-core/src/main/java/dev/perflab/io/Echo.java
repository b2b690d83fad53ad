package dev.perflab.io;

import java.util.Locale;

/**
 * Pieces of the user's input quoted back in an error message, made safe for a terminal: cut to a length
 * (a 1 MB line is not echoed whole), control characters shown as {@code \xNN}, and a UTF-8 byte-order mark
 * shown as {@code <BOM>} instead of being invisible.
 */
public final class Echo {
    /** Characters of a token quoted in a message before it is cut. */
    public static final int MAX_CHARS = 40;

    private Echo() {
    }

    /** The token, cut to {@link #MAX_CHARS} characters and with control characters escaped. */
    public static String of(String token) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < token.length() && b.length() < MAX_CHARS; i++) {
            char c = token.charAt(i);
            if (c == '\uFEFF') {
                b.append("<BOM>");
            } else if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
                b.append(String.format(Locale.ROOT, "\\x%02X", (int) c));
            } else {
                b.append(c);
            }
        }
        return i < token.length() ? b + "… (" + String.format(Locale.ROOT, "%,d", token.length()) + " characters)" : b.toString();
    }
}
