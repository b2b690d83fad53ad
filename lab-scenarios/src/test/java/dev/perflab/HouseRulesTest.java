package dev.perflab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
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
import dev.perflab.cli.Lab;
import dev.perflab.ladder.Ladder;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house's rules, read from the compiled classes of {@code lab-scenarios} (and {@code lab-core}'s ladders,
 * for loops). The floors of {@code lab-scenarios}, from the top down ({@code lab-scenarios/packages.sh} prints them):
 *
 * <pre>
 *   6  dev.perflab.cli, cli.latency, cli.profile,  Lab and the lab-wide commands
 *      cli.check, cli.grade
 *   5  dev.perflab.cli.&lt;component&gt;               one package per component: its Component, its commands, its run options
 *   4  dev.perflab.cli.component                 what a component is: Component, suites, scenarios, the registry
 *   3  dev.perflab.gate, compare, ab, fleet   judging results; splitting runs into shards and merging them
 *   2  dev.perflab.report(.page), scenario, jmh, reading results, the report page; the processes of an end-to-end run; running JMH;
 *      history                                   the results history (a database over runs)
 *   1  dev.perflab.base                          the ground: the input and output file policies, small value types
 * </pre>
 *
 * A floor uses only floors below it; nothing names a component's classes from outside its package (the
 * built-in list is a {@code ServiceLoader} file, not code); no package imports another in a loop.
 */
class HouseRulesTest {
    private static final String GROUND = "dev.perflab.base";
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
                        "dev.perflab.history..")
                .check(scenarios);
    }

    @Test
    void eachFloorUsesOnlyTheFloorsBelowIt() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("ground").definedBy(GROUND)
                .layer("plumbing").definedBy("dev.perflab.report..", "dev.perflab.scenario..", "dev.perflab.jmh", "dev.perflab.history")
                .layer("judging").definedBy("dev.perflab.gate", "dev.perflab.compare", "dev.perflab.ab", "dev.perflab.fleet")
                .layer("component model").definedBy("dev.perflab.cli.component")
                .layer("components").definedBy(componentPackages().toArray(String[]::new))
                .layer("lab-wide commands").definedBy("dev.perflab.cli", "dev.perflab.cli.latency", "dev.perflab.cli.profile",
                        "dev.perflab.cli.check", "dev.perflab.cli.grade")
                .whereLayer("ground").mayNotAccessAnyLayer()
                .whereLayer("plumbing").mayOnlyAccessLayers("ground")
                .whereLayer("judging").mayOnlyAccessLayers("plumbing", "ground")
                .whereLayer("component model").mayOnlyAccessLayers("plumbing", "ground")
                .whereLayer("components").mayOnlyAccessLayers("component model", "judging", "plumbing", "ground")
                .whereLayer("lab-wide commands").mayOnlyAccessLayers("lab-wide commands", "component model", "judging",
                        "plumbing", "ground")
                .check(scenarios);
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

    /** The packages that hold a class implementing {@code Component}: one per component. */
    private static Set<String> componentPackages() {
        Set<String> packages = scenarios.stream()
                .filter(c -> !c.isInterface() && c.getAllRawInterfaces().stream()
                        .anyMatch(i -> i.getName().equals("dev.perflab.cli.component.Component")))
                .map(JavaClass::getPackageName)
                .collect(Collectors.toCollection(TreeSet::new));
        if (packages.size() < 7) {
            throw new AssertionError("expected the seven built-in components' packages, found " + packages);
        }
        return packages;
    }
}
