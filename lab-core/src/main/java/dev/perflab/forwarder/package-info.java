/**
 * The market-data forwarder of report 000 end to end: a Simulator replays a day over TCP to the MDF
 * ({@link dev.perflab.forwarder.Forwarder}), which stores it (history, then a ring) and forwards it to K clients
 * at their own pace; a client that joins late asks for the day from sequence 1 and catches up from the ring and
 * the history store.
 *
 * <pre>
 *   ./lab forwarder simulator        ./lab forwarder forwarder (one port)             ./lab forwarder client × K
 *   ┌──────────────────┐  day file  ┌───────────────────────────────────────┐  day file  ┌─────────────────────┐
 *   │ r0 file-streamed │──PLMD…───▶│ feed (FeedSource): StreamVerifier      │──────────▶│ client-1 (on time)  │
 *   │ r1 preloaded     │           │  → history (DayHistory) → ring         │──────────▶│ client-2 (on time)  │
 *   │ r2+ transferTo   │           │ session per client (SessionSender)     │──────────▶│ late (joins at half │
 *   │ --rate: paced,   │           │  lapped/late → history                 │  ◀─PLSB──  │  the day, from 1)   │
 *   │  stamped         │           └───────────────────────────────────────┘  subscribe │ audit; latency      │
 *   └──────────────────┘                                                                  └─────────────────────┘
 *
 *   Simulator → forwarder:  a day file (dev.perflab.marketdata.DayFile): 16-byte header with the count, then
 *                           (length, message, CRC-32C) × count; closing the connection ends the day
 *   client → forwarder:     Subscription: "PLSB", first sequence (8), join-at message count (8), name length (1), name
 *   forwarder → client:     a day file from the first sequence asked for (header count = the rest of the day)
 * </pre>
 *
 * Each configuration of {@link dev.perflab.forwarder.ForwarderLadder} changes one thing: the Simulator's sender
 * (r0–r2), then one part of the forwarder's own path each (r3–r7: the history store, the sessions' CRC, the
 * feed's reads, the ring and its sends), then the report's exhibits put back into the tuned one (with
 * {@code x-cold-jit}, the tuned one without the warm-up every configuration gets before its day);
 * {@link dev.perflab.forwarder.ForwarderContract} is what every configuration must do, in one JVM
 * ({@link dev.perflab.forwarder.LoopbackDay}); {@code ./lab run forwarder} runs them as separate processes.
 * Frames are length-checked against the day's limit (≤ 512 bytes) and the subscription's fields against theirs
 * before anything is allocated or stored.
 */
package dev.perflab.forwarder;
