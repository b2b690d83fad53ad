package dev.perflab.pump;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;

/**
 * One rung of the socket-pump ladder: how a day of messages goes out of the sender and comes into the
 * receiver. The receiving socket is always accepted from a {@code ServerSocketChannel}; a stream rung reads
 * its {@code InputStream}, a channel rung reads the channel. Every receiver feeds a {@link StreamVerifier}.
 *
 * <pre>
 *   sender process                               receiver process
 *   connect(to, day) ─▶ sendDay() × N ─▶ close ──TCP──▶ receive(accepted, verifier) until EOF
 * </pre>
 */
public interface Pump {
    /** Opens this rung's kind of connection to {@code to}, ready to send {@code day}. */
    Sender connect(InetSocketAddress to, WireDay day) throws IOException;

    /** Reads {@code accepted} to its end through {@code verifier} (which throws at the first bad record). */
    void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, dev.perflab.marketdata.MdfFormatException;

    /** One connection's sending side. One thread. */
    interface Sender extends Closeable {
        /** Sends one whole day (header and every record). */
        void sendDay() throws IOException;
    }
}
