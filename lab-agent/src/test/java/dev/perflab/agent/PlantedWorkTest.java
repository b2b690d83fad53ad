package dev.perflab.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The plant's property, shared by the lab's own hook and the agent. */
class PlantedWorkTest {
    @Test
    void thePropertyIsTokensOrTokensEveryPeriod() {
        assertArrayEquals(new long[] {0, 1}, PlantedWork.parse(""));
        assertArrayEquals(new long[] {12, 1}, PlantedWork.parse(" 12 "));
        assertArrayEquals(new long[] {40, 8}, PlantedWork.parse("40/8"));
        assertArrayEquals(new long[] {0, 64}, PlantedWork.parse("0/64"), "the counter alone");
    }

    @Test
    void aMalformedPlantFailsRatherThanBeingDropped() {
        for (String bad : List.of("x", "-1", "10/3", "10/0", "1/2/4", "10/")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlantedWork.parse(bad), bad);
            assertTrue(e.getMessage().contains("TOKENS/PERIOD"), e.getMessage());
        }
    }
}
