package dev.perflab.forwarder;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** When a warm-up day counts as failed: a client the ring lapped mid-send is a race, not a fault of the path. */
class WarmUpTest {
    private static final List<String> NAMES = List.of("warm-up-1", "warm-up-2", "warm-up-late");
    private static final String LAPPED = "connection to client warm-up-late 127.0.0.1:55962 failed: the ring overwrote records from"
            + " sequence 28216 while they were sent; " + WarmUp.LAPPED_RESET;

    private static ClientStream.Result whole() {
        return new ClientStream.Result(100, 100, 0, 0, 0, 28_000, 0.1, null, null, false);
    }

    private static ClientStream.Result cut(String error) {
        return new ClientStream.Result(100, 0, 0, 0, 0, 0, 0.1, null, error, false);
    }

    private static Forwarder.SessionReport session(String name, String error) {
        return new Forwarder.SessionReport(name, "127.0.0.1:1", 0, 0, error == null ? 100 : 0, 0, 0, 0, error == null, error, false, true);
    }

    private static LoopbackDay.Outcome day(long received, List<Forwarder.SessionReport> sessions, List<ClientStream.Result> clients) {
        return new LoopbackDay.Outcome(new Forwarder.Report(100, received, 0, 0, 0, 0, sessions, List.of(), null, 0, null), clients);
    }

    @Test
    void aWholeDayPassesAndAShortOneFails() {
        List<Forwarder.SessionReport> sessions = NAMES.stream().map(n -> session(n, null)).toList();
        assertFalse(WarmUp.failed(day(100, sessions, List.of(whole(), whole(), whole())), NAMES, 100));
        assertTrue(WarmUp.failed(day(99, sessions, List.of(whole(), whole(), whole())), NAMES, 100));
    }

    @Test
    void aClientTheRingLappedMidSendDoesNotFailTheWarmUp() {
        List<Forwarder.SessionReport> sessions = List.of(session("warm-up-1", null), session("warm-up-2", null), session("warm-up-late", LAPPED));
        assertFalse(WarmUp.failed(day(100, sessions, List.of(whole(), whole(), cut("stream ended after 0 messages"))), NAMES, 100));
    }

    @Test
    void aClientCutForAnyOtherReasonFailsIt() {
        String reset = "connection to client warm-up-2 127.0.0.1:1 failed: Connection reset by peer";
        List<Forwarder.SessionReport> sessions = List.of(session("warm-up-1", null), session("warm-up-2", reset), session("warm-up-late", null));
        assertTrue(WarmUp.failed(day(100, sessions, List.of(whole(), cut("stream ended after 0 messages"), whole())), NAMES, 100));
        // another client's lap does not excuse this one
        List<Forwarder.SessionReport> other = List.of(session("warm-up-1", null), session("warm-up-2", null), session("warm-up-late", LAPPED));
        assertTrue(WarmUp.failed(day(100, other, List.of(whole(), cut("gap"), cut("stream ended"))), NAMES, 100));
    }
}
