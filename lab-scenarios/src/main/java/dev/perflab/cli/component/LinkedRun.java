package dev.perflab.cli.component;

import dev.perflab.base.LabException;
import dev.perflab.scenario.link.LinkNamespaces;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code ./lab run COMPONENT --link RATE} as every scenario handles it: a rate that does not parse is bad input
 * (exit 2); where namespaces cannot be made here (not root, no iproute2) the run is skipped with that one line
 * (exit 0); otherwise the run gets the link, made before it starts and deleted after it ends, and a failure to
 * make it is one line (exit 1). The SHA pipeline, the socket pump and the brick mover run their links through it.
 */
public final class LinkedRun {
    /** The run itself, given the link. */
    @FunctionalInterface
    public interface Body {
        int run(LinkNamespaces link) throws IOException, InterruptedException;
    }

    private LinkedRun() {
    }

    /** Runs {@code body} with the link {@code rate} names ({@code 100mbit}; not null). */
    public static int run(ScenarioRequest request, String rate, Body body) throws IOException, InterruptedException {
        try {
            LinkNamespaces.parseBitsPerSecond(rate);
        } catch (IllegalArgumentException e) {
            throw new LabException("--link: " + e.getMessage());
        }
        Optional<String> unavailable = LinkNamespaces.unavailableReason();
        if (unavailable.isPresent()) {
            request.console().println("lab: skipped: " + unavailable.get());
            request.console().flush();
            return 0;
        }
        try (LinkNamespaces link = LinkNamespaces.create(rate)) {
            return body.run(link);
        } catch (IOException e) {
            throw new LabException("--link: " + e.getMessage(), LabException.CHECK_FAILED);
        }
    }
}
