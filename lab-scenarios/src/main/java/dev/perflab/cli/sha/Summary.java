package dev.perflab.cli.sha;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;

/**
 * The last line a role prints on stdout: {@code summary {json}}, read by {@code ./lab run sha-pipeline}.
 * A role prints it even when it failed, so the counts reached so far are never lost.
 */
final class Summary {
    static final String PREFIX = "summary ";
    static final String LISTENING = "listening on ";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Summary() {
    }

    static ObjectNode node(String role) {
        return JSON.createObjectNode().put("role", role);
    }

    static void print(PrintWriter out, ObjectNode summary) {
        out.println(PREFIX + summary.toString());
        out.flush();
    }

    static ObjectNode parse(String line) throws java.io.IOException {
        return (ObjectNode) JSON.readTree(line.substring(PREFIX.length()));
    }
}
