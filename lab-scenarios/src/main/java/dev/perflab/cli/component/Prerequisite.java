package dev.perflab.cli.component;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Something a component's runs use beyond a JDK, and what is lost without it. {@code ./lab doctor} asks every
 * component for its own and checks each with the same code the run uses, so the two never disagree.
 *
 * @param name      what it is, e.g. {@code iperf3}
 * @param without   what a run does without it, e.g. "no loopback ceiling: the % of iperf3 column is empty"
 * @param install   how to get it, e.g. {@code apt-get install iperf3}
 * @param problem   empty when it is there and usable; otherwise one line saying what is wrong
 */
public record Prerequisite(String name, String without, String install, Supplier<Optional<String>> problem) {
    /** iperf3, for the socket scenarios' loopback ceiling. */
    public static Prerequisite iperf3() {
        return new Prerequisite("iperf3", "no loopback ceiling is measured, so no % of the socket is shown",
                "apt-get install iperf3", dev.perflab.scenario.Iperf3Ceiling::unavailableReason);
    }

    /** iproute2 and root, for {@code --link} (network namespaces joined by a rate-limited veth pair). */
    public static Prerequisite link() {
        return new Prerequisite("ip, tc and root (--link)", "--link runs are skipped with a line saying so",
                "apt-get install iproute2, and run as root", dev.perflab.scenario.link.LinkNamespaces::unavailableReason);
    }
}
