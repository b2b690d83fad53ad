package dev.perflab.cli.sha;

import java.util.List;

/**
 * Where the three role processes run and which addresses they use: all on loopback (the default), or the
 * generator and the executor in two network namespaces joined by a rate-limited link ({@code --link}).
 */
public interface PipelineNetwork {
    /** Command prefix for the generator's process (empty on loopback). */
    List<String> generatorPrefix();

    /** Command prefix for the executor's and the collector's processes. */
    List<String> executorPrefix();

    /** The executor's --bind (port 0: any free port). */
    String executorBind();

    /** The executor's address as the generator reaches it. */
    String executorHost();

    /** The collector's --bind; the executor reaches it at {@link #collectorHost()}. */
    default String collectorBind() {
        return "127.0.0.1:0";
    }

    default String collectorHost() {
        return "127.0.0.1";
    }

    String describe();

    /**
     * Whether the three roles share one host's files and loopback, so a rung with Unix domain sockets
     * (r18) can run as it is meant to; across {@code --link}'s namespaces its sockets would bypass the link.
     */
    default boolean sharesOneHost() {
        return true;
    }

    /** Theoretical tasks/s of the generator → executor link at 44 bytes a task, or 0 when not limited. */
    default double theoreticalTasksPerSecond() {
        return 0;
    }

    /** Everything on 127.0.0.1. */
    PipelineNetwork LOOPBACK = new PipelineNetwork() {
        @Override
        public List<String> generatorPrefix() {
            return List.of();
        }

        @Override
        public List<String> executorPrefix() {
            return List.of();
        }

        @Override
        public String executorBind() {
            return "127.0.0.1:0";
        }

        @Override
        public String executorHost() {
            return "127.0.0.1";
        }

        @Override
        public String describe() {
            return "loopback TCP (127.0.0.1; Unix domain sockets for r18 on)";
        }
    };
}
