package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profile-reading exercise's answers against collapsed stacks (what jfr-converter makes of a recording and what
 * the flame graphs are drawn from): the hottest method by samples of its own, its share, the share of allocation.
 */
class ProfileAnswersTest {
    /** 100 samples: remove 50 at the top, equals 30, the allocator 12 (under add), a G1 worker 8. */
    private static final List<String> STACKS = List.of(
            "start;dev/perflab/bench/orderbook/OrderBookCancelBenchmark.cancelLast_[j];dev/perflab/orderbook/PersistentLevels.remove_[j] 50",
            "start;dev/perflab/bench/orderbook/OrderBookCancelBenchmark.cancelLast_[j];java/math/BigDecimal.equals_[j] 30",
            "start;dev/perflab/orderbook/IndexedLevelBook.add_[j];OptoRuntime::new_instance_C 12",
            "thread_native_entry;G1ParTask::work 8");

    @TempDir
    Path dir;

    @Test
    void theFactsAreTheTopFramesAndTheAllocationSearch() {
        ProfileAnswers.Facts facts = ProfileAnswers.facts(STACKS);
        assertEquals(100, facts.samples());
        assertEquals("PersistentLevels.remove", facts.hottest());
        assertEquals(20, facts.allocation());
    }

    @Test
    void rightAnswersPassWithinTheirToleranceAndWrongOnesSayTheProfilesFigure() {
        ProfileAnswers.Facts facts = ProfileAnswers.facts(STACKS);
        assertTrue(ProfileAnswers.judge("hottest_method", "PersistentLevels.remove", facts).startsWith("✓ hottest_method: PersistentLevels.remove (50.0%"));
        assertTrue(ProfileAnswers.judge("hottest_method", "dev.perflab.orderbook.PersistentLevels.remove", facts).startsWith("✓"));
        assertEquals("✗ hottest_method: you wrote BigDecimal.equals; the method with the most samples of its own is"
                + " PersistentLevels.remove (50.0%), where yours has 30.0%", ProfileAnswers.judge("hottest_method", "BigDecimal.equals", facts));
        assertTrue(ProfileAnswers.judge("hottest_share_percent", "52", facts).startsWith("✓"));
        assertEquals("✗ hottest_share_percent: you wrote 40; the profile says 50.0% (within ±3 points counts)",
                ProfileAnswers.judge("hottest_share_percent", "40", facts));
        assertTrue(ProfileAnswers.judge("allocation_share_percent", "20%", facts).startsWith("✓"));
        assertEquals("✗ allocation_share_percent: no answer yet", ProfileAnswers.judge("allocation_share_percent", " ", facts));
        assertTrue(ProfileAnswers.judge("allocation_share_percent", "a lot", facts).contains("is not a number"));
    }

    @Test
    void theShippedAnswersFileReadsAndAMalformedLineIsNamed() throws IOException {
        assertEquals("results/profile/orderbook/r1-indexed-level",
                ProfileAnswers.read(Path.of("..", "exercises", "profile-reading", "answers.txt")).get("profile"));
        Path bad = Files.writeString(dir.resolve("answers.txt"), "profile: x\nhottest method PersistentLevels.remove\n");
        LabException e = org.junit.jupiter.api.Assertions.assertThrows(LabException.class, () -> ProfileAnswers.read(bad));
        assertEquals(bad + ":2: expected 'question: answer', found 'hottest method PersistentLevels.remove'", e.getMessage());
    }
}
