package dev.perflab.cli.latency;

import dev.perflab.base.LabException;
import java.util.Locale;

/** The garbage collectors a latency run can choose, with the HotSpot flag that selects each. */
enum GcChoice {
    G1("G1", "-XX:+UseG1GC", true),
    PARALLEL("Parallel", "-XX:+UseParallelGC", true),
    SERIAL("Serial", "-XX:+UseSerialGC", true),
    /** JDK 17's ZGC has a single generation, so a fixed young size means nothing to it. */
    ZGC("ZGC", "-XX:+UseZGC", false);

    private final String title;
    private final String flag;
    private final boolean hasYoungGeneration;

    GcChoice(String title, String flag, boolean hasYoungGeneration) {
        this.title = title;
        this.flag = flag;
        this.hasYoungGeneration = hasYoungGeneration;
    }

    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    String title() {
        return title;
    }

    String flag() {
        return flag;
    }

    boolean hasYoungGeneration() {
        return hasYoungGeneration;
    }

    static GcChoice parse(String id) {
        for (GcChoice gc : values()) {
            if (gc.id().equals(id)) {
                return gc;
            }
        }
        throw new LabException("--gc: unknown collector '" + id + "' (expected g1, parallel, serial or zgc)");
    }
}
