package dev.perflab.cli.profile;

import dev.perflab.base.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a profiled run prints, both on the console and into a log beside its flame graphs. The log is written
 * under a temporary name and renamed when closed ({@link OutputFile}), so a run that dies leaves no half log
 * in place of an earlier one. One writing thread.
 */
final class Tee extends Writer {
    private final PrintWriter console;
    private final Writer file;
    private final OutputFile target;
    private final Path partial;

    private Tee(PrintWriter console, OutputFile target, Path partial) throws IOException {
        this.console = console;
        this.target = target;
        this.partial = partial;
        this.file = Files.newBufferedWriter(partial, StandardCharsets.UTF_8);
    }

    /** A writer to {@code console} and to {@code log} (replaced when the writer is closed). */
    static PrintWriter of(PrintWriter console, Path log) throws IOException {
        OutputFile target = OutputFile.check("--out", log);
        Path partial = log.resolveSibling(log.getFileName() + ".partial");
        return new PrintWriter(new Tee(console, target, partial));
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        console.write(chars, offset, length);
        file.write(chars, offset, length);
    }

    @Override
    public void flush() throws IOException {
        console.flush();
        file.flush();
    }

    @Override
    public void close() throws IOException {
        console.flush();
        file.close();
        try {
            target.write(Files.readAllBytes(partial));
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
