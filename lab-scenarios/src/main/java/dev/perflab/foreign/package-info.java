/**
 * Another project's JMH jar through the lab: {@code ./lab run-jar JAR [JMH options]} runs any JMH benchmarks jar
 * (JMH 1.19 to the newest) and gives its rows the lab's tables, noisy marks, charts, page and history, as
 * {@code ./lab run} gives the lab's own ladders. The lab knows nothing of the jar's benchmarks beforehand: its rows
 * come from JMH's own listing, its run lengths from the user's JMH options and the benchmarks' annotations.
 *
 * <pre>
 *   JAR ──ForeignJar: a JMH jar? which JMH?──▶ JmhArguments: JMH's own parser; -rf/-rff/-o are the lab's
 *       ──JMH -lp──▶ the rows asked for ──JMH run──▶ DIR/NAME.json ──▶ tables, NAME.md, charts, NAME.html, history
 * </pre>
 *
 * The machinery lives here, apart from {@code dev.perflab.cli}: the command that drives it only parses and hands
 * over. What {@code ./lab ab} will need of another project's jar (its rows, the planting agent) is built on this.
 */
package dev.perflab.foreign;
