package dev.perflab.base;

import dev.perflab.net.Endpoint;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses {@code HOST:PORT} or {@code unix:PATH} ({@link Endpoint}): the picocli converter of the SHA-256
 * pipeline roles' {@code --bind} and {@code --connect}, which take either. A bad value is one line naming it
 * and what was expected (exit 2).
 */
public final class EndpointArg implements ITypeConverter<Endpoint> {
    @Override
    public Endpoint convert(String value) {
        return parse(value);
    }

    private static Endpoint parse(String value) {
        try {
            return Endpoint.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
