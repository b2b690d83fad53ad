package dev.perflab.jcstress.mdf;

import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.mdf.BatchedZeroCopyRing;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.OverwrittenException;
import dev.perflab.mdf.RingSize;
import dev.perflab.mdf.SingleWriterRing;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The publication protocol of {@code r3-single-writer-ring} and {@code r4-batched-zero-copy} under jcstress:
 * one actor appends messages while another polls once. Whatever the interleaving, every message the
 * reader delivers must be the next sequence and byte-equal to what was appended (a reader that sees a
 * published sequence must see its bytes: release/acquire); a reader lapped in the middle must notice and
 * take the rest from history instead of delivering torn bytes.
 *
 * <p>Result {@code (r1, r2)}: r1 = messages delivered by the poll, bucketed (0 none, 1 some, 2 all);
 * r2 = 1 if every delivered message was intact and in order, 0 if not.
 *
 * <p>Run: {@code java -jar lab-jcstress/target/jcstress.jar -t RingPublicationStress -m quick}.
 */
public final class RingPublicationStress {
    /** Messages per test: 40 records of ≤ 112 bytes wrap the 4 KiB arena, so late polls are lapped. */
    static final int MESSAGES = 40;
    static final byte[][] DAY = MdfGenerator.generate(MESSAGES, 42, 64, 104);
    /** The smallest ring {@link RingSize} allows: 4 KiB of arena, 8 index slots. */
    static final RingSize TINY = new RingSize(8, 4 * (512 + 4));

    private RingPublicationStress() {
    }

    /** Shared by both tests: append the day; poll once and judge what was delivered. */
    abstract static class Base {
        final MdfRing ring = create();
        final MdfReader reader = ring.reader(1);

        abstract MdfRing create();

        void write() {
            for (byte[] message : DAY) {
                ring.append(ByteBuffer.wrap(message));
            }
        }

        void read(II_Result r) {
            int[] delivered = {0};
            boolean[] intact = {true};
            try {
                reader.poll(message -> {
                    byte[] copy = new byte[message.remaining()];
                    message.get(copy);
                    intact[0] &= Arrays.equals(DAY[delivered[0]], copy);
                    delivered[0]++;
                });
            } catch (OverwrittenException e) {
                delivered[0] = (int) e.firstUnsafeSequence() - 1;
            }
            r.r1 = delivered[0] == 0 ? 0 : delivered[0] == MESSAGES ? 2 : 1;
            r.r2 = intact[0] ? 1 : 0;
        }
    }

    @JCStressTest
    @Description("r3: a published message is seen whole; a lapped copy is detected, never delivered torn")
    @Outcome(id = {"0, 1", "1, 1", "2, 1"}, expect = Expect.ACCEPTABLE, desc = "delivered messages are intact and in order")
    @Outcome(id = {"0, 0", "1, 0", "2, 0"}, expect = Expect.FORBIDDEN, desc = "a torn or out-of-order message was delivered")
    @State
    public static class SingleWriter extends Base {
        @Override
        MdfRing create() {
            return new SingleWriterRing(TINY, new ArrayHistory(DAY));
        }

        @Actor
        public void writer() {
            write();
        }

        @Actor
        public void reader(II_Result r) {
            read(r);
        }
    }

    @JCStressTest
    @Description("r4: zero-copy slices are checked after use; an overwritten batch is reported, never kept")
    @Outcome(id = {"0, 1", "1, 1", "2, 1"}, expect = Expect.ACCEPTABLE, desc = "kept messages are intact and in order")
    @Outcome(id = {"0, 0", "1, 0", "2, 0"}, expect = Expect.FORBIDDEN, desc = "a torn message was kept")
    @State
    public static class BatchedZeroCopy extends Base {
        @Override
        MdfRing create() {
            return new BatchedZeroCopyRing(TINY, new ArrayHistory(DAY));
        }

        @Actor
        public void writer() {
            write();
        }

        @Actor
        public void reader(II_Result r) {
            read(r);
        }
    }
}
