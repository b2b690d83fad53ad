package dev.perflab.forwarder;

import dev.perflab.net.Sockets;
import dev.perflab.pump.Pump;
import dev.perflab.pump.WireDay;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;

/**
 * Simulator rung {@code r0-file-streamed}: the report's Simulator, which read its day file as it sent it.
 * Each record is read from the file (through an {@value #FILE_BUFFER_BYTES}-byte buffered stream, the JDK's
 * default) and written to the socket on its own: a read call per record and a write system call per
 * message, so the sender, not the network, sets the pace (the report's ~22 MB/s).
 *
 * <pre>
 *   day file ──read header, then (length, message, CRC) × N──▶ one socket write each ──▶ forwarder
 * </pre>
 */
public final class FileStreamedSender implements SimulatorSender {
    static final int FILE_BUFFER_BYTES = 8 * 1024;
    private static final int HEADER_BYTES = dev.perflab.marketdata.DayFile.HEADER_BYTES;
    private static final int MAX_RECORD_BYTES = 4 + dev.perflab.marketdata.MdfMessage.MAX_BYTES + 4;

    @Override
    public Pump.Sender connect(InetSocketAddress forwarder, WireDay day) throws IOException {
        Socket socket = Sockets.open(forwarder);
        socket.setTcpNoDelay(true);
        OutputStream out = socket.getOutputStream();
        return new Pump.Sender() {
            @Override
            public void sendDay() throws IOException {
                byte[] record = new byte[MAX_RECORD_BYTES];
                try (InputStream file = new BufferedInputStream(Files.newInputStream(day.file()), FILE_BUFFER_BYTES);
                     DataInputStream in = new DataInputStream(file)) {
                    in.readFully(record, 0, HEADER_BYTES);
                    out.write(record, 0, HEADER_BYTES);
                    for (int i = 0; i < day.messages(); i++) {
                        int length = in.readInt();
                        // the day was checked when it was loaded (WireDay); a length beyond a record is a changed file
                        if (length < 0 || length > MAX_RECORD_BYTES - 8) {
                            throw new IOException(day.file() + ": message " + (i + 1) + " has length " + length + "; the file changed while sending");
                        }
                        java.nio.ByteBuffer.wrap(record).putInt(0, length);
                        in.readFully(record, 4, length + 4);
                        out.write(record, 0, length + 8);
                    }
                }
            }

            @Override
            public void close() throws IOException {
                socket.close();
            }
        };
    }
}
