package dev.perflab.marketdata;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * A deterministic day of market data: the same count, seed and size range always give the same bytes.
 * Sequences run 1..count; instruments are drawn from {@link #INSTRUMENTS}; prices take small random
 * walks per instrument; exchange times advance by a random 0–{@link #MAX_GAP_NANOS} ns per message from
 * 09:30 on a trading day of the report's time ({@link #DAY_START_NANOS}); payload bytes are random.
 */
public final class MdfGenerator {
    /** The report's day: about 300,000 messages. */
    public static final int DAY_MESSAGES = 300_000;
    public static final int INSTRUMENTS = 500;
    static final long DAY_START_NANOS = 1_393_839_000_000_000_000L;
    static final int MAX_GAP_NANOS = 200_000;
    static final int MAX_RECEIVE_DELAY_NANOS = 50_000;
    static final int START_PRICE_TICKS = 10_000;

    private MdfGenerator() {
    }

    /** Messages of random length in {@code [MIN_BYTES, MAX_BYTES]}, as in a real day. */
    public static byte[][] day(int count, long seed) {
        return generate(count, seed, MdfMessage.MIN_BYTES, MdfMessage.MAX_BYTES);
    }

    /** Messages of exactly {@code messageBytes} each (the benchmarks' 64 and 256). */
    public static byte[][] fixedSize(int count, long seed, int messageBytes) {
        return generate(count, seed, messageBytes, messageBytes);
    }

    /** Encoded messages, sequences 1..count, lengths uniform in {@code [minBytes, maxBytes]}. */
    public static byte[][] generate(int count, long seed, int minBytes, int maxBytes) {
        MdfMessage.checkLength(minBytes);
        MdfMessage.checkLength(maxBytes);
        if (count < 0 || minBytes > maxBytes) {
            throw new IllegalArgumentException("count " + count + ", sizes " + minBytes + ".." + maxBytes);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int[] prices = new int[INSTRUMENTS];
        java.util.Arrays.fill(prices, START_PRICE_TICKS);
        long time = DAY_START_NANOS;
        byte[][] day = new byte[count][];
        for (int i = 0; i < count; i++) {
            int instrument = random.nextInt(INSTRUMENTS);
            prices[instrument] = Math.max(1, prices[instrument] + random.nextInt(-3, 4));
            time += random.nextInt(MAX_GAP_NANOS + 1);
            int length = random.nextInt(minBytes, maxBytes + 1);
            byte[] bytes = new byte[length];
            ByteBuffer out = ByteBuffer.wrap(bytes);
            out.putLong(i + 1L).putInt(instrument).putLong(time).putInt(random.nextInt(MAX_RECEIVE_DELAY_NANOS))
                    .putInt(prices[instrument]).putInt(100 * (1 + random.nextInt(50)));
            for (int b = MdfMessage.HEADER_BYTES; b < length; b++) {
                bytes[b] = (byte) random.nextInt(256);
            }
            day[i] = bytes;
        }
        return day;
    }
}
