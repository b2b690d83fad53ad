package dev.perflab.cli.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * One ladder's facts agree across the three modules. JMH's {@code @Param} values must be compile-time constants,
 * so a benchmark class spells its rung ids out; a component names its suites by class. Over every suite of every
 * built-in component: its class loads from lab-benchmarks and has benchmark methods, and its {@code rung} list
 * holds the ladder's ids exactly (an id, not a name such as {@code tuned}), each once, in ladder order, no exercise
 * (an exercise runs only when named), and nothing else but a peer that lives in lab-benchmarks alone (a
 * {@code public static final String ID} of a class beside the suite). A component measured by its JMH suites alone
 * lists every rung and peer of its ladder in them.
 */
class SuiteParamsTest {
    @Test
    void everySuiteLoadsAndListsItsLaddersIdsInOrder() throws Exception {
        List<String> problems = new ArrayList<>();
        for (Component component : Registry.builtIn().all()) {
            for (JmhSuite suite : component.suites()) {
                problems.addAll(check(component.ladder(), suite));
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aComponentMeasuredByItsSuitesAloneListsEveryRungAndPeer() throws Exception {
        List<String> problems = new ArrayList<>();
        for (Component component : Registry.builtIn().all()) {
            if (component.scenario().isPresent() || component.suites().isEmpty()) {
                continue;
            }
            Set<String> listed = new LinkedHashSet<>();
            for (JmhSuite suite : component.suites()) {
                rungs(Class.forName(suite.className())).ifPresent(listed::addAll);
            }
            List<String> missing = component.ladder().correct().stream().map(Entry::id).filter(id -> !listed.contains(id)).toList();
            if (!missing.isEmpty()) {
                problems.add(component.name() + ": no suite lists " + missing);
            }
        }
        assertEquals(List.of(), problems);
    }

    /** The check catches what it is for: a name instead of an id, a typo, an order the ladder does not have. */
    @Test
    void aListThatDriftedFromItsLadderIsCaught() {
        Ladder<?> ladder = Registry.builtIn().byName("orderbook").ladder();
        List<String> ids = ladder.correct().stream().map(Entry::id).toList();
        assertEquals(List.of(), problems(ladder, "ok", ids, Set.of()));
        assertTrue(problems(ladder, "named", List.of("tuned"), Set.of()).get(0).contains("'tuned' is not an id of"),
                problems(ladder, "named", List.of("tuned"), Set.of()).toString());
        assertTrue(problems(ladder, "typo", List.of(ids.get(0) + "x"), Set.of()).get(0).contains("is not an id of"));
        List<String> reversed = new ArrayList<>(ids);
        java.util.Collections.reverse(reversed);
        assertTrue(problems(ladder, "reversed", reversed, Set.of()).get(0).contains("not in ladder order"));
        assertTrue(problems(ladder, "twice", List.of(ids.get(0), ids.get(0)), Set.of()).get(0).contains("more than once"));
    }

    private static List<String> check(Ladder<?> ladder, JmhSuite suite) {
        Class<?> type;
        try {
            type = Class.forName(suite.className());
        } catch (ClassNotFoundException e) {
            return List.of(suite.name() + ": class " + suite.className() + " does not load");
        }
        if (Arrays.stream(type.getMethods()).noneMatch(m -> m.isAnnotationPresent(Benchmark.class))) {
            return List.of(suite.name() + ": " + suite.className() + " has no @Benchmark method");
        }
        Optional<List<String>> rungs = rungs(type);
        return rungs.isEmpty() ? List.of() : problems(ladder, suite.name(), rungs.get(), benchOnlyPeers(type));
    }

    private static List<String> problems(Ladder<?> ladder, String suite, List<String> rungs, Set<String> benchOnly) {
        List<String> order = ladder.entries().stream().map(Entry::id).toList();
        List<String> problems = new ArrayList<>();
        int last = -1;
        for (String id : rungs) {
            if (benchOnly.contains(id)) {
                continue;
            }
            int at = order.indexOf(id);
            if (at < 0) {
                problems.add(suite + ": '" + id + "' is not an id of " + ladder.component() + "'s ladder");
            } else if (ladder.entries().get(at).kind() == Kind.EXERCISE) {
                problems.add(suite + ": lists the exercise " + id + ", which runs only when named");
            } else if (at == last) {
                problems.add(suite + ": lists " + id + " more than once");
            } else if (at < last) {
                problems.add(suite + ": " + id + " is not in ladder order");
            }
            last = Math.max(last, at);
        }
        return problems;
    }

    /** The {@code rung} {@code @Param} of a benchmark class, declared there or inherited. */
    private static Optional<List<String>> rungs(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals("rung") && f.isAnnotationPresent(Param.class)) {
                    return Optional.of(List.of(f.getAnnotation(Param.class).value()));
                }
            }
        }
        return Optional.empty();
    }

    /** The ids of peers that live in lab-benchmarks only: {@code public static final String ID} of a class in the suite's package. */
    private static Set<String> benchOnlyPeers(Class<?> suite) {
        Set<String> ids = new LinkedHashSet<>();
        for (JavaClass c : new ClassFileImporter().importPackages(suite.getPackageName())) {
            if (!c.getPackageName().equals(suite.getPackageName())) {
                continue;
            }
            try {
                Field id = Class.forName(c.getName()).getField("ID");
                int m = id.getModifiers();
                if (Modifier.isStatic(m) && Modifier.isFinal(m) && id.getType() == String.class) {
                    ids.add((String) id.get(null));
                }
            } catch (ReflectiveOperationException | LinkageError e) {
                // no public ID: not a peer
            }
        }
        return ids;
    }
}
