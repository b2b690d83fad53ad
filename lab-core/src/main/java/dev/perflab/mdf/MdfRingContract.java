package dev.perflab.mdf;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Contract;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.RingRun.ReaderPlan;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The one contract every rung and peer of {@link MdfRingLadder} passes (exhibits and the exercise
 * excepted), as named checks: each reader receives every message from its start sequence once, in order,
 * byte-equal to the day; readers that start late, join late or are lapped by the writer continue from
 * history; {@code append} rejects a gap and a bad length. Then the differential check: seeded random days
 * (random lengths, ring sizes, join points and start sequences) delivered exactly, the same shape as the
 * jqwik property {@code MdfDifferentialTest}, which shrinks a failure and compares through
 * {@link #assertDelivers} too.
 *
 * <p>{@code MdfRingContractTest} runs these for every correct entry; {@code ./lab check mdf-ring --rung ID}
 * for one (the learner's {@code student}).
 *
 * <p>Threads: each check runs a writer and its readers through {@link RingRun}, which joins them (within
 * {@link RingRun#TIMEOUT_SECONDS}) before the check returns.
 */
public final class MdfRingContract implements Contract<MdfRingFactory> {
    /** Messages in the test day. */
    public static final int DAY = 3_000;
    /** Holds the whole test day: nobody is lapped. */
    public static final RingSize ROOMY = new RingSize(4_096, 4 << 20);
    /** 64 messages, 8 KiB: the writer laps a slow reader many times. */
    public static final RingSize TINY = new RingSize(64, 8 << 10);
    static final long DAY_SEED = 13;
    /** Seeded random days the differential check runs (jqwik's property runs more, with shrinking). */
    static final int RANDOM_DAYS = 6;
    static final long RANDOM_SEED = 2014;
    private static final byte[][] MESSAGES = MdfGenerator.day(DAY, DAY_SEED);

    @Override
    public List<Check> checks(MdfRingFactory ring) {
        return List.of(
                new Check("everyReaderGetsEveryMessageOnceInOrder", () -> everyReaderGetsEveryMessage(ring)),
                new Check("lateJoinerStartsAnywhereAndContinuesFromHistory", () -> lateJoiners(ring)),
                new Check("lappedReaderContinuesFromHistory", () -> lappedReaders(ring)),
                new Check("appendRejectsAGapAndABadLength", () -> appendRejectsBadInput(ring)),
                new Check("deliversRandomDaysExactly", () -> randomDays(ring)));
    }

    /** The test day (a copy: callers may not change the contract's messages). */
    public static byte[][] messages() {
        return Arrays.stream(MESSAGES).map(byte[]::clone).toArray(byte[][]::new);
    }

    private static void everyReaderGetsEveryMessage(MdfRingFactory ring) throws Exception {
        List<List<byte[]>> got = RingRun.run(ring, ROOMY, MESSAGES,
                List.of(ReaderPlan.eager(), ReaderPlan.eager(), ReaderPlan.eager()));
        for (int r = 0; r < got.size(); r++) {
            assertDay(got.get(r), 1, "reader " + r);
        }
    }

    private static void lateJoiners(MdfRingFactory ring) throws Exception {
        List<List<byte[]>> got = RingRun.run(ring, TINY, MESSAGES, List.of(
                new ReaderPlan(DAY, 1, false), new ReaderPlan(DAY / 2, 17, false), new ReaderPlan(DAY, DAY - 5, false),
                new ReaderPlan(100, 2_500, false)));
        assertDay(got.get(0), 1, "joined at the end from 1");
        assertDay(got.get(1), 17, "joined half way from 17");
        assertDay(got.get(2), DAY - 5, "joined at the end from " + (DAY - 5));
        assertDay(got.get(3), 2_500, "joined early from 2,500");
    }

    private static void lappedReaders(MdfRingFactory ring) throws Exception {
        List<List<byte[]>> got = RingRun.run(ring, TINY, MESSAGES, List.of(
                new ReaderPlan(0, 1, true), ReaderPlan.eager(), new ReaderPlan(0, 1, true)));
        for (int r = 0; r < got.size(); r++) {
            assertDay(got.get(r), 1, (r == 1 ? "eager" : "slow, lapped") + " reader " + r + " of a " + TINY.windowMessages()
                    + "-message ring");
        }
    }

    private static void appendRejectsBadInput(MdfRingFactory factory) {
        try (HistoryStore history = JdbcHistory.inMemory(); MdfRing ring = factory.create(ROOMY, history)) {
            ring.append(ByteBuffer.wrap(MESSAGES[0]));
            expectRejected(() -> ring.append(ByteBuffer.wrap(MESSAGES[2])), "sequence 3 appended after 1 (a gap)");
            expectRejected(() -> ring.append(ByteBuffer.allocate(16)), "a 16-byte message (shorter than "
                    + MdfMessage.MIN_BYTES + ")");
        }
    }

    private static void expectRejected(Runnable append, String what) {
        try {
            append.run();
        } catch (IllegalArgumentException expected) {
            return;
        }
        throw new AssertionError("append accepted " + what + "; expected an IllegalArgumentException");
    }

    private static void randomDays(MdfRingFactory ring) throws Exception {
        Random random = new Random(RANDOM_SEED);
        for (int d = 0; d < RANDOM_DAYS; d++) {
            long seed = random.nextLong();
            int count = 1 + random.nextInt(600);
            int minBytes = MdfMessage.MIN_BYTES + random.nextInt(MdfMessage.MAX_BYTES - MdfMessage.MIN_BYTES + 1);
            int window = 2 + random.nextInt(299);
            assertDelivers(ring, seed, count, minBytes, window, random.nextInt(601), 1 + random.nextInt(600));
        }
    }

    /**
     * A random day of {@code count} messages of {@code minBytes}..512 bytes through a ring of {@code window}
     * messages to three readers (eager from 1; joining after {@code joinAfter} messages from {@code from};
     * slow from 1): each must receive exactly the day from its start sequence. The differential check and the
     * jqwik property both compare through here.
     */
    public static void assertDelivers(MdfRingFactory ring, long seed, int count, int minBytes, int window, int joinAfter,
                                      int from) throws Exception {
        byte[][] day = MdfGenerator.generate(count, seed, minBytes, MdfMessage.MAX_BYTES);
        RingSize size = new RingSize(window, 4 * (MdfMessage.MAX_BYTES + 4) + window * 64);
        long start = Math.min(from, count);
        List<ReaderPlan> plans = List.of(ReaderPlan.eager(), new ReaderPlan(Math.min(joinAfter, count), start, false),
                new ReaderPlan(0, 1, true));
        List<List<byte[]>> got = RingRun.run(ring, size, day, plans);
        String dayName = "random day (seed " + seed + ", " + count + " messages of " + minBytes + "–" + MdfMessage.MAX_BYTES
                + " bytes, " + window + "-message window)";
        for (int r = 0; r < plans.size(); r++) {
            assertStream(day, got.get(r), plans.get(r).fromSequence(), dayName + " reader " + r);
        }
    }

    /** Fails unless {@code got} is the contract's day from {@code fromSequence} on, message for message. */
    public static void assertDay(List<byte[]> got, long fromSequence, String who) {
        assertStream(MESSAGES, got, fromSequence, who);
    }

    private static void assertStream(byte[][] day, List<byte[]> got, long fromSequence, String who) {
        long expected = day.length - fromSequence + 1;
        for (int i = 0; i < Math.min(got.size(), expected); i++) {
            byte[] want = day[(int) (fromSequence - 1 + i)];
            if (!Arrays.equals(want, got.get(i))) {
                throw new AssertionError(who + ": message " + (fromSequence + i) + " differs from the one appended ("
                        + describe(got.get(i)) + " where " + describe(want) + " was appended)");
            }
        }
        if (got.size() != expected) {
            throw new AssertionError(who + ": received " + got.size() + " messages from sequence " + fromSequence
                    + "; expected " + expected + " (every message once, up to " + day.length + ")");
        }
    }

    private static String describe(byte[] message) {
        String seq = message.length >= MdfMessage.SEQUENCE_OFFSET + Long.BYTES
                ? "sequence " + ByteBuffer.wrap(message).getLong(MdfMessage.SEQUENCE_OFFSET) : "too short for a sequence";
        return message.length + " bytes, " + seq;
    }
}
