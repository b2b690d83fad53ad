package dev.perflab.orderbook;

import java.util.Arrays;

/**
 * A sequence of order-book commands held in flat primitive arrays, so a replay measures the book and not
 * the command objects. Built once (by the generator or a codec), then replayed any number of times.
 *
 * <p>Command {@code i} is {@code type(i)} ∈ {{@link #BUY}, {@link #SELL}, {@link #CANCEL}} with
 * {@code orderId(i)}, and for adds {@code priceTicks(i)}. Not thread-safe while being built.
 */
public final class CommandStream {
    public static final byte BUY = 0;
    public static final byte SELL = 1;
    public static final byte CANCEL = 2;

    private byte[] types;
    private long[] orderIds;
    private long[] prices;
    private int size;

    public CommandStream() {
        this(1024);
    }

    public CommandStream(int expectedCommands) {
        int capacity = Math.max(16, expectedCommands);
        types = new byte[capacity];
        orderIds = new long[capacity];
        prices = new long[capacity];
    }

    public void add(Side side, long orderId, long priceTicks) {
        append(side == Side.BUY ? BUY : SELL, orderId, priceTicks);
    }

    public void cancel(long orderId) {
        append(CANCEL, orderId, 0);
    }

    private void append(byte type, long orderId, long priceTicks) {
        if (size == types.length) {
            int capacity = size * 2;
            types = Arrays.copyOf(types, capacity);
            orderIds = Arrays.copyOf(orderIds, capacity);
            prices = Arrays.copyOf(prices, capacity);
        }
        types[size] = type;
        orderIds[size] = orderId;
        prices[size] = priceTicks;
        size++;
    }

    public int size() {
        return size;
    }

    public byte type(int index) {
        return types[index];
    }

    public long orderId(int index) {
        return orderIds[index];
    }

    public long priceTicks(int index) {
        return prices[index];
    }

    /** Sends commands {@code [from, to)} to the book, in order. */
    public void replay(OrderBook book, int from, int to) {
        for (int i = from; i < to; i++) {
            byte type = types[i];
            if (type == CANCEL) {
                book.cancel(orderIds[i]);
            } else {
                book.add(type == BUY ? Side.BUY : Side.SELL, orderIds[i], prices[i]);
            }
        }
    }

    /** Sends every command to the book, in order. */
    public void replay(OrderBook book) {
        replay(book, 0, size);
    }

    /** A copy holding the first {@code count} commands. */
    public CommandStream prefix(int count) {
        CommandStream copy = new CommandStream(count);
        for (int i = 0; i < count; i++) {
            copy.append(types[i], orderIds[i], prices[i]);
        }
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof CommandStream)) {
            return false;
        }
        CommandStream other = (CommandStream) o;
        return size == other.size
                && Arrays.equals(types, 0, size, other.types, 0, size)
                && Arrays.equals(orderIds, 0, size, other.orderIds, 0, size)
                && Arrays.equals(prices, 0, size, other.prices, 0, size);
    }

    @Override
    public int hashCode() {
        int h = size;
        for (int i = 0; i < size; i++) {
            h = 31 * h + Long.hashCode(orderIds[i] * 31 + prices[i] + types[i]);
        }
        return h;
    }
}
