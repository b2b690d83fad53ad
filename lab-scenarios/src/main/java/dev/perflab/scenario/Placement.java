package dev.perflab.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --place ROLE=HOST,…}: which named host each role of a scenario runs on. A host is a name the user
 * chooses; {@value #LOCAL} is this machine's own network. On one machine the lab plays the named hosts with its
 * network namespaces ({@link PlacedHosts}); on real hosts the same role commands run there by hand (docs/fleet.md).
 *
 * <p>A role the option does not name runs on the host of the role it connects to ({@link Role#connectsTo}), so
 * {@code --place forwarder=a,client=b} puts the Simulator (it connects to the forwarder) on {@code a}; a role that
 * connects to nothing and is not named runs on {@value #LOCAL}. Immutable.
 *
 * @param hosts role name → host, as given
 */
public record Placement(Map<String, String> hosts) {
    /** This machine's own network: the roles talk over its loopback, as every run without {@code --place} does. */
    public static final String LOCAL = "local";
    /** The named hosts one machine can play: the two ends of one veth pair. */
    public static final int MAX_NAMED_HOSTS = 2;
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}");

    public Placement {
        hosts = Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
    }

    /** Parses {@code forwarder=hostA,client=hostB}; one line naming the bad part otherwise. */
    public static Placement parse(String spec) {
        Map<String, String> hosts = new LinkedHashMap<>();
        for (String pair : spec.split(",", -1)) {
            String[] sides = pair.strip().split("=", -1);
            if (sides.length != 2 || sides[0].isBlank() || sides[1].isBlank()) {
                throw new IllegalArgumentException("'" + pair.strip() + "' is not ROLE=HOST (e.g. forwarder=hostA,client=hostB)");
            }
            String role = sides[0].strip();
            String host = sides[1].strip();
            if (!HOST.matcher(host).matches()) {
                throw new IllegalArgumentException("host '" + host + "' of " + role + ": a host name is letters, digits, '.', '_' and '-'");
            }
            if (hosts.put(role, host) != null) {
                throw new IllegalArgumentException("role '" + role + "' is placed twice");
            }
        }
        return new Placement(hosts);
    }

    /**
     * Every role's host, for a scenario whose roles are {@code roles}; a role named here that the scenario has not,
     * or a placement one machine cannot play, is one line.
     *
     * @param roles the scenario's roles, in start order
     */
    public Placed resolve(List<Role> roles) {
        Set<String> names = roles.stream().map(Role::name).collect(Collectors.toCollection(LinkedHashSet::new));
        for (String role : hosts.keySet()) {
            if (!names.contains(role)) {
                throw new IllegalArgumentException("no role '" + role + "' in this scenario; its roles: " + String.join(", ", names));
            }
        }
        Map<String, String> placed = new LinkedHashMap<>();
        for (Role role : roles) {
            placed.put(role.name(), hostOf(role, roles, new LinkedHashSet<>()));
        }
        Set<String> distinct = new LinkedHashSet<>(placed.values());
        if (distinct.contains(LOCAL) && distinct.size() > 1) {
            throw new IllegalArgumentException(describe(placed) + ": a role on '" + LOCAL + "' cannot reach a role on a named host"
                    + " (the lab's hosts are network namespaces); place every role on a named host, or none");
        }
        if (distinct.size() > MAX_NAMED_HOSTS) {
            throw new IllegalArgumentException(describe(placed) + ": one machine plays at most " + MAX_NAMED_HOSTS
                    + " named hosts (one veth pair); on real hosts start the role commands there by hand (docs/fleet.md)");
        }
        return new Placed(placed);
    }

    private String hostOf(Role role, List<Role> roles, Set<String> seen) {
        String host = hosts.get(role.name());
        if (host != null) {
            return host;
        }
        if (role.connectsTo() == null || !seen.add(role.name())) {
            return LOCAL;
        }
        Role peer = roles.stream().filter(r -> r.name().equals(role.connectsTo())).findFirst().orElse(null);
        return peer == null ? LOCAL : hostOf(peer, roles, seen);
    }

    private static String describe(Map<String, String> placed) {
        return placed.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return describe(hosts);
    }

    /**
     * Every role of a scenario with its host.
     *
     * @param hosts role name → host, every role of the scenario, in start order
     */
    public record Placed(Map<String, String> hosts) {
        public Placed {
            hosts = Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        }

        /** True when every role runs on this machine's own network: a run as without {@code --place}. */
        public boolean local() {
            return hosts.values().stream().allMatch(LOCAL::equals);
        }

        public String hostOf(String role) {
            String host = hosts.get(role);
            if (host == null) {
                throw new IllegalArgumentException("no role '" + role + "' in this placement");
            }
            return host;
        }

        /** The distinct hosts, in the order their first role starts. */
        public List<String> distinctHosts() {
            return new ArrayList<>(new LinkedHashSet<>(hosts.values()));
        }

        /** The roles on {@code host}, in start order. */
        public List<String> rolesOn(String host) {
            return hosts.entrySet().stream().filter(e -> e.getValue().equals(host)).map(Map.Entry::getKey).collect(Collectors.toList());
        }
    }

    /** picocli's converter for {@code --place}: a bad value is one line (exit 2) before anything starts. */
    public static final class Converter implements ITypeConverter<Placement> {
        @Override
        public Placement convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
