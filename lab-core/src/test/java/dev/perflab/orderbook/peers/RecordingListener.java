package dev.perflab.orderbook.peers;

import dev.perflab.orderbook.OrderBookListener;
import java.util.ArrayList;
import java.util.List;

/** Appends every event as a short string: "added 1", "executed 2/1 @100", "canceled 1"... */
final class RecordingListener implements OrderBookListener {
    final List<String> events = new ArrayList<>();

    @Override
    public void added(long orderId) {
        events.add("added " + orderId);
    }

    @Override
    public void executed(long buyOrderId, long sellOrderId, long priceTicks) {
        events.add("executed " + buyOrderId + "/" + sellOrderId + " @" + priceTicks);
    }

    @Override
    public void canceled(long orderId) {
        events.add("canceled " + orderId);
    }

    @Override
    public void cancelRejected(long orderId) {
        events.add("cancelRejected " + orderId);
    }

    @Override
    public void rejectedDuplicate(long orderId) {
        events.add("rejectedDuplicate " + orderId);
    }
}
