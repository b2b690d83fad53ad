package dev.perflab.cli.component;

import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code --out DIR}: the results folder of a command that writes one ({@code run}, {@code ab}, {@code profile}),
 * declared here once (a picocli mixin). Without it the command's folder comes from {@code ResultsLayout}; the
 * command names that folder when it makes the mixin, and its help shows it.
 */
public final class OutOption {
    @Option(names = "--out", paramLabel = "DIR", converter = Folder.Parse.class, description = "Results folder (default ${DEFAULT-VALUE}).")
    private Folder folder;

    private OutOption(Folder byDefault) {
        this.folder = byDefault;
    }

    /** Without {@code --out}, the folder {@code what} names (for the help: {@code results/COMPONENT}). */
    public static OutOption orElse(String what) {
        return new OutOption(new Folder(null, what));
    }

    /** The folder given, or null when the command's own is used. */
    public Path dir() {
        return folder.path();
    }

    /**
     * A folder given, or what stands for it in the help.
     *
     * @param path  the folder given; null when none was
     * @param label the command's own folder, as the help prints it; null when {@code path} is given
     */
    record Folder(Path path, String label) {
        @Override
        public String toString() {
            return path != null ? path.toString() : label;
        }

        static final class Parse implements ITypeConverter<Folder> {
            @Override
            public Folder convert(String value) {
                return new Folder(Path.of(value), null);
            }
        }
    }
}
