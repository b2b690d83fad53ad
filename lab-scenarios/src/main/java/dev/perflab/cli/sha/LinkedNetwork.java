package dev.perflab.cli.sha;

import dev.perflab.scenario.link.LinkNamespaces;
import dev.perflab.scenario.link.LinkNamespaces.Side;
import dev.perflab.sha.Frames;
import java.util.List;

/**
 * The pipeline across an emulated link ({@code --link RATE}): the generator on the link's sender side, the
 * executor and the collector on its receiver side (the collector on that side's loopback), so only the
 * generator → executor hop crosses the link.
 */
final class LinkedNetwork implements PipelineNetwork {
    private final LinkNamespaces link;

    LinkedNetwork(LinkNamespaces link) {
        this.link = link;
    }

    @Override
    public List<String> generatorPrefix() {
        return link.prefix(Side.SENDER);
    }

    @Override
    public List<String> executorPrefix() {
        return link.prefix(Side.RECEIVER);
    }

    @Override
    public String executorBind() {
        return link.receiverAddress() + ":0";
    }

    @Override
    public String executorHost() {
        return link.receiverAddress();
    }

    /** Tasks/s the link carries at most if every bit were a task alone on the wire (44 bytes). */
    @Override
    public double theoreticalTasksPerSecond() {
        return link.operationsPerSecond(Frames.SINGLE_TASK_FRAME_BYTES);
    }

    /** The generator → executor hop must cross the link, which a Unix domain socket would not. */
    @Override
    public boolean sharesOneHost() {
        return false;
    }

    @Override
    public String describe() {
        return link.describe();
    }
}
