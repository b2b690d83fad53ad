package dev.perflab.cli.sha;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rate-limited link for {@code ./lab run sha-pipeline --link RATE}: two network namespaces the lab creates
 * and deletes itself, joined by a veth pair whose both ends send through a token-bucket filter.
 *
 * <pre>
 *   namespace perflab-gen-PID                 namespace perflab-exec-PID
 *   ┌──────────────────────┐                  ┌──────────────────────────────────────┐
 *   │ generator JVM        │   veth pair      │ executor JVM ──lo 127.0.0.1──▶ collector│
 *   │ 10.213.0.1/30  plgPID├──── tbf RATE ────┤plePID  10.213.0.2/30                  │
 *   └──────────────────────┘   (each way)     └──────────────────────────────────────┘
 * </pre>
 *
 * Only the generator → executor hop crosses the link, as in the report, where one host had a 100 Mbit NIC.
 * Traffic never leaves the two namespaces: the /30 exists only on this veth pair.
 *
 * <p>Token bucket: {@code burst} must hold at least what the rate delivers in one kernel tick
 * (rate / HZ, at most 10 ms here) and more than one TSO/GSO segment (up to 64 KiB on veth); a smaller
 * bucket drops or stalls large segments and the link then carries far less than its rate. So the bucket is
 * the larger of 10 ms at the rate and 256 KiB. {@code latency 100ms} bounds the queue.
 */
public final class LinkNamespaces implements PipelineNetwork, AutoCloseable {
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)(kbit|mbit|gbit)");
    private static final String GENERATOR_ADDRESS = "10.213.0.1";
    private static final String EXECUTOR_ADDRESS = "10.213.0.2";
    private static final int COMMAND_TIMEOUT_SECONDS = 10;

    private final String rate;
    private final long bitsPerSecond;
    private final String generatorNs;
    private final String executorNs;
    private final Thread cleanup;
    private boolean closed;

    private LinkNamespaces(String rate, long bitsPerSecond, String tag) {
        this.rate = rate;
        this.bitsPerSecond = bitsPerSecond;
        this.generatorNs = "perflab-gen-" + tag;
        this.executorNs = "perflab-exec-" + tag;
        this.cleanup = new Thread(this::deleteNamespaces, "perflab-link-cleanup");
    }

    /** Parses {@code 100mbit}, {@code 1gbit}, {@code 500kbit}, {@code 2.5gbit}. */
    public static long parseBitsPerSecond(String rate) {
        Matcher m = RATE.matcher(rate.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("link rate '" + rate + "' is not a number with kbit, mbit or gbit, e.g. 100mbit or 1gbit");
        }
        double value = Double.parseDouble(m.group(1));
        long unit = m.group(2).equals("kbit") ? 1_000L : m.group(2).equals("mbit") ? 1_000_000L : 1_000_000_000L;
        long bits = Math.round(value * unit);
        if (bits <= 0) {
            throw new IllegalArgumentException("link rate '" + rate + "' must be above zero");
        }
        return bits;
    }

    /** Empty when namespaces can be made here; otherwise one line saying why not. Leaves nothing behind. */
    public static Optional<String> unavailableReason() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("--link needs root (network namespaces, veth and tc); running as " + System.getProperty("user.name"));
        }
        String probe = "perflab-probe-" + ProcessHandle.current().pid();
        try {
            run(List.of("tc", "-V"));
            run(List.of("ip", "netns", "add", probe));
            run(List.of("ip", "netns", "delete", probe));
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("--link cannot create network namespaces here: " + e.getMessage()
                    + " (install iproute2: apt-get install iproute2; needs CAP_NET_ADMIN)");
        }
    }

    /** Creates both namespaces and the limited veth pair; on failure removes what it made. */
    public static LinkNamespaces create(String rate) throws IOException {
        long bits = parseBitsPerSecond(rate);
        LinkNamespaces link = new LinkNamespaces(rate, bits, String.valueOf(ProcessHandle.current().pid()));
        Runtime.getRuntime().addShutdownHook(link.cleanup);
        try {
            link.setUp();
        } catch (IOException e) {
            link.close();
            throw e;
        }
        return link;
    }

    private void setUp() throws IOException {
        String pid = String.valueOf(ProcessHandle.current().pid());
        String genDev = "plg" + pid;
        String execDev = "ple" + pid;
        run(List.of("ip", "netns", "add", generatorNs));
        run(List.of("ip", "netns", "add", executorNs));
        run(List.of("ip", "link", "add", genDev, "type", "veth", "peer", "name", execDev));
        run(List.of("ip", "link", "set", genDev, "netns", generatorNs));
        run(List.of("ip", "link", "set", execDev, "netns", executorNs));
        configure(generatorNs, genDev, GENERATOR_ADDRESS);
        configure(executorNs, execDev, EXECUTOR_ADDRESS);
    }

    private void configure(String ns, String dev, String address) throws IOException {
        run(List.of("ip", "-n", ns, "addr", "add", address + "/30", "dev", dev));
        run(List.of("ip", "-n", ns, "link", "set", dev, "up"));
        run(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
        long burstBytes = Math.max(256 * 1024, bitsPerSecond / 8 / 100);
        run(List.of("ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", dev, "root", "tbf",
                "rate", bitsPerSecond + "bit", "burst", String.valueOf(burstBytes), "latency", "100ms"));
    }

    /** Runs a command, failing with its output in one line if it exits non-zero or hangs. */
    static String run(List<String> command) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run '" + command.get(0) + "' (" + e.getMessage() + ")");
        }
        try {
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("'" + String.join(" ", command) + "' did not finish in " + COMMAND_TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted running '" + String.join(" ", command) + "'");
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip().replace('\n', ' ');
        if (p.exitValue() != 0) {
            throw new IOException("'" + String.join(" ", command) + "' failed: " + output);
        }
        return output;
    }

    /** The namespaces' names, for checks. */
    public List<String> namespaces() {
        return List.of(generatorNs, executorNs);
    }

    @Override
    public List<String> generatorPrefix() {
        return List.of("ip", "netns", "exec", generatorNs);
    }

    @Override
    public List<String> executorPrefix() {
        return List.of("ip", "netns", "exec", executorNs);
    }

    @Override
    public String executorBind() {
        return EXECUTOR_ADDRESS + ":0";
    }

    @Override
    public String executorHost() {
        return EXECUTOR_ADDRESS;
    }

    public long bitsPerSecond() {
        return bitsPerSecond;
    }

    @Override
    public double theoreticalTasksPerSecond() {
        return bitsPerSecond / (44.0 * 8);
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "veth %s ⇄ %s (%s → %s), tbf %s each way", generatorNs, executorNs,
                GENERATOR_ADDRESS, EXECUTOR_ADDRESS, rate);
    }

    private void deleteNamespaces() {
        for (String ns : List.of(generatorNs, executorNs)) {
            try {
                run(List.of("ip", "netns", "delete", ns));
            } catch (IOException e) {
                // not created, or already gone
            }
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        deleteNamespaces();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down and runs the hook itself
        }
    }
}
