package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Choosing, extracting and checking the agent library that the async-profiler jar carries. */
class AsyncProfilerLibraryTest {
    @TempDir
    Path cache;

    @Test
    void libraryIsChosenPerPlatformAndRefusedWhereTheJarHasNone() {
        assertEquals("linux-x64/libasyncProfiler.so", AsyncProfilerLibrary.resourceFor("Linux", "amd64"));
        assertEquals("linux-arm64/libasyncProfiler.so", AsyncProfilerLibrary.resourceFor("Linux", "aarch64"));
        assertEquals("macos/libasyncProfiler.so", AsyncProfilerLibrary.resourceFor("Mac OS X", "aarch64"));
        LabException windows = assertThrows(LabException.class, () -> AsyncProfilerLibrary.resourceFor("Windows 11", "amd64"));
        assertEquals(1, windows.exitCode());
        assertTrue(windows.getMessage().contains("Windows 11 on amd64"), windows.getMessage());
        assertThrows(LabException.class, () -> AsyncProfilerLibrary.resourceFor("Linux", "ppc64le"));
    }

    @Test
    void everyPlatformNamedIsInTheJar() {
        for (String resource : new String[] {"linux-x64", "linux-arm64", "macos"}) {
            assertTrue(getClass().getClassLoader().getResource(resource + "/libasyncProfiler.so") != null, resource);
        }
    }

    @Test
    void extractsOnceIntoAVersionedCacheFolder() throws Exception {
        Path lib = AsyncProfilerLibrary.extract(cache, "linux-x64/libasyncProfiler.so");
        assertEquals(cache.resolve("4.2/linux-x64/libasyncProfiler.so"), lib);
        assertTrue(Files.size(lib) > 100_000, "library of " + Files.size(lib) + " bytes");
        byte[] elf = Files.readAllBytes(lib);
        assertEquals(0x7f, elf[0]);
        assertEquals("ELF", new String(elf, 1, 3, java.nio.charset.StandardCharsets.US_ASCII));
        Files.setLastModifiedTime(lib, java.nio.file.attribute.FileTime.fromMillis(0));
        assertEquals(lib, AsyncProfilerLibrary.extract(cache, "linux-x64/libasyncProfiler.so"));
        assertEquals(0, Files.getLastModifiedTime(lib).toMillis(), "not extracted again");
        try (var files = Files.list(lib.getParent())) {
            assertEquals(1, files.count(), "no partial copies left behind");
        }
    }

    @Test
    void aDamagedCopyInTheCacheIsReplaced() throws Exception {
        Path lib = AsyncProfilerLibrary.extract(cache, "linux-x64/libasyncProfiler.so");
        long size = Files.size(lib);
        Files.write(lib, new byte[] {1, 2, 3});
        assertEquals(lib, AsyncProfilerLibrary.extract(cache, "linux-x64/libasyncProfiler.so"));
        assertEquals(size, Files.size(lib));
    }

    @Test
    void aResourceMissingFromTheClasspathFailsWithOneLine() {
        LabException e = assertThrows(LabException.class, () -> AsyncProfilerLibrary.extract(cache, "solaris/libasyncProfiler.so"));
        assertEquals(1, e.exitCode());
        assertTrue(e.getMessage().contains("not on the classpath"), e.getMessage());
    }

    /** The check action for real, in a throw-away JVM: a file that is no library is refused with the JVM's reason. */
    @Test
    void aFileThatIsNoLibraryFailsTheCheck() throws Exception {
        Path notALibrary = Files.writeString(cache.resolve("libasyncProfiler.so"), "not an ELF file");
        String java = ProcessHandle.current().info().command().orElse("java");
        LabException e = assertThrows(LabException.class, () -> AsyncProfilerLibrary.checkLoads(notALibrary, "cpu", java));
        assertEquals(1, e.exitCode());
        assertTrue(e.getMessage().startsWith("async-profiler cannot profile cpu here: "), e.getMessage());
        assertTrue(e.getMessage().contains(notALibrary.toString()), e.getMessage());
    }

    @Test
    void theAgentsCheckOutputIsReadForTheReason() {
        assertEquals(Optional.empty(), AsyncProfilerLibrary.loadProblem(0, "OK\nopenjdk version \"17.0.15\"\n"));
        assertEquals(Optional.of("Unsupported event type"),
                AsyncProfilerLibrary.loadProblem(0, "[ERROR] Unsupported event type\nopenjdk version \"17.0.15\"\n"));
        assertEquals(Optional.of("Could not find agent library /x.so in absolute path, with error: /x.so: cannot open shared object file"),
                AsyncProfilerLibrary.loadProblem(1, "Error occurred during initialization of VM\n"
                        + "Could not find agent library /x.so in absolute path, with error: /x.so: cannot open shared object file\n"));
        assertEquals(Optional.of("the JVM exited with 134"), AsyncProfilerLibrary.loadProblem(134, ""));
    }
}
