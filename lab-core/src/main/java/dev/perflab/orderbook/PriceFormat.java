package dev.perflab.orderbook;

import dev.perflab.io.Echo;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * Converts between the decimal prices people write ({@code 100.50}) and the tick counts books use.
 *
 * <p>With the default tick of 0.01, {@code 100.50} is 10050 ticks. A price must be positive, have no
 * more fraction digits than the tick and be a whole multiple of it; it prints with exactly the tick's
 * fraction digits. Immutable and thread-safe.
 */
public final class PriceFormat {
    public static final PriceFormat CENTS = new PriceFormat(new BigDecimal("0.01"));

    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");

    private final BigDecimal tick;

    public PriceFormat(BigDecimal tick) {
        if (tick.signum() <= 0) {
            throw new IllegalArgumentException("tick must be positive, was " + tick.toPlainString());
        }
        this.tick = tick;
    }

    /** Parses a tick size such as {@code 0.01}; a one-line message names what is wrong. */
    public static PriceFormat ofTick(String tick) {
        if (!DECIMAL.matcher(tick).matches() || new BigDecimal(tick).signum() <= 0) {
            throw new IllegalArgumentException("tick '" + Echo.of(tick) + "' is not a positive decimal such as 0.01");
        }
        return new PriceFormat(new BigDecimal(tick));
    }

    public BigDecimal tick() {
        return tick;
    }

    /** Fraction digits every printed price carries. */
    public int fractionDigits() {
        return Math.max(0, tick.scale());
    }

    /**
     * Parses a decimal price into ticks.
     *
     * @throws IllegalArgumentException with a message fit for {@code FILE:LINE: message}
     */
    public long parseTicks(String text) {
        if (!DECIMAL.matcher(text).matches()) {
            throw new IllegalArgumentException("price '" + Echo.of(text) + "' is not a positive decimal such as 100.25");
        }
        BigDecimal price = new BigDecimal(text);
        if (price.signum() <= 0) {
            throw new IllegalArgumentException("price '" + Echo.of(text) + "' must be positive");
        }
        if (price.stripTrailingZeros().scale() > fractionDigits()) {
            throw new IllegalArgumentException("price '" + Echo.of(text) + "' has more fraction digits than the tick "
                    + tick.toPlainString() + " allows");
        }
        BigDecimal[] quotientAndRemainder = price.divideAndRemainder(tick);
        if (quotientAndRemainder[1].signum() != 0) {
            throw new IllegalArgumentException("price '" + Echo.of(text) + "' is not a multiple of the tick " + tick.toPlainString());
        }
        BigInteger ticks = quotientAndRemainder[0].toBigIntegerExact();
        if (ticks.bitLength() > 63) {
            throw new IllegalArgumentException("price '" + Echo.of(text) + "' is too large (at most "
                    + format(Long.MAX_VALUE) + ")");
        }
        return ticks.longValue();
    }

    /** Prints ticks as a decimal with exactly the tick's fraction digits, e.g. 10050 → {@code 100.50}. */
    public String format(long ticks) {
        return tick.multiply(BigDecimal.valueOf(ticks)).setScale(fractionDigits()).toPlainString();
    }
}
