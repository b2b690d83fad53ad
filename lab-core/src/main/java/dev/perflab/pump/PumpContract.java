package dev.perflab.pump;

import dev.perflab.io.Scratch;
import dev.perflab.ladder.Check;
import dev.perflab.ladder.Contract;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * What every pump must do, over loopback in one JVM: its sender's days arrive whole, in order and
 * byte-exact through its receiver; and its receiver catches a stream that lost, duplicated or corrupted a
 * message, or was cut inside a day, naming the fault. {@code PumpRungsTest} and {@code ./lab check
 * socket-pump --rung ID} run these same checks.
 */
public final class PumpContract implements Contract<Pump> {
    /** Messages in the contract's day: a few hundred KB, a handful of reads per day. */
    static final int MESSAGES = 2_000;
    static final long SEED = 14;
    static final int DAYS = 3;
    /** Where the broken streams break: inside the second day. */
    static final int FAULT_AT = 700;
    private static final long TIMEOUT_SECONDS = 30;

    @Override
    public List<Check> checks(Pump pump) {
        return List.of(
                new Check("threeDaysArriveWholeAndInOrder", () -> daysArriveWhole(pump)),
                new Check("receiverCatchesALostMessage", () -> catches(pump, d -> BrokenStreams.lose(d, FAULT_AT), "gap")),
                new Check("receiverCatchesADuplicate", () -> catches(pump, d -> BrokenStreams.duplicate(d, FAULT_AT), "duplicated")),
                new Check("receiverCatchesACorruptedByte", () -> catches(pump, d -> BrokenStreams.corrupt(d, FAULT_AT), "CRC-32C")),
                new Check("receiverCatchesAStreamCutInsideADay", () -> catches(pump, d -> BrokenStreams.truncate(d, 100), "stream ended")));
    }

    /** The contract's day, in a temporary file deleted after {@code body}. */
    private static <T> T withDay(DayBody<T> body) throws Exception {
        Path file = Scratch.file("pump-contract", ".bin");
        try {
            return body.run(WireDay.generate(MESSAGES, SEED, file));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @FunctionalInterface
    private interface DayBody<T> {
        T run(WireDay day) throws Exception;
    }

    @FunctionalInterface
    private interface Send {
        void to(InetSocketAddress receiver) throws IOException;
    }

    /** Runs {@code pump}'s receiver on a free loopback port against {@code send}; its verifier or its failure. */
    private static StreamVerifier receive(Pump pump, Send send) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            FutureTask<StreamVerifier> receiver = new FutureTask<>(() -> {
                try (SocketChannel accepted = server.accept()) {
                    StreamVerifier verifier = new StreamVerifier("contract stream");
                    pump.receive(accepted, verifier);
                    return verifier;
                }
            });
            Thread thread = new Thread(receiver, "pump-contract-receiver");
            thread.setDaemon(true);
            thread.start();
            try {
                send.to((InetSocketAddress) server.getLocalAddress());
            } catch (IOException sendFailed) {
                // a receiver that failed closes the connection under the sender: its failure is the one to name
                try {
                    receiver.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException receiverFailed) {
                    throw receiverFailed;
                } catch (TimeoutException stillRunning) {
                    thread.interrupt();
                }
                throw sendFailed;
            }
            try {
                return receiver.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                thread.interrupt();
                throw new AssertionError("the receiver did not finish within " + TIMEOUT_SECONDS + " s");
            }
        }
    }

    private static void daysArriveWhole(Pump pump) throws Exception {
        withDay(day -> {
            StreamVerifier v;
            try {
                v = receive(pump, to -> {
                    try (Pump.Sender sender = pump.connect(to, day)) {
                        for (int d = 0; d < DAYS; d++) {
                            sender.sendDay();
                        }
                    }
                });
            } catch (ExecutionException e) {
                throw new AssertionError("the receiver failed on a good stream: " + e.getCause(), e.getCause());
            }
            if (v.messages() != (long) DAYS * day.messages() || v.days() != DAYS || v.bytes() != (long) DAYS * day.bytes()) {
                throw new AssertionError("expected " + DAYS + " days of " + day.messages() + " messages (" + DAYS * (long) day.bytes()
                        + " bytes); verified " + v.days() + " days, " + v.messages() + " messages, " + v.bytes() + " bytes");
            }
            return v;
        });
    }

    /** A good day then a broken one, written by a plain socket: the receiver must fail naming the fault in day 2. */
    private static void catches(Pump pump, Function<WireDay, byte[]> broken, String expected) throws Exception {
        withDay(day -> {
            try {
                receive(pump, to -> {
                    try (Socket socket = Sockets.open(to)) {
                        OutputStream out = socket.getOutputStream();
                        out.write(day.image());
                        out.write(broken.apply(day));
                    } catch (IOException closedFirst) {
                        // the receiver may stop at the fault and close before the last bytes: it has seen them
                    }
                });
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof MdfFormatException && cause.getMessage().contains(expected) && cause.getMessage().contains("day 2")) {
                    return null;
                }
                throw new AssertionError("expected a fault naming '" + expected + "' in day 2; got " + cause, cause);
            }
            throw new AssertionError("the receiver accepted a stream with a fault ('" + expected + "' expected)");
        });
    }
}
