package dev.perflab.forwarder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.MessageHandler;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
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
    void aFailureWithoutAMessageIsNamedByItsClass() {
        assertEquals("history: storing sequences 1..2 failed: java.lang.Exception", WrittenBehind.failureLine("history", 1, 2, new Exception()));
    }

    /**
     * An Error thrown while storing (an assert inside a driver, a class that fails to load) is the store's failure:
     * uncaught, it ended the history thread with no line, and the day went on as though every block were stored.
     */
    @Test
    void anErrorWhileStoringIsTheFailureNotASilentStop() throws Exception {
        byte[][] messages = MdfGenerator.day(6, 5);
        FailsOnSecondBlock history = new FailsOnSecondBlock();
        List<FeedBlock> blocks = new ArrayList<>();
        for (int first = 0; first < messages.length; first += 2) {
            blocks.add(block(messages, first, 2));
            history.recordBlock(blocks.get(blocks.size() - 1));
        }
        history.finish();
        assertEquals(2, history.recorded(), "the first block stored, then none");
        assertEquals(2, history.blocksSeen, "a store that failed is handed nothing more");
        long second = blocks.get(1).firstSequence();
        assertEquals("history test: storing sequences " + second + ".." + (second + 1) + " failed: java.lang.AssertionError: a driver's assert",
                history.failure());
        assertThrows(IllegalStateException.class, () -> history.read(second, second + 2, m -> { }),
                "a read of what was not stored fails");
    }

    private static final class FailsOnSecondBlock extends WrittenBehind {
        volatile int blocksSeen;
        private int stores;

        FailsOnSecondBlock() {
            super("history test");
            startWriting();
        }

        @Override
        protected void store(Chunk chunk) {
            blocksSeen++;
            if (++stores == 2) {
                throw new AssertionError("a driver's assert");
            }
        }

        @Override
        protected void readStored(long from, long to, MessageHandler handler) {
        }

        @Override
        public void close() {
            drain();
        }
    }

    /** A feed block of {@code count} records from {@code messages[first]}, framed as they arrive. */
    private static FeedBlock block(byte[][] messages, int first, int count) {
        ByteBuffer records = ByteBuffer.allocate(count * (MdfMessage.MAX_BYTES + FeedBlock.FRAMING_BYTES));
        FeedBlock block = new FeedBlock(records.capacity());
        block.clear(records);
        for (int i = first; i < first + count; i++) {
            int at = records.position() + 4;
            records.putInt(messages[i].length).put(messages[i]).putInt(0);
            block.add(at, messages[i].length);
        }
        return block;
    }
}
