/**
 * Child processes: {@link dev.perflab.proc.ChildProcess}, the one way the lab starts JMH, a latency run's
 * JVM or a scenario's role, with one kill policy (SIGTERM to the tree, a grace period, then SIGKILL; the
 * same on Ctrl-C through a shutdown hook); {@link dev.perflab.proc.JitClock}, the JIT compilers' busy time, for
 * warm-ups that end when the compilers have gone quiet.
 */
package dev.perflab.proc;
