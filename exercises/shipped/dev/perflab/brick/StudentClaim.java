package dev.perflab.brick;

/**
 * student — EXERCISE "claim a row by CAS": the server's page table (r3) with the claim of a row written by
 * you. The {@code student} rung is r3 ({@code r3-cas-page-table}) with this class in place of its own claim,
 * {@link PageTable#casClaim} ({@link MoverSettings.Claim#EXERCISE}).
 *
 * <p><b>The task.</b> The server loads its file into pages of rows. Its twelve connection threads all hand out
 * rows of the same page at once, with no lock: each calls {@link #claim} to take the next row nobody else has
 * taken. A page counts the rows taken in its {@code claimed} field; {@code rows} is how many it holds.
 * Return the row you took (0 ≤ row &lt; {@code rows}), each row to exactly one call, or -1 once every row of
 * the page is taken, and leave {@code claimed} at {@code rows} then, never above: the loader waits for
 * {@code claimed == rows} before it refills the page's slot with a later page (r5), and a counter past
 * {@code rows} would keep it waiting for ever. Count each failed attempt in {@code claimer.casRetries}.
 *
 * <pre>
 *   thread 1 ──claim──┐          page: ┌──────┬──────┬──────┬─ ─ ─┬────────┐
 *   thread 2 ──claim──┼──▶ this ──▶     │ row 0│ row 1│ row 2│     │ rows-1 │   claimed: rows taken so far
 *   thread k ──claim──┘                └──────┴──────┴──────┴─ ─ ─┴────────┘   (volatile int, starts at 0)
 * </pre>
 * What you may use: {@code page.claimed} (a {@code volatile int}), {@code page.rows} (fixed while the page is
 * open) and {@link PageTable#CLAIMED}, a {@link java.lang.invoke.VarHandle} on {@code claimed}
 * ({@code CLAIMED.compareAndSet(page, expected, newValue)}).
 *
 * <p><b>Check and measure.</b>
 * <pre>
 *   ./lab check brick --rung student                         # ✓/✗ per contract check, exit 0 when all pass
 *   ./lab run brick --rung r2,student,r3 --size 64m          # your rung end to end, beside r2 and r3
 * </pre>
 * Hints, the usual wrong turns and the reference solution (r3's {@link PageTable#casClaim}) are in
 * {@code exercises/README.md}.
 */
final class StudentClaim {

    /**
     * TODO (exercise): take the next free row of {@code page} and return it, or return -1 when the page has
     * none left. Called by every server connection thread at once, on the same page.
     */
    int claim(PageTable.Page page, LineSource.Claimer claimer) {
        throw new UnsupportedOperationException("StudentClaim.claim is not written yet: take the next row of the page "
                + "exactly once with a compare-and-set on page.claimed (-1 when claimed has reached page.rows); "
                + "see exercises/README.md");
    }
}
