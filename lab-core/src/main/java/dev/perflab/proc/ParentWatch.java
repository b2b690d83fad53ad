package dev.perflab.proc;

import java.util.Optional;

/**
 * A child JVM of the lab ends when the lab that started it is gone. A stopped lab (Ctrl-C, SIGTERM) stops its
 * children itself ({@link ChildProcess#close()}); a lab killed with {@code kill -9} runs nothing, and its children
 * would run on to their end, orphans holding CPU, ports and files. {@link ChildProcess} puts the starting JVM's pid
 * in {@value #PARENT_ENV}; a child of the lab's own code calls {@link #start()} first thing, and exits (running its
 * own shutdown hooks, which stop its children in turn) once that process has ended.
 */
public final class ParentWatch {
    /** The pid of the JVM that started this process, set by {@link ChildProcess} in every child's environment. */
    public static final String PARENT_ENV = "PERFLAB_PARENT_PID";
    /** Exit code of a child whose lab is gone: 128 + SIGHUP's number, as a shell reports a hung-up child. */
    static final int PARENT_GONE = 129;
    /** How often the child looks for its lab. */
    private static final long POLL_MILLIS = 500;

    private ParentWatch() {
    }

    /** Watches the starting process when this JVM is a lab child; does nothing otherwise. */
    public static void start() {
        String pid = System.getenv(PARENT_ENV);
        if (pid == null) {
            return;
        }
        Optional<ProcessHandle> parent;
        try {
            parent = ProcessHandle.of(Long.parseLong(pid.strip()));
        } catch (NumberFormatException notOurs) {
            return;
        }
        if (parent.isEmpty()) {
            gone(pid); // gone before this JVM could look
            return;
        }
        // ProcessHandle.onExit polls a process that is not this one's child ever more slowly (5 s apart after a few
        // minutes); a poll of our own keeps the delay under a second however long the run. A daemon thread, so it never
        // keeps a finished child alive.
        ProcessHandle lab = parent.get();
        Thread watch = new Thread(() -> {
            try {
                while (lab.isAlive()) {
                    Thread.sleep(POLL_MILLIS);
                }
                gone(pid);
            } catch (InterruptedException stopping) {
                // the JVM is ending anyway
            }
        }, "perflab-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }

    private static void gone(String pid) {
        System.err.println("lab: the lab that started this process (pid " + pid + ") has ended; stopping");
        System.exit(PARENT_GONE);
    }
}
