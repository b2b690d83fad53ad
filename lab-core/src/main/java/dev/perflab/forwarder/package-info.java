/**
 * The market-data forwarder of report 000 end to end: a Simulator replays a day over TCP to the MDF
 * ({@link dev.perflab.forwarder.Forwarder}), which stores it (history first, then a ring rung of
 * {@code dev.perflab.mdf}) and forwards it to K clients at their own pace; a client that joins late asks for
 * the day from sequence 1 and catches up from the ring and the H2 history.
 *
 * <pre>
 *   ./lab mdf simulator             ./lab mdf forwarder (one port)                 ./lab mdf client × K
 *   ┌──────────────────┐  day file  ┌──────────────────────────────────┐  day file  ┌─────────────────────┐
 *   │ r0 file-streamed │──PLMD…───▶│ feed: StreamVerifier (≤ limits)  │──────────▶│ client-1 (on time)  │
 *   │ r1 preloaded     │           │  → H2 history → ring rung        │──────────▶│ client-2 (on time)  │
 *   │ r2 transferTo    │           │ session per client, own thread   │──────────▶│ late (from seq 1)   │
 *   │ --rate: paced,   │           │  lapped/late → history           │  ◀─PLSB──  │ audit: gaps, dups,  │
 *   │  stamped         │           └──────────────────────────────────┘  subscribe │ reorderings; latency│
 *   └──────────────────┘                                                            └─────────────────────┘
 *
 *   Simulator → forwarder:  a day file (dev.perflab.mdf.DayFile): 16-byte header with the count, then
 *                           (length, message, CRC-32C) × count; closing the connection ends the day
 *   client → forwarder:     Subscription: "PLSB", first sequence (8), name length (1), name
 *   forwarder → client:     a day file from the first sequence asked for (header count = the rest of the day)
 * </pre>
 *
 * Each configuration of {@link dev.perflab.forwarder.ForwarderLadder} changes one thing (the Simulator's
 * sender, or the ring for the report's exhibits); {@link dev.perflab.forwarder.ForwarderContract} is what every
 * configuration must do, in one JVM ({@link dev.perflab.forwarder.LoopbackDay}); {@code ./lab run mdf} runs
 * them as separate processes. Frames are length-checked against the day's limit (≤ 512 bytes) and the
 * subscription's fields against theirs before anything is allocated or stored.
 */
package dev.perflab.forwarder;
