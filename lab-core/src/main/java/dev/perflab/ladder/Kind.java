package dev.perflab.ladder;

/** What an entry of a ladder is. */
public enum Kind {
    /** A step of the story, from the naive {@code r0-…} to the tuned {@code rN-…}; correct. */
    RUNG,
    /** A well-known library doing the same job, behind the same interface. */
    PEER,
    /** A labelled exhibit of a bug the report hit; a test proves it broken. Never in the contract suite. */
    EXHIBIT,
    /**
     * A rung a learner writes ({@code student}): a skeleton that compiles and fails its contract until the
     * exercise is done. Outside {@link Ladder#correct()} and every default run; measured or checked only
     * when named ({@code ./lab check COMPONENT --rung student}, {@code ./lab run COMPONENT --rung r1,student,r2}).
     */
    EXERCISE
}
