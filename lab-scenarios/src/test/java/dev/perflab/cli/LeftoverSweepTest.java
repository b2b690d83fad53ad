package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab} starts by removing what a lab that ended without its clean-up left in the temporary folder, and
 * says so in one line (the rules of what is removed: {@code ScratchTest} in lab-core).
 */
class LeftoverSweepTest {

    @Test
    void whatADeadLabLeftIsRemovedInOneLine(@TempDir Path temp) throws Exception {
        // a lab whose owner file is gone (it ended) left a day file and a work folder; the names are the lab's own
        Path day = Files.write(temp.resolve("perflab-pump-day.p999999r0000abcd.41.bin"), new byte[3 * 1024 * 1024]);
        Path work = Files.createDirectory(temp.resolve("perflab-brick.p999999r0000abcd.42"));
        Files.write(work.resolve("bricks.bin"), new byte[1024 * 1024]);
        Path foreign = Files.writeString(temp.resolve("perflab-report.html"), "not tagged: not the sweep's");

        String line = Lab.sweepTemporaries(temp);

        assertEquals("lab: removed what process 999999 left in " + temp + " when it ended without a clean-up (kill -9,"
                + " or a crash): 2 files and folders, 4 MiB", line);
        assertFalse(Files.exists(day), day + " stayed");
        assertFalse(Files.exists(work), work + " stayed");
        assertTrue(Files.exists(foreign), foreign + " was removed");
        assertNull(Lab.sweepTemporaries(temp), "a second sweep found more");
    }
}
