package dev.perflab.cli.component;

/** How long and how carefully {@code ./lab run} measures: {@code --smoke}, {@code --quick}, default, {@code --full}. */
public enum RunLength {
    SMOKE, QUICK, STANDARD, FULL
}
