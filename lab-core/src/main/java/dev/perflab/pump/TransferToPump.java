package dev.perflab.pump;

import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.StandardOpenOption;

/**
 * {@code r5-transfer-to}: the sender does not touch the bytes at all. {@code FileChannel.transferTo} asks
 * the kernel to move the day file from the page cache to the socket ({@code sendfile} on Linux): no copy
 * into the JVM, no read system call. The receiver is r4's (a direct buffer). This is the Simulator's last
 * rung in the forwarder: the report's simulator read its file at the disk's pace.
 */
public final class TransferToPump implements Pump {
    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        SocketChannel channel = Sockets.openChannel(to);
        FileChannel file = FileChannel.open(day.file(), StandardOpenOption.READ);
        return new Sender() {
            @Override
            public void sendDay() throws IOException {
                long size = file.size();
                for (long at = 0; at < size; ) {
                    at += file.transferTo(at, size - at, channel);
                }
            }

            @Override
            public void close() throws IOException {
                try (file) {
                    channel.close();
                }
            }
        };
    }

    @Override
    public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        NioDirectGatheringPump.receiveDirect(accepted, verifier);
    }
}
