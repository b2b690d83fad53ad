package dev.perflab.cli;

import dev.perflab.ladder.Ladder;
import dev.perflab.ladder.UnknownEntryException;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.orderbook.OrderBookLadder;
import dev.perflab.sha.ShaLadder;
import java.util.List;
import java.util.stream.Collectors;

/** The components the lab knows, by name. */
final class Components {
    private static final List<Ladder<?>> ALL = List.of(OrderBookLadder.LADDER, ShaLadder.LADDER, MdfRingLadder.LADDER);

    private Components() {
    }

    static List<Ladder<?>> all() {
        return ALL;
    }

    static Ladder<?> byName(String name) {
        for (Ladder<?> ladder : ALL) {
            if (ladder.component().equals(name)) {
                return ladder;
            }
        }
        throw new UnknownEntryException("unknown component '" + name + "'; known: "
                + ALL.stream().map(Ladder::component).collect(Collectors.joining(", ")));
    }
}
