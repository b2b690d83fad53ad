package dev.perflab.cli.component;

/** How long and how carefully {@code ./lab run} measures: {@code --smoke}, {@code --quick}, default, {@code --full}. */
public enum RunLength {
    SMOKE, QUICK, STANDARD, FULL;

    /** As the options and the results name it: {@code smoke}, {@code quick}, {@code standard}, {@code full}. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
