package dev.perflab.scenario;

import dev.perflab.scenario.link.LinkNamespaces;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The hosts a placed scenario runs on, as one machine plays them: every role on {@link Placement#LOCAL}, over
 * loopback as without {@code --place}; or each named host a network namespace of a {@link LinkNamespaces} pair.
 *
 * <pre>
 *   --place forwarder=hostA,client=hostB
 *   hostA ── the listening role's host ──▶ the link's receiver side   ip netns exec perflab-recv-PID …  10.213.0.2
 *   hostB ── the other named host      ──▶ the link's sender side     ip netns exec perflab-send-PID …  10.213.0.1
 *   every role binds and is reached at its host's address; the veth pair carries what crosses hosts
 * </pre>
 *
 * On real hosts a host is a machine: each role command runs there, binds that machine's address, and the roles
 * connect to it by name or address (docs/fleet.md); the lab does not log in anywhere. Immutable; the link is
 * owned by whoever made it ({@code LinkedRun}).
 */
public final class PlacedHosts {
    private static final String LOOPBACK = "127.0.0.1";

    private final Placement.Placed placed;
    private final LinkNamespaces link;
    private final String listeningHost;

    private PlacedHosts(Placement.Placed placed, LinkNamespaces link, String listeningHost) {
        this.placed = placed;
        this.link = link;
        this.listeningHost = listeningHost;
    }

    /** Every role on this machine's own loopback. */
    public static PlacedHosts local(List<Role> roles) {
        Map<String, String> all = roles.stream().collect(Collectors.toMap(Role::name, r -> Placement.LOCAL, (a, b) -> a,
                java.util.LinkedHashMap::new));
        return new PlacedHosts(new Placement.Placed(all), null, Placement.LOCAL);
    }

    /**
     * The named hosts of {@code placed} as the two sides of {@code link}: {@code listeningRole}'s host the receiver
     * side, the other the sender side.
     */
    public static PlacedHosts on(LinkNamespaces link, Placement.Placed placed, String listeningRole) {
        return new PlacedHosts(placed, link, placed.hostOf(listeningRole));
    }

    public Placement.Placed placed() {
        return placed;
    }

    /** True when every role runs on this machine's loopback. */
    public boolean local() {
        return link == null;
    }

    public String hostOf(String role) {
        return placed.hostOf(role);
    }

    /** The host the scenario's listening role runs on: every other host can reach it. */
    public String listeningHost() {
        return listeningHost;
    }

    /** What starts a process on {@code host}: nothing locally, {@code ip netns exec NS} for a namespace. */
    public List<String> prefixOfHost(String host) {
        return link == null ? List.of() : link.prefix(side(host));
    }

    public List<String> prefix(String role) {
        return prefixOfHost(hostOf(role));
    }

    /** The address a role on {@code host} binds, and the roles of every host reach it at. */
    public String addressOfHost(String host) {
        if (link == null) {
            return LOOPBACK;
        }
        return side(host) == LinkNamespaces.Side.RECEIVER ? link.receiverAddress() : LinkNamespaces.SENDER_ADDRESS;
    }

    public String address(String role) {
        return addressOfHost(hostOf(role));
    }

    private LinkNamespaces.Side side(String host) {
        return host.equals(listeningHost) ? LinkNamespaces.Side.RECEIVER : LinkNamespaces.Side.SENDER;
    }

    /** One line per host: its roles, and where the lab plays it. */
    public List<String> describe() {
        if (link == null) {
            return List.of("hosts: every role on this machine's loopback (" + LOOPBACK + ")");
        }
        List<String> lines = new java.util.ArrayList<>();
        for (String host : placed.distinctHosts()) {
            lines.add(String.format("host %s: %s · netns %s, %s", host, String.join(", ", placed.rolesOn(host)),
                    link.namespaces().get(side(host) == LinkNamespaces.Side.SENDER ? 0 : 1), addressOfHost(host)));
        }
        lines.add("hosts joined by " + link.describe());
        return lines;
    }
}
