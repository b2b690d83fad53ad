package dev.perflab.orderbook;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectRBTreeMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectSortedMap;

/**
 * r4 — tick-indexed levels, pooled nodes and cached best prices: no allocation in steady state.
 *
 * <p><b>What changed from r3.</b> Levels near the market live in an array indexed by tick, one per side,
 * over a window of {@link #WINDOW_TICKS} ticks; a bitset marks the non-empty ones. Each side caches its
 * best price; when the best level empties, the next one is found by scanning the bitset 64 levels per
 * word. Order nodes come from a free list and go back to it; level objects stay in their slot for reuse.
 *
 * <pre>
 *  ticks:   base                                                base + WINDOW_TICKS
 *            │  window[]  (PriceLevel per tick, null until first used)  │
 *            ▼                                                          ▼
 *  bids  ... [ ][ ][■][ ][■][■] ◄ best bid        outliers: RB tree (prices outside the window)
 *  asks                           best ask ► [■][ ][■][ ][ ] ...
 *  occupied: one bit per slot, scanned with Long.numberOf{Leading,Trailing}Zeros
 * </pre>
 *
 * <p><b>Why faster.</b> Finding a level is an array index instead of a tree walk; the best price is a
 * field read; a cancel touches the hash index, one node and one level, all without allocating, so the
 * GC has nothing to do. Prices outside the window (0.01 beside 1,000,000.00 in one stream) go to a
 * sorted-map fallback: slower and allocating, but correct. The window is placed around the first price
 * seen and moves whenever it holds no order at all (outliers inside the new window move into it).
 *
 * <p><b>Allocation.</b> Only while the book grows past its largest size so far (a new node, a level in
 * a never-used slot, a rehash of the id index) or for outlier prices.
 *
 * <p><b>As a library</b> ({@code examples/boxing}'s {@code Components}): one thread calls {@code add} and
 * {@code cancel} ({@link OrderBook}'s rules); each call puts exactly one event on the listener before it returns.
 * Capacity: any number of resting orders and any positive price; {@code expectedOrders} pre-sizes the id index and
 * the node pool, so a book that stays within it allocates nothing once warm.
 */
public final class TickArrayBook extends LinkedLevelsBook {
    /** Width of the dense window of levels, in ticks (655.36 in price at a tick of 0.01). */
    public static final int WINDOW_TICKS = 1 << 16;
    /** Nodes and index slots allocated up front, so typical books never allocate. */
    public static final int DEFAULT_EXPECTED_ORDERS = 1 << 14;

    private static final long NO_WINDOW = -1;

    private final SideLevels bids = new SideLevels(Side.BUY);
    private final SideLevels asks = new SideLevels(Side.SELL);
    private final Long2ObjectOpenHashMap<OrderNode> byId;
    private OrderNode freeNodes;
    private long base = NO_WINDOW;

    public TickArrayBook(OrderBookListener listener) {
        this(listener, DEFAULT_EXPECTED_ORDERS);
    }

    public TickArrayBook(OrderBookListener listener, int expectedOrders) {
        super(listener);
        byId = new Long2ObjectOpenHashMap<>(expectedOrders);
        for (int i = 0; i < expectedOrders; i++) {
            releaseNode(new OrderNode());
        }
    }

    private SideLevels levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    protected PriceLevel crossedLevel(Side incoming, long limitTicks) {
        SideLevels opposite = levels(incoming.opposite());
        if (opposite.isEmpty()) {
            return null;
        }
        boolean crosses = incoming == Side.BUY ? opposite.best <= limitTicks : opposite.best >= limitTicks;
        return crosses ? opposite.levelAt(opposite.best) : null;
    }

    @Override
    protected PriceLevel levelForAdd(Side side, long priceTicks) {
        if (base == NO_WINDOW || (!inWindow(priceTicks) && bids.windowLevels == 0 && asks.windowLevels == 0)) {
            moveWindowTo(priceTicks);
        }
        return levels(side).levelForAdd(priceTicks);
    }

    @Override
    protected void levelEmptied(PriceLevel level) {
        levels(level.side).emptied(level);
    }

    @Override
    protected OrderNode findOrder(long orderId) {
        return byId.get(orderId);
    }

    @Override
    protected void putOrder(long orderId, OrderNode node) {
        byId.put(orderId, node);
    }

    @Override
    protected OrderNode removeOrder(long orderId) {
        return byId.remove(orderId);
    }

    @Override
    protected OrderNode newNode() {
        OrderNode node = freeNodes;
        if (node == null) {
            return new OrderNode();
        }
        freeNodes = node.next;
        node.next = null;
        return node;
    }

    @Override
    protected void releaseNode(OrderNode node) {
        node.next = freeNodes;
        freeNodes = node;
    }

    private boolean inWindow(long priceTicks) {
        long offset = priceTicks - base;
        return offset >= 0 && offset < WINDOW_TICKS;
    }

    /** Centers the (empty) window on a price and pulls in any outlier levels that now fall inside it. */
    private void moveWindowTo(long priceTicks) {
        base = Math.max(0, priceTicks - WINDOW_TICKS / 2);
        bids.pullOutliersIntoWindow();
        asks.pullOutliersIntoWindow();
    }

    /** One side's levels: the dense window, its occupancy bits, the outlier tree and the cached best. */
    private final class SideLevels {
        private final Side side;
        private final boolean bestIsHighest;
        private final long none;
        private final PriceLevel[] window = new PriceLevel[WINDOW_TICKS];
        private final long[] occupied = new long[WINDOW_TICKS / Long.SIZE];
        private final Long2ObjectRBTreeMap<PriceLevel> outliers = new Long2ObjectRBTreeMap<>();
        private int windowLevels;
        private long best;

        SideLevels(Side side) {
            this.side = side;
            this.bestIsHighest = side == Side.BUY;
            this.none = bestIsHighest ? Long.MIN_VALUE : Long.MAX_VALUE;
            this.best = none;
        }

        boolean isEmpty() {
            return best == none;
        }

        PriceLevel levelAt(long priceTicks) {
            return inWindow(priceTicks) ? window[(int) (priceTicks - base)] : outliers.get(priceTicks);
        }

        PriceLevel levelForAdd(long priceTicks) {
            PriceLevel level = inWindow(priceTicks) ? windowLevelForAdd(priceTicks) : outlierLevelForAdd(priceTicks);
            if (bestIsHighest ? priceTicks > best : priceTicks < best) {
                best = priceTicks;
            }
            return level;
        }

        private PriceLevel windowLevelForAdd(long priceTicks) {
            int slot = (int) (priceTicks - base);
            PriceLevel level = window[slot];
            if (level == null) {
                level = new PriceLevel(side, priceTicks);
                window[slot] = level;
            }
            if (level.isEmpty()) {
                level.priceTicks = priceTicks;
                occupied[slot >>> 6] |= 1L << slot;
                windowLevels++;
            }
            return level;
        }

        private PriceLevel outlierLevelForAdd(long priceTicks) {
            PriceLevel level = outliers.get(priceTicks);
            if (level == null) {
                level = new PriceLevel(side, priceTicks);
                outliers.put(priceTicks, level);
            }
            return level;
        }

        void emptied(PriceLevel level) {
            long priceTicks = level.priceTicks;
            if (inWindow(priceTicks)) {
                int slot = (int) (priceTicks - base);
                occupied[slot >>> 6] &= ~(1L << slot);
                windowLevels--;
            } else {
                outliers.remove(priceTicks);
            }
            if (priceTicks == best) {
                best = nextBest(priceTicks);
            }
        }

        /** The best price strictly worse than {@code from}, across window and outliers; {@code none} if empty. */
        private long nextBest(long from) {
            long inWindow = bestIsHighest ? highestInWindowBelow(from) : lowestInWindowAbove(from);
            if (outliers.isEmpty()) {
                return inWindow;
            }
            long outlier = bestIsHighest ? outliers.lastLongKey() : outliers.firstLongKey();
            return bestIsHighest ? Math.max(inWindow, outlier) : Math.min(inWindow, outlier);
        }

        private long highestInWindowBelow(long from) {
            long offset = from - base;
            if (windowLevels == 0 || offset <= 0) {
                return none;
            }
            int slot = Bits.highestSetBelow(occupied, (int) Math.min(offset, WINDOW_TICKS));
            return slot < 0 ? none : base + slot;
        }

        private long lowestInWindowAbove(long from) {
            long offset = from - base;
            if (windowLevels == 0 || offset >= WINDOW_TICKS - 1) {
                return none;
            }
            int slot = Bits.lowestSetAbove(occupied, (int) Math.max(offset, -1));
            return slot < 0 ? none : base + slot;
        }

        void pullOutliersIntoWindow() {
            if (outliers.isEmpty()) {
                return;
            }
            long end = base > Long.MAX_VALUE - WINDOW_TICKS ? Long.MAX_VALUE : base + WINDOW_TICKS;
            Long2ObjectSortedMap<PriceLevel> inside = outliers.subMap(base, end);
            for (PriceLevel level : inside.values().toArray(new PriceLevel[0])) {
                int slot = (int) (level.priceTicks - base);
                window[slot] = level;
                occupied[slot >>> 6] |= 1L << slot;
                windowLevels++;
                outliers.remove(level.priceTicks);
            }
        }
    }
}
