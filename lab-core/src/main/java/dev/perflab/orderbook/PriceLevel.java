package dev.perflab.orderbook;

/**
 * All resting orders at one price on one side, oldest first, as an intrusive doubly-linked list.
 *
 * <pre>
 *   head ──► [id 7] ⇄ [id 9] ⇄ [id 12] ◄── tail      append at tail, match at head,
 *                                                   cancel unlinks any node in O(1)
 * </pre>
 *
 * Mutable and single-threaded. r4 reuses a level object for another price once it is empty.
 */
final class PriceLevel {
    Side side;
    long priceTicks;
    OrderNode head;
    OrderNode tail;

    PriceLevel(Side side, long priceTicks) {
        this.side = side;
        this.priceTicks = priceTicks;
    }

    boolean isEmpty() {
        return head == null;
    }

    void append(OrderNode node) {
        node.level = this;
        node.prev = tail;
        node.next = null;
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
    }

    void unlink(OrderNode node) {
        if (node.prev == null) {
            head = node.next;
        } else {
            node.prev.next = node.next;
        }
        if (node.next == null) {
            tail = node.prev;
        } else {
            node.next.prev = node.prev;
        }
        node.prev = null;
        node.next = null;
        node.level = null;
    }
}
