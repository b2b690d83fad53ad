package dev.perflab.orderbook;

import java.math.BigDecimal;

/**
 * How the decimal rungs (r0–r2) hold prices: as {@link BigDecimal} objects, the way the report's book did.
 *
 * <p>A price of {@code t} ticks becomes {@code t × 10⁻²}, which is the real price for the default tick of
 * 0.01. Ordering and equality use {@code compareTo}, as a decimal-keyed sorted map must.
 */
final class DecimalPrices {
    static final int SCALE = 2;

    private DecimalPrices() {
    }

    static BigDecimal of(long ticks) {
        return BigDecimal.valueOf(ticks, SCALE);
    }

    static long ticks(BigDecimal price) {
        return price.unscaledValue().longValueExact();
    }

    /** Whether an incoming order at {@code limit} crosses a resting order at {@code resting}. */
    static boolean crosses(Side incoming, BigDecimal limit, BigDecimal resting) {
        int c = resting.compareTo(limit);
        return incoming == Side.BUY ? c <= 0 : c >= 0;
    }
}
