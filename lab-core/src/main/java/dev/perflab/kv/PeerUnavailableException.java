package dev.perflab.kv;

import java.io.IOException;

/** A peer whose native library is missing: the run reports it as skipped, with the command that installs it. */
public final class PeerUnavailableException extends IOException {
    private final String installCommand;

    public PeerUnavailableException(String what, String installCommand) {
        super(what + " (install: " + installCommand + ")");
        this.installCommand = installCommand;
    }

    public String installCommand() {
        return installCommand;
    }
}
