package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
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
}
