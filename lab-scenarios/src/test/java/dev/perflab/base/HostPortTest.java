package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** {@code HOST:PORT}, the converter every --bind and --connect shares (SHA-256 pipeline, socket pump, brick mover). */
class HostPortTest {
    private final HostPort hostPort = new HostPort();

    @Test
    void aHostAndAPortBecomeAResolvedAddress() {
        InetSocketAddress address = hostPort.convert("127.0.0.1:7301");
        assertEquals("127.0.0.1", address.getAddress().getHostAddress());
        assertEquals(7301, address.getPort());
        assertEquals(0, hostPort.convert("127.0.0.1:0").getPort(), "port 0: any free port, for --bind");
    }

    @Test
    void badValuesSayWhatIsWrongInOneLine() {
        assertEquals("'7301' is not HOST:PORT, e.g. 127.0.0.1:7301",
                assertThrows(TypeConversionException.class, () -> hostPort.convert("7301")).getMessage());
        assertEquals("port in '127.0.0.1:x' is not a number",
                assertThrows(TypeConversionException.class, () -> hostPort.convert("127.0.0.1:x")).getMessage());
        assertEquals("port 70000 in '127.0.0.1:70000' is outside 0..65535",
                assertThrows(TypeConversionException.class, () -> hostPort.convert("127.0.0.1:70000")).getMessage());
    }
}
