package dev.perflab.cli.component;

import dev.perflab.base.LabException;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code --rung}: the rungs, peers or exhibits a command works on, declared here once for every command that
 * takes it (a picocli mixin). A command that measures several ({@code run}, {@code ab}, {@code profile},
 * {@code history}) reads {@link #ids()}; one that works on a single rung (a role of a scenario, {@code check}, a
 * replay) reads {@link #one()}, which refuses a list. Each command gives its default when it makes the mixin
 * ({@link #defaultingTo}, {@link #orElse}), and its help shows that default.
 */
public final class RungOption {
    @Option(names = "--rung", paramLabel = "ID", converter = Choice.Parse.class,
            description = "Rungs, peers or exhibits by id, r-prefix, naive or tuned; several, comma-separated, where the"
                    + " command takes several (r1,student,r2: an exercise runs only when named). Default: ${DEFAULT-VALUE}.")
    private Choice choice;

    private RungOption(Choice byDefault) {
        this.choice = byDefault;
    }

    /** Without {@code --rung}, these rungs (names as {@code Ladder.resolve} takes them, e.g. {@code tuned}). */
    public static RungOption defaultingTo(String... ids) {
        return new RungOption(new Choice(List.of(ids), null));
    }

    /** Without {@code --rung}, the command chooses by itself; {@code what} says how, for the help ("the whole ladder"). */
    public static RungOption orElse(String what) {
        return new RungOption(new Choice(null, what));
    }

    /** The rungs given (or the default ones), in order; null when neither names any and the command chooses. */
    public List<String> ids() {
        return choice.ids();
    }

    /** The one rung given, or the default; null when there is neither. A list is refused (exit 2). */
    public String one() {
        List<String> ids = choice.ids();
        if (ids != null && ids.size() > 1) {
            throw new LabException("--rung " + String.join(",", ids) + ": this command works on one rung; give one id");
        }
        return ids == null ? null : ids.get(0);
    }

    /**
     * The rungs chosen, or what the command does without any.
     *
     * @param ids   the names given, in order; null when none were
     * @param label what happens without a choice, as the help prints it; null when {@code ids} is given
     */
    record Choice(List<String> ids, String label) {
        /** As {@code ${DEFAULT-VALUE}} prints it: the ids with commas, or the label. */
        @Override
        public String toString() {
            return ids != null ? String.join(",", ids) : label;
        }

        /** {@code r1,student,r2} → three names, as given. */
        static final class Parse implements ITypeConverter<Choice> {
            @Override
            public Choice convert(String value) {
                return new Choice(Arrays.stream(value.split(",")).map(String::strip).toList(), null);
            }
        }
    }
}
