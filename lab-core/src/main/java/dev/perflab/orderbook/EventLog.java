package dev.perflab.orderbook;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records a book's events in flat primitive arrays, so a timed replay pays almost nothing for keeping
 * them, and prints them in the lab's text format:
 *
 * <pre>
 * ADDED &lt;id&gt;
 * EXECUTED &lt;buyId&gt; &lt;sellId&gt; &lt;price&gt;
 * CANCELED &lt;id&gt;
 * CANCEL_REJECTED &lt;id&gt;
 * REJECTED &lt;id&gt; duplicate-id
 * </pre>
 *
 * Single-threaded. Allocates only when its arrays grow.
 */
public final class EventLog implements OrderBookListener {
    public static final byte ADDED = 0;
    public static final byte EXECUTED = 1;
    public static final byte CANCELED = 2;
    public static final byte CANCEL_REJECTED = 3;
    public static final byte REJECTED_DUPLICATE = 4;

    private byte[] types;
    private long[] firstIds;
    private long[] sellIds;
    private long[] prices;
    private int size;

    public EventLog() {
        this(1024);
    }

    public EventLog(int expectedEvents) {
        int capacity = Math.max(16, expectedEvents);
        types = new byte[capacity];
        firstIds = new long[capacity];
        sellIds = new long[capacity];
        prices = new long[capacity];
    }

    @Override
    public void added(long orderId) {
        append(ADDED, orderId, 0, 0);
    }

    @Override
    public void executed(long buyOrderId, long sellOrderId, long priceTicks) {
        append(EXECUTED, buyOrderId, sellOrderId, priceTicks);
    }

    @Override
    public void canceled(long orderId) {
        append(CANCELED, orderId, 0, 0);
    }

    @Override
    public void cancelRejected(long orderId) {
        append(CANCEL_REJECTED, orderId, 0, 0);
    }

    @Override
    public void rejectedDuplicate(long orderId) {
        append(REJECTED_DUPLICATE, orderId, 0, 0);
    }

    private void append(byte type, long firstId, long sellId, long price) {
        if (size == types.length) {
            grow();
        }
        types[size] = type;
        firstIds[size] = firstId;
        sellIds[size] = sellId;
        prices[size] = price;
        size++;
    }

    private void grow() {
        int capacity = types.length * 2;
        types = Arrays.copyOf(types, capacity);
        firstIds = Arrays.copyOf(firstIds, capacity);
        sellIds = Arrays.copyOf(sellIds, capacity);
        prices = Arrays.copyOf(prices, capacity);
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }

    public byte type(int index) {
        return types[index];
    }

    /** The order id of the event; for an execution, the buy order's id. */
    public long orderId(int index) {
        return firstIds[index];
    }

    /** One event as a line of the text format (without the line break). */
    public String line(int index, PriceFormat prices) {
        long id = firstIds[index];
        switch (types[index]) {
            case ADDED:
                return "ADDED " + id;
            case EXECUTED:
                return "EXECUTED " + id + " " + sellIds[index] + " " + prices.format(this.prices[index]);
            case CANCELED:
                return "CANCELED " + id;
            case CANCEL_REJECTED:
                return "CANCEL_REJECTED " + id;
            case REJECTED_DUPLICATE:
                return "REJECTED " + id + " duplicate-id";
            default:
                throw new IllegalStateException("unknown event type " + types[index]);
        }
    }

    public List<String> lines(PriceFormat prices) {
        List<String> lines = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            lines.add(line(i, prices));
        }
        return lines;
    }

    /** Writes every event, one per line. */
    public void writeTo(Appendable out, PriceFormat prices) throws IOException {
        for (int i = 0; i < size; i++) {
            out.append(line(i, prices)).append('\n');
        }
    }

    /** Index of the first event that differs from {@code other}'s, or -1 if both logs are equal. */
    public int firstDifference(EventLog other) {
        int common = Math.min(size, other.size);
        for (int i = 0; i < common; i++) {
            if (types[i] != other.types[i] || firstIds[i] != other.firstIds[i]
                    || sellIds[i] != other.sellIds[i] || prices[i] != other.prices[i]) {
                return i;
            }
        }
        return size == other.size ? -1 : common;
    }
}
