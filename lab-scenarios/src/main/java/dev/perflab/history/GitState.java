package dev.perflab.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The source a run measured: HEAD's commit, whether tracked files had uncommitted changes, and the branch, read
 * by the {@code git} command in the lab's checkout. Outside a work tree (or without git) every field is null and
 * the run is still recorded.
 *
 * @param commit the full hash, or null
 * @param dirty  true when tracked files differ from HEAD; null when unknown
 * @param branch the branch name; {@link #DETACHED} when a bare commit is checked out (as CI does); null when unknown
 */
public record GitState(String commit, Boolean dirty, String branch) {
    public static final GitState UNKNOWN = new GitState(null, null, null);
    /** The branch recorded for a checkout of a bare commit (CI's usual state), as {@code git rev-parse --abbrev-ref} names it. */
    public static final String DETACHED = "HEAD";
    /** How long one git command may take before the state is given up as unknown. */
    private static final long GIT_TIMEOUT_SECONDS = 10;
    private static final int SHORT_HASH_CHARS = 10;

    /** The state of the checkout the lab runs from ({@code perflab.home}, else the working directory). */
    public static GitState ofLab() {
        String home = System.getProperty("perflab.home");
        return of(Path.of(home != null ? home : "."));
    }

    /**
     * One {@code git status --porcelain=v2 --branch} gives all three: {@code # branch.oid HASH}, {@code # branch.head
     * NAME} ({@code (detached)} on a bare commit), then a line per changed tracked file.
     */
    public static GitState of(Path dir) {
        String status = git(dir, "status", "--porcelain=v2", "--branch", "--untracked-files=no");
        if (status == null) {
            return UNKNOWN;
        }
        String commit = null;
        String branch = null;
        boolean dirty = false;
        for (String line : status.lines().toList()) {
            if (line.startsWith("# branch.oid ")) {
                commit = line.substring("# branch.oid ".length()).strip();
            } else if (line.startsWith("# branch.head ")) {
                branch = line.substring("# branch.head ".length()).strip();
            } else if (!line.startsWith("#") && !line.isBlank()) {
                dirty = true;
            }
        }
        if (commit == null || !commit.matches("[0-9a-f]{7,64}")) {
            return UNKNOWN;
        }
        return new GitState(commit, dirty, "(detached)".equals(branch) ? DETACHED : branch);
    }

    /** The first characters of the commit, as people quote it; {@code -} when unknown. */
    public String shortCommit() {
        return commit == null ? "-" : commit.substring(0, Math.min(SHORT_HASH_CHARS, commit.length()));
    }

    /** A command's trimmed output, or null when git is missing, fails or hangs. */
    private static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out;
            try (InputStream in = process.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!process.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).strip() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
