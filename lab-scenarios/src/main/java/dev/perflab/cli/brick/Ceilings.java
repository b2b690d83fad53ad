package dev.perflab.cli.brick;

import dev.perflab.net.Sockets;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The machine's own limits for the mover, measured in the same run on the same file: reading the file once
 * (one thread, a 1 MiB direct buffer; the file was just written, so this is the page cache's speed) and
 * pushing bytes through one loopback TCP connection (1 MiB writes, one reader thread). A rung cannot beat
 * the slower of the two by much; both are single measurements, no error bar.
 */
final class Ceilings {
    static final int BUFFER_BYTES = 1 << 20;
    /** Bytes pushed through loopback: the file's size, at most this. */
    static final long MAX_LOOPBACK_BYTES = 512L << 20;

    record Measured(double fileMbPerSecond, double loopbackMbPerSecond, long loopbackBytes) {
    }

    private Ceilings() {
    }

    static Measured measure(Path file) throws IOException, InterruptedException {
        long fileBytes = 0;
        long start = System.nanoTime();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER_BYTES);
            for (int n; (n = ch.read(buf)) >= 0; buf.clear()) {
                fileBytes += n;
            }
        }
        double fileSeconds = (System.nanoTime() - start) / 1e9;
        long loopbackBytes = Math.max(BUFFER_BYTES, Math.min(fileBytes, MAX_LOOPBACK_BYTES));
        return new Measured(fileBytes / 1e6 / fileSeconds, loopback(loopbackBytes) / 1e6, loopbackBytes);
    }

    /** Bytes per second through one loopback connection. */
    static double loopback(long bytes) throws IOException, InterruptedException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long[] received = {0};
            Thread reader = new Thread(() -> {
                try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
                    byte[] buf = new byte[BUFFER_BYTES];
                    for (int n; (n = in.read(buf)) >= 0; ) {
                        received[0] += n;
                    }
                } catch (IOException ignored) {
                    // the count stays short and the figure says so below
                }
            }, "brick-ceiling-reader");
            reader.start();
            long start = System.nanoTime();
            try (Socket s = Sockets.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort())); OutputStream out = s.getOutputStream()) {
                byte[] buf = new byte[BUFFER_BYTES];
                for (long sent = 0; sent < bytes; sent += buf.length) {
                    out.write(buf, 0, (int) Math.min(buf.length, bytes - sent));
                }
            }
            reader.join();
            double seconds = (System.nanoTime() - start) / 1e9;
            return received[0] / seconds;
        }
    }
}
