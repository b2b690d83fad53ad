package dev.perflab.cli.component;

import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code ./lab run} options that several scenarios take, each written once as a picocli mixin. A scenario's
 * own options class ({@link Scenario#newOptions()}) mixes in those it takes ({@code @Mixin Seconds seconds;})
 * beside options only it has, so {@code ./lab run COMPONENT --help} lists exactly what that component takes
 * and picocli refuses the rest.
 *
 * <p>Values are checked as they are parsed (one line, exit 2): a bad value never reaches a run.
 */
public final class ScenarioOptions {
    /** Longest run a {@code --seconds} may ask for: a day. Longer values overflow nothing but are never meant. */
    public static final double MAX_SECONDS = 86_400;

    private ScenarioOptions() {
    }

    /** {@code --seconds S}: measured seconds per rung, after its warm-up. */
    public static final class Seconds {
        @Option(names = "--seconds", paramLabel = "S", converter = PositiveSeconds.class,
                description = "Measured seconds per rung, after its warm-up (default by run length: smoke 1.5, quick 2, standard 5, full 15).")
        Double seconds;

        /** The seconds given on the command line, if any. */
        public java.util.OptionalDouble given() {
            return seconds != null ? java.util.OptionalDouble.of(seconds) : java.util.OptionalDouble.empty();
        }

        /** The seconds given, else the run length's default. */
        public double measured(RunLength length) {
            if (seconds != null) {
                return seconds;
            }
            return switch (length) {
                case SMOKE -> 1.5;
                case QUICK -> 2;
                case STANDARD -> 5;
                case FULL -> 15;
            };
        }

        /** Warm-up seconds per rung by run length: smoke 0.5, quick 1, standard 2, full 3. */
        public static double warmup(RunLength length) {
            return switch (length) {
                case SMOKE -> 0.5;
                case QUICK -> 1;
                case STANDARD -> 2;
                case FULL -> 3;
            };
        }
    }

    /** {@code --json FILE}: the scenario's own result file, beside the JMH-shaped rows. */
    public static final class Json {
        @Option(names = "--json", paramLabel = "FILE",
                description = "Also write the run's own JSON here (counts, CPU, errors); DIR/COMPONENT.json holds JMH-shaped rows either way.")
        Path json;

        /** The file given, or null. */
        public Path path() {
            return json;
        }

        /**
         * The file given, checked before any work ({@link dev.perflab.base.OutputFile#check}), or null; refused
         * when it is one of the run's inputs, or a file the run saves itself ({@link #runFiles}).
         */
        public dev.perflab.base.OutputFile check(Path rowsFile, dev.perflab.base.Inputs inputs) {
            return json == null ? null : checkOutput("--json", json, rowsFile, inputs);
        }
    }

    /**
     * A scenario's own output file ({@code --json}, {@code --sample-out}) checked before any work: not one of the
     * run's inputs, and not one of the files the run saves itself ({@link #runFiles}), which would replace it.
     */
    public static dev.perflab.base.OutputFile checkOutput(String option, Path file, Path rowsFile, dev.perflab.base.Inputs inputs) {
        dev.perflab.base.OutputFile output = dev.perflab.base.OutputFile.check(option, file, inputs)
                .notSameAs("the rows file this run saves", rowsFile);
        for (Path own : runFiles(rowsFile)) {
            output.notSameAs("a file this run saves", own);
        }
        return output;
    }

    /**
     * The files a run saves beside its rows {@code DIR/COMPONENT.json}: the markdown and HTML page of them and the
     * machine header {@code ./lab report} reads.
     */
    public static java.util.List<Path> runFiles(Path rowsFile) {
        String name = rowsFile.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        java.util.List<Path> files = new java.util.ArrayList<>(java.util.List.of(rowsFile,
                rowsFile.resolveSibling(stem + ".md"), rowsFile.resolveSibling(stem + ".html")));
        files.addAll(dev.perflab.base.Inputs.machineFiles(rowsFile));
        return files;
    }

    /** {@code --link RATE}: the roles in two network namespaces joined by a rate-limited link. */
    public static final class Link {
        @Option(names = "--link", paramLabel = "RATE",
                description = "Put the roles in two network namespaces joined by a veth pair limited to RATE (100mbit, 1gbit); needs root and iproute2, skipped with a line otherwise.")
        String link;

        /** The link's rate as given ({@code 100mbit}), or null for loopback. */
        public String rate() {
            return link;
        }
    }

    /**
     * {@code --no-ceiling}: leave out the ceilings measured before and after the run (iperf3's for the socket scenarios,
     * the forwarder's with one and with several streams; a JMH run of SHA-256 on every core for sha-pipeline). For runs that check the
     * machinery, such as the fault tests; a run published for its numbers keeps them.
     */
    public static final class Ceiling {
        @Option(names = "--no-ceiling",
                description = "Do not measure the ceiling before and after the run: the %% columns and the goals against it are left out (for a run that checks the machinery, not the numbers).")
        boolean none;

        /** The ceiling "not measured", with the line saying why, when {@code --no-ceiling} was given; else empty. */
        public java.util.Optional<dev.perflab.scenario.Iperf3Ceiling.Result> skipped() {
            return none ? java.util.Optional.of(new dev.perflab.scenario.Iperf3Ceiling.Result(Double.NaN,
                    "ceiling not measured (--no-ceiling): the % columns and the goals against it are left out")) : java.util.Optional.empty();
        }
    }

    /** Seconds that are a number, positive and at most {@link #MAX_SECONDS}: {@code 1e10} or {@code Infinity} are refused. */
    public static final class PositiveSeconds implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double seconds;
            try {
                seconds = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a number of seconds");
            }
            if (!(seconds > 0) || !(seconds <= MAX_SECONDS)) {
                throw new TypeConversionException(String.format(Locale.ROOT, "'%s' must be more than 0 and at most %,.0f s (a day)",
                        value, MAX_SECONDS));
            }
            return seconds;
        }
    }

    /** A rate per second that is a whole number ≥ 0 (0: as fast as it goes). */
    public static final class NonNegativeRate implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long rate;
            try {
                rate = Long.parseLong(value.replace("_", ""));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a whole number per second");
            }
            if (rate < 0) {
                throw new TypeConversionException("'" + value + "' must be ≥ 0 (0: as fast as it goes)");
            }
            return rate;
        }
    }
}
