package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Malformed JSON in the lab's words: where, and what, without Jackson's internals. */
class JsonProblemTest {
    private static String problem(String json) {
        return JsonProblem.of(assertThrows(JsonProcessingException.class, () -> new ObjectMapper().readTree(json)));
    }

    @Test
    void aCutFileNamesWhereItEndsWithoutTheParsersSourceNotes() {
        assertEquals("line 1, column 8: Unexpected end-of-input: expected close marker for Object", problem("[{\"a\":1"));
        assertEquals("line 2, column 2: Unrecognized token 'x': was expecting (JSON String, Number, Array, Object or token 'null',"
                + " 'true' or 'false')", problem("[\nx]"));
    }
}
