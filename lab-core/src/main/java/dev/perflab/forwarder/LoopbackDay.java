package dev.perflab.forwarder;

import dev.perflab.net.Sockets;
import dev.perflab.pump.WireDay;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The forwarder end to end in one JVM, over loopback: what {@link ForwarderContract} and the tests drive.
 * {@code ./lab run forwarder} runs the same three parts as separate processes.
 *
 * <pre>
 *   forwarder thread (Forwarder.run) ◀── on-time client threads (subscribe first; a mid-day joiner too, held
 *                                        by the forwarder until its join point)
 *                                    ◀── simulator (the caller's Send, on the calling thread)
 *                                    ◀── late client threads (subscribe after the Simulator finished)
 * </pre>
 *
 * Liveness: everything ends by the deadline (the forwarder closes its sockets; clients' reads give up).
 */
public final class LoopbackDay {
    /**
     * One client: its name, how slow it reads, whether it joins after the Simulator finished, whether it quits
     * (resets its connection) right after subscribing, as a killed client process does, and the message count at
     * which the forwarder starts its session (0: at once).
     */
    public record ClientPlan(String name, long slowNanosPerMessage, boolean late, boolean quits, long joinAtMessage) {
        public static ClientPlan onTime(String name) {
            return new ClientPlan(name, 0, false, false, 0);
        }

        public static ClientPlan late(String name) {
            return new ClientPlan(name, 0, true, false, 0);
        }

        /** Subscribes before the day, joins once {@code message} messages are published: a late joiner on a live day. */
        public static ClientPlan midDay(String name, long message) {
            return new ClientPlan(name, 0, false, false, message);
        }

        public static ClientPlan slow(String name, long nanosPerMessage) {
            return new ClientPlan(name, nanosPerMessage, false, false, 0);
        }

        public static ClientPlan quitter(String name) {
            return new ClientPlan(name, 0, false, true, 0);
        }

        /** Subscribes, then never reads and never closes, as a frozen (SIGSTOP) client process does. */
        public static ClientPlan frozen(String name) {
            return new ClientPlan(name, FROZEN, false, false, 0);
        }

        /** {@link #slowNanosPerMessage} of a client that reads nothing at all. */
        static final long FROZEN = Long.MAX_VALUE;
    }

    /** What the forwarder and each client (in plan order) reported. */
    public record Outcome(Forwarder.Report forwarder, List<ClientStream.Result> clients) {
    }

    /** What the Simulator does against the forwarder's address. */
    @FunctionalInterface
    public interface Send {
        void to(InetSocketAddress forwarder) throws IOException;
    }

    /** What the Simulator does, watching the forwarder while it sends (fault tests: break something mid-day). */
    @FunctionalInterface
    public interface WatchingSend {
        void to(InetSocketAddress address, Forwarder forwarder) throws IOException;
    }

    private LoopbackDay() {
    }

    /** The config's Simulator sends {@code day} once. */
    public static Send simulator(ForwarderConfig config, WireDay day) {
        return to -> {
            try (dev.perflab.pump.Pump.Sender sender = config.simulator().connect(to, day)) {
                sender.sendDay();
            }
        };
    }

    public static Outcome run(ForwarderConfig config, List<ClientPlan> plans, Send simulator, Duration deadline) throws Exception {
        return run(config, plans, (address, forwarder) -> simulator.to(address), deadline, null);
    }

    /**
     * @param dbUrl the history database (null: H2 of its own, in memory); a test that opens its own connection to
     *              a named in-memory database can close that database mid-day
     */
    public static Outcome run(ForwarderConfig config, List<ClientPlan> plans, WatchingSend simulator, Duration deadline, String dbUrl)
            throws Exception {
        long deadlineNanos = System.nanoTime() + deadline.toNanos();
        try (ServerSocketChannel server = Forwarder.listen(new InetSocketAddress("127.0.0.1", 0));
             Forwarder.Stores stores = Forwarder.Stores.open(config, dbUrl, null)) {
            InetSocketAddress address = (InetSocketAddress) server.getLocalAddress();
            Forwarder forwarder = new Forwarder(server, config, stores, plans.size(), deadlineNanos, line -> { });
            CompletableFuture<Forwarder.Report> report = CompletableFuture.supplyAsync(() -> {
                try {
                    return forwarder.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            });
            List<CompletableFuture<ClientStream.Result>> clients = new ArrayList<>();
            for (ClientPlan plan : plans) {
                clients.add(plan.late() ? null : client(address, plan, deadlineNanos));
            }
            awaitSubscriptions(forwarder, (int) plans.stream().filter(p -> !p.late()).count(), deadlineNanos);
            try {
                simulator.to(address, forwarder);
            } catch (IOException e) {
                // the forwarder may close a bad feed before the Simulator is done: its report says why
            }
            for (int i = 0; i < plans.size(); i++) {
                if (plans.get(i).late()) {
                    clients.set(i, client(address, plans.get(i), deadlineNanos));
                }
            }
            List<ClientStream.Result> results = new ArrayList<>();
            for (CompletableFuture<ClientStream.Result> c : clients) {
                results.add(await(c, deadlineNanos));
            }
            return new Outcome(await(report, deadlineNanos), results);
        }
    }

    /** The on-time clients subscribe before the Simulator starts, as {@code ./lab run forwarder} makes them. */
    private static void awaitSubscriptions(Forwarder forwarder, int clients, long deadlineNanos) throws InterruptedException {
        while (forwarder.subscriptions() < clients && System.nanoTime() - deadlineNanos < 0) {
            Thread.sleep(1);
        }
    }

    private static CompletableFuture<ClientStream.Result> client(InetSocketAddress address, ClientPlan plan, long deadlineNanos) {
        CompletableFuture<ClientStream.Result> result = new CompletableFuture<>();
        Thread t = new Thread(() -> result.complete(plan.quits() ? quit(address, plan.name())
                : plan.slowNanosPerMessage() == ClientPlan.FROZEN ? freeze(address, plan.name(), deadlineNanos)
                : ClientStream.run(address, new Subscription(1, plan.joinAtMessage(), plan.name()), plan.slowNanosPerMessage(), null,
                        deadlineNanos)),
                "client-" + plan.name());
        t.setDaemon(true);
        t.start();
        return result;
    }

    /** Subscribes, reads the first byte of the day, then resets the connection (SO_LINGER 0), as a killed process's socket does. */
    private static ClientStream.Result quit(InetSocketAddress address, String name) {
        try (java.net.Socket socket = Sockets.connect(address, "forwarder")) {
            socket.getOutputStream().write(new Subscription(1, name).encode());
            socket.getInputStream().read();
            socket.setSoLinger(true, 0);
        } catch (IOException e) {
            // quitting anyway
        }
        return new ClientStream.Result(-1, 0, 0, 0, 0, 0, 0, null, "quit", false);
    }

    /**
     * Subscribes and then holds the connection without reading until the deadline, on a thread of its own; the
     * result comes at once, so the day's end is the forwarder's doing.
     */
    private static ClientStream.Result freeze(InetSocketAddress address, String name, long deadlineNanos) {
        try {
            java.net.Socket socket = Sockets.connect(address, "forwarder");
            socket.getOutputStream().write(new Subscription(1, name).encode());
            Thread holder = new Thread(() -> {
                try (socket) {
                    Thread.sleep(Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000));
                } catch (IOException | InterruptedException e) {
                    // the socket goes with the thread
                }
            }, "frozen-" + name);
            holder.setDaemon(true);
            holder.start();
        } catch (IOException e) {
            // frozen anyway
        }
        return new ClientStream.Result(-1, 0, 0, 0, 0, 0, 0, null, "frozen", false);
    }

    /** Waits until the deadline plus the forwarder's own stopping time. */
    private static <T> T await(CompletableFuture<T> future, long deadlineNanos) throws InterruptedException, ExecutionException {
        long left = deadlineNanos - System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2 * Forwarder.JOIN_MILLIS + 1_000);
        try {
            return future.get(Math.max(1, left), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("a part of the forwarder did not end by the deadline");
        }
    }
}
