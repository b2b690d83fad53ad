/**
 * Plumbing for end-to-end scenarios: a ladder whose rungs run as several processes over TCP (the SHA-256
 * pipeline today; a market-data forwarder, socket pumps or a brick mover next). Knows no component.
 *
 * <pre>
 *   Scenario.run(request), for each rung:
 *     RoleWindow.run(roles, hostOf, launch, warm-up, measured)
 *       RoleChain.start ── RoleProcess per Role, in order ── ChildProcess (dev.perflab.proc: one kill policy)
 *         role prints  "listening on HOST:PORT"  ──▶ its port goes to the roles that connect to it
 *       sleep warm-up; CpuMeter over the measured window
 *         role prints  "summary {json}"          ──▶ RoleWindow.Result: counts per role, CPU %, errors
 *     RungResult(rate, Conservation.of(stage, count, …), cpu, errors, verified, extra metrics)
 *       .addTo(JmhRows)  ──▶ DIR/COMPONENT.json in JMH's schema: report, gate, compare read it unchanged
 *   RungResult.exitCode(results): 1 if a correct rung (not an x-… exhibit) broke its check
 *
 *   link/: LinkNamespaces puts a rate-limited veth link between a sender side and a receiver side.
 *   --place ROLE=HOST: Placement (which host each role runs on) ──▶ PlacedHosts (a host: loopback, or a
 *     namespace of a LinkNamespaces pair) ──▶ ClockOffsets (./lab clock serve|probe, ClockProbe) before any rung
 * </pre>
 *
 * <p>A role is any program that speaks {@link dev.perflab.scenario.RoleProtocol} on stdout and uses
 * {@code dev.perflab.net.Sockets} (time limits, liveness watchdog) for its connections; errors go to stderr
 * as one line each. {@code ComponentRegistrationTest}'s toy scenario is the smallest complete example.
 */
package dev.perflab.scenario;
