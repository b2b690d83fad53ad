package dev.perflab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import dev.perflab.base.Inputs;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.Lab;
import dev.perflab.ladder.Ladder;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house's rules, read from the compiled classes of {@code lab-scenarios} (and {@code lab-core}'s ladders,
 * for loops). The floors of {@code lab-scenarios}, from the top down (the README's table; {@code
 * lab-scenarios/packages.sh} prints the graph):
 *
 * <pre>
 *   7  dev.perflab.cli, cli.ab, cli.latency,        Lab and the small commands; the A/B and calibration machinery;
 *      cli.profile, cli.check, cli.grade           latency; flame graphs; a rung's contract; grading an exercise
 *   6  dev.perflab.cli.run, foreign,                running a suite or a scenario, or another project's JMH jar; one
 *      cli.&lt;component&gt;                            package per component (its Component, commands, run options)
 *   5  dev.perflab.cli.component                   what a component is, and the options every command shares
 *   4  dev.perflab.gate, compare, ab, fleet        judging results; splitting runs into shards and merging them
 *   3  dev.perflab.report(.page), scenario(.link),  reading results, the report page; the processes of an end-to-end run;
 *      jmh, history                                running JMH; the results history (a database over runs)
 *   2  dev.perflab.results                         where every file of a run goes, and the one writer of a run's folder
 *   1  dev.perflab.base                            the ground: the input and output file policies, small value types
 * </pre>
 *
 * A floor uses only floors below it; nothing names a component's classes from outside its package (the
 * built-in list is a {@code ServiceLoader} file, not code); no package imports another in a loop. The top package
 * keeps {@code Lab} and the small commands: at most {@value #TOP_CLASSES} classes on at most {@value #TOP_FLOORS}
 * floors of their own. Only {@code dev.perflab.results} opens a results folder, names the {@code results/} root
 * or writes the machine a run's rows ran on; every package is in the README's floor table.
 */
class HouseRulesTest {
    private static final String GROUND = "dev.perflab.base";
    private static final String RESULTS = "dev.perflab.results";
    /** The most classes (nested ones counted) the top package {@code dev.perflab.cli} may hold. */
    static final int TOP_CLASSES = 15;
    /** The most floors the classes of the top package may stand on among themselves. */
    static final int TOP_FLOORS = 4;
    private static JavaClasses scenarios;
    private static JavaClasses core;

    @BeforeAll
    static void importClasses() throws URISyntaxException, IOException {
        scenarios = importClassesOf(Lab.class);
        core = importClassesOf(Ladder.class);
    }

    /** The classes of the folder or jar a class was loaded from: a module's main classes, not its tests. */
    private static JavaClasses importClassesOf(Class<?> type) throws URISyntaxException, IOException {
        Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(location)) {
            return new ClassFileImporter().importPath(location);
        }
        try (JarFile jar = new JarFile(location.toFile())) {
            return new ClassFileImporter().importJar(jar);
        }
    }

    @Test
    void noPackageImportsAnotherInALoop() {
        slices().matching("dev.perflab.(**)").should().beFreeOfCycles().check(scenarios);
    }

    /**
     * lab-core, a ladder at a time: a ladder names its peers ({@code kv.peers}) and they implement its
     * interfaces, so a ladder and its sub-packages are one unit; between ladders and the plumbing, no loop.
     */
    @Test
    void noLadderOfTheCoreImportsAnotherInALoop() {
        slices().matching("dev.perflab.(*)..").should().beFreeOfCycles().check(core);
    }

    @Test
    void theGroundFloorImportsNothingAboveIt() {
        noClasses().that().resideInAPackage(GROUND)
                .should().dependOnClassesThat().resideInAnyPackage("dev.perflab.cli..", "dev.perflab.report..",
                        "dev.perflab.gate..", "dev.perflab.compare..", "dev.perflab.ab..", "dev.perflab.fleet..", "dev.perflab.scenario..", "dev.perflab.jmh..",
                        "dev.perflab.history..", RESULTS + "..")
                .check(scenarios);
    }

    @Test
    void eachFloorUsesOnlyTheFloorsBelowIt() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("ground").definedBy(GROUND)
                .layer("results").definedBy(RESULTS)
                .layer("plumbing").definedBy("dev.perflab.report..", "dev.perflab.scenario..", "dev.perflab.jmh", "dev.perflab.history")
                .layer("judging").definedBy("dev.perflab.gate", "dev.perflab.compare", "dev.perflab.ab", "dev.perflab.fleet")
                .layer("component model").definedBy("dev.perflab.cli.component")
                .layer("running").definedBy("dev.perflab.cli.run", "dev.perflab.foreign")
                .layer("components").definedBy(componentPackages().toArray(String[]::new))
                .layer("lab-wide commands").definedBy("dev.perflab.cli", "dev.perflab.cli.ab", "dev.perflab.cli.latency",
                        "dev.perflab.cli.profile", "dev.perflab.cli.check", "dev.perflab.cli.grade")
                .whereLayer("ground").mayNotAccessAnyLayer()
                .whereLayer("results").mayOnlyAccessLayers("ground")
                .whereLayer("plumbing").mayOnlyAccessLayers("results", "ground")
                .whereLayer("judging").mayOnlyAccessLayers("plumbing", "results", "ground")
                .whereLayer("component model").mayOnlyAccessLayers("plumbing", "results", "ground")
                .whereLayer("running").mayOnlyAccessLayers("component model", "judging", "plumbing", "results", "ground")
                .whereLayer("components").mayOnlyAccessLayers("component model", "judging", "plumbing", "results", "ground")
                .whereLayer("lab-wide commands").mayOnlyAccessLayers("lab-wide commands", "running", "component model", "judging",
                        "plumbing", "results", "ground")
                .check(scenarios);
    }

    /** Every package of lab-scenarios is a floor of the house: none is left out of the layers above. */
    @Test
    void everyPackageStandsOnAFloor() {
        Set<String> floors = new TreeSet<>(Set.of(GROUND, RESULTS, "dev.perflab.jmh", "dev.perflab.history", "dev.perflab.gate",
                "dev.perflab.compare", "dev.perflab.ab", "dev.perflab.fleet", "dev.perflab.cli.component", "dev.perflab.cli.run", "dev.perflab.foreign",
                "dev.perflab.cli", "dev.perflab.cli.ab", "dev.perflab.cli.latency", "dev.perflab.cli.profile", "dev.perflab.cli.check",
                "dev.perflab.cli.grade"));
        floors.addAll(componentPackages());
        Set<String> off = packages().stream()
                .filter(p -> !floors.contains(p) && !p.startsWith("dev.perflab.report") && !p.startsWith("dev.perflab.scenario"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of(), off, "packages on no floor of HouseRulesTest: add each to a layer and to the README's floor table");
    }

    /**
     * The top package keeps {@code Lab} and the small commands; what they drive (A/B, a run) has packages of its own.
     * Its classes' floors among themselves: a class that uses none of the others is on floor 1.
     */
    @Test
    void theTopPackageKeepsLabAndTheSmallCommands() {
        List<JavaClass> top = scenarios.stream().filter(c -> c.getPackageName().equals("dev.perflab.cli")).toList();
        assertTrue(top.size() <= TOP_CLASSES, top.size() + " classes in dev.perflab.cli, at most " + TOP_CLASSES + ": "
                + top.stream().map(JavaClass::getSimpleName).sorted().toList());
        Map<JavaClass, Integer> floor = new HashMap<>();
        top.forEach(c -> floor.put(c, 1));
        for (int round = 0; round <= top.size(); round++) {
            for (JavaClass c : top) {
                int best = 1;
                for (Dependency d : c.getDirectDependenciesFromSelf()) {
                    JavaClass target = d.getTargetClass();
                    if (floor.containsKey(target) && !target.equals(c)) {
                        best = Math.max(best, floor.get(target) + 1);
                    }
                }
                floor.put(c, Math.min(best, top.size() + 1));
            }
        }
        int highest = floor.values().stream().max(Integer::compare).orElse(0);
        assertTrue(highest <= TOP_FLOORS, "dev.perflab.cli stands on " + highest + " floors, at most " + TOP_FLOORS + ": " + floor);
    }

    /**
     * One owner of results: only {@code dev.perflab.results} opens an output folder ({@code OutputFile.checkDirectory})
     * or moves a file into one; every other class gets its run's folder and files from a {@code RunFolder}.
     */
    @Test
    void onlyTheResultsPackageOpensAResultsFolder() {
        noClasses().that().resideOutsideOfPackage(RESULTS).and().doNotBelongToAnyOf(OutputFile.class)
                .should().callMethod(OutputFile.class, "checkDirectory", String.class, Path.class)
                .orShould().callMethod(OutputFile.class, "checkDirectory", String.class, Path.class, Inputs.class)
                .because("a results folder is opened through dev.perflab.results.RunFolder, the one writer of a run's folder")
                .check(scenarios);
    }

    /** The {@code results/} root is written down once, in {@code ResultsLayout}: no other main source names it as a path. */
    @Test
    void onlyTheResultsLayoutNamesTheResultsRoot() throws IOException {
        Pattern root = Pattern.compile("(Path\\.of|Paths\\.get|resolve|new File)\\(\\s*\"results[\"/]");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (file.startsWith(Path.of("src/main/java/dev/perflab/results"))) {
                    continue;
                }
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (root.matcher(lines.get(i)).find()) {
                        found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "the results root named outside ResultsLayout");
    }

    /**
     * The README's floor table names every package of lab-scenarios (a component's as
     * {@code dev.perflab.cli.<component>}), so a newcomer finds each room on the plan.
     */
    @Test
    void theReadmesFloorTableNamesEveryPackage() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        int start = readme.indexOf("| floor | packages | what |");
        assertTrue(start >= 0, "README.md has a floor table (| floor | packages | what |)");
        int end = readme.indexOf("\n\n", start);
        String table = readme.substring(start, end < 0 ? readme.length() : end);
        Set<String> components = componentPackages();
        List<String> missing = new ArrayList<>();
        for (String p : packages()) {
            String shortName = p.substring("dev.perflab.".length());
            boolean named = components.contains(p) ? table.contains("`dev.perflab.cli.<component>`")
                    : table.contains("`" + p + "`") || table.contains("`" + shortName + "`");
            if (!named) {
                missing.add(p);
            }
        }
        assertEquals(List.of(), missing, "packages missing from the README's floor table");
    }

    /** The packages of lab-scenarios' main classes. */
    private static Set<String> packages() {
        return scenarios.stream().map(JavaClass::getPackageName).filter(p -> p.startsWith("dev.perflab."))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void onlyAComponentsOwnPackageNamesItsClasses() {
        Set<String> components = componentPackages();
        ArchRuleDefinition.classes().that().resideInAnyPackage(components.toArray(String[]::new))
                .should(new ArchCondition<JavaClass>("be named only from their own package") {
                    @Override
                    public void check(JavaClass type, ConditionEvents events) {
                        for (Dependency d : type.getDirectDependenciesToSelf()) {
                            JavaClass origin = d.getOriginClass();
                            if (!origin.getPackageName().equals(type.getPackageName())) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                })
                .check(scenarios);
    }

    /**
     * The packages that hold a class implementing {@code Component}: one per component (the component model's own
     * default, the component a ladder makes by itself, is not one).
     */
    private static Set<String> componentPackages() {
        Set<String> packages = scenarios.stream()
                .filter(c -> !c.isInterface() && c.getAllRawInterfaces().stream()
                        .anyMatch(i -> i.getName().equals("dev.perflab.cli.component.Component")))
                .map(JavaClass::getPackageName)
                .filter(p -> !p.equals("dev.perflab.cli.component"))
                .collect(Collectors.toCollection(TreeSet::new));
        if (packages.size() < 7) {
            throw new AssertionError("expected the seven built-in components' packages, found " + packages);
        }
        return packages;
    }
}
