package dev.perflab.pump;

import dev.perflab.marketdata.DayFile;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;

/**
 * {@code r0-message-writes}: the report's first forwarder. Each message is one {@code write} and one
 * {@code flush} on the socket's unbuffered stream, and the receiver reads each length, message and
 * checksum with its own small read: one system call (or more) per message on each side, so the rate is
 * bounded by syscalls per second, not by bytes.
 */
public final class MessageWritesPump implements Pump {
    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        Socket socket = Sockets.open(to);
        return new StreamSender(socket, socket.getOutputStream(), day, true);
    }

    @Override
    public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        StreamSender.receiveUnits(accepted.socket().getInputStream(), verifier);
    }

    /** Record-at-a-time sending through a stream (unbuffered here, buffered in r1). */
    static final class StreamSender implements Sender {
        private final Socket socket;
        private final OutputStream out;
        private final WireDay day;
        private final boolean flushEachMessage;

        StreamSender(Socket socket, OutputStream out, WireDay day, boolean flushEachMessage) {
            this.socket = socket;
            this.out = out;
            this.day = day;
            this.flushEachMessage = flushEachMessage;
        }

        @Override
        public void sendDay() throws IOException {
            byte[] image = day.image();
            out.write(image, 0, DayFile.HEADER_BYTES);
            for (int i = 0; i < day.messages(); i++) {
                int at = day.recordOffset(i);
                out.write(image, at, day.recordOffset(i + 1) - at);
                if (flushEachMessage) {
                    out.flush();
                }
            }
            out.flush();
        }

        @Override
        public void close() throws IOException {
            try (socket) {
                out.flush();
            }
        }

        /** Reads header or record one at a time: the length first, then exactly the rest of the record. */
        static void receiveUnits(InputStream in, StreamVerifier verifier) throws IOException, MdfFormatException {
            byte[] unit = new byte[4 + dev.perflab.marketdata.MdfMessage.MAX_BYTES + 4];
            java.nio.ByteBuffer view = java.nio.ByteBuffer.wrap(unit);
            while (true) {
                int want = verifier.expectsHeader() ? DayFile.HEADER_BYTES : 4;
                int got = in.readNBytes(unit, 0, want);
                if (got < want) {
                    verifier.finish(got);
                    return;
                }
                if (!verifier.expectsHeader()) {
                    verifier.consume(view.clear().limit(4)); // throws on a length over the limit
                    int rest = view.getInt(0) + 4;
                    got = in.readNBytes(unit, 4, rest);
                    if (got < rest) {
                        verifier.finish(4 + got);
                        return;
                    }
                    want = 4 + rest;
                }
                verifier.consume(view.clear().limit(want));
            }
        }
    }
}
