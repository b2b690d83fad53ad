package dev.perflab.orderbook;

import java.util.SplittableRandom;

/**
 * A deterministic, endless command source for latency runs: the volatile market of
 * {@link CommandGenerator} (60% cancels, prices walking around a mid, ~5% aggressive adds that usually
 * execute), made on the fly, one command per {@link #next} call.
 *
 * <p><b>Why not replay a generated stream?</b> A latency run at a fixed rate for minutes needs millions
 * of commands; a precomputed stream costs memory and its book keeps growing, so the end of a run would
 * measure a deeper book than the start. Here the book size is steered towards the prefill size instead:
 * while it holds more, a cancel picks a resting order nine times in ten; while it holds fewer, one time
 * in ten. With 38% passive adds, 2% executions and 60% cancels the size settles within a few orders of
 * the prefill, so a long run at one rate measures one book depth. Every other cancel names an order
 * that is gone or never existed, as in the field.
 *
 * <p><b>Cost.</b> O(1) work and no allocation per command in steady state: a {@link SplittableRandom}
 * draw or three, and the resting ids kept by {@link RestingOrders}, sized up front, learned from the
 * book's events. The book must therefore report to {@link #listener()}; events are forwarded to the
 * downstream listener given to the constructor (e.g. an {@link EventLog}).
 *
 * <p><b>Prices.</b> Passive orders rest 1–{@value #WALK_TICKS} ticks from the mid; the mid starts at
 * {@value #MID_TICKS} ticks (100.00 at a tick of 0.01) and moves one tick on one command in ten, but
 * stays within {@value #MID_RANGE_TICKS} ticks of its start (a step that would leave goes the other
 * way), so a run of any length keeps its prices in one bounded band.
 *
 * <p>Deterministic: the same seed and prefill on a correct book give the same commands. Single-threaded.
 */
public final class OrderFlow {
    public static final double CANCEL_SHARE = 0.6;
    public static final double AGGRESSIVE_SHARE = CommandGenerator.Config.AGGRESSIVE_SHARE;
    public static final double MID_MOVE_SHARE = CommandGenerator.Config.MID_MOVE_SHARE;
    public static final long MID_TICKS = 10_000;
    public static final int WALK_TICKS = 20;
    public static final long MID_RANGE_TICKS = 500;
    private static final double LIVE_CANCEL_SHARE_ABOVE_TARGET = 0.9;
    private static final double LIVE_CANCEL_SHARE_BELOW_TARGET = 0.1;

    private final SplittableRandom random;
    private final int prefillOrders;
    private final RestingOrders resting;
    private final Counter counter;
    private long mid = MID_TICKS;
    private long nextId = 1;
    private long commands;

    /** A flow whose book events go nowhere else. */
    public OrderFlow(long seed, int prefillOrders) {
        this(seed, prefillOrders, null);
    }

    /**
     * @param seed          random seed; same seed, same commands
     * @param prefillOrders resting orders {@link #prefill} adds, and the book size the flow steers towards
     * @param downstream    receives every book event after the flow has seen it; null for none
     */
    public OrderFlow(long seed, int prefillOrders, OrderBookListener downstream) {
        if (prefillOrders < 1) {
            throw new IllegalArgumentException("prefill must be ≥ 1 order, was " + prefillOrders);
        }
        this.random = new SplittableRandom(seed);
        this.prefillOrders = prefillOrders;
        this.counter = new Counter(downstream);
        this.resting = new RestingOrders(2 * prefillOrders + 1024, counter);
    }

    /** The listener the book must report to: it tracks resting ids, counts events, and forwards them. */
    public OrderBookListener listener() {
        return resting;
    }

    /** Adds the prefill: passive orders alternating buy and sell, 1–20 ticks from the mid. */
    public void prefill(OrderBook book) {
        for (int i = 0; i < prefillOrders; i++) {
            Side side = i % 2 == 0 ? Side.BUY : Side.SELL;
            addAt(book, side, passiveDistance());
        }
    }

    /** Issues exactly one command to the book: a cancel or an add, then maybe moves the mid. */
    public void next(OrderBook book) {
        if (random.nextDouble() < CANCEL_SHARE) {
            cancel(book);
        } else {
            boolean aggressive = random.nextDouble() < AGGRESSIVE_SHARE;
            Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
            addAt(book, side, aggressive ? -random.nextInt(3) : passiveDistance());
        }
        if (random.nextDouble() < MID_MOVE_SHARE) {
            moveMid(random.nextBoolean() ? 1 : -1);
        }
    }

    /** Orders resting in the book, as its events tell. */
    public int restingOrders() {
        return resting.size();
    }

    /** Commands issued so far, prefill included. */
    public long commands() {
        return commands;
    }

    /** Events the book reported so far; a correct book reports exactly one per command. */
    public long events() {
        return counter.events;
    }

    /** Of those, executions. */
    public long executions() {
        return counter.executions;
    }

    /** Of those, cancels that removed a resting order. */
    public long cancels() {
        return counter.cancels;
    }

    /** Of those, cancels of orders that were gone or never existed. */
    public long cancelsRejected() {
        return counter.cancelsRejected;
    }

    private int passiveDistance() {
        return 1 + random.nextInt(WALK_TICKS);
    }

    private void addAt(OrderBook book, Side side, long awayFromMid) {
        long price = side == Side.BUY ? mid - awayFromMid : mid + awayFromMid;
        commands++;
        book.add(side, nextId++, price);
    }

    private void cancel(OrderBook book) {
        double liveShare = resting.size() > prefillOrders ? LIVE_CANCEL_SHARE_ABOVE_TARGET : LIVE_CANCEL_SHARE_BELOW_TARGET;
        long id;
        if (resting.size() > 0 && random.nextDouble() < liveShare) {
            id = resting.get(random.nextInt(resting.size()));
        } else {
            id = 1 + random.nextLong(nextId);
            if (resting.contains(id)) {
                id = nextId++;
            }
        }
        commands++;
        book.cancel(id);
    }

    private void moveMid(int step) {
        long moved = mid + step;
        mid = Math.abs(moved - MID_TICKS) <= MID_RANGE_TICKS ? moved : mid - step;
    }

    /** Counts the book's events by kind and passes them on. */
    private static final class Counter implements OrderBookListener {
        private final OrderBookListener downstream;
        long events;
        long executions;
        long cancels;
        long cancelsRejected;

        Counter(OrderBookListener downstream) {
            this.downstream = downstream;
        }

        @Override
        public void added(long orderId) {
            events++;
            if (downstream != null) {
                downstream.added(orderId);
            }
        }

        @Override
        public void executed(long buyOrderId, long sellOrderId, long priceTicks) {
            events++;
            executions++;
            if (downstream != null) {
                downstream.executed(buyOrderId, sellOrderId, priceTicks);
            }
        }

        @Override
        public void canceled(long orderId) {
            events++;
            cancels++;
            if (downstream != null) {
                downstream.canceled(orderId);
            }
        }

        @Override
        public void cancelRejected(long orderId) {
            events++;
            cancelsRejected++;
            if (downstream != null) {
                downstream.cancelRejected(orderId);
            }
        }

        @Override
        public void rejectedDuplicate(long orderId) {
            events++;
            if (downstream != null) {
                downstream.rejectedDuplicate(orderId);
            }
        }
    }
}
