package dev.perflab.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * The agent's entry: {@code -javaagent:perflab-agent.jar=benchmark=REGEX} (options: {@link AgentOptions}) plants
 * {@link PlantedWork} in the chosen benchmarks of a jar the lab did not build (at each call JMH's generated code makes
 * to them) or at the entry of a named method, so that
 * {@code ./lab ab --calibrate} can measure its false alarms and its detection on anyone's JMH rows. It is given to
 * JMH's forks only, where the benchmark runs, never to JMH's host JVM:
 *
 * <pre>
 *   java -jar benchmarks.jar Sums.loop -jvmArgsPrepend "-javaagent:perflab-agent.jar=benchmark=Sums.loop -Dperflab.plant=40/8"
 * </pre>
 *
 * A bad argument or a malformed plant is one line on standard error and exit code 2, before any benchmark runs:
 * a fork must never measure with a plant other than the one asked for.
 */
public final class PlantAgent {
    /** Exit code of a fork whose agent argument or plant is malformed (the lab's code for bad input). */
    static final int BAD_INPUT = 2;

    private PlantAgent() {
    }

    /** Called by the JVM before {@code main}, with the text after {@code =} in {@code -javaagent:JAR=…}. */
    public static void premain(String argument, Instrumentation instrumentation) {
        AgentOptions options;
        String plant = System.getProperty(PlantedWork.PROPERTY, "");
        try {
            options = AgentOptions.parse(argument);
            if (options.count()) {
                System.setProperty(PlantedWork.COUNT_PROPERTY, "true");  // before PlantedWork reads it, just below
            }
            PlantedWork.parse(plant);  // initializes PlantedWork: a malformed plant fails here, not in the benchmark
        } catch (IllegalArgumentException | ExceptionInInitializerError e) {
            Throwable why = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
            System.err.println("perflab agent: " + why.getMessage());
            System.exit(BAD_INPUT);
            return;
        }
        BenchmarkStubs stubs = null;
        if (options.benchmark() != null) {
            String problem;
            try {
                stubs = BenchmarkStubs.of(ClassLoader.getSystemClassLoader(), options.benchmark());
                problem = stubs.benchmarks().isEmpty() ? "benchmark=" + options.benchmark().pattern() + " matches no benchmark of"
                        + " this JVM's META-INF/BenchmarkList; give a regex found in pkg.Class.method, as JMH's own include" : null;
            } catch (IOException | IllegalArgumentException e) {
                problem = "cannot read JMH's benchmark list (" + e.getMessage() + ")";
            }
            if (problem != null) {
                System.err.println("perflab agent: " + problem);
                System.exit(BAD_INPUT);
                return;
            }
        }
        Receipt receipt = new Receipt(plant, options.target());
        instrumentation.addTransformer(new EntryPlanter(options, stubs, receipt));
        if (options.receipt() != null) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> writeReceipt(receipt, options), "perflab-agent-receipt"));
        }
    }

    private static void writeReceipt(Receipt receipt, AgentOptions options) {
        if (options.count()) {
            receipt.counted(PlantedWork.calls(), PlantedWork.tokensSpent());
        }
        Path dir = options.receipt();
        try {
            receipt.write(dir, pid());
        } catch (IOException e) {
            System.err.println("perflab agent: cannot write the receipt in " + dir + " (" + e + ")");
        }
    }

    /** This JVM's process id (Java 8 has no ProcessHandle: the runtime's name is {@code PID@HOST}). */
    private static long pid() {
        String name = ManagementFactory.getRuntimeMXBean().getName();
        try {
            return Long.parseLong(name.substring(0, name.indexOf('@')));
        } catch (RuntimeException e) {
            return System.nanoTime();
        }
    }
}
