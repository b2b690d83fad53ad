package dev.perflab.forwarder;

import dev.perflab.pump.Pump;
import dev.perflab.pump.WireDay;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * How the Simulator puts its day on the wire: the same shape as a socket pump's sending side
 * ({@link Pump#connect}), so the pump ladder's senders serve as Simulator rungs unchanged.
 */
@FunctionalInterface
public interface SimulatorSender {
    /** Connects to the forwarder, ready to send {@code day} with {@link Pump.Sender#sendDay()}. */
    Pump.Sender connect(InetSocketAddress forwarder, WireDay day) throws IOException;
}
