package dev.perflab.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.proc.ChildProcess;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The network ceiling of a socket scenario, measured in the same run: {@code iperf3} (Debian's package)
 * between a server and a client on 127.0.0.1, as MB/s (10^6 bytes) of TCP payload received.
 *
 * <pre>
 *   iperf3 -s -1 --forceflush -B 127.0.0.1 -p PORT  ── "Server listening on PORT" ──▶ start the client
 *     (--forceflush: iperf3 buffers stdout when it is a pipe, and the line would never come)
 *   iperf3 -c 127.0.0.1 -p PORT -O 1 -t S -i 1 -P N -J
 *       ── JSON: end.sum_received.bits_per_second ÷ 8 ÷ 10^6 (all N streams), and each 1 s interval's sum as a sample
 * </pre>
 *
 * <p>{@code -O 1} runs a second first and leaves it out of every figure: TCP's slow start, which a one-second run
 * counted as part of the ceiling. The per-second intervals are the samples of {@link Result#interval()}; a scenario
 * measures before and after its rungs and {@linkplain Result#combine combines} the two, so its ceiling carries an
 * interval and a "% of the ceiling" verdict can say undecided.
 *
 * <p>Without {@code iperf3} on the PATH, {@link #measure} says so in one line ({@link Result#skipped});
 * a scenario prints it and goes on without percentages. Stateless.
 */
public final class Iperf3Ceiling {
    /** What a person runs to get the ceiling measured. */
    public static final String INSTALL_HINT = "install iperf3 (e.g. apt-get install iperf3) to measure it";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration FINISH_GRACE = Duration.ofSeconds(15);
    private static final double BITS_PER_MB = 8e6;

    /** Seconds iperf3 runs first and leaves out of its figures ({@code -O}): TCP's slow start. */
    public static final int OMIT_SECONDS = 1;

    /**
     * The ceiling, or why there is none.
     *
     * @param mbPerSecond the payload rate iperf3 measured, or NaN
     * @param skipped     one line saying why it was not measured, or null
     * @param samples     the rate of each one-second interval (MB/s), slow start left out; empty when not measured
     */
    public record Result(double mbPerSecond, String skipped, List<Double> samples) {
        public Result {
            samples = List.copyOf(samples);
        }

        /** A rate known without samples of its own (a link's configured rate), or a ceiling not measured. */
        public Result(double mbPerSecond, String skipped) {
            this(mbPerSecond, skipped, skipped == null ? List.of(mbPerSecond) : List.of());
        }

        public boolean measured() {
            return skipped == null;
        }

        /** The interval of the mean of the samples. */
        public CeilingInterval interval() {
            return measured() ? CeilingInterval.of(samples) : CeilingInterval.of(List.of());
        }

        /**
         * Two measurements of the same ceiling (before and after the rungs) as one: the samples of both, their mean as
         * the rate; a ceiling measured only once is that one.
         */
        public Result combine(Result later) {
            if (!later.measured()) {
                return this;
            }
            if (!measured()) {
                return later;
            }
            List<Double> all = new java.util.ArrayList<>(samples);
            all.addAll(later.samples);
            return new Result(all.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN), null, all);
        }
    }

    private Iperf3Ceiling() {
    }

    /** Where {@code iperf3} is, if anywhere on the PATH. */
    static Optional<String> find() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir, "iperf3");
            if (!dir.isEmpty() && f.canExecute()) {
                return Optional.of(f.getPath());
            }
        }
        return Optional.empty();
    }

    /** Empty when iperf3 is on the PATH; otherwise the one line saying it is not. */
    public static Optional<String> unavailableReason() {
        return find().isPresent() ? Optional.empty() : Optional.of("iperf3 is not on the PATH");
    }

    /** Runs iperf3 over loopback for {@code seconds} (whole seconds, at least 1), one stream. */
    public static Result measure(double seconds) throws IOException, InterruptedException {
        return measure(seconds, 1);
    }

    /**
     * Runs iperf3 over loopback for {@code seconds} (whole seconds, at least 1) with {@code streams} parallel
     * connections ({@code -P}); the rate is all of them together, what a role that fans one stream out to
     * several sockets can move at most.
     */
    public static Result measure(double seconds, int streams) throws IOException, InterruptedException {
        Optional<String> iperf3 = find();
        if (iperf3.isEmpty()) {
            return new Result(Double.NaN, "ceiling not measured: iperf3 is not on the PATH; " + INSTALL_HINT);
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        long wholeSeconds = Math.max(1, Math.round(seconds));
        CompletableFuture<Void> listening = new CompletableFuture<>();
        StringBuilder json = new StringBuilder();
        try (ChildProcess server = ChildProcess.start("iperf3-server",
                List.of(iperf3.get(), "-s", "-1", "--forceflush", "-B", "127.0.0.1", "-p", Integer.toString(port)),
                line -> {
                    if (line.contains("listening")) {
                        listening.complete(null);
                    }
                }, line -> { })) {
            try {
                listening.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                return new Result(Double.NaN, "ceiling not measured: the iperf3 server did not start on port " + port);
            }
            try (ChildProcess client = ChildProcess.start("iperf3-client",
                    List.of(iperf3.get(), "-c", "127.0.0.1", "-p", Integer.toString(port), "-O", Integer.toString(OMIT_SECONDS),
                            "-t", Long.toString(wholeSeconds), "-i", "1", "-P", Integer.toString(Math.max(1, streams)), "-J"),
                    line -> json.append(line).append('\n'), line -> { })) {
                if (!client.waitFor(Duration.ofSeconds(wholeSeconds + OMIT_SECONDS).plus(FINISH_GRACE)) || client.exitCode() != 0) {
                    return new Result(Double.NaN, "ceiling not measured: the iperf3 client failed (exit " + client.exitCode() + ")");
                }
            }
        }
        return parse(json.toString());
    }

    /** The received rate in iperf3's {@code -J} output, and each interval's that is not omitted. */
    static Result parse(String json) {
        try {
            JsonNode root = new ObjectMapper().readTree(json);
            JsonNode bits = root.path("end").path("sum_received").path("bits_per_second");
            if (!bits.isNumber() || bits.asDouble() <= 0) {
                String error = root.path("error").asText("");
                return new Result(Double.NaN, "ceiling not measured: iperf3 gave no received rate"
                        + (error.isEmpty() ? "" : " (" + error + ")"));
            }
            List<Double> samples = new java.util.ArrayList<>();
            for (JsonNode interval : root.path("intervals")) {
                JsonNode sum = interval.path("sum");
                if (!sum.path("omitted").asBoolean(false) && sum.path("bits_per_second").isNumber()) {
                    samples.add(sum.path("bits_per_second").asDouble() / BITS_PER_MB);
                }
            }
            return new Result(bits.asDouble() / BITS_PER_MB, null, samples.isEmpty() ? List.of(bits.asDouble() / BITS_PER_MB) : samples);
        } catch (IOException e) {
            return new Result(Double.NaN, "ceiling not measured: iperf3's output is not JSON");
        }
    }
}
