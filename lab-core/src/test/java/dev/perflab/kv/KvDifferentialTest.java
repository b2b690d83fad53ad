package dev.perflab.kv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.kv.peers.TokyoHashStore;
import dev.perflab.ladder.Entry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random puts and gets over a small key space (so overwrites, with values of changing lengths, are
 * common), the same sequence through every rung and peer and a {@link HashMap}: every get and the final
 * count after a reopen agree.
 */
class KvDifferentialTest {
    record Op(int key, int valueLength, boolean isGet) {
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Op> op = net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, 300),
                Arbitraries.integers().between(0, 70), Arbitraries.integers().between(0, 3))
                .as((k, len, g) -> new Op(k, len, g == 0));
        return op.list().ofMinSize(1).ofMaxSize(600);
    }

    @Property(tries = 15)
    void everyStoreAgreesWithAMap(@ForAll("ops") List<Op> ops) throws Exception {
        Map<Integer, byte[]> model = new HashMap<>();
        List<byte[]> expectedGets = new ArrayList<>();
        for (Op op : ops) {
            if (op.isGet()) {
                expectedGets.add(model.get(op.key()));
            } else {
                model.put(op.key(), value(op));
            }
        }
        Path root = Files.createTempDirectory("kv-diff");
        try {
            for (Entry<KvStoreFactory> e : KvLadder.LADDER.correct()) {
                if (e.id().startsWith("peer-tokyo") && !TokyoHashStore.available()) {
                    continue;
                }
                Path dir = root.resolve(e.id());
                List<byte[]> gets = new ArrayList<>();
                try (KvStore s = e.factory().open(dir, 100)) {
                    for (Op op : ops) {
                        if (op.isGet()) {
                            gets.add(s.get(KvRecords.key(op.key())));
                        } else {
                            s.put(KvRecords.key(op.key()), value(op));
                        }
                    }
                }
                for (int i = 0; i < gets.size(); i++) {
                    assertArrayEquals(expectedGets.get(i), gets.get(i), e.id() + " get #" + i);
                }
                try (KvStore s = e.factory().open(dir, 100)) {
                    assertEquals(model.size(), s.count(), e.id() + " count after reopen");
                    for (Map.Entry<Integer, byte[]> m : model.entrySet()) {
                        assertArrayEquals(m.getValue(), s.get(KvRecords.key(m.getKey())), e.id() + " key " + m.getKey());
                    }
                }
            }
        } finally {
            Folders.deleteTree(root);
        }
    }

    private static byte[] value(Op op) {
        byte[] v = new byte[op.valueLength()];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) (op.key() * 31 + i);
        }
        return v;
    }
}
