package dev.perflab.ladder;

/** What an entry of a ladder is. */
public enum Kind {
    /** A step of the story, from the naive {@code r0-…} to the tuned {@code rN-…}; correct. */
    RUNG,
    /** A well-known library doing the same job, behind the same interface. */
    PEER,
    /** A labelled exhibit of a bug the report hit; a test proves it broken. Never in the contract suite. */
    EXHIBIT
}
