package dev.perflab.kv.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The sized B+tree's bucket array: 2 × the leaf pages its expected records fill at 128 records a leaf. */
class TokyoBTreeStoreTest {
    @Test
    void twoBucketsPerFullLeafPage() {
        assertEquals(156_250, TokyoBTreeStore.bucketsFor(10_000_000));
        assertEquals(2, TokyoBTreeStore.bucketsFor(128));
    }

    /** A record over a whole leaf needs one more leaf; the smallest store still gets a bucket array. */
    @Test
    void aPartLeafCountsAsALeaf() {
        assertEquals(4, TokyoBTreeStore.bucketsFor(129));
        assertEquals(2, TokyoBTreeStore.bucketsFor(1));
        assertEquals(1, TokyoBTreeStore.bucketsFor(0));
    }
}
