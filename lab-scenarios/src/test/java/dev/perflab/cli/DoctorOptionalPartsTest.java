package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code ./lab doctor} covers the lab's optional parts (Chromium, PostgreSQL, Otava's venv) and says what "~" means. */
class DoctorOptionalPartsTest {
    @Test
    void chromiumPostgresAndOtavaEachHaveALine() {
        LabCli lab = new LabCli();
        lab.run("doctor");
        String out = lab.out.toString();
        assertTrue(out.matches("(?s).*\\n  [✓✗] Chromium and chromium-driver .*"), out);
        assertTrue(out.matches("(?s).*\\n  [✓✗] PostgreSQL \\(a shared results history\\) .*"), out);
        assertTrue(out.matches("(?s).*\\n  ~ Apache Otava \\(history --changes\\) +Apache Otava is (installed|not installed yet).*"), out);
        assertTrue(out.contains("~ not checked as there or not: the line says what this machine gives"), out);
        if (out.contains("Apache Otava is not installed yet")) {
            assertTrue(out.contains("downloading it from the Python package index (PyPI"), "the first --changes needs the index: " + out);
        }
    }
}
