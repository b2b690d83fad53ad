package dev.perflab.cli;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses {@code HOST:PORT} (port 0 = any free port, for --bind) into a resolved socket address: the picocli
 * converter of every {@code --bind} and {@code --connect} option (the SHA-256 pipeline's roles, the socket pump's,
 * the brick mover's). A bad value is one line naming it and what was expected (exit 2).
 */
public final class HostPort implements ITypeConverter<InetSocketAddress> {
    @Override
    public InetSocketAddress convert(String value) {
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new TypeConversionException("'" + value + "' is not HOST:PORT, e.g. 127.0.0.1:7301");
        }
        String host = value.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("port in '" + value + "' is not a number");
        }
        if (port < 0 || port > 65_535) {
            throw new TypeConversionException("port " + port + " in '" + value + "' is outside 0..65535");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new TypeConversionException("unknown host '" + host + "' in '" + value + "'");
        }
    }
}
