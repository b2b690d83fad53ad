package dev.perflab.orderbook;

import it.unimi.dsi.fastutil.longs.Long2ObjectRBTreeMap;
import it.unimi.dsi.fastutil.longs.LongComparators;

/**
 * The price levels of r3 ({@link LongTickBook}) and of the order book's mystery rung ({@link MysteryBook}): each
 * side's levels in a fastutil {@code Long2ObjectRBTreeMap} keyed by the price in ticks, best price first, a level
 * created on its first order and dropped with its last. The id index and the nodes' life are the subclass's.
 * Single-threaded, as every book.
 */
abstract class LongLevelsBook extends LinkedLevelsBook {
    private final Long2ObjectRBTreeMap<PriceLevel> bids = new Long2ObjectRBTreeMap<>(LongComparators.OPPOSITE_COMPARATOR);
    private final Long2ObjectRBTreeMap<PriceLevel> asks = new Long2ObjectRBTreeMap<>();

    protected LongLevelsBook(OrderBookListener listener) {
        super(listener);
    }

    private Long2ObjectRBTreeMap<PriceLevel> levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    protected final PriceLevel crossedLevel(Side incoming, long limitTicks) {
        Long2ObjectRBTreeMap<PriceLevel> opposite = levels(incoming.opposite());
        if (opposite.isEmpty()) {
            return null;
        }
        long best = opposite.firstLongKey();
        boolean crosses = incoming == Side.BUY ? best <= limitTicks : best >= limitTicks;
        return crosses ? opposite.get(best) : null;
    }

    @Override
    protected final PriceLevel levelForAdd(Side side, long priceTicks) {
        Long2ObjectRBTreeMap<PriceLevel> levels = levels(side);
        PriceLevel level = levels.get(priceTicks);
        if (level == null) {
            level = new PriceLevel(side, priceTicks);
            levels.put(priceTicks, level);
        }
        return level;
    }

    @Override
    protected final void levelEmptied(PriceLevel level) {
        levels(level.side).remove(level.priceTicks);
    }
}
