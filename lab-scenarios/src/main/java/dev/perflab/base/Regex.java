package dev.perflab.base;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A regular expression the user gave ({@code --benchmark}), checked where it is read: one line naming the option and
 * what is wrong (exit 2), rather than a failure in the JMH run or the query it is handed to.
 */
public final class Regex {
    private Regex() {
    }

    /** The pattern, or null for null; a malformed one is a {@link LabException}. */
    public static Pattern compile(String option, String regex) {
        if (regex == null) {
            return null;
        }
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new LabException(option + " " + regex + ": not a regex (" + e.getDescription()
                    + (e.getIndex() < 0 ? "" : e.getIndex() >= regex.length() ? " at its end" : " at character " + (e.getIndex() + 1)) + ")");
        }
    }
}
