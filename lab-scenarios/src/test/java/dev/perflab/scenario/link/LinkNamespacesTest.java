package dev.perflab.scenario.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The rate parser everywhere; the link itself only where {@link LinkNamespaces#unavailableReason()} says
 * namespaces can be made (root with CAP_NET_ADMIN and CAP_SYS_ADMIN, iproute2). Elsewhere those tests are
 * reported as skipped with the reason, never as passed.
 */
class LinkNamespacesTest {
    /** 8 MiB: at 100 Mbit/s about 0.65 s, long enough that the 256 KiB bucket cannot hide the limit. */
    private static final long TRANSFER_BYTES = 8L * 1024 * 1024;
    private static final Pattern RECEIVED = Pattern.compile("received (\\d+) bytes in [\\d.]+ s = ([\\d.]+) Mbit/s");

    @Test
    void ratesParseWithTheirUnits() {
        assertEquals(100_000_000L, LinkNamespaces.parseBitsPerSecond("100mbit"));
        assertEquals(1_000_000_000L, LinkNamespaces.parseBitsPerSecond("1gbit"));
        assertEquals(10_000_000L, LinkNamespaces.parseBitsPerSecond("10mbit"));
        assertEquals(2_500_000_000L, LinkNamespaces.parseBitsPerSecond("2.5gbit"));
        assertEquals(1_000_000_000L, LinkNamespaces.parseBitsPerSecond(" 1GBit "));
        assertEquals(500_000L, LinkNamespaces.parseBitsPerSecond("500kbit"));
    }

    @Test
    void badRatesAreRejectedInOneLineNamingTheRate() {
        for (String bad : List.of("", "100", "fast", "100mb", "100 mbit", "-1mbit", "0mbit", "1e3mbit", "1.mbit", "100mbps")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LinkNamespaces.parseBitsPerSecond(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> LinkNamespaces.parseBitsPerSecond(null));
        assertThrows(IllegalArgumentException.class, () -> LinkNamespaces.create("fast"));
    }

    @Test
    void ratesPrintWithTheirUnit() {
        assertEquals("100 Mbit/s", LinkNamespaces.formatRate(100_000_000L));
        assertEquals("2.5 Gbit/s", LinkNamespaces.formatRate(2_500_000_000L));
        assertEquals("500 kbit/s", LinkNamespaces.formatRate(500_000L));
    }

    @Test
    void theReasonIsOneLineAndTheProbeLeavesNoNamespace() throws Exception {
        Optional<String> reason = LinkNamespaces.unavailableReason();
        reason.ifPresent(r -> assertFalse(r.isBlank() || r.contains("\n"), r));
        Optional<String> ip = LinkCommands.find("ip");
        assumeTrue(ip.isPresent(), "skipped: no 'ip' binary to list namespaces with");
        try {
            String listed = LinkCommands.run(List.of(ip.get(), "netns", "list"));
            assertFalse(listed.contains("perflab-probe-" + ProcessHandle.current().pid() + "-"), listed);
        } catch (java.io.IOException e) {
            assumeTrue(false, "skipped: cannot list namespaces: " + e.getMessage());
        }
    }

    /** Both namespaces exist while the link is open, 8 MiB cross it intact and no faster than the rate, both go at close. */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aLinkIsMadeCarriesTcpAtItsRateAndIsRemoved() throws Exception {
        Optional<String> unavailable = LinkNamespaces.unavailableReason();
        assumeTrue(unavailable.isEmpty(), () -> "skipped: " + unavailable.orElse(""));
        String ip = LinkCommands.find("ip").orElseThrow();
        List<String> names;
        try (LinkNamespaces link = LinkNamespaces.create("100mbit")) {
            names = link.namespaces();
            String during = LinkCommands.run(List.of(ip, "netns", "list"));
            names.forEach(ns -> assertTrue(during.contains(ns), during));
            assertEquals(List.of(ip, "netns", "exec", names.get(0)), link.prefix(LinkNamespaces.Side.SENDER));
            assertEquals(List.of(ip, "netns", "exec", names.get(1)), link.prefix(LinkNamespaces.Side.RECEIVER));
            assertEquals("10.213.0.2", link.receiverAddress());
            assertEquals(100_000_000L, link.bitsPerSecond());
            assertEquals(100_000_000.0 / (44 * 8), link.operationsPerSecond(44), 1e-6);
            assertTrue(link.describe().contains("tbf 100 Mbit/s"), link.describe());
            String qdisc = LinkCommands.run(List.of(ip, "netns", "exec", names.get(1), LinkCommands.find("tc").orElseThrow(), "qdisc", "show", "dev", "veth-recv"));
            assertTrue(qdisc.contains("tbf") && qdisc.contains("rate 100Mbit"), qdisc);

            String line = LinkTcpProbe.across(link, TRANSFER_BYTES, 30);
            System.out.println(link.describe() + ": " + line);
            Matcher m = RECEIVED.matcher(line);
            assertTrue(m.matches(), line);
            assertEquals(TRANSFER_BYTES, Long.parseLong(m.group(1)), line);
            // the bucket lets 256 KiB through at once; the rest waits for tokens: at most ~103 Mbit/s overall
            assertTrue(Double.parseDouble(m.group(2)) < 110, "faster than a 100 Mbit/s link can be: " + line);

            link.close();
            link.close(); // idempotent
        }
        String after = LinkCommands.run(List.of(ip, "netns", "list"));
        names.forEach(ns -> assertFalse(after.contains(ns), after));
    }
}
