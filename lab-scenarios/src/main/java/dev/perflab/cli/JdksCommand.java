package dev.perflab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
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
        for (Jdk jdk : Jdk.discover(extra)) {
            out.printf("%-3s %-16s %-12s %-22s %s%n", jdk.home().equals(current) ? "*" : "", jdk.label(), jdk.version(),
                    jdk.vendor(), jdk.home());
        }
        out.println("(* runs the lab; ./lab run COMPONENT --jdk HOME[,HOME…] measures a ladder on each)");
        out.flush();
    }
}
