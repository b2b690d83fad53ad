package dev.perflab.base;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;

/**
 * A JSON parser's complaint in the lab's words: Jackson's own message without its internals (the {@code at [Source:
 * REDACTED (StreamReadFeature…)]} location, the {@code (for Class.field)} hints, its second line), with the line and
 * column where it found the problem. Every message about malformed JSON goes through here.
 */
public final class JsonProblem {
    private JsonProblem() {
    }

    /** {@code line 3, column 7: Unexpected character ('x' (code 120))}, or the I/O failure in words. */
    public static String of(IOException e) {
        if (!(e instanceof JsonProcessingException j)) {
            return InputFile.reason(e);
        }
        String where = j.getLocation() == null || j.getLocation().getLineNr() < 0 ? ""
                : "line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr() + ": ";
        return where + message(j);
    }

    /** Jackson's message alone, without a location. */
    public static String message(JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "malformed" : e.getOriginalMessage();
        message = message.replaceAll("(?s)\\s*\\(for [A-Za-z]+\\.[A-Za-z_]+\\)", "");
        message = message.replaceAll("\\s*\\(start marker at \\[Source[^\\]]*\\]\\)", "");
        message = message.replaceAll("\\s*\\(`?(?:Stream|Json)ReadFeature[^)]*\\)", "");
        int source = message.indexOf(" at [Source");
        message = source >= 0 ? message.substring(0, source) : message;
        message = message.replaceAll("(?s)\\s*\\n.*", "").strip();
        return message.isEmpty() ? "malformed" : message;
    }
}
