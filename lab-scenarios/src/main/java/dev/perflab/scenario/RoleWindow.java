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
            Map<String, ObjectNode> summaries = new LinkedHashMap<>();
            // The source ends first and the sinks after it: wait in reverse start order. Each role's time runs
            // from the end of the window, not from the previous role's end, so a frozen role (SIGSTOP) costs the
            // longest finish timeout once, not once per role behind it.
            long windowEnd = System.nanoTime();
            for (int i = processes.size() - 1; i >= 0; i--) {
                Duration left = finishTimeout.apply(roles.get(i)).minusNanos(System.nanoTime() - windowEnd);
                summaries.put(processes.get(i).role(), processes.get(i).awaitSummary(left.isNegative() ? Duration.ZERO : left));
            }
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
