package dev.perflab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --place}: which host each role runs on (named, followed from the role it connects to, or local), what one
 * machine cannot play, each bad value in one line; and the clock probe, whose offset on one machine (one kernel
 * clock) must lie within the bound it states.
 */
class PlacementTest {
    /** The forwarder scenario's roles: everyone connects to the forwarder. */
    private static final List<Role> ROLES = List.of(
            new Role("forwarder", true, null, ""),
            new Role("client", false, "forwarder", ""),
            new Role("simulator", false, "forwarder", ""),
            new Role("late", false, "forwarder", ""));

    @Test
    void anUnnamedRoleRunsWithTheRoleItConnectsTo() {
        Placement.Placed placed = Placement.parse("forwarder=hostA,client=hostB").resolve(ROLES);
        assertEquals(Map.of("forwarder", "hostA", "client", "hostB", "simulator", "hostA", "late", "hostA"), placed.hosts());
        assertEquals(List.of("hostA", "hostB"), placed.distinctHosts());
        assertEquals(List.of("forwarder", "simulator", "late"), placed.rolesOn("hostA"));
        assertTrue(!placed.local());
        assertTrue(Placement.parse("forwarder=local").resolve(ROLES).local(), "every role local: a run as without --place");
        assertEquals("hostB", Placement.parse("client=hostB,forwarder=hostB").resolve(ROLES).hostOf("late"));
    }

    @Test
    void whatOneMachineCannotPlayIsOneLine() {
        assertTrue(refused("forwarder=a,client=b,late=c").contains("at most 2 named hosts"), refused("forwarder=a,client=b,late=c"));
        assertTrue(refused("client=hostB").contains("cannot reach a role on a named host"), refused("client=hostB"));
        assertTrue(refused("collector=a").contains("no role 'collector' in this scenario; its roles: forwarder, client, simulator, late"));
    }

    private static String refused(String spec) {
        String message = assertThrows(IllegalArgumentException.class, () -> Placement.parse(spec).resolve(ROLES)).getMessage();
        assertEquals(1, message.lines().count(), message);
        return message;
    }

    @Test
    void badValuesAreOneLine() {
        for (String bad : List.of("forwarder", "forwarder=", "=a", "forwarder=a,,client=b", "forwarder=a b", "forwarder=a,forwarder=b")) {
            String message = assertThrows(IllegalArgumentException.class, () -> Placement.parse(bad), bad).getMessage();
            assertEquals(1, message.lines().count(), message);
        }
    }

    @Test
    void localHostsAreThisMachinesLoopback() {
        PlacedHosts hosts = PlacedHosts.local(ROLES);
        assertTrue(hosts.local());
        assertEquals("127.0.0.1", hosts.address("client"));
        assertEquals(List.of(), hosts.prefix("forwarder"));
        assertEquals(ClockOffsets.oneHost("local").between("local", "local").nanos(), 0);
    }

    /** One machine, one clock: the true offset is 0, so the measured one must be within its own ± bound. */
    @Test
    @Timeout(60)
    void theClockOffsetOnOneMachineIsZeroWithinItsBound() throws Exception {
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            CompletableFuture<Integer> served = CompletableFuture.supplyAsync(() -> {
                try {
                    return ClockProbe.serve(server, 1);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            ClockProbe.Offset o = ClockProbe.probe((InetSocketAddress) server.getLocalSocketAddress(), 20);
            assertEquals(20, served.get());
            assertEquals(20, o.samples());
            assertTrue(o.roundTripNanos() >= 0 && o.uncertaintyNanos() * 2 >= o.roundTripNanos(), o.toString());
            assertTrue(Math.abs(o.offsetNanos()) <= o.uncertaintyNanos(), "offset within its bound: " + o);
        }
    }

    @Test
    void aLatencyCarriesTheDifferenceOfItsTwoHostsOffsets() {
        ClockOffsets clocks = new ClockOffsets("a", Map.of("b", new ClockProbe.Offset(-3_000, 500, 1_000, 10),
                "c", new ClockProbe.Offset(2_000, 200, 400, 10)));
        ClockOffsets.Pair ab = clocks.between("a", "b");
        assertEquals(3_000, ab.nanos(), "b − a: the probe measured a − b = −3 µs");
        assertEquals(500, ab.uncertaintyNanos());
        ClockOffsets.Pair bc = clocks.between("b", "c");
        assertEquals(-2_000 - 3_000, bc.nanos(), "c − b = (c − a) − (b − a)");
        assertEquals(700, bc.uncertaintyNanos(), "both bounds add");
        assertEquals("b − a = +3.0 µs ± 0.5 µs", ab.describe());
        assertTrue(clocks.between("c", "c").describe().startsWith("same host"));
    }
}
