package dev.perflab.scenario;

/** A scenario could not run as planned (a role did not start, an address was refused): one line, exit 1. */
public class ScenarioException extends RuntimeException {
    public ScenarioException(String message) {
        super(message);
    }
}
