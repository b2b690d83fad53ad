package dev.perflab.forwarder;

/**
 * One configuration of the forwarder end to end: how the Simulator sends, and which ring rung of
 * {@code mdf-ring} ({@link dev.perflab.mdf.MdfRingLadder}) the forwarder stores into.
 *
 * @param simulator how the Simulator puts the day on the wire
 * @param ringRung  the ring's id in {@code MdfRingLadder.LADDER}
 */
public record ForwarderConfig(SimulatorSender simulator, String ringRung) {
}
