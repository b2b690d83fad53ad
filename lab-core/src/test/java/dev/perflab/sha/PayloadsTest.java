package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PayloadsTest {
    @Test
    void aPayloadDependsOnItsIdAlone() {
        assertArrayEquals(Payloads.of(42), Payloads.of(42));
        byte[] inPlace = new byte[40];
        Payloads.fill(42, inPlace, 8);
        assertArrayEquals(Payloads.of(42), java.util.Arrays.copyOfRange(inPlace, 8, 40));
        assertEquals(32, Payloads.of(0).length);
    }

    @Test
    void differentIdsGiveDifferentPayloads() {
        Set<String> seen = new HashSet<>();
        for (long id = -1000; id < 100_000; id++) {
            seen.add(HexFormat.of().formatHex(Payloads.of(id)));
        }
        assertEquals(101_000, seen.size());
    }

    /** SplitMix64 from state 0, as computed independently (Python); task −1 starts at state 0, whose output is 0. */
    @Test
    void payloadsAreSplitMix64OutputsAndConsecutiveOnesOverlap() {
        assertEquals("e220a8397b1dcdaf6e789e6aa1b965f406c45d188009454ff88bb8a8724c81ec",
                HexFormat.of().formatHex(Payloads.of(0)));
        assertEquals("0000000000000000e220a8397b1dcdaf6e789e6aa1b965f406c45d188009454f",
                HexFormat.of().formatHex(Payloads.of(-1)));
    }

    /** r16's generator: the payloads of consecutive ids from shared mixes are byte for byte those of {@link Payloads#fill}. */
    @Property(tries = 300)
    void consecutivePayloadsFromSharedMixesEqualEachPayloadAlone(@ForAll long firstId,
                                                                 @ForAll @IntRange(min = 1, max = 300) int n,
                                                                 @ForAll @IntRange(min = 0, max = 16) int gap) {
        int stride = Frames.PAYLOAD_BYTES + gap;
        byte[] shared = new byte[3 + n * stride];
        Payloads.fillConsecutive(firstId, n, shared, 3, stride);
        for (int i = 0; i < n; i++) {
            assertArrayEquals(Payloads.of(firstId + i),
                    Arrays.copyOfRange(shared, 3 + i * stride, 3 + i * stride + Frames.PAYLOAD_BYTES), "task " + i);
        }
    }

    @Test
    void aTaskFrameIsTheSameWithSharedMixes() {
        byte[] alone = new byte[Frames.frameBytes(1000)];
        byte[] shared = new byte[Frames.frameBytes(1000)];
        Frames.fillTasks(alone, Long.MAX_VALUE - 500, 1000, false);
        Frames.fillTasks(shared, Long.MAX_VALUE - 500, 1000, true);
        assertArrayEquals(alone, shared);
    }
}
