package dev.perflab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The git state recorded with a run: commit, branch and the dirty flag, in a repository made here; nothing outside one. */
class GitStateTest {
    @TempDir
    Path dir;

    @Test
    void commitBranchAndDirtyFlagOfARepository() throws Exception {
        Assumptions.assumeTrue(git("--version") == 0, "git is not installed: apt-get install git");
        assertEquals(0, git("init", "-q", "-b", "trunk"));
        Files.writeString(dir.resolve("a.txt"), "one\n");
        assertEquals(0, git("add", "a.txt"));
        assertEquals(0, git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one"));
        GitState clean = GitState.of(dir);
        assertTrue(clean.commit().matches("[0-9a-f]{40}"), clean.toString());
        assertEquals("trunk", clean.branch());
        assertEquals(Boolean.FALSE, clean.dirty());
        Files.writeString(dir.resolve("untracked.txt"), "not part of the source\n");
        assertEquals(Boolean.FALSE, GitState.of(dir).dirty(), "untracked files do not make a checkout dirty");
        Files.writeString(dir.resolve("a.txt"), "two\n");
        assertEquals(Boolean.TRUE, GitState.of(dir).dirty());
        assertEquals(0, git("checkout", "-q", "--detach"));
        assertEquals(GitState.DETACHED, GitState.of(dir).branch());
        assertEquals(clean.commit().substring(0, 10), GitState.of(dir).shortCommit());
    }

    @Test
    void outsideARepositoryEverythingIsUnknown() {
        assertEquals(GitState.UNKNOWN, GitState.of(dir.resolve("nowhere")));
        assertEquals("-", GitState.UNKNOWN.shortCommit());
    }

    private int git(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor();
    }
}
