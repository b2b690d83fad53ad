package dev.perflab.orderbook;

/**
 * A resting order as a node of its price level's doubly-linked FIFO (rungs r2–r4). Being intrusive, the
 * node is its own list entry: given the node, removal is O(1) with no search. Mutable; owned by one book.
 */
final class OrderNode {
    long id;
    PriceLevel level;
    OrderNode prev;
    OrderNode next;
}
