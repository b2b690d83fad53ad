package dev.perflab.base;

import dev.perflab.net.Endpoint;
import java.net.InetSocketAddress;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses {@code HOST:PORT} (port 0 = any free port, for --bind) into a resolved socket address: the picocli
 * converter of the TCP-only {@code --bind} and {@code --connect} options (the socket pump's, the forwarder's,
 * the brick mover's; the SHA-256 pipeline's roles also take {@code unix:PATH}, {@link EndpointArg}). A bad value is one line naming it and what was expected (exit 2).
 */
public final class HostPort implements ITypeConverter<InetSocketAddress> {
    @Override
    public InetSocketAddress convert(String value) {
        try {
            return Endpoint.parseHostPort(value, "HOST:PORT");
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
