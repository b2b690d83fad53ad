package dev.perflab.brick;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A result being written: the bytes go to {@code RESULT.partial} in the same directory, and only
 * {@link #complete()} renames it to {@code RESULT}. A run that fails leaves {@code RESULT.partial} behind,
 * named as what it is, and never a file under the final name that looks complete.
 */
public final class ResultFile implements AutoCloseable {
    private final Path target;
    private final Path partial;
    private final FileChannel channel;
    private boolean completed;

    private ResultFile(Path target, Path partial) throws IOException {
        this.target = target.toAbsolutePath();
        this.partial = partial.toAbsolutePath();
        this.channel = Files.isRegularFile(partial) || !Files.exists(partial)
                ? FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)
                : FileChannel.open(partial, StandardOpenOption.WRITE);
    }

    /** Opens {@code RESULT.partial} for writing (truncated). */
    public static ResultFile create(Path target) throws IOException {
        return new ResultFile(target, partialOf(target.toAbsolutePath()));
    }

    /**
     * Writes straight into {@code file}, which the caller chose: a temporary name that it renames itself (the
     * CLI's output policy), or a device written in place ({@code /dev/null}: opened for writing only, never
     * truncated, replaced or renamed). {@link #complete()} only closes it.
     */
    public static ResultFile direct(Path file) throws IOException {
        return new ResultFile(file, file);
    }

    /** The name a result has while it is incomplete. */
    public static Path partialOf(Path target) {
        return target.resolveSibling(target.getFileName() + Bricks.PARTIAL_SUFFIX);
    }

    /** Where the bytes go (the partial name); open for reading too, so that it can be mapped ({@link ClientPages}). */
    public FileChannel channel() {
        return channel;
    }

    public Path partial() {
        return partial;
    }

    public Path target() {
        return target;
    }

    /** Forces nothing to disk (a lab result, not a database); closes and renames the partial file to the target. */
    public void complete() throws IOException {
        channel.close();
        if (!partial.equals(target)) {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        completed = true;
    }

    /** Closes; unless completed, the partial file stays under its partial name. */
    @Override
    public void close() throws IOException {
        if (!completed) {
            channel.close();
        }
    }
}
