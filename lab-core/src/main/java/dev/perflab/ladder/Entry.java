package dev.perflab.ladder;

import java.util.Objects;

/**
 * One implementation on a ladder: a rung, a peer or an exhibit.
 *
 * @param id      the id used everywhere (CLI, JMH {@code @Param rung}, result files), e.g. {@code r2-intrusive-list}
 * @param kind    rung, peer or exhibit
 * @param summary one line: what this implementation is
 * @param factory creates an instance; its type is the component's own
 * @param <F>     the component's factory type
 */
public record Entry<F>(String id, Kind kind, String summary, F factory) {
    public Entry {
        Objects.requireNonNull(id);
        Objects.requireNonNull(kind);
        Objects.requireNonNull(summary);
        Objects.requireNonNull(factory);
    }
}
