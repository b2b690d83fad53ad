package dev.perflab.forwarder;

import dev.perflab.mdf.JdbcHistory;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;

/**
 * One configuration of the forwarder end to end: how the Simulator sends, what ring the forwarder stores into (a
 * rung of {@code mdf-ring}, {@link dev.perflab.mdf.MdfRingLadder}, or the forwarder's own {@link RecordRing}), and
 * the parts of the forwarder's own path a rung may change: where history is written, how the feed reads, how a
 * session sends, and whether the feed logs every message (the report's console logging).
 *
 * @param simulator      how the Simulator puts the day on the wire
 * @param ringRung       an id of {@code MdfRingLadder.LADDER}, or {@link RecordRing#DAY} / {@link RecordRing#WINDOW_5000}
 * @param history        how the history store is written
 * @param feed           how the feed reads the Simulator's stream
 * @param send           how a session writes its client's day ({@link Send#RECORD_SPANS} with a record ring, the others
 *                       with an mdf-ring rung)
 * @param logEachMessage a formatted log line per message on the receive path ({@link ConsoleLog})
 * @param warmUpMessages a day of this many messages through the same path before the forwarder listens ({@link WarmUp}); 0: none
 */
public record ForwarderConfig(SimulatorSender simulator, String ringRung, History history, FeedSource feed, Send send,
                              boolean logEachMessage, int warmUpMessages) {
    public ForwarderConfig {
        if (recordRing(ringRung) != (send == Send.RECORD_SPANS)) {
            throw new IllegalArgumentException("sender " + send + " with ring " + ringRung + ": record spans go with a record ring,"
                    + " the other senders with an mdf-ring rung");
        }
    }

    /** Whether {@code ring} names the forwarder's record ring rather than an mdf-ring rung. */
    public static boolean recordRing(String ring) {
        return ring.equals(RecordRing.DAY) || ring.equals(RecordRing.WINDOW_5000);
    }

    /** The report's forwarder with this Simulator and ring: H2 on the feed thread, a stream read, a CRC per client. */
    public static ForwarderConfig report(SimulatorSender simulator, String ringRung) {
        return new ForwarderConfig(simulator, ringRung, History.INLINE_H2, new StreamFeed(), Send.STAGED_CRC, false, 0);
    }

    /**
     * This configuration over another ring: an mdf-ring rung under a record ring's configuration gets the best message
     * ring sender ({@link Send#FORWARDED_CRC}), a record ring the span sender.
     */
    public ForwarderConfig withRing(String ring) {
        Send s = recordRing(ring) ? Send.RECORD_SPANS : send == Send.RECORD_SPANS ? Send.FORWARDED_CRC : send;
        return new ForwarderConfig(simulator, ring, history, feed, s, logEachMessage, warmUpMessages);
    }

    public ForwarderConfig withHistory(History h) {
        return new ForwarderConfig(simulator, ringRung, h, feed, send, logEachMessage, warmUpMessages);
    }

    public ForwarderConfig withFeed(FeedSource f) {
        return new ForwarderConfig(simulator, ringRung, history, f, send, logEachMessage, warmUpMessages);
    }

    public ForwarderConfig withSend(Send s) {
        return new ForwarderConfig(simulator, ringRung, history, feed, s, logEachMessage, warmUpMessages);
    }

    public ForwarderConfig withLogging() {
        return new ForwarderConfig(simulator, ringRung, history, feed, send, true, warmUpMessages);
    }

    public ForwarderConfig withSimulator(SimulatorSender s) {
        return new ForwarderConfig(s, ringRung, history, feed, send, logEachMessage, warmUpMessages);
    }

    public ForwarderConfig withWarmUp(int messages) {
        return new ForwarderConfig(simulator, ringRung, history, feed, send, logEachMessage, messages);
    }

    /** The same path without its warm-up (what the warm-up day itself runs, and the contract's short days). */
    public ForwarderConfig cold() {
        return withWarmUp(0);
    }

    /** Where and when the day's history is written (classes {@link InlineHistory}, {@link WriteBehindHistory}, {@link JournalHistory}). */
    public enum History {
        /** An H2 row per message, inserted on the feed thread before the ring append (the report's). */
        INLINE_H2,
        /** An H2 row per message, inserted by a history thread behind the feed. */
        WRITE_BEHIND_H2,
        /** An append-only journal of the records as they arrived, an H2 index row per block, behind the feed. */
        JOURNAL;

        /**
         * Opens the store.
         *
         * @param dbUrl      JDBC URL of the database (null: an H2 database of its own, in memory)
         * @param journalDir where a journal goes (null: the temporary folder)
         * @throws IllegalArgumentException naming what could not be opened
         */
        public DayHistory open(String dbUrl, Path journalDir) {
            switch (this) {
                case INLINE_H2:
                    return new InlineHistory(dbUrl == null ? JdbcHistory.inMemory() : JdbcHistory.open(dbUrl));
                case WRITE_BEHIND_H2:
                    JdbcHistory db = dbUrl == null ? JdbcHistory.inMemory() : JdbcHistory.open(dbUrl);
                    return new WriteBehindHistory(db, dbUrl == null ? "in memory" : dbUrl);
                default:
                    return JournalHistory.open(dbUrl, journalDir);
            }
        }
    }

    /**
     * How a session writes (classes {@link StagedCrcSender}, {@link ForwardedCrcSender}, {@link GatheringSender},
     * {@link RecordSpanSender}, {@link StudentSender}).
     */
    public enum Send {
        /** Staged with a CRC-32C computed per client, written through the socket's stream (the report's). */
        STAGED_CRC,
        /** Staged with the CRC-32C the message arrived with. */
        FORWARDED_CRC,
        /** The zero-copy ring's slices in gathering writes, framed with forwarded CRCs (staged over other rings). */
        GATHERING,
        /** The exercise: the framing written by the learner ({@link StudentSender}). */
        STUDENT,
        /** Spans of the record ring, the records as they arrived, one write each ({@link RecordSpanSender}). */
        RECORD_SPANS;

        public SessionSender open(Socket socket, RecordCrcs crcs) throws IOException {
            switch (this) {
                case STAGED_CRC:
                    return new StagedCrcSender(socket);
                case FORWARDED_CRC:
                    return new ForwardedCrcSender(socket, crcs);
                case GATHERING:
                    return new GatheringSender(socket.getChannel(), crcs);
                case RECORD_SPANS:
                    return new RecordSpanSender(socket.getChannel());
                default:
                    return new StudentSender(socket.getChannel(), crcs);
            }
        }
    }
}
