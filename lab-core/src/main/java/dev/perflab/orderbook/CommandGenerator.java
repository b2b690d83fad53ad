package dev.perflab.orderbook;

import java.util.SplittableRandom;

/**
 * Generates a deterministic command stream that resembles a volatile market: most commands are cancels,
 * many of them too late (the order already executed or was canceled), prices walk around a moving mid,
 * and the book slowly grows, so a replay of more commands meets a deeper book.
 *
 * <p>The stream starts with {@code depth} passive adds that build a book on both sides of the mid. Then
 * every command is a cancel with probability {@code cancelShare}, else an add. An add is passive (rests
 * 1–{@code walkTicks} ticks away from the mid) or, with probability {@link Config#AGGRESSIVE_SHARE},
 * priced through the mid so it usually executes. The book is steered towards
 * {@code depth + growthPerCommand × commandsSoFar} resting orders: while it holds more, a cancel picks a
 * random resting order nine times in ten; while it holds fewer, one time in ten. Every other cancel names
 * an order that is gone or never existed. The mid moves one tick up or down on one command in ten.
 *
 * <p>The generator replays its own commands on an r3 book to know which orders rest, so the stream is
 * the same for a given {@link Config} on every machine and JDK.
 */
public final class CommandGenerator {

    /**
     * @param seed             random seed; same seed, same stream
     * @param count            number of commands, including the initial {@code depth} adds
     * @param cancelShare      share of cancels after the initial adds, in [0, 1)
     * @param midTicks         starting mid price, in ticks
     * @param walkTicks        how far from the mid passive orders rest, in ticks
     * @param depth            orders added up front to build the initial book
     * @param growthPerCommand average net resting orders added per command after that
     */
    public record Config(long seed, int count, double cancelShare, long midTicks, int walkTicks, int depth,
                         double growthPerCommand) {
        public static final double AGGRESSIVE_SHARE = 0.05;
        public static final double MID_MOVE_SHARE = 0.1;

        public Config {
            check(count >= 0, "count must be ≥ 0, was " + count);
            check(cancelShare >= 0 && cancelShare < 1, "cancel share must be in [0, 1), was " + cancelShare);
            check(walkTicks >= 1, "walk must be ≥ 1 tick, was " + walkTicks);
            check(midTicks > walkTicks + 2, "mid must be more than walk + 2 ticks above zero, was " + midTicks);
            check(depth >= 0, "depth must be ≥ 0, was " + depth);
            check(growthPerCommand >= 0 && growthPerCommand < 1, "growth must be in [0, 1), was " + growthPerCommand);
        }

        /** A volatile market: 60% cancels, mid 100.00 at tick 0.01, ±0.20 walk, 1,000 orders deep, +1 order per 200 commands. */
        public static Config volatileMarket(long seed, int count) {
            return new Config(seed, count, 0.6, 10_000, 20, Math.min(1_000, count), 0.005);
        }

        public Config withCount(int newCount) {
            return new Config(seed, newCount, cancelShare, midTicks, walkTicks, Math.min(depth, newCount), growthPerCommand);
        }

        private static void check(boolean ok, String message) {
            if (!ok) {
                throw new IllegalArgumentException(message);
            }
        }
    }

    private final Config config;
    private final SplittableRandom random;
    private final CommandStream out;
    private final RestingOrders resting = new RestingOrders();
    private final OrderBook book;
    private long mid;
    private long nextId = 1;

    private CommandGenerator(Config config) {
        this.config = config;
        this.random = new SplittableRandom(config.seed());
        this.out = new CommandStream(config.count());
        this.book = new LongTickBook(resting);
        this.mid = config.midTicks();
    }

    public static CommandStream generate(Config config) {
        return new CommandGenerator(config).run();
    }

    private CommandStream run() {
        for (int i = 0; i < config.count(); i++) {
            if (i >= config.depth() && random.nextDouble() < config.cancelShare()) {
                cancel(i);
            } else {
                add(i < config.depth() ? false : random.nextDouble() < Config.AGGRESSIVE_SHARE);
            }
            if (random.nextDouble() < Config.MID_MOVE_SHARE) {
                mid = Math.max(config.walkTicks() + 2, mid + (random.nextBoolean() ? 1 : -1));
            }
        }
        return out;
    }

    private void add(boolean aggressive) {
        Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
        long away = aggressive ? -random.nextInt(3) : 1 + random.nextInt(config.walkTicks());
        long price = side == Side.BUY ? mid - away : mid + away;
        long id = nextId++;
        out.add(side, id, price);
        book.add(side, id, price);
    }

    private void cancel(int index) {
        double target = config.depth() + config.growthPerCommand() * (index - config.depth());
        double liveShare = resting.size() > target ? 0.9 : 0.1;
        long id;
        if (resting.size() > 0 && random.nextDouble() < liveShare) {
            id = resting.get(random.nextInt(resting.size()));
        } else {
            id = 1 + (long) random.nextInt((int) Math.min(Integer.MAX_VALUE, nextId));
            if (resting.contains(id)) {
                id = nextId++;
            }
        }
        out.cancel(id);
        book.cancel(id);
    }
}
