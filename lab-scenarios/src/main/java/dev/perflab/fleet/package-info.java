/**
 * Past one machine: a run split into shards that Kubernetes or a CI matrix start, and the shards put back into one
 * result set. No scheduling: the lab splits, tags and merges; the engines run.
 *
 * <pre>
 *   ./lab run C --shard I/N                                 ./lab merge DIR… --out M
 *     every planned row (JMH: benchmark × params × rung;      DIR/C.shard.json ×N: same component, same split,
 *       end to end: rung) with its expected cost               no shard twice, none missing
 *     ShardPlan: rows a ratio gate divides tied together      DIR/C.json ×N: rows tagged "machine", "shard"
 *       (GateTies), costliest first to the least loaded     M/C.json: one result set, the whole run's order
 *     run shard I's rows ──▶ DIR/C.json, C.machine.txt
 *       (header + host: ShardHost), C.shard.json            report, gate, compare on M: a ratio of two
 *       (ShardManifest, through ShardStore)                   machines' rows refused unless --across-machines
 * </pre>
 *
 * Words used throughout: a <b>row</b> is what one benchmark at one combination of params writes (an end-to-end
 * run's rung); a <b>shard</b> {@code I/N} is counted from 1; a <b>machine</b> is a header line (JDK, CPU, cores, host),
 * and two rows are comparable in a ratio only when one machine measured both. The split is a pure function of the
 * planned rows, their costs and the gates, so every shard computes the same one; its fingerprint says so.
 */
package dev.perflab.fleet;
