package dev.perflab.pump;

import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;

/**
 * {@code r1-buffered-streams}: r0's code behind a {@code BufferedOutputStream} and a
 * {@code BufferedInputStream} as large as the socket's own send and receive buffers. Messages still go
 * one {@code write} at a time, but into memory: a system call now moves a buffer-full of messages, and
 * the per-message flush is gone (the stream is flushed at the end of each day).
 */
public final class BufferedStreamsPump implements Pump {
    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        Socket socket = Sockets.open(to);
        BufferedOutputStream out = new BufferedOutputStream(socket.getOutputStream(), socket.getSendBufferSize());
        return new MessageWritesPump.StreamSender(socket, out, day, false);
    }

    @Override
    public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        int size = accepted.socket().getReceiveBufferSize();
        MessageWritesPump.StreamSender.receiveUnits(new BufferedInputStream(accepted.socket().getInputStream(), size), verifier);
    }
}
