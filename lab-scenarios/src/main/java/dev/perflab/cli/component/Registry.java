package dev.perflab.cli.component;

import dev.perflab.ladder.UnknownEntryException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The components the lab knows, in the order {@code ./lab list} shows them. {@link #builtIn()} is the one
 * place a component is registered; a test adds its own with {@link #with(Component)} and hands the result
 * to {@code Lab.newCommandLine(Registry)}.
 *
 * <p>Immutable; safe to share between threads.
 */
public final class Registry {
    private static final Registry BUILT_IN = new Registry(List.of(
            new dev.perflab.cli.orderbook.OrderBookComponent(),
            new dev.perflab.cli.sha.ShaPipelineComponent(),
            new dev.perflab.cli.mdf.MdfRingComponent(),
            new dev.perflab.cli.brick.BrickComponent(),
            new dev.perflab.cli.kv.KvComponent(),
            new dev.perflab.cli.pump.SocketPumpComponent(),
            new dev.perflab.cli.forwarder.ForwarderComponent()));

    private final List<Component> components;

    private Registry(List<Component> components) {
        List<String> names = new ArrayList<>();
        for (Component c : components) {
            if (names.contains(c.name())) {
                throw new IllegalArgumentException("two components named '" + c.name() + "'");
            }
            names.add(c.name());
        }
        this.components = List.copyOf(components);
    }

    /** Every component of the lab. Add a component here, one line. */
    public static Registry builtIn() {
        return BUILT_IN;
    }

    /** These components only (tests). */
    public static Registry of(Component... components) {
        return new Registry(List.of(components));
    }

    /** This registry and one more component after the others. */
    public Registry with(Component component) {
        List<Component> more = new ArrayList<>(components);
        more.add(component);
        return new Registry(more);
    }

    public List<Component> all() {
        return components;
    }

    /**
     * The component of that name.
     *
     * @throws UnknownEntryException naming the known components (one line, exit 2 in the CLI)
     */
    public Component byName(String name) {
        for (Component c : components) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new UnknownEntryException("unknown component '" + name + "'; known: "
                + components.stream().map(Component::name).collect(Collectors.joining(", ")));
    }

    /** Something {@code Lab.newCommandLine(Registry)} hands its registry to: each command that looks components up. */
    public interface User {
        void use(Registry registry);
    }
}
