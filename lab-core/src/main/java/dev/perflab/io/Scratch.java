package dev.perflab.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lab's temporary files and folders, named after the process that made them, so that a later run can remove
 * what a {@code kill -9} left behind.
 *
 * <p>A process stopped by Ctrl-C or SIGTERM deletes its temporaries itself (its shutdown hooks). A {@code kill -9}
 * runs nothing, and what it was writing stays in the temporary folder: a day file, a brick work folder of hundreds
 * of megabytes, a forwarder's journal. A process id alone cannot say whether its owner is gone: another container
 * sharing {@code /tmp} has its own process ids, and ids are reused. A lock can: the operating system releases a
 * process's file locks when it dies, however it died. So the first temporary a process makes also makes its
 * <em>owner file</em>, locked for the life of the process:
 *
 * <pre>
 *   perflab-owner.p4242r1a2b3c4d.lock                  locked while process 4242 lives; deleted at a normal exit
 *   perflab-brick.p4242r1a2b3c4d.8215437219            its temporaries carry the same tag
 *   perflab-forwarder-journal.p4242r1a2b3c4d.77.bin
 *
 *   sweep(): for each tag in the temporary folder ─ owner file missing, or its lock free? ─▶ the owner is gone:
 *            delete every entry with that tag, owner file last
 * </pre>
 *
 * <p>Entries without a tag (another program's, or an older lab's) are never touched, nor are entries whose owner
 * file cannot be opened (another user's). Thread-safe.
 */
public final class Scratch {
    /** {@code perflab-KIND.TAG.REST}: the tag is the owner's process id and a random number. */
    private static final Pattern TAGGED = Pattern.compile("perflab-[^.]+\\.(p[0-9]+r[0-9a-f]{8})\\..*");
    private static final String OWNER_KIND = "owner";

    private static String tag;
    /** Held open for the life of the process: closing any channel to the owner file would release its lock. */
    @SuppressWarnings("unused")
    private static FileChannel ownerChannel;
    @SuppressWarnings("unused")
    private static FileLock ownerLock;

    private Scratch() {
    }

    /** A new empty file {@code perflab-KIND.TAG.N.SUFFIX} in the system's temporary folder. */
    public static Path file(String kind, String suffix) throws IOException {
        return file(systemTemp(), kind, suffix);
    }

    /** As {@link #file(String, String)}, in {@code dir}. */
    public static Path file(Path dir, String kind, String suffix) throws IOException {
        return Files.createTempFile(dir, prefix(kind), suffix);
    }

    /** A new empty folder {@code perflab-KIND.TAG.N} in the system's temporary folder. */
    public static Path folder(String kind) throws IOException {
        return Files.createTempDirectory(systemTemp(), prefix(kind));
    }

    /** The system's temporary folder ({@code java.io.tmpdir}). */
    public static Path systemTemp() {
        return Paths.get(System.getProperty("java.io.tmpdir"));
    }

    /** What {@link #sweep} removed: the owners that were gone, the entries deleted and their bytes. */
    public record Swept(List<String> owners, int entries, long bytes) {
        public boolean isEmpty() {
            return entries == 0;
        }

        /** {@code process 4242}, {@code processes 4242, 4343}: the owners by their process ids. */
        public String describeOwners() {
            List<String> pids = owners.stream().map(t -> Long.toString(pidOf(t))).sorted().toList();
            return (pids.size() == 1 ? "process " : "processes ") + String.join(", ", pids);
        }
    }

    /**
     * Deletes the entries in {@code dir} whose owner process is gone. Best effort: what cannot be deleted stays, and
     * an owner still alive (its lock held, in this process or another) keeps all of its entries.
     */
    public static Swept sweep(Path dir) {
        Map<String, List<Path>> byTag = new HashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "perflab-*")) {
            for (Path entry : entries) {
                Matcher m = TAGGED.matcher(entry.getFileName().toString());
                if (m.matches()) {
                    byTag.computeIfAbsent(m.group(1), t -> new ArrayList<>()).add(entry);
                }
            }
        } catch (IOException e) {
            return new Swept(List.of(), 0, 0);
        }
        String mine = currentTag();
        List<String> owners = new ArrayList<>();
        int deleted = 0;
        long bytes = 0;
        for (Map.Entry<String, List<Path>> e : byTag.entrySet()) {
            if (e.getKey().equals(mine)) {
                continue; // opening our own owner file from a second channel could release our lock
            }
            Path ownerFile = dir.resolve(ownerFileName(e.getKey()));
            try (Owner owner = Owner.ifGone(ownerFile)) {
                if (owner == null) {
                    continue;
                }
                boolean any = false;
                for (Path entry : e.getValue()) {
                    if (entry.equals(ownerFile)) {
                        continue;
                    }
                    long size = sizeOf(entry);
                    if (deleteTree(entry)) {
                        deleted++;
                        bytes += size;
                        any = true;
                    }
                }
                owner.delete();
                if (any) {
                    owners.add(e.getKey());
                }
            }
        }
        return new Swept(owners, deleted, bytes);
    }

    /** The process id an owner's tag names ({@code p4242r…} gives 4242). */
    public static long pidOf(String tag) {
        return Long.parseLong(tag.substring(1, tag.indexOf('r')));
    }

    /** This process's tag, or null before it made its first temporary. */
    static synchronized String currentTag() {
        return tag;
    }

    private static synchronized String prefix(String kind) throws IOException {
        if (!kind.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("a temporary's kind is lower-case letters, digits and '-', not " + kind);
        }
        if (tag == null) {
            String candidate = "p" + ProcessHandle.current().pid() + "r"
                    + String.format("%08x", ThreadLocalRandom.current().nextInt());
            Path ownerFile = systemTemp().resolve(ownerFileName(candidate));
            FileChannel channel = FileChannel.open(ownerFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            ownerLock = channel.lock();
            ownerChannel = channel;
            // a normal exit, Ctrl-C and SIGTERM remove it (after the shutdown hooks that delete the temporaries)
            ownerFile.toFile().deleteOnExit();
            tag = candidate;
        }
        return "perflab-" + kind + "." + tag + ".";
    }

    private static String ownerFileName(String tag) {
        return "perflab-" + OWNER_KIND + "." + tag + ".lock";
    }

    /** An owner file whose lock this process took because its owner is gone; closing it releases the lock. */
    private static final class Owner implements AutoCloseable {
        private final Path file;
        private final FileChannel channel;

        private Owner(Path file, FileChannel channel) {
            this.file = file;
            this.channel = channel;
        }

        /**
         * The owner behind {@code file} if it is gone (the file missing: it exited after its temporaries were made
         * and left some; or its lock free), else null (alive, or the file cannot be opened: another user's).
         */
        static Owner ifGone(Path file) {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return new Owner(file, null);
            }
            FileChannel channel;
            try {
                channel = FileChannel.open(file, StandardOpenOption.WRITE);
            } catch (IOException | UnsupportedOperationException e) {
                return null;
            }
            try {
                if (channel.tryLock() != null) {
                    return new Owner(file, channel);
                }
            } catch (IOException | OverlappingFileLockException e) {
                // held in this process, or the lock cannot be asked for: treat the owner as alive
            }
            closeQuietly(channel);
            return null;
        }

        /** Deletes the owner file while still holding its lock, so that no other sweep takes it as gone twice. */
        void delete() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // best effort: a later sweep tries again
            }
        }

        @Override
        public void close() {
            if (channel != null) {
                closeQuietly(channel);
            }
        }

        private static void closeQuietly(FileChannel channel) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing to do
            }
        }
    }

    private static long sizeOf(Path root) {
        long[] total = {0};
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    total[0] += attrs.size();
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // what could be counted
        }
        return total[0];
    }

    /** Deletes a file, or a folder with all it holds (best effort); true when nothing of it is left. */
    public static boolean deleteTree(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // checked below
        }
        return !Files.exists(root, LinkOption.NOFOLLOW_LINKS);
    }
}
