package dev.perflab.ladder;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A component's rungs, in order from naive to tuned, followed by its peers, exhibits and exercises, and
 * (where the component has one) the {@link Contract} every correct entry passes.
 *
 * <p>Names resolve the same way everywhere in the lab: an exact id ({@code r3-long-ticks}), its short
 * prefix before the first dash ({@code r3}), or the aliases {@code naive} (the first rung) and
 * {@code tuned} (the last rung).
 *
 * @param <F> the component's factory type
 */
public final class Ladder<F> {
    private final String component;
    private final String title;
    private final List<Entry<F>> entries;
    private final Contract<F> contract;
    private final List<String> suites;

    public Ladder(String component, String title, List<Entry<F>> entries) {
        this(component, title, entries, null, List.of());
    }

    private Ladder(String component, String title, List<Entry<F>> entries, Contract<F> contract, List<String> suites) {
        this.component = component;
        this.title = title;
        this.entries = List.copyOf(entries);
        this.contract = contract;
        this.suites = List.copyOf(suites);
        if (rungs().isEmpty()) {
            throw new IllegalArgumentException(component + ": a ladder needs at least one rung");
        }
    }

    /** This ladder with its contract: the named checks {@code ./lab check} runs against one entry. */
    public Ladder<F> withContract(Contract<F> newContract) {
        return new Ladder<>(component, title, entries, java.util.Objects.requireNonNull(newContract), suites);
    }

    /**
     * This ladder with its JMH suites: the benchmark classes (in {@code lab-benchmarks}, by name: this module does not
     * see them) whose {@code @Param String rung} selects its entries. A ladder measured by its suites alone needs
     * nothing more for {@code ./lab} to list, run and check it (see {@code META-INF/perflab/ladders}).
     */
    public Ladder<F> withSuites(String... benchmarkClasses) {
        return new Ladder<>(component, title, entries, contract, List.of(benchmarkClasses));
    }

    /**
     * {@link #withSuites(String...)} by class, for a ladder whose benchmark classes its own code sees (a ladder out of
     * this repository, in one jar with its suites): a renamed or moved class is then a compile error, not a suite
     * that is silently never found.
     */
    public Ladder<F> withSuites(Class<?>... benchmarkClasses) {
        return withSuites(java.util.Arrays.stream(benchmarkClasses).map(Class::getName).toArray(String[]::new));
    }

    /** The JMH benchmark classes that measure this ladder, by name; empty when the lab-scenarios component says. */
    public List<String> suites() {
        return suites;
    }

    public Optional<Contract<F>> contract() {
        return Optional.ofNullable(contract);
    }

    public String component() {
        return component;
    }

    public String title() {
        return title;
    }

    /** Every entry: rungs in ladder order, then peers and exhibits. */
    public List<Entry<F>> entries() {
        return entries;
    }

    public List<Entry<F>> rungs() {
        return entries.stream().filter(e -> e.kind() == Kind.RUNG).collect(Collectors.toList());
    }

    /** Rungs and peers: everything that must pass the component's contract suite (not exhibits, not exercises). */
    public List<Entry<F>> correct() {
        return entries.stream().filter(e -> e.kind() == Kind.RUNG || e.kind() == Kind.PEER).collect(Collectors.toList());
    }

    public Entry<F> naive() {
        return rungs().get(0);
    }

    public Entry<F> tuned() {
        List<Entry<F>> rungs = rungs();
        return rungs.get(rungs.size() - 1);
    }

    /**
     * Finds an entry by id, short prefix or alias.
     *
     * @throws UnknownEntryException naming the known ids when nothing matches
     */
    public Entry<F> resolve(String name) {
        if ("naive".equals(name)) {
            return naive();
        }
        if ("tuned".equals(name)) {
            return tuned();
        }
        List<Entry<F>> matches = new ArrayList<>();
        for (Entry<F> e : entries) {
            if (e.id().equals(name)) {
                return e;
            }
            if (e.id().startsWith(name + "-")) {
                matches.add(e);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        throw new UnknownEntryException("unknown " + component + " rung '" + name + "'; known: naive, tuned, "
                + ids().stream().collect(Collectors.joining(", ")));
    }

    public List<String> ids() {
        return entries.stream().map(Entry::id).collect(Collectors.toList());
    }
}
