package dev.perflab.cli;

import dev.perflab.base.Jdk;
import dev.perflab.base.LabException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./lab jdks}: the JDKs the lab can run a ladder on (see {@code ./lab run --jdk}). */
@Command(name = "jdks", mixinStandardHelpOptions = true, description = "List the JDKs found: the current one, JAVA_HOME, /usr/lib/jvm and any --jdk paths.")
final class JdksCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Option(names = "--jdk", split = ",", paramLabel = "PATH", description = "More JDK homes to check.")
    List<Path> extra = List.of();

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        Path current = Jdk.current().home();
        out.printf("%-3s %-16s %-12s %-22s %s%n", "", "label", "version", "vendor", "home");
        // the JDKs found are listed even when a --jdk path is not one; that path is reported after them (exit 2)
        List<Jdk> jdks = new ArrayList<>(Jdk.discover(List.of()));
        LabException bad = null;
        for (Path path : extra) {
            try {
                Jdk jdk = Jdk.at(path);
                if (jdks.stream().noneMatch(j -> j.home().equals(jdk.home()))) {
                    jdks.add(jdk);
                }
            } catch (LabException e) {
                bad = bad != null ? bad : e;
            }
        }
        for (Jdk jdk : jdks) {
            out.printf("%-3s %-16s %-12s %-22s %s%n", jdk.home().equals(current) ? "*" : "", jdk.label(), jdk.version(),
                    jdk.vendor(), jdk.home());
        }
        out.println("(* runs the lab; ./lab run COMPONENT --jdk HOME[,HOME…] measures a ladder on each)");
        out.flush();
        if (bad != null) {
            throw bad;
        }
    }
}
