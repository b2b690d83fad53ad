package dev.perflab.fleet;

import dev.perflab.base.Machine;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;

/**
 * Which machine a shard ran on, in words: the lab's machine header (JDK, CPU, cores) and the host's name, so two
 * shards on two nodes of one instance type (same header) still count as two machines.
 *
 * <p>The name is the first set of: {@code PERFLAB_HOST} (the user's own), {@code NODE_NAME} (a Kubernetes node,
 * passed in by the manifest's downward API: pods on one node share its CPUs), {@code RUNNER_NAME} (a GitHub
 * Actions runner), {@code HOSTNAME}, and the name the network stack gives; else {@code unknown}.
 */
public final class ShardHost {
    /** The variables read, in order of preference. */
    static final List<String> VARIABLES = List.of("PERFLAB_HOST", "NODE_NAME", "RUNNER_NAME", "HOSTNAME");

    private ShardHost() {
    }

    /** This host's name, from {@code env} (see the class comment). */
    public static String name(Map<String, String> env) {
        for (String variable : VARIABLES) {
            String value = env.get(variable);
            if (value != null && !value.isBlank()) {
                return value.strip();
            }
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }

    /** {@code JDK 17.0.15 (…) · CPU … · 4 cores · host node-a}: what a shard's rows carry. */
    public static String header(String machineHeader, Map<String, String> env) {
        return machineHeader + " · host " + name(env);
    }

    /** The same for this JVM's machine. */
    public static String header(Map<String, String> env) {
        return header(Machine.header(), env);
    }
}
