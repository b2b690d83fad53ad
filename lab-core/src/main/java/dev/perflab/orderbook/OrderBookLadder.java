package dev.perflab.orderbook;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.orderbook.peers.ExchangeCoreBook;
import dev.perflab.orderbook.peers.ParityMatchBook;
import java.util.List;

/**
 * The order-book ladder: every rung from the report's naive book to the tuned one, then the peers.
 * The ids here are the ones JMH's {@code @Param("rung")}, the CLI and the result files use. The last entries
 * are the learner's ({@code student}, an exercise, and {@code mystery}, a lab with a hidden cause): checked and
 * measured only when named.
 */
public final class OrderBookLadder {
    public static final String COMPONENT = "orderbook";

    public static final Ladder<OrderBookFactory> LADDER = new Ladder<OrderBookFactory>(COMPONENT,
            "Limit order book (report 004): cancel-heavy matching of fixed-quantity limit orders", List.of(
            new Entry<>("r0-persistent-scan", Kind.RUNG,
                    "persistent sorted map of BigDecimal → immutable FIFO, new book per command, cancel scans every level",
                    PersistentScanBook::new),
            new Entry<>("r1-indexed-level", Kind.RUNG,
                    "r0 + persistent index id → order, so cancel walks one level only",
                    IndexedLevelBook::new),
            new Entry<>("r2-intrusive-list", Kind.RUNG,
                    "mutable TreeMap of levels as intrusive doubly-linked FIFOs + HashMap id → node: O(1) cancel",
                    IntrusiveListBook::new),
            new Entry<>("r3-long-ticks", Kind.RUNG,
                    "prices as long ticks, fastutil primitive tree and hash maps: no BigDecimal, no boxing",
                    LongTickBook::new),
            new Entry<>("r4-tick-array", Kind.RUNG,
                    "tick-indexed level window + bitset, cached best prices, pooled nodes: no steady-state allocation",
                    TickArrayBook::new),
            new Entry<>("peer-parity", Kind.PEER,
                    "parity-match 0.7.0 (com.paritytrading.parity), with a fix for its executed-order leak",
                    ParityMatchBook::new),
            new Entry<>("peer-exchange-naive", Kind.PEER,
                    "exchange-core 0.5.3 OrderBookNaiveImpl: TreeMap of LinkedHashMap buckets",
                    ExchangeCoreBook::naive),
            new Entry<>("peer-exchange-direct", Kind.PEER,
                    "exchange-core 0.5.3 OrderBookDirectImpl: pooled orders, ART price and id indexes",
                    ExchangeCoreBook::direct),
            new Entry<>("x-parity-as-shipped", Kind.EXHIBIT,
                    "parity-match 0.7.0 unpatched: executed orders stay in its id map (leak, lost orders)",
                    ParityMatchBook::withoutPurge),
            new Entry<>("student", Kind.EXERCISE,
                    "exercise \"make cancel O(1)\": r1 with cancel written by you (StudentBook, exercises/README.md)",
                    StudentBook::new),
            new Entry<>("mystery", Kind.EXERCISE,
                    "mystery: a correct book slower than it should be, for a reason to find (MysteryBook, exercises/mysteries.md)",
                    MysteryBook::new)))
            .withContract(new OrderBookContract());

    private OrderBookLadder() {
    }
}
