package dev.perflab.cli.grade;

import dev.perflab.ab.ForkResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Where a grade's rounds come from: forks of JMH ({@link GradeRounds}), or given scores in a test. */
interface RoundSource {
    /** Adds rounds to {@code forks} until every row has {@code rounds} (each row's forks in round order); returns them. */
    Map<GradeRow, List<Optional<ForkResult>>> more(Map<GradeRow, List<Optional<ForkResult>>> forks, int rounds)
            throws IOException, InterruptedException;

    /** The fork of the learner's rung that was stopped for its time in the rounds so far, if one was: the rounds stop there. */
    default Optional<OverTime> overTime() {
        return Optional.empty();
    }

    /**
     * A fork of the learner's rung stopped at {@code limitSeconds}, at least {@link GradeRounds#OVER_TIME_FACTOR} times
     * as long as the reference rung's longest fork of the same iterations ({@code referenceSeconds}).
     */
    record OverTime(GradeRow row, double limitSeconds, double referenceSeconds) {
        /** The learner's speed is below this share of the reference's. */
        double speedBelow() {
            return referenceSeconds / limitSeconds;
        }
    }
}
