package dev.perflab.scenario;

/**
 * One role of a scenario: a process that listens, connects, or both, started in its scenario's order.
 *
 * @param name       what the role is called on the command line, e.g. {@code collector}
 * @param listens    whether it binds a socket and prints {@code listening on HOST:PORT} ({@link RoleProtocol})
 * @param connectsTo the name of the role it connects to, or null; that role must start before this one
 * @param summary    one line: what the role does
 */
public record Role(String name, boolean listens, String connectsTo, String summary) {
}
