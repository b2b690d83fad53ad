package dev.perflab.forwarder;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Contract;
import dev.perflab.pump.WireDay;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * What every configuration of the forwarder must do, in one JVM over loopback ({@link LoopbackDay}): the
 * whole day reaches every client and a late joiner once, in order; a slow client does not hold the feed; a
 * client that quits stops no one else; a Simulator that disconnects mid-day ends the day at its last whole
 * message; a malformed frame is one line with its byte offset. Liveness bounds only, no timing.
 * {@code ForwarderContractTest} and {@code ./lab check mdf --rung ID} run these same checks.
 */
public final class ForwarderContract implements Contract<ForwarderConfig> {
    static final int MESSAGES = 5_000;
    static final long SEED = 13;
    /** Where the broken feeds break. */
    static final int FAULT_AT = 3_000;
    /** A slow client parks this long per message (at least a timer tick, ~60 µs, in practice): half a second a day or more. */
    static final long SLOW_NANOS_PER_MESSAGE = 100_000;
    static final Duration DEADLINE = Duration.ofSeconds(60);

    @Override
    public List<Check> checks(ForwarderConfig config) {
        return List.of(
                new Check("wholeDayReachesEveryClientAndTheLateJoiner", () -> wholeDay(config)),
                new Check("aSlowClientDoesNotHoldTheFeed", () -> slowClient(config)),
                new Check("aClientThatQuitsStopsNoOtherClient", () -> quitter(config)),
                new Check("simulatorDisconnectingEndsTheDayAtItsLastWholeMessage", () -> cutFeed(config)),
                new Check("aMalformedFrameIsOneLineWithItsByteOffset", () -> malformed(config)));
    }

    @FunctionalInterface
    private interface DayBody {
        void run(WireDay day) throws Exception;
    }

    private static void withDay(DayBody body) throws Exception {
        Path file = Files.createTempFile("perflab-forwarder-contract-", ".bin");
        try {
            body.run(WireDay.generate(MESSAGES, SEED, file));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void wholeDay(ForwarderConfig config) throws Exception {
        withDay(day -> {
            LoopbackDay.Outcome o = LoopbackDay.run(config.ringRung(), List.of(LoopbackDay.ClientPlan.onTime("a"),
                    LoopbackDay.ClientPlan.onTime("b"), LoopbackDay.ClientPlan.late("late")), LoopbackDay.simulator(config, day), DEADLINE);
            requireDay(o.forwarder(), MESSAGES);
            for (ClientStream.Result c : o.clients()) {
                requireComplete(c, MESSAGES);
            }
        });
    }

    private static void slowClient(ForwarderConfig config) throws Exception {
        withDay(day -> {
            LoopbackDay.Outcome o = LoopbackDay.run(config.ringRung(), List.of(LoopbackDay.ClientPlan.onTime("fast"),
                    LoopbackDay.ClientPlan.slow("slow", SLOW_NANOS_PER_MESSAGE)), LoopbackDay.simulator(config, day), DEADLINE);
            requireDay(o.forwarder(), MESSAGES);
            o.clients().forEach(c -> requireComplete(c, MESSAGES));
            Forwarder.SessionReport slow = o.forwarder().sessions().stream().filter(s -> s.name().equals("slow")).findFirst()
                    .orElseThrow(() -> new AssertionError("no session for the slow client"));
            if (!slow.feedEndedFirst()) {
                throw new AssertionError("the feed ended only after the slow client had its day: it was held back");
            }
        });
    }

    private static void quitter(ForwarderConfig config) throws Exception {
        withDay(day -> {
            LoopbackDay.Outcome o = LoopbackDay.run(config.ringRung(), List.of(LoopbackDay.ClientPlan.quitter("quitter"),
                    LoopbackDay.ClientPlan.onTime("stays"), LoopbackDay.ClientPlan.late("late")), LoopbackDay.simulator(config, day), DEADLINE);
            if (o.forwarder().received() != MESSAGES) {
                throw new AssertionError("the forwarder received " + o.forwarder().received() + " of " + MESSAGES + " messages");
            }
            requireComplete(o.clients().get(1), MESSAGES);
            requireComplete(o.clients().get(2), MESSAGES);
            if (o.forwarder().errors().stream().anyMatch(e -> e.contains("deadline"))) {
                throw new AssertionError("the forwarder waited for the deadline: " + o.forwarder().errors());
            }
        });
    }

    private static void cutFeed(ForwarderConfig config) throws Exception {
        withDay(day -> {
            int cut = day.recordOffset(FAULT_AT) + 10;
            LoopbackDay.Outcome o = LoopbackDay.run(config.ringRung(), List.of(LoopbackDay.ClientPlan.onTime("a"),
                    LoopbackDay.ClientPlan.late("late")), to -> raw(to, Arrays.copyOf(day.image(), cut)), DEADLINE);
            Forwarder.Report f = o.forwarder();
            if (f.received() != FAULT_AT || f.malformed() != null
                    || f.errors().stream().noneMatch(e -> e.contains("disconnected after " + FAULT_AT + " of " + MESSAGES))) {
                throw new AssertionError("expected the day to end at message " + FAULT_AT + " with one line saying the Simulator"
                        + " disconnected; got " + f.received() + " messages, errors " + f.errors());
            }
            for (ClientStream.Result c : o.clients()) {
                if (c.received() != FAULT_AT || c.duplicates() != 0 || c.reorderings() != 0 || c.error() == null
                        || !c.error().contains("stream ended inside day 1 after message " + FAULT_AT)) {
                    throw new AssertionError("a client should have every message up to " + FAULT_AT + " and a stream that ends there; got " + c);
                }
            }
        });
    }

    private static void malformed(ForwarderConfig config) throws Exception {
        withDay(day -> {
            byte[] bad = day.image().clone();
            int at = day.recordOffset(FAULT_AT);
            bad[at + 4 + 40] ^= 1;
            LoopbackDay.Outcome o = LoopbackDay.run(config.ringRung(), List.of(LoopbackDay.ClientPlan.onTime("a")),
                    to -> raw(to, bad), DEADLINE);
            Forwarder.Report f = o.forwarder();
            String expected = ":byte " + at + ": message " + (FAULT_AT + 1) + " of day 1 fails its CRC-32C";
            if (f.malformed() == null || !f.malformed().contains(expected) || f.received() != FAULT_AT) {
                throw new AssertionError("expected '" + expected + "' after " + FAULT_AT + " messages; got " + f.malformed()
                        + " after " + f.received());
            }
            if (o.clients().get(0).received() != FAULT_AT) {
                throw new AssertionError("the client should still get the " + FAULT_AT + " good messages; got " + o.clients().get(0));
            }
        });
    }

    private static void raw(java.net.InetSocketAddress to, byte[] bytes) throws java.io.IOException {
        try (Socket socket = new Socket(to.getAddress(), to.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(bytes);
        }
    }

    private static void requireDay(Forwarder.Report f, long messages) {
        if (f.received() != messages || !f.errors().isEmpty() || f.malformed() != null) {
            throw new AssertionError("the forwarder received " + f.received() + " of " + messages + " messages; errors " + f.errors());
        }
    }

    private static void requireComplete(ClientStream.Result c, long messages) {
        if (!c.complete() || c.received() != messages) {
            throw new AssertionError("a client did not get the whole day once, in order: " + c);
        }
    }
}
