package dev.perflab.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code --shard I/N} and the Kubernetes/CI environment: what is a shard, and each bad value in one line. */
class ShardTest {
    @Test
    void shardsAreCountedFromOne() {
        assertEquals(new Shard(2, 4), Shard.parse("2/4", "--shard"));
        assertEquals(new Shard(1, 1), Shard.parse(" 1/1 ", "--shard"));
        assertEquals("shard-2-of-4", Shard.parse("2/4", "--shard").folderName());
    }

    @Test
    void badShardsAreOneLineNamingWhatIsWrong() {
        assertTrue(message("5/4").contains("I must be 1 to 4"), message("5/4"));
        assertTrue(message("0/0").contains("N must be 1 to"), message("0/0"));
        assertTrue(message("0/4").contains("counted from 1"), message("0/4"));
        assertTrue(message("2").contains("expected I/N"), message("2"));
        assertTrue(message("a/b").contains("expected I/N"), message("a/b"));
        assertTrue(message("1/1001").contains("N must be 1 to 1000"), message("1/1001"));
        for (String bad : new String[] {"5/4", "0/0", "0/4", "2", "a/b", "-1/4"}) {
            LabException e = assertThrows(LabException.class, () -> Shard.parse(bad, "--shard"));
            assertEquals(LabException.BAD_INPUT, e.exitCode());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }

    private static String message(String spec) {
        return assertThrows(LabException.class, () -> Shard.parse(spec, "--shard")).getMessage();
    }

    @Test
    void kubernetesIndexedJobsCountPodsFromZero() {
        assertEquals(Optional.of(new Shard(1, 4)), Shard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "0", "PERFLAB_SHARDS", "4")));
        assertEquals(Optional.of(new Shard(4, 4)), Shard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "3", "PERFLAB_SHARDS", "4")));
        assertEquals(Optional.empty(), Shard.fromEnvironment(Map.of()));
        assertEquals(Optional.empty(), Shard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "3")), "an Indexed Job that is no sharded run");
        assertThrows(LabException.class, () -> Shard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "4", "PERFLAB_SHARDS", "4")));
        assertThrows(LabException.class, () -> Shard.fromEnvironment(Map.of("PERFLAB_SHARDS", "4")));
        assertThrows(LabException.class, () -> Shard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "x", "PERFLAB_SHARDS", "4")));
        assertThrows(LabException.class, () -> Shard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "0", "PERFLAB_SHARDS", "0")));
    }
}
