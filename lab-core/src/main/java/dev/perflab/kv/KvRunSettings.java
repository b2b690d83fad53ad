package dev.perflab.kv;

/**
 * One harness run: stop at {@code records} successful puts or after {@code seconds}, whichever first.
 *
 * @param records most records to write (≥ 1)
 * @param threads writer threads (≥ 1)
 * @param seconds longest run in seconds (&gt; 0)
 */
public record KvRunSettings(long records, int threads, double seconds) {
    public KvRunSettings {
        if (records < 1) {
            throw new IllegalArgumentException("--records must be at least 1, got " + records);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        }
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("--seconds must be more than 0, got " + seconds);
        }
    }
}
