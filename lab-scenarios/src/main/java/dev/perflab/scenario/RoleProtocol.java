package dev.perflab.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;

/**
 * What a scenario's role prints on stdout for the process that started it: the one protocol between a
 * role and {@link RoleProcess}. Everything else a role prints is passed over; one-line errors go to stderr.
 *
 * <pre>
 *   listening on 127.0.0.1:40123        a role that listens, once its socket is bound (port 0: a free one)
 *   subscribed                           optional, once: a client role reached its server and asked for its work
 *   flowing                              optional, once: the role's first work arrived (evidence of flow)
 *   …                                    anything: a result line for people
 *   summary {"role":"collector",…}       last line, always, even after a failure: the counts reached so far
 * </pre>
 *
 * <p>A summary carries the role's counts (what {@link Conservation} compares), its measured numbers and,
 * after a failure, {@code "error"}: a role that died without a summary is reported with -1 counts.
 */
public final class RoleProtocol {
    public static final String LISTENING = "listening on ";
    public static final String SUMMARY = "summary ";
    public static final String FLOWING = "flowing";
    public static final String SUBSCRIBED = "subscribed";
    private static final ObjectMapper JSON = new ObjectMapper();

    private RoleProtocol() {
    }

    /** A summary to fill in, its {@code role} set. */
    public static ObjectNode summary(String role) {
        return JSON.createObjectNode().put("role", role);
    }

    public static void printListening(PrintWriter out, String hostPort) {
        out.println(LISTENING + hostPort);
        out.flush();
    }

    public static void printListening(PrintWriter out, InetSocketAddress bound) {
        printListening(out, bound.getHostString() + ":" + bound.getPort());
    }

    /** Says once that the role's first work arrived; safe from any thread (the writer locks). */
    public static void printFlowing(PrintWriter out) {
        out.println(FLOWING);
        out.flush();
    }

    /** Says once that a client role asked its server for its work; safe from any thread (the writer locks). */
    public static void printSubscribed(PrintWriter out) {
        out.println(SUBSCRIBED);
        out.flush();
    }

    public static void printSummary(PrintWriter out, ObjectNode summary) {
        out.println(SUMMARY + summary.toString());
        out.flush();
    }

    /** The JSON of a {@code summary …} line. */
    public static ObjectNode parseSummary(String line) throws IOException {
        return (ObjectNode) JSON.readTree(line.substring(SUMMARY.length()));
    }
}
