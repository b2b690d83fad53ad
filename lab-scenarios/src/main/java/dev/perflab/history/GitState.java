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
 * @param branch the branch name; {@code HEAD} when detached (CI checks out a commit); null when unknown
 */
public record GitState(String commit, Boolean dirty, String branch) {
    public static final GitState UNKNOWN = new GitState(null, null, null);
    /** How long one git command may take before the state is given up as unknown. */
    private static final long GIT_TIMEOUT_SECONDS = 10;
    private static final int SHORT_HASH_CHARS = 10;

    /** The state of the checkout the lab runs from ({@code perflab.home}, else the working directory). */
    public static GitState ofLab() {
        String home = System.getProperty("perflab.home");
        return of(Path.of(home != null ? home : "."));
    }

    public static GitState of(Path dir) {
        String commit = git(dir, "rev-parse", "--verify", "-q", "HEAD");
        if (commit == null) {
            return UNKNOWN;
        }
        String status = git(dir, "status", "--porcelain", "--untracked-files=no");
        String branch = git(dir, "rev-parse", "--abbrev-ref", "HEAD");
        return new GitState(commit, status == null ? null : !status.isEmpty(), branch);
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
