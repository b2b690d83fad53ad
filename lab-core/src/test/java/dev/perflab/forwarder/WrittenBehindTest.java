package dev.perflab.forwarder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The write-behind store's failure line, which the forwarder prints as one error line. */
class WrittenBehindTest {
    /** H2's message for a statement that failed ends with the statement on a line of its own. */
    @Test
    void aStoreFailureIsOneLineThoughItsCauseSpansSeveral() {
        Exception h2 = new Exception("General error: \"Transaction 1 has status ROLLED_BACK, not OPEN\" [50000-232]; SQL statement:\n"
                + "INSERT INTO mdf_message (seq, body) VALUES (?, ?) [50000-232]\n");
        assertEquals("history H2 jdbc:h2:mem:day: storing sequences 18102..18209 failed: General error: \"Transaction 1 has status"
                        + " ROLLED_BACK, not OPEN\" [50000-232]; SQL statement: INSERT INTO mdf_message (seq, body) VALUES (?, ?) [50000-232]",
                WrittenBehind.failureLine("history H2 jdbc:h2:mem:day", 18_102, 18_209, h2));
    }

    @Test
    void aFailureWithoutAMessageSaysNull() {
        assertEquals("history: storing sequences 1..2 failed: null", WrittenBehind.failureLine("history", 1, 2, new Exception()));
    }
}
