package dev.perflab.mdf;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.mdf.peers.AgronaBroadcastRing;
import dev.perflab.mdf.peers.DisruptorRing;
import dev.perflab.mdf.peers.JctoolsFanOutRing;
import java.util.List;

/**
 * The market-data ring ladder (report 000): from the report's synchronized list of message objects with a
 * 5,000-message window and database fallback to a lock-free single-writer ring read in zero-copy batches;
 * then the peers and the exhibits. The ids are the ones JMH's {@code @Param("rung")}, the CLI and result
 * files use. The last entries are the learner's ({@code student}, an exercise, and {@code mystery}, a lab with a
 * hidden cause): checked and measured only when named. The ladder carries its contract ({@link MdfRingContract}), which {@code ./lab check} runs.
 */
public final class MdfRingLadder {
    public static final String COMPONENT = "mdf-ring";

    public static final Ladder<MdfRingFactory> LADDER = new Ladder<MdfRingFactory>(COMPONENT,
            "Market-data forwarder ring (report 000): one writer, K readers at their own pace, history from SQL", List.of(
            new Entry<>("r0-synchronized-window-db", Kind.RUNG,
                    "synchronized circular list of message objects, newest 5,000; older read from the H2 database",
                    MdfRingFactory.of(RingSize.SMALL, SynchronizedWindowRing::new)),
            new Entry<>("r1-large-window", Kind.RUNG,
                    "r0 with a 400,000-message window: the whole day in memory, still objects under one lock",
                    MdfRingFactory.of(RingSize.DAY, LargeWindowRing::new)),
            new Entry<>("r2-raw-bytes", Kind.RUNG,
                    "raw bytes in one preallocated arena + sequence → offset index: no wrappers, still one lock",
                    MdfRingFactory.of(RingSize.DAY, RawBytesRing::new)),
            new Entry<>("r3-single-writer-ring", Kind.RUNG,
                    "lock-free: release/acquire publication, padded counters, lapped readers detected → history",
                    MdfRingFactory.of(RingSize.DAY, SingleWriterRing::new)),
            new Entry<>("r4-batched-zero-copy", Kind.RUNG,
                    "r3 read in batches of slices of ring memory, ready for one gathering write: no per-message copy",
                    MdfRingFactory.of(RingSize.DAY, BatchedZeroCopyRing::new)),
            new Entry<>("peer-disruptor", Kind.PEER,
                    "LMAX Disruptor 4.0.0: one single-producer ring, one EventPoller per reader (multicast, back-pressure)",
                    MdfRingFactory.of(RingSize.DAY, DisruptorRing::new)),
            new Entry<>("peer-agrona-broadcast", Kind.PEER,
                    "Agrona 1.23.1 BroadcastTransmitter + one BroadcastReceiver per reader (lapped receivers detect it)",
                    MdfRingFactory.of(RingSize.DAY, AgronaBroadcastRing::new)),
            new Entry<>("peer-jctools-spsc", Kind.PEER,
                    "JCTools 4.0.5 SpscArrayQueue per reader: the writer copies each message to every queue",
                    MdfRingFactory.of(RingSize.DAY, JctoolsFanOutRing::new)),
            new Entry<>("x-unpadded", Kind.EXHIBIT,
                    "r3 with the writer's and readers' counters in one cache line (false sharing)",
                    MdfRingFactory.of(RingSize.DAY, (size, history) -> new SingleWriterRing(size, history, false))),
            new Entry<>("x-logging-hot-path", Kind.EXHIBIT,
                    "r3 with a formatted log line written per message on the write path (the report's 10 → 3 MB/s)",
                    MdfRingFactory.of(RingSize.DAY, LoggingHotPathRing::new)),
            new Entry<>("student", Kind.EXERCISE,
                    "exercise \"make the reader lock-free\": r2's arena without its lock, publication and reader written by you (StudentRing, exercises/README.md)",
                    MdfRingFactory.of(RingSize.DAY, StudentRing::new)),
            new Entry<>("mystery", Kind.EXERCISE,
                    "mystery: a correct ring slower than it should be, for a reason to find (MysteryRing, exercises/mysteries.md)",
                    MdfRingFactory.of(RingSize.DAY, MysteryRing::new))))
            .withContract(new MdfRingContract());

    private MdfRingLadder() {
    }
}
