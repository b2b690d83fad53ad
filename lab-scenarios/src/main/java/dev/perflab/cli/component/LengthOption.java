package dev.perflab.cli.component;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The run length, {@code --smoke}, {@code --quick}, {@code --standard} or {@code --full} (at most one), declared
 * here once for {@code run} and {@code ab} (a picocli mixin); each command gives its default when it makes it.
 */
public final class LengthOption {
    @ArgGroup(exclusive = true)
    private Flags flags = new Flags();

    private final RunLength byDefault;

    public LengthOption(RunLength byDefault) {
        this.byDefault = byDefault;
    }

    /** The length given, or the command's default. */
    public RunLength value() {
        Flags f = flags != null ? flags : new Flags();
        return f.smoke ? RunLength.SMOKE : f.quick ? RunLength.QUICK : f.standard ? RunLength.STANDARD
                : f.full ? RunLength.FULL : byDefault;
    }

    static final class Flags {
        @Option(names = "--smoke", description = "CI's pass: naive and tuned rungs only, as short as still checks them (see ci/gates.yaml).")
        boolean smoke;

        @Option(names = "--quick", description = "A first look: short iterations, fewer sizes; rows tight enough to rank.")
        boolean quick;

        @Option(names = "--standard", description = "The ladder to trust: each benchmark class's own @Fork, @Warmup and"
                + " @Measurement (mvn -Pjmh -Dlength=standard passes it).")
        boolean standard;

        @Option(names = "--full", description = "More forks and iterations, for publishing.")
        boolean full;
    }
}
