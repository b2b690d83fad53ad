package dev.perflab.scenario;

/** Test access to {@link Iperf3Ceiling}'s parser. */
public final class Iperf3CeilingAccess {
    private Iperf3CeilingAccess() {
    }

    public static Iperf3Ceiling.Result parse(String json) {
        return Iperf3Ceiling.parse(json);
    }
}
