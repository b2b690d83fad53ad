package dev.perflab.bench;

import dev.perflab.proc.ParentWatch;

/**
 * The benchmarks jar's entry point: JMH's own {@code org.openjdk.jmh.Main}, with every option as JMH reads it, in a
 * JVM that ends when the lab that started it is gone ({@link ParentWatch}). Without it, a lab killed with
 * {@code kill -9} leaves its JMH run going to the end of the suite. Run from a shell, it is JMH's Main and nothing more.
 */
public final class JmhMain {
    private JmhMain() {
    }

    public static void main(String[] args) throws Exception {
        ParentWatch.start();
        org.openjdk.jmh.Main.main(args);
    }
}
