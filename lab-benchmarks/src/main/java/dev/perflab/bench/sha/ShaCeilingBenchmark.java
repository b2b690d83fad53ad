package dev.perflab.bench.sha;

import dev.perflab.bench.Planted;
import dev.perflab.sha.Frames;
import dev.perflab.sha.Sha256;
import java.security.DigestException;
import java.security.MessageDigest;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The SHA-256 ceiling: how many short messages this JDK can digest per second, one thread and all cores,
 * with and without the JIT's SHA-256 intrinsic. It is the physical limit the pipeline is held against:
 * {@code ./lab run sha-pipeline} runs {@link #intrinsicAllThreads} first and prints each rung's share of it.
 *
 * <h2>What one operation is</h2>
 * The executor's best path: a {@link MessageDigest} owned by the thread, {@code update(message)} then
 * {@code digest(out, 0, 32)}, which also resets it. {@code messageBytes} 32 is the payload the executors
 * digest; 44 is the report's task size. Both fit one 64-byte SHA-256 block after padding, so they cost the
 * same: one compression plus the JDK's per-digest work (padding, state reset, output conversion).
 *
 * <h2>Pitfalls avoided</h2>
 * The first eight bytes of the message change every operation, so no two digests are the same and nothing
 * can be hoisted; the digest's first byte is returned, so JMH consumes it. Each thread has its own state
 * ({@code Scope.Thread}): a shared {@code MessageDigest} would be wrong (see the pipeline's exhibit).
 *
 * <h2>One core and all cores</h2>
 * In throughput mode JMH adds up the threads' scores, so {@code @Threads(Threads.MAX)} (one thread per
 * available processor) gives the all-core figure. On a machine whose cores are shared, all-core is less
 * than cores × one-core.
 *
 * <h2>The intrinsic</h2>
 * On x86-64 with the SHA extensions ({@code sha_ni} in /proc/cpuinfo) HotSpot compiles the compression
 * function to those instructions ({@code -XX:+UseSHA256Intrinsics}, on by default where supported). The
 * {@code noIntrinsic…} methods fork with it switched off, to show what the hardware is worth.
 *
 * <h2>What to expect</h2>
 * With the intrinsic one thread hashes several times as many digests per second as without it (on a CPU with
 * sha_ni), and two cores give about twice one core; 32 and 44 bytes score the same
 * (figures: the sha-pipeline logs in docs/measurements/README.md).
 *
 * <h2>Budget</h2>
 * Every rung's "% of ceiling" divides by this score, so its error must be small. JMH's error is a 99.9%
 * interval, Student's t times the standard error: one fork of 3 iterations has t = 31.6 (2 degrees of
 * freedom), so even a few percent of spread becomes tens of percent of error. Two forks of 8 iterations give
 * t = 4.07 over 16 samples and take the fork-to-fork spread in. These annotations are the standard run's
 * options ({@code ./lab run sha-pipeline} measures its ceiling with them); {@code ShaPipelineComponent}
 * holds the shorter and longer lengths.
 *
 * <h2>Run</h2>
 * {@code ./lab run sha-pipeline --jmh --benchmark '.*[iI]ntrinsic.*'} (all four methods; the executor suite
 * has none that match and is skipped), or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar ShaCeilingBenchmark -p messageBytes=32}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 8, time = 1)
public class ShaCeilingBenchmark {

    @Param({"32", "44"})
    int messageBytes;

    private MessageDigest md;
    private byte[] message;
    private final byte[] out = new byte[Frames.DIGEST_BYTES];
    private long counter;

    @Setup
    public void setUp() {
        md = Sha256.newDigest();
        message = new byte[messageBytes];
        for (int i = 0; i < messageBytes; i++) {
            message[i] = (byte) (i * 31 + 7);
        }
    }

    private byte digest() throws DigestException {
        Frames.putLong(message, 0, counter++);
        md.update(message, 0, messageBytes);
        md.digest(out, 0, Frames.DIGEST_BYTES);
        return out[0];
    }

    @Benchmark
    @Threads(1)
    public byte intrinsicOneThread() throws DigestException {
        Planted.work();
        return digest();
    }

    @Benchmark
    @Threads(Threads.MAX)
    public byte intrinsicAllThreads() throws DigestException {
        Planted.work();
        return digest();
    }

    @Benchmark
    @Threads(1)
    @Fork(jvmArgsAppend = {"-XX:+UnlockDiagnosticVMOptions", "-XX:-UseSHA256Intrinsics"})
    public byte noIntrinsicOneThread() throws DigestException {
        Planted.work();
        return digest();
    }

    @Benchmark
    @Threads(Threads.MAX)
    @Fork(jvmArgsAppend = {"-XX:+UnlockDiagnosticVMOptions", "-XX:-UseSHA256Intrinsics"})
    public byte noIntrinsicAllThreads() throws DigestException {
        Planted.work();
        return digest();
    }
}
