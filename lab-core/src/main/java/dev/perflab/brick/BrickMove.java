package dev.perflab.brick;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * {@code ./lab brick move}: one rung's server and client in this JVM, over loopback TCP, then the streaming
 * check of the result against the reference transform. The timed part runs from the server's start (its
 * file load included) to the last byte of the result written; the check is not timed. The result is
 * renamed from {@code RESULT.partial} to {@code RESULT} only when the check finds it byte-exact.
 */
public final class BrickMove {
    /** One move: what went through, how long it took, and the check. */
    public record Outcome(long lines, long inBytes, long outBytes, double seconds, long casRetries, ResultCheck.Outcome check) {
    }

    private BrickMove() {
    }

    /**
     * Moves {@code in} into {@code out} with one rung's settings.
     *
     * @throws IOException with one line when either side failed; the result then stays {@code out.partial}
     */
    public static Outcome run(Path in, Path out, MoverSettings settings) throws IOException, InterruptedException {
        long inBytes = Files.size(in);
        long start = System.nanoTime();
        BrickServer server = new BrickServer(in, settings, new InetSocketAddress("127.0.0.1", 0));
        FutureTask<BrickServer.Summary> serving = new FutureTask<>(server::serve);
        Thread serverThread = new Thread(serving, "brick-server");
        serverThread.start();
        BrickClient.Summary fetched;
        BrickServer.Summary served;
        try (server; ResultFile result = ResultFile.create(out)) {
            IOException clientFailure = null;
            try {
                fetched = new BrickClient(settings, BrickClient.loopback(server.address().getPort())).fetch(result);
            } catch (IOException e) {
                clientFailure = e;
                fetched = null;
            }
            served = serverSummary(serving);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (served.error() != null) {
                // the server's reason (a malformed input line, a client gone) comes first: the client's is its echo
                throw new IOException("server: " + served.error(), null);
            }
            if (clientFailure != null) {
                throw clientFailure;
            }
            ResultCheck.Outcome check = ResultCheck.check(in, result.partial());
            if (check.exact()) {
                result.complete();
            }
            return new Outcome(fetched.lines(), inBytes, fetched.resultBytes(), seconds, served.casRetries(), check);
        }
    }

    /** The server's summary; a server that failed before serving is an {@code IOException} naming why. */
    private static BrickServer.Summary serverSummary(FutureTask<BrickServer.Summary> serving) throws IOException, InterruptedException {
        try {
            return serving.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) {
                throw new IOException("server: " + cause.getMessage(), cause instanceof BrickFormatException ? cause : null);
            }
            throw new IOException("server: " + cause, null);
        }
    }
}
