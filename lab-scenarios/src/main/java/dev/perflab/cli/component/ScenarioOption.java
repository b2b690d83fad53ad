package dev.perflab.cli.component;

/** The options of {@code ./lab run} that only a {@link Scenario} takes. */
public enum ScenarioOption {
    /** {@code --seconds S}: measured seconds per rung. */
    SECONDS("--seconds"),
    /** {@code --rate N}: offered operations per second. */
    RATE("--rate"),
    /** {@code --json FILE}: the scenario's own result file. */
    JSON("--json"),
    /** {@code --sample-out FILE}: a sample of the outputs, for checking elsewhere. */
    SAMPLE_OUT("--sample-out"),
    /** {@code --link RATE}: the source role behind an emulated link. */
    LINK("--link"),
    /** {@code --size BYTES}: the size of the data the scenario generates ({@code 1g}). */
    SIZE("--size"),
    /** {@code --records N}: most records to write per store ({@code 10m}, {@code 500k}). */
    RECORDS("--records"),
    /** {@code --threads N}: writer threads. */
    THREADS("--threads"),
    /** {@code --keep}: keep the files the run wrote (stores), print where. */
    KEEP("--keep");

    private final String flag;

    ScenarioOption(String flag) {
        this.flag = flag;
    }

    public String flag() {
        return flag;
    }
}
