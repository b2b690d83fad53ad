package dev.perflab.cli.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LinkNamespacesTest {
    @Test
    void ratesParseWithTheirUnits() {
        assertEquals(100_000_000L, LinkNamespaces.parseBitsPerSecond("100mbit"));
        assertEquals(1_000_000_000L, LinkNamespaces.parseBitsPerSecond("1gbit"));
        assertEquals(2_500_000_000L, LinkNamespaces.parseBitsPerSecond("2.5GBIT"));
        assertEquals(500_000L, LinkNamespaces.parseBitsPerSecond("500kbit"));
        for (String bad : List.of("100", "fast", "100mb", "-1mbit", "0mbit")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LinkNamespaces.parseBitsPerSecond(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    /** Where namespaces can be made: both exist while the link is open, a TCP stream crosses it, both go at close. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aLinkIsMadeCarriesTcpAndIsRemoved() throws Exception {
        Optional<String> unavailable = LinkNamespaces.unavailableReason();
        assumeTrue(unavailable.isEmpty(), () -> "skipped: " + unavailable.orElse(""));
        List<String> names;
        try (LinkNamespaces link = LinkNamespaces.create("100mbit")) {
            names = link.namespaces();
            String listed = LinkNamespaces.run(List.of("ip", "netns", "list"));
            names.forEach(ns -> assertTrue(listed.contains(ns), listed));
            assertEquals(100_000_000L / (44.0 * 8), link.theoreticalTasksPerSecond(), 1e-6);
            // a tiny TCP exchange through the veth pair: a listener on the executor side, a client on the other
            Process server = new ProcessBuilder(concat(link.executorPrefix(), "python3", "-c",
                    "import socket;s=socket.socket();s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1);"
                            + "s.bind(('10.213.0.2',7399));s.listen(1);c,_=s.accept();print(len(c.recv(100)))"))
                    .redirectErrorStream(true).start();
            String sent = "";
            for (int attempt = 0; attempt < 50 && sent.isEmpty(); attempt++) {
                Thread.sleep(100);
                try {
                    LinkNamespaces.run(concat(link.generatorPrefix(), "python3", "-c",
                            "import socket;c=socket.create_connection(('10.213.0.2',7399),2);c.sendall(b'x'*44)"));
                    sent = "yes";
                } catch (IOException notYetListening) {
                    // the listener is still starting
                }
            }
            assertTrue(server.waitFor(10, TimeUnit.SECONDS));
            assertEquals("44", new String(server.getInputStream().readAllBytes()).strip());
        }
        String after = LinkNamespaces.run(List.of("ip", "netns", "list"));
        names.forEach(ns -> assertFalse(after.contains(ns), after));
    }

    private static List<String> concat(List<String> prefix, String... rest) {
        List<String> all = new java.util.ArrayList<>(prefix);
        all.addAll(List.of(rest));
        return all;
    }
}
