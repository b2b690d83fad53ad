package dev.perflab.cli;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.history.HistoryStore;
import dev.perflab.history.HistoryTarget;
import dev.perflab.history.Otava;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The lab's optional parts that are not a component's ({@code ./lab doctor} checks them after the JDK and Maven):
 * Chromium for the page's browser tests, a PostgreSQL server for a shared history, and Apache Otava's venv for
 * {@code ./lab history --changes}. Each is checked the way the code that uses it finds it.
 */
final class OptionalParts {
    private OptionalParts() {
    }

    /** Chromium and its driver, found where the browser tests look ({@code PERFLAB_CHROMIUM}, {@code PERFLAB_CHROMEDRIVER}). */
    static Prerequisite chromium() {
        return new Prerequisite("Chromium and chromium-driver", "the page's browser tests (ReportPageBrowserTest and the others) are"
                + " skipped; pages are still written", "apt-get install chromium chromium-driver", () -> {
            Optional<String> browser = find("PERFLAB_CHROMIUM", "/usr/bin/chromium", "/usr/bin/chromium-browser");
            Optional<String> driver = find("PERFLAB_CHROMEDRIVER", "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
            return browser.isPresent() ? browser : driver;
        });
    }

    /**
     * The history this checkout would use: a PostgreSQL one must answer; an SQLite file needs no server, so a
     * missing PostgreSQL only means there is no shared history here.
     */
    static Prerequisite postgresql() {
        return new Prerequisite("PostgreSQL (a shared results history)", "the history is an SQLite file of this checkout"
                + " (results/history.db), not shared by a team or a fleet", "apt-get install postgresql, then"
                + " --history jdbc:postgresql://… or $" + HistoryTarget.ENV + " (docs/history.md)", () -> {
            HistoryTarget target;
            try {
                target = HistoryTarget.choose(null);
            } catch (LabException e) {
                return Optional.of(e.getMessage());
            }
            if (target.kind() != HistoryTarget.Kind.POSTGRESQL) {
                return Optional.of("no PostgreSQL history named (the history is " + target.describe() + ")");
            }
            try (HistoryStore store = HistoryStore.open(target)) {
                return Optional.empty();
            } catch (LabException e) {
                return Optional.of(e.getMessage());
            }
        });
    }

    /** What {@code ./lab history --changes} needs the first time, and whether it has already been installed. */
    static String otava() {
        Otava otava = Otava.forLab();
        if (otava.installed()) {
            return "Apache Otava is installed in " + otava.venv() + "; ./lab history --changes uses it";
        }
        boolean python = onPath("python3");
        return "Apache Otava is not installed yet: the first ./lab history --changes installs it into " + otava.venv()
                + (python ? " with python3's venv and pip" : " (needs python3 with venv and pip, not found here)")
                + ", downloading it from the Python package index (PyPI, about a minute); without either, --changes stops"
                + " with a line saying so and the rest of ./lab history works";
    }

    private static Optional<String> find(String variable, String... candidates) {
        String named = System.getenv(variable);
        if (named != null && !named.isBlank()) {
            return Files.isExecutable(Path.of(named)) ? Optional.empty() : Optional.of("$" + variable + " names " + named + ", which is not executable");
        }
        for (String c : candidates) {
            if (Files.isExecutable(Path.of(c))) {
                return Optional.empty();
            }
        }
        return Optional.of(candidates[0] + " not found (nor $" + variable + ")");
    }

    static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && new File(dir, program).canExecute()) {
                return true;
            }
        }
        return false;
    }
}
