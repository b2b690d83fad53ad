package dev.perflab.cli;

import dev.perflab.jmh.JmhProcess;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@code @ExtendWith(JmhFromTestClassPath.class)}: each test's JMH runs and listings take JMH and the benchmarks from
 * this module's test class path ({@link JmhProcess#CLASSPATH_PROPERTY}), which also lets them share the machine
 * with a real measurement (JMH's lock is ignored there), and the property is cleared after the test.
 */
public final class JmhFromTestClassPath implements BeforeEachCallback, AfterEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) {
        System.setProperty(JmhProcess.CLASSPATH_PROPERTY, System.getProperty("java.class.path"));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        System.clearProperty(JmhProcess.CLASSPATH_PROPERTY);
    }
}
