package dev.perflab.cli;

import dev.perflab.base.Jdk;
import dev.perflab.base.Machine;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.profile.SamplingEngine;
import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab doctor}: every prerequisite of the lab, checked, with what is lost without it and how to get
 * it. The lab's own (JDK, Maven, Python for the notebooks, perf events for the profiler) come first, then each
 * component's ({@link Component#prerequisites()}), checked with the code its runs use. Exit 0 when the lab can
 * build and run (JDK and Maven), 1 when it cannot; a missing optional tool only disables what its line says.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Check what the lab needs and what each optional tool switches on.",
                "JDK, Maven, Python (notebooks), perf events (profiles), Chromium (the page's browser tests),",
                "PostgreSQL (a shared history), Apache Otava (history --changes), and each component's own (iperf3,",
                "Tokyo Cabinet, iproute2 and root for --link, free disk).",
                "Each missing one says what it disables and how to install it; exit 1 only if the lab cannot run."})
final class DoctorCommand implements Callable<Integer>, Registry.User {
    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("perflab doctor · " + Machine.header());
        boolean runnable = true;
        runnable &= report(out, "lab", new Prerequisite("JDK 17 or newer", "nothing runs", "apt-get install openjdk-17-jdk-headless",
                () -> Runtime.version().feature() >= 17 ? Optional.empty() : Optional.of("this JVM is " + Runtime.version())), true);
        runnable &= report(out, "lab", new Prerequisite("Maven (mvn)", "./lab cannot build the jars it runs", "apt-get install maven",
                () -> OptionalParts.onPath("mvn") ? Optional.empty() : Optional.of("mvn is not on the PATH")), true);
        report(out, "lab", new Prerequisite("Python 3 with venv and pip", "mvn test cannot run the workshop notebooks (mvn test -pl '!notebooks' skips them)",
                "apt-get install python3 python3-venv python3-pip", DoctorCommand::pythonProblem), false);
        out.printf("  ~ %-38s %s%n", "perf events (./lab profile)", "perf_event_paranoid=" + SamplingEngine.perfEventParanoid()
                + ": async-profiler samples with perf events where the kernel allows, else a timer; ./lab profile prints which");
        out.printf("  ~ %-38s %s%n", "JDKs for --jdk", Jdk.discover(List.of()).stream().map(Jdk::label).collect(Collectors.joining(", ")));
        report(out, "report pages", OptionalParts.chromium(), false);
        report(out, "history", OptionalParts.postgresql(), false);
        out.printf("  ~ %-38s %s%n", "Apache Otava (history --changes)", OptionalParts.otava());
        Map<String, List<String>> users = new LinkedHashMap<>();
        Map<String, Prerequisite> byName = new LinkedHashMap<>();
        for (Component c : registry.all()) {
            for (Prerequisite p : c.prerequisites()) {
                byName.putIfAbsent(p.name(), p);
                users.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(c.name());
            }
        }
        for (Prerequisite p : byName.values()) {
            report(out, String.join(", ", users.get(p.name())), p, false);
        }
        out.println("✓ there and usable · ✗ missing: the line says what that disables and how to install it"
                + " · ~ not checked as there or not: the line says what this machine gives");
        out.println(runnable ? "the lab can build and run; a line marked ✗ only disables what it says"
                : "the lab cannot run here until the lines marked ✗ (required) are fixed");
        out.flush();
        return runnable ? 0 : 1;
    }

    /** One line per prerequisite; returns whether it is there. */
    private static boolean report(PrintWriter out, String who, Prerequisite p, boolean required) {
        Optional<String> problem = p.problem().get();
        if (problem.isEmpty()) {
            out.printf("  ✓ %-38s %s%n", p.name(), "(" + who + ")");
            return true;
        }
        out.printf("  ✗ %-38s %s (%s); without it %s%s; install: %s%n", p.name(), problem.get(), who,
                p.without(), required ? " (required)" : "", p.install());
        return false;
    }

    /** What {@code notebooks/test.sh} needs: python3 with its venv, ensurepip and pip modules. */
    private static Optional<String> pythonProblem() {
        if (!OptionalParts.onPath("python3")) {
            return Optional.of("python3 is not on the PATH");
        }
        List<String> lines = new ArrayList<>();
        try (ChildProcess python = ChildProcess.start("python3", List.of("python3", "-c", "import venv, ensurepip, pip"), lines::add, null)) {
            int exit = python.waitFor();
            return exit == 0 ? Optional.empty() : Optional.of("python3 lacks venv, ensurepip or pip ("
                    + lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("exit " + exit).strip() + ")");
        } catch (IOException e) {
            return Optional.of("python3 does not start: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }
}
