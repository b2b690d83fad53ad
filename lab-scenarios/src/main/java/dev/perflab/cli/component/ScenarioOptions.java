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
         * when it is the run's rows file ({@code DIR/COMPONENT.json}), which the run's own JSON would replace.
         */
        public dev.perflab.base.OutputFile check(Path rowsFile) {
            return json == null ? null
                    : dev.perflab.base.OutputFile.check("--json", json).notSameAs("the rows file this run saves", rowsFile);
        }
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
