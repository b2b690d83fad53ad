package dev.perflab.history;

import dev.perflab.base.Machine;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The machine a run was made on, stored with every run: the lab's printed header line and its parts.
 *
 * @param header   the line printed and saved beside the results ({@code Machine.header()})
 * @param jdk      the JDK that measured: its VM and version as the rows name them, else this JVM's vendor, VM and version
 * @param jvmFlags the measuring JVM's flags, space-separated; empty when the run does not know them
 * @param cpu      the CPU model
 * @param cores    the cores the JVM sees
 * @param kernel   OS name, kernel release and architecture
 */
public record MachineFacts(String header, String jdk, String jvmFlags, String cpu, int cores, String kernel) {
    /** This machine, with the header a command printed and the flags of the JVM that measured. */
    public static MachineFacts current(String header, List<String> jvmFlags) {
        return new MachineFacts(header, Machine.jdk(), String.join(" ", jvmFlags), Machine.cpuModel(), Machine.cores(), thisKernel());
    }

    /** The flags this JVM was started with: what measured when a scenario's roles run as this lab's children. */
    public static List<String> thisJvmFlags() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments();
    }

    static String thisKernel() {
        return System.getProperty("os.name", "?") + " " + System.getProperty("os.version", "?") + " "
                + System.getProperty("os.arch", "?");
    }
}
