package dev.perflab.scenario.link;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rate-limited link any scenario can put between two of its roles (e.g. {@code ./lab run sha-pipeline
 * --link RATE}): two network namespaces the lab makes and deletes itself, a {@link Side#SENDER sender} side and a
 * {@link Side#RECEIVER receiver} side, joined by a veth pair whose two ends each send through a token-bucket
 * filter (tbf). The sender side's roles connect across the link to a role listening on the receiver side;
 * the receiver side's roles talk among themselves on its own loopback.
 *
 * <pre>
 *   netns perflab-send-PID                netns perflab-recv-PID
 *  ┌──────────────────────────┐          ┌──────────────────────────────────────┐
 *  │ sender-side role         │          │ listening role ──lo──▶ further roles │
 *  │ (SHA: generator)         │          │ (SHA: executor ──▶ collector)        │
 *  │      │                   │   veth   │      ▲          127.0.0.1            │
 *  │      ▼                   │   pair   │      │                               │
 *  │ veth-send 10.213.0.1/30 ─┼── RATE ─▶┼── veth-recv 10.213.0.2/30            │
 *  │  └ root qdisc: tbf RATE  │◀─ RATE ──┼─  └ root qdisc: tbf RATE             │
 *  │ lo up                    │          │ lo up                                │
 *  └──────────────────────────┘          └──────────────────────────────────────┘
 * </pre>
 *
 * Only the sender → receiver hop crosses the link (the SHA pipeline's generator → executor hop, as in the
 * report, where one host had a 100 Mbit NIC). Each tbf shapes its end's egress, so both directions are
 * limited to RATE; {@link #operationsPerSecond(int)} is the most a given size of operation can reach.
 *
 * <p>Containment: the veth pair is created inside the sender namespace with its peer placed straight into the
 * receiver namespace, so it never appears in the host's namespace; the /30 exists only on this pair, and nothing
 * routes out of either namespace. Two lab runs at once get two pairs of namespaces that cannot see each other,
 * so they may both use 10.213.0.0/30. Deleting a namespace deletes its veth end, and the peer goes with it.
 *
 * <p>Token bucket, and why these numbers. tbf lets a packet out only when the bucket holds as many tokens as
 * the packet has bytes; tokens accrue at RATE up to {@code burst} bytes. A small bucket caps bulk TCP below
 * RATE for two reasons: where the qdisc watchdog fires once per timer tick, the bucket must hold what the
 * rate delivers in a tick (rate / HZ: 500 KB at 1 Gbit/s with HZ=250, 1.25 MB with HZ=100), or the link idles
 * for the rest of each tick; and veth hands tbf GSO super-packets of up to 64 KiB, which tbf must split
 * (and wake up for) when they exceed the bucket. Bulk TCP's goodput through a 1 Gbit/s link kept rising with the
 * bucket up to about a tick's worth of bytes, and through a 100 Mbit/s link it was near the wire's ceiling from a
 * few KB on (the goodput per burst size, and the machine: the LinkNamespaces section of the from-code-comments log
 * in docs/measurements/README.md). So {@code burst} is the larger of {@link #BURST_WINDOW_MILLIS} at the rate (one
 * tick even at HZ=100) and {@link #MIN_BURST_BYTES}: 256 KiB at 100 Mbit/s, 1.25 MB at 1 Gbit/s; with these,
 * {@link LinkTcpProbe} and the pipeline's batch rung reach close to the link's rate. {@code latency}
 * ({@link #QUEUE_LATENCY_MILLIS}) bounds the queue behind the bucket: long enough that TCP can keep the link full
 * without tail drops; a shorter queue measured the same.
 *
 * <p>Threads: {@link #create} and the accessors from the orchestrating thread; {@link #close} from that thread
 * or from the JVM shutdown hook (Ctrl-C), serialised by the instance lock, and idempotent.
 */
public final class LinkNamespaces implements AutoCloseable {
    /** Which end of the link a process runs behind. */
    /** The side that connects across the link, and the side that listens. */
    public enum Side { SENDER, RECEIVER }

    /** Bucket size as time at the link's rate: ≥ one tick at HZ=100 (10 ms), the coarsest common kernel. */
    static final long BURST_WINDOW_MILLIS = 10;
    /** Bucket floor: several 64 KiB GSO segments, so slow links are not held below rate by segmenting. */
    static final long MIN_BURST_BYTES = 256 * 1024;
    /** Longest a packet may wait in tbf's queue before it is dropped. */
    static final long QUEUE_LATENCY_MILLIS = 100;
    /** Bytes of one task on the wire, for {@link #theoreticalTasksPerSecond()}. */

    public static final String SENDER_ADDRESS = "10.213.0.1";
    public static final String RECEIVER_ADDRESS = "10.213.0.2";
    private static final int PREFIX_LENGTH_BITS = 30;
    private static final String SENDER_DEVICE = "veth-send";
    private static final String RECEIVER_DEVICE = "veth-recv";

    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)(kbit|mbit|gbit)");
    private static final int CAP_NET_ADMIN = 12;
    private static final int CAP_SYS_ADMIN = 21;
    /** Second and later links in one JVM (tests) get a suffix, so names stay unique. */
    private static final AtomicInteger LINKS_MADE = new AtomicInteger();
    private static final AtomicInteger PROBES_MADE = new AtomicInteger();

    private final String ip;
    private final String tc;
    private final String rate;
    private final long bitsPerSecond;
    private final String senderNs;
    private final String receiverNs;
    private final Thread cleanupOnExit;
    private boolean closed;

    private LinkNamespaces(String ip, String tc, String rate, long bitsPerSecond, String tag) {
        this.ip = ip;
        this.tc = tc;
        this.rate = rate;
        this.bitsPerSecond = bitsPerSecond;
        this.senderNs = "perflab-send-" + tag;
        this.receiverNs = "perflab-recv-" + tag;
        this.cleanupOnExit = new Thread(this::close, "perflab-link-cleanup");
    }

    /**
     * Parses a decimal number followed by {@code kbit}, {@code mbit} or {@code gbit} (SI: 1 mbit = 10^6 bit/s),
     * e.g. {@code 100mbit}, {@code 1gbit}, {@code 2.5gbit}; case does not matter.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad rate and the expected form
     */
    public static long parseBitsPerSecond(String rate) {
        Matcher m = RATE.matcher(rate == null ? "" : rate.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("link rate '" + rate
                    + "' is not a number followed by kbit, mbit or gbit (e.g. 100mbit, 1gbit, 2.5gbit)");
        }
        long unit = m.group(2).equals("kbit") ? 1_000L : m.group(2).equals("mbit") ? 1_000_000L : 1_000_000_000L;
        double bits = Double.parseDouble(m.group(1)) * unit;
        if (bits < 1 || bits > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("link rate '" + rate + "' must be at least 1 bit/s and finite");
        }
        return Math.round(bits);
    }

    /**
     * Empty when namespaces, a veth pair and a tbf qdisc can be made here; otherwise one line saying why not.
     * Probes by making them in a throw-away namespace that is deleted again, so nothing is left behind.
     */
    public static Optional<String> unavailableReason() {
        Optional<String> ip = LinkCommands.find("ip");
        Optional<String> tc = LinkCommands.find("tc");
        if (ip.isEmpty() || tc.isEmpty()) {
            return Optional.of("--link needs iproute2 ('" + (ip.isEmpty() ? "ip" : "tc")
                    + "' not found on PATH or in /usr/sbin, /sbin); install it, e.g. apt-get install iproute2");
        }
        Optional<String> privilege = missingPrivilege();
        if (privilege.isPresent()) {
            return privilege;
        }
        String probe = "perflab-probe-" + ProcessHandle.current().pid() + "-" + PROBES_MADE.incrementAndGet();
        try {
            LinkCommands.run(List.of(ip.get(), "netns", "add", probe));
            LinkCommands.run(List.of(ip.get(), "-n", probe, "link", "add", "probe0", "type", "veth", "peer", "name", "probe1"));
            LinkCommands.run(List.of(ip.get(), "netns", "exec", probe, tc.get(), "qdisc", "add", "dev", "probe0", "root",
                    "tbf", "rate", "1mbit", "burst", "32kb", "latency", "10ms"));
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("--link cannot make a namespace, veth pair and tbf qdisc here: " + e.getMessage());
        } finally {
            LinkCommands.runQuietly(List.of(ip.get(), "netns", "delete", probe));
        }
    }

    /** Root and, inside a container, CAP_SYS_ADMIN (to make a namespace) and CAP_NET_ADMIN (veth, tc). */
    private static Optional<String> missingPrivilege() {
        List<String> status;
        try {
            status = Files.readAllLines(Path.of("/proc/self/status"));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // no /proc to ask: let the probe decide
        }
        for (String line : status) {
            String[] fields = line.split("\\s+");
            if (fields[0].equals("Uid:") && fields.length > 2 && !fields[2].equals("0")) {
                return Optional.of("--link needs root (network namespaces, veth pair, tc qdisc); effective uid is " + fields[2]);
            }
            if (fields[0].equals("CapEff:") && fields.length > 1) {
                long caps = Long.parseUnsignedLong(fields[1], 16);
                for (int cap : new int[] {CAP_NET_ADMIN, CAP_SYS_ADMIN}) {
                    if ((caps & (1L << cap)) == 0) {
                        return Optional.of("--link needs " + (cap == CAP_NET_ADMIN ? "CAP_NET_ADMIN" : "CAP_SYS_ADMIN")
                                + ", which this process lacks (a container without --cap-add=NET_ADMIN/SYS_ADMIN or --privileged?)");
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Makes both namespaces, the veth pair between them and a tbf qdisc on each end.
     *
     * @throws IllegalArgumentException if {@code rate} does not parse
     * @throws IOException one line (the failing command and its output) after deleting whatever was made
     */
    public static LinkNamespaces create(String rate) throws IOException {
        long bits = parseBitsPerSecond(rate);
        String ip = LinkCommands.find("ip").orElseThrow(() -> new IOException("'ip' (iproute2) not found"));
        String tc = LinkCommands.find("tc").orElseThrow(() -> new IOException("'tc' (iproute2) not found"));
        int made = LINKS_MADE.incrementAndGet();
        String tag = ProcessHandle.current().pid() + (made == 1 ? "" : "-" + made);
        LinkNamespaces link = new LinkNamespaces(ip, tc, rate, bits, tag);
        Runtime.getRuntime().addShutdownHook(link.cleanupOnExit);
        try {
            link.setUp();
        } catch (IOException | RuntimeException e) {
            link.close();
            throw e;
        }
        return link;
    }

    private void setUp() throws IOException {
        LinkCommands.run(List.of(ip, "netns", "add", senderNs));
        LinkCommands.run(List.of(ip, "netns", "add", receiverNs));
        LinkCommands.run(List.of(ip, "-n", senderNs, "link", "add", SENDER_DEVICE, "type", "veth",
                "peer", "name", RECEIVER_DEVICE, "netns", receiverNs));
        configure(senderNs, SENDER_DEVICE, SENDER_ADDRESS);
        configure(receiverNs, RECEIVER_DEVICE, RECEIVER_ADDRESS);
    }

    private void configure(String ns, String device, String address) throws IOException {
        LinkCommands.run(List.of(ip, "-n", ns, "link", "set", "lo", "up"));
        LinkCommands.run(List.of(ip, "-n", ns, "addr", "add", address + "/" + PREFIX_LENGTH_BITS, "dev", device));
        LinkCommands.run(List.of(ip, "netns", "exec", ns, tc, "qdisc", "add", "dev", device, "root", "tbf",
                "rate", bitsPerSecond + "bit", "burst", String.valueOf(burstBytes()),
                "latency", QUEUE_LATENCY_MILLIS + "ms"));
        LinkCommands.run(List.of(ip, "-n", ns, "link", "set", device, "up"));
    }

    /** Token-bucket size in bytes; see the class comment for why. */
    long burstBytes() {
        return Math.max(MIN_BURST_BYTES, bitsPerSecond / 8 * BURST_WINDOW_MILLIS / 1000);
    }

    /** Command prefix that runs a process inside {@code side}'s namespace: {@code [ip, netns, exec, NAME]}. */
    public List<String> prefix(Side side) {
        return List.of(ip, "netns", "exec", side == Side.SENDER ? senderNs : receiverNs);
    }

    /** The two namespaces' names, the sender side's first. */
    public List<String> namespaces() {
        return List.of(senderNs, receiverNs);
    }

    /** The receiver side's address as the sender side reaches it across the link. */
    public String receiverAddress() {
        return RECEIVER_ADDRESS;
    }

    public long bitsPerSecond() {
        return bitsPerSecond;
    }

    /** Operations/s the link carries at most if every bit were one of them: bitsPerSecond / (bytes × 8). */
    public double operationsPerSecond(int wireBytesPerOperation) {
        return bitsPerSecond / (wireBytesPerOperation * 8.0);
    }

    /** e.g. {@code veth perflab-send-123 ⇄ perflab-recv-123 (10.213.0.1 → 10.213.0.2), tbf 100 Mbit/s each way}. */
    public String describe() {
        return String.format(Locale.ROOT, "veth %s ⇄ %s (%s → %s), tbf %s each way (burst %d KiB, latency %d ms)",
                senderNs, receiverNs, SENDER_ADDRESS, RECEIVER_ADDRESS, formatRate(bitsPerSecond),
                burstBytes() / 1024, QUEUE_LATENCY_MILLIS);
    }

    /** {@code 100 Mbit/s}, {@code 2.5 Gbit/s}, {@code 500 kbit/s}. */
    static String formatRate(long bitsPerSecond) {
        String[] units = {"bit/s", "kbit/s", "Mbit/s", "Gbit/s"};
        int unit = 0;
        while (unit < units.length - 1 && bitsPerSecond >= Math.pow(1000, unit + 1)) {
            unit++;
        }
        return BigDecimal.valueOf(bitsPerSecond).movePointLeft(3 * unit).stripTrailingZeros().toPlainString() + " " + units[unit];
    }

    private void deleteNamespaces() {
        for (String ns : List.of(receiverNs, senderNs)) {
            LinkCommands.runQuietly(List.of(ip, "netns", "delete", ns));
        }
    }

    /** Deletes both namespaces (and with them the veth pair and qdiscs). Idempotent; safe during shutdown. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        deleteNamespaces();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down and runs the hook (deleting again finds nothing)
        }
    }
}
