package dev.perflab.cli.toy;

import dev.perflab.cli.Lab;
import dev.perflab.cli.component.Registry;

/** {@code ./lab} with the toy component registered, as a main class: for tests that need the lab as a process of its own (a signal). */
public final class ToyLab {
    private ToyLab() {
    }

    public static void main(String[] args) {
        System.exit(Lab.newCommandLine(Registry.builtIn().with(new ToyComponent())).execute(args));
    }
}
