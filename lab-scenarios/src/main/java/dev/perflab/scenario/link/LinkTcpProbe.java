package dev.perflab.scenario.link;

import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Checks a {@link LinkNamespaces} link with bulk TCP: starts a receiver on the receiver side and a sender on
 * the sender side ({@link LinkProbeEnds}, each its own JVM behind {@link LinkNamespaces#prefix}) and returns
 * the receiver's line. Both are {@link ChildProcess}es, the lab's one launcher: their output is pumped as it
 * comes, and whatever still runs when the check ends (or this JVM stops) is stopped by its one kill policy.
 *
 * <pre>
 *   this JVM ──ChildProcess──▶ ip netns exec RECV java LinkProbeEnds receive HOST PORT ─┐ one line:
 *            ──ChildProcess──▶ ip netns exec SEND java LinkProbeEnds send HOST PORT … ──┘ "received N bytes …"
 * </pre>
 *
 * How to run by hand (root with CAP_NET_ADMIN; after {@code mvn -o -pl lab-scenarios -am compile}):
 * {@code java -cp lab-scenarios/target/classes:lab-core/target/classes dev.perflab.scenario.link.LinkTcpProbe across 100mbit 3}
 *
 * Goodput is TCP payload: on a 1500-byte MTU at most 1448 / 1514 = 95.6 % of what tbf lets onto the wire.
 */
public final class LinkTcpProbe {
    /** Time for the two probe JVMs to start and the receiver to finish, on top of the sending time. */
    static final long STARTUP_ALLOWANCE_SECONDS = 15;

    private LinkTcpProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !args[0].equals("across")) {
            System.err.println("usage: LinkTcpProbe across RATE SECONDS");
            System.exit(2);
        }
        Optional<String> unavailable = LinkNamespaces.unavailableReason();
        if (unavailable.isPresent()) {
            System.out.println("skipped: " + unavailable.get());
            return;
        }
        try (LinkNamespaces link = LinkNamespaces.create(args[1])) {
            System.out.println(link.describe());
            System.out.println(across(link, Long.MAX_VALUE, Double.parseDouble(args[2])));
        }
    }

    /**
     * Sends up to {@code bytes} for up to {@code seconds} from the sender side to a receiver on the
     * receiver side and returns the receiver's line; throws with the processes' output if either fails.
     */
    static String across(LinkNamespaces link, long bytes, double seconds) throws IOException, InterruptedException {
        String host = link.receiverAddress();
        String port = String.valueOf(LinkProbeEnds.PROBE_PORT);
        List<String> receiver = new ArrayList<>(link.prefix(LinkNamespaces.Side.RECEIVER));
        receiver.addAll(command("receive", host, port));
        List<String> sender = new ArrayList<>(link.prefix(LinkNamespaces.Side.SENDER));
        sender.addAll(command("send", host, port, String.valueOf(bytes), String.valueOf(seconds)));
        List<String> received = new CopyOnWriteArrayList<>();
        List<String> sent = new CopyOnWriteArrayList<>();
        Duration sendLimit = Duration.ofSeconds((long) Math.ceil(seconds) + STARTUP_ALLOWANCE_SECONDS);
        Duration receiveLimit = Duration.ofSeconds(STARTUP_ALLOWANCE_SECONDS);
        try (ChildProcess receiving = ChildProcess.start("link-probe-receive", receiver, received::add, null);
             ChildProcess sending = ChildProcess.start("link-probe-send", sender, sent::add, null)) {
            if (!sending.waitFor(sendLimit)) {
                throw new IOException("sender did not finish in " + sendLimit.toSeconds() + " s");
            }
            if (sending.exitCode() != 0) {
                throw new IOException("sender failed: " + LinkCommands.oneLine(String.join("\n", sent)));
            }
            if (!receiving.waitFor(receiveLimit)) {
                throw new IOException("receiver did not finish " + receiveLimit.toSeconds() + " s after the sender");
            }
            String line = LinkCommands.oneLine(String.join("\n", received));
            if (receiving.exitCode() != 0) {
                throw new IOException("receiver failed: " + line);
            }
            return line;
        }
    }

    /** {@code java -cp DIR LinkProbeEnds ARGS} with this JVM's java and the directory or jar holding the ends. */
    static List<String> command(String... args) {
        String classPath;
        try {
            classPath = Path.of(LinkProbeEnds.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> command = new ArrayList<>(List.of(ChildProcess.javaExecutable(), "-cp", classPath,
                LinkProbeEnds.class.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
