/**
 * Judging two revisions measured on one machine in one run: {@code ./lab ab}'s statistics, verdicts, outputs
 * and calibration table. Floor 3, beside {@code gate} and {@code compare}: it reads JMH's JSON through
 * {@code report} and knows nothing of components, git or how the forks were started ({@code dev.perflab.cli}
 * runs them).
 *
 * <pre>
 *   row R, pairs 1..P (forks run back to back, ABBA: base·head, head·base, base·head, …)
 *     pair i:  base fork score b_i   head fork score h_i   d_i = ln(h_i / b_i)
 *   ratio    = exp(mean d)                                 head/base of the score
 *   interval = exp(mean d ± t(1 − α/2, P − 1) · s_d / √P)   paired Student's t (Apache Commons Math)
 *   verdict  = regression   interval entirely on the worse side of 1 AND worse than the threshold
 *              improvement  interval entirely on the better side AND better than the threshold
 *              no change    the whole interval within the threshold on both sides of 1 (an equivalence shown)
 *              undecided    otherwise          ("worse" from the unit: ops/time down, time/op up)
 *   looks    = undecided rows get pairs up to the next look (2P, 4P, … up to --max-pairs) within a time budget;
 *              every interval at 1 − α/K for K looks, so that all looks together keep 1 − α (Looks)
 *   run      = noisy when a ruler row (a peer, the JDK-only ruler) moved (a regression or an improvement at its own
 *              threshold); else regression, undecided, improvement, no change: the first any judged row has
 * </pre>
 *
 * A threshold t means "slower by more than t": time per operation × (1 + t), so a throughput ratio below
 * 1/(1 + t); faster by more than t is the mirror image, a throughput ratio above 1 + t.
 */
package dev.perflab.ab;
