package dev.perflab.bench.brick;

import dev.perflab.bench.Planted;
import dev.perflab.brick.BrickTransform;
import dev.perflab.brick.Bricks;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The transform of one line, two ways: {@code bytesInPlace} ({@link BrickTransform#transform}, what every rung
 * does: bytes to bytes, no allocation) and {@code strings} (decode to a {@code String}, substring, concatenate,
 * reverse with a {@code StringBuilder}, prefix the number, encode back: what a first version writes). The
 * score is lines/s; {@code -prof gc} shows the strings' allocation per line.
 *
 * <h2>Pitfalls avoided</h2>
 * The line number changes every call (so the decimal prefix is not constant-folded) and 64 different lines
 * cycle (so branch prediction does not learn one); both methods return what they made.
 *
 * <h2>Run</h2>
 * {@code ./lab run brick --jmh --benchmark Transform -prof gc}, or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar BrickTransformBenchmark -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BrickTransformBenchmark {
    private static final int LINES = 64;

    @Param({"20", "100", "200"})
    int length;

    private final byte[][] lines = new byte[LINES][];
    private final byte[] dst = new byte[Bricks.MAX_RESULT_BYTES];
    private int lineNo = 1_000_000;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(length);
        for (int i = 0; i < LINES; i++) {
            lines[i] = new byte[length];
            for (int j = 0; j < length; j++) {
                lines[i][j] = (byte) (Bricks.MIN_BYTE + random.nextInt(Bricks.MAX_BYTE - Bricks.MIN_BYTE + 1));
            }
        }
    }

    @Benchmark
    public byte[] bytesInPlace() {
        Planted.work();
        int i = lineNo++;
        BrickTransform.transform(i, lines[i & (LINES - 1)], 0, length, dst, 0);
        return dst;
    }

    @Benchmark
    public byte[] strings() {
        Planted.work();
        int i = lineNo++;
        String line = new String(lines[i & (LINES - 1)], StandardCharsets.US_ASCII);
        return BrickTransform.transformWithStrings(i, line).getBytes(StandardCharsets.US_ASCII);
    }
}
