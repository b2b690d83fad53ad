package dev.perflab.kv;

import dev.perflab.kv.peers.TokyoHashStore;
import dev.perflab.ladder.Entry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random puts and gets over a small key space (so overwrites, with values of changing lengths, are
 * common), the same sequence through every rung and peer and a {@link java.util.HashMap}: every get and
 * the final count after a reopen agree ({@link KvContract#assertAgreesWithAMap}, which the contract also
 * runs on seeded sequences; here jqwik draws and shrinks them).
 */
class KvDifferentialTest {
    /** A small key space, so jqwik's short sequences overwrite often; the contract's seeded ones are longer. */
    static final int KEYS = 300;
    static final int MAX_OPS = 600;

    @Provide
    Arbitrary<List<KvContract.Op>> ops() {
        Arbitrary<KvContract.Op> op = net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, KEYS),
                Arbitraries.integers().between(0, KvContract.RANDOM_MAX_VALUE_BYTES), Arbitraries.integers().between(0, 3))
                .as((k, len, g) -> new KvContract.Op(k, len, g == 0));
        return op.list().ofMinSize(1).ofMaxSize(MAX_OPS);
    }

    @Property(tries = 15)
    void everyStoreAgreesWithAMap(@ForAll("ops") List<KvContract.Op> ops) throws Exception {
        Path root = Files.createTempDirectory("kv-diff");
        try {
            for (Entry<KvStoreFactory> e : KvLadder.LADDER.correct()) {
                if (e.id().startsWith("peer-tokyo") && !TokyoHashStore.available()) {
                    continue;
                }
                KvContract.assertAgreesWithAMap(ops, e.factory(), root.resolve(e.id()), e.id());
            }
        } finally {
            Folders.deleteTree(root);
        }
    }
}
