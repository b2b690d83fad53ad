package dev.perflab.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One rung of a scenario, end to end: start the roles ({@link RoleChain}), let them warm up, measure the
 * CPU they use over the measured window ({@link CpuMeter}), then wait for every role's summary.
 *
 * <pre>
 *   t=0            warm-up            measured window                 roles end (the source stops itself)
 *   start roles ──────────────▶│◀──── CpuMeter.start … percent() ────▶│── await summaries (≤ finish timeout)
 * </pre>
 *
 * <p>The roles decide themselves when to stop (the source role is told the total seconds); this class
 * only times the CPU window and collects. Every role is stopped before {@link #run} returns or throws. A role
 * that ends before it is ready (killed, a bad address) is a result with no summaries and its one line as the
 * error, at once: the caller records the rung as failed and goes on.
 */
public final class RoleWindow {
    /** How long roles have, after the window, to end and print their summaries. */
    public static final Duration FINISH_TIMEOUT = Duration.ofSeconds(60);
    /**
     * How long the last role still running may outlive every other role: longer than the liveness watchdog
     * ({@code Sockets.LIVENESS_MILLIS}, 5 s) with which a live role notices a peer that went away.
     */
    public static final Duration PEERS_GONE_GRACE = Duration.ofSeconds(10);
    private static final long POLL_MILLIS = 50;

    /**
     * What one rung's roles reported.
     *
     * @param summaries  role name → its summary, or null where the role printed none (it crashed)
     * @param cpuPercent the roles' CPU over the measured window, as a share of all cores
     * @param errors     every role's stderr lines and the runner's own findings (a role that hung)
     */
    public record Result(Map<String, ObjectNode> summaries, double cpuPercent, List<String> errors) {
        /** A count from a role's summary, or {@link Conservation#MISSING} where there is none. */
        public long count(String role, String field) {
            ObjectNode s = summaries.get(role);
            return s == null || !s.has(field) ? Conservation.MISSING : s.get(field).asLong();
        }

        /** A number from a role's summary, or 0 where there is none. */
        public double number(String role, String field) {
            ObjectNode s = summaries.get(role);
            return s == null || !s.has(field) ? 0 : s.get(field).asDouble();
        }
    }

    private RoleWindow() {
    }

    /**
     * Waits for every role's end, all at once: each role's time runs from the end of the window (a frozen
     * role costs its finish timeout once, not once per role behind it), and a role still running
     * {@link #PEERS_GONE_GRACE} after every other role ended has nobody left to work with (its peer froze
     * or died): it is stopped then, not at its own timeout. Returns the summaries in reverse start order
     * (null where a role printed none). For scenarios that start their roles themselves ({@code brick}).
     */
    public static Map<String, ObjectNode> awaitEnd(List<RoleProcess> processes, Duration finishTimeout) throws InterruptedException {
        List<Role> roles = new ArrayList<>();
        processes.forEach(p -> roles.add(new Role(p.role(), false, null, p.role())));
        return awaitAll(processes, roles, role -> finishTimeout);
    }

    private static Map<String, ObjectNode> awaitAll(List<RoleProcess> processes, List<Role> roles,
                                                    Function<Role, Duration> finishTimeout) throws InterruptedException {
        int n = processes.size();
        long windowEnd = System.nanoTime();
        ObjectNode[] got = new ObjectNode[n];
        boolean[] done = new boolean[n];
        int left = n;
        long lastPeerEnd = 0;
        while (left > 0) {
            for (int i = 0; i < n; i++) {
                if (!done[i] && processes.get(i).exitCode() >= 0) {
                    got[i] = processes.get(i).awaitSummary(Duration.ofSeconds(5));
                    done[i] = true;
                    left--;
                    lastPeerEnd = System.nanoTime();
                }
            }
            for (int i = 0; i < n && left > 0; i++) {
                if (done[i]) {
                    continue;
                }
                long now = System.nanoTime();
                boolean ownTimeOver = now - windowEnd >= finishTimeout.apply(roles.get(i)).toNanos();
                boolean alone = left == 1 && n > 1 && now - lastPeerEnd >= PEERS_GONE_GRACE.toNanos();
                if (ownTimeOver || alone) {
                    got[i] = processes.get(i).stop(ownTimeOver
                            ? "did not finish within " + finishTimeout.apply(roles.get(i)).toSeconds() + " s of the window's end"
                            : "was still running " + PEERS_GONE_GRACE.toSeconds() + " s after every other role ended (frozen?)");
                    done[i] = true;
                    left--;
                }
            }
            if (left > 0) {
                Thread.sleep(POLL_MILLIS);
            }
        }
        Map<String, ObjectNode> summaries = new LinkedHashMap<>();
        for (int i = n - 1; i >= 0; i--) {
            summaries.put(processes.get(i).role(), got[i]);
        }
        return summaries;
    }

    /**
     * Runs the roles for one rung.
     *
     * @param roles          in start order
     * @param hostOf         where other roles reach a listening role
     * @param launch         each role's command line
     * @param warmupSeconds  before the CPU window
     * @param measureSeconds the CPU window
     * @param cores          the machine's cores, for the CPU share
     */
    public static Result run(List<Role> roles, Function<Role, String> hostOf, RoleChain.Launch launch,
                             double warmupSeconds, double measureSeconds, int cores)
            throws IOException, InterruptedException {
        return run(roles, hostOf, launch, warmupSeconds, measureSeconds, cores, role -> FINISH_TIMEOUT);
    }

    /**
     * As above, with each role's own time to end after the window: a role that first drains queued work
     * (the SHA executor) may need longer than {@link #FINISH_TIMEOUT}.
     */
    public static Result run(List<Role> roles, Function<Role, String> hostOf, RoleChain.Launch launch,
                             double warmupSeconds, double measureSeconds, int cores,
                             Function<Role, Duration> finishTimeout)
            throws IOException, InterruptedException {
        List<RoleProcess> processes;
        try {
            processes = RoleChain.start(roles, hostOf, launch);
        } catch (ScenarioException e) {
            // a role that died or never listened: this rung failed, in words; the run goes on to the next
            Map<String, ObjectNode> none = new LinkedHashMap<>();
            roles.forEach(r -> none.put(r.name(), null));
            return new Result(none, 0, List.of(e.getMessage()));
        }
        try {
            Thread.sleep((long) (warmupSeconds * 1000));
            CpuMeter<RoleProcess> cpu = new CpuMeter<>(processes, RoleProcess::cpuNanos, cores).start();
            Thread.sleep((long) (measureSeconds * 1000));
            double cpuPercent = cpu.percent();
            Map<String, ObjectNode> summaries = awaitAll(processes, roles, finishTimeout);
            List<String> errors = new ArrayList<>();
            for (int i = processes.size() - 1; i >= 0; i--) {
                errors.addAll(processes.get(i).errors());
            }
            return new Result(summaries, cpuPercent, errors);
        } finally {
            processes.forEach(RoleProcess::close);
        }
    }
}
