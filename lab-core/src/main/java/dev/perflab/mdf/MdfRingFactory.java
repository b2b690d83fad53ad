package dev.perflab.mdf;

/** Creates one ring of a ladder entry; {@link #defaultSize()} is the size the rung stands for. */
public interface MdfRingFactory {
    MdfRing create(RingSize size, HistoryStore history);

    RingSize defaultSize();

    default MdfRing create(HistoryStore history) {
        return create(defaultSize(), history);
    }

    static MdfRingFactory of(RingSize defaultSize, java.util.function.BiFunction<RingSize, HistoryStore, MdfRing> create) {
        return new MdfRingFactory() {
            @Override
            public MdfRing create(RingSize size, HistoryStore history) {
                return create.apply(size, history);
            }

            @Override
            public RingSize defaultSize() {
                return defaultSize;
            }
        };
    }
}
