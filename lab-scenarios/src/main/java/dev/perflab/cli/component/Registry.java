package dev.perflab.cli.component;

import dev.perflab.ladder.Ladder;
import dev.perflab.ladder.UnknownEntryException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The components the lab knows, in the order {@code ./lab list} shows them. The built-in ones are listed in
 * one file, {@code META-INF/services/dev.perflab.cli.component.Component}, one class per line, and found with
 * {@link ServiceLoader} (as JMH finds its profilers and JDBC its drivers), so no code names a component's
 * classes outside its own package. A test adds its own with {@link #with(Component)} and hands the result to
 * {@code Lab.newCommandLine(Registry)}.
 *
 * <p>Immutable; safe to share between threads.
 */
public final class Registry {
    /** Where a ladder that needs no component class is named: one {@code CLASS.FIELD} per line, its static {@code Ladder}. */
    public static final String LADDERS = "META-INF/perflab/ladders";
    private static final Registry BUILT_IN = load(Registry.class.getClassLoader());

    private final List<Component> components;

    private Registry(List<Component> components) {
        List<String> names = new ArrayList<>();
        for (Component c : components) {
            for (String name : concat(c.name(), c.formerNames())) {
                if (names.contains(name)) {
                    throw new IllegalArgumentException("two components named '" + name + "'");
                }
                names.add(name);
            }
        }
        this.components = List.copyOf(components);
    }

    /**
     * Every built-in component of the lab: add one with a line in {@code META-INF/services/dev.perflab.cli.component.Component},
     * or, for a ladder measured by its JMH suites alone, a line in {@code META-INF/perflab/ladders}.
     */
    public static Registry builtIn() {
        return BUILT_IN;
    }

    /**
     * The components {@code loader} sees: each class its {@code Component} service files list, then a component made
     * from each ladder its {@value #LADDERS} files name ({@link Component#of}) that no class already stands for.
     */
    public static Registry load(ClassLoader loader) {
        List<Component> components = new ArrayList<>(ServiceLoader.load(Component.class, loader).stream().map(ServiceLoader.Provider::get).toList());
        for (Ladder<?> ladder : LadderList.read(loader, LADDERS)) {
            if (components.stream().noneMatch(c -> c.name().equals(ladder.component()))) {
                components.add(Component.of(ladder, loader));
            }
        }
        return new Registry(components);
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

    private static List<String> concat(String name, List<String> more) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(more);
        return all;
    }

    /**
     * The component of that name, or of that former name ({@link Component#formerNames()}).
     *
     * @throws UnknownEntryException naming the known components (one line, exit 2 in the CLI)
     */
    public Component byName(String name) {
        for (Component c : components) {
            if (c.name().equals(name) || c.formerNames().contains(name)) {
                return c;
            }
        }
        throw new UnknownEntryException("unknown component '" + name + "'; known: "
                + components.stream().map(Component::name).collect(Collectors.joining(", ")));
    }

    /**
     * The one line a command prints when it was given a component's former name ({@code mdf is now forwarder}),
     * or empty when {@code name} is a current name or unknown.
     */
    public Optional<String> renamedNote(String name) {
        return components.stream().filter(c -> c.formerNames().contains(name)).findFirst()
                .map(c -> renamedNote(name, c.name()));
    }

    /** {@code OLD is now NEW}: the same line wherever a former name is used. */
    public static String renamedNote(String formerName, String name) {
        return formerName + " is now " + name;
    }

    /**
     * The component a benchmark belongs to, from its name: a JMH benchmark by its class, one of a component's
     * suites ({@code dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast}, or
     * {@code OrderBookCancelBenchmark.cancelLast} as a gate names it); an end-to-end row by its
     * {@code COMPONENT.what} name ({@code sha-pipeline.endToEnd}), or by a name the component had
     * ({@code mdf.forward}). Empty for a bare method name or a benchmark of no component.
     */
    public Optional<Component> owning(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        if (dot <= 0) {
            return Optional.empty();
        }
        String owner = benchmark.substring(0, dot);
        for (Component c : components) {
            for (JmhSuite suite : c.suites()) {
                String className = suite.className();
                if (className.equals(owner) || className.endsWith("." + owner)) {
                    return Optional.of(c);
                }
            }
        }
        return components.stream().filter(c -> c.name().equals(owner) || c.formerNames().contains(owner)).findFirst();
    }

    /** Something {@code Lab.newCommandLine(Registry)} hands its registry to: each command that looks components up. */
    public interface User {
        void use(Registry registry);
    }
}
