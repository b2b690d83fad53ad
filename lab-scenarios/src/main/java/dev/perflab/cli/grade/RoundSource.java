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
}
