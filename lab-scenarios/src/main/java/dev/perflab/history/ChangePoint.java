package dev.perflab.history;

import java.time.Instant;

/**
 * A step Apache Otava found in one series: the first run after it, how big it is and how likely chance alone
 * made it.
 *
 * @param metric        the series ({@link Series#name()}, the CSV column)
 * @param commit        the commit of the first run after the step; null when unknown
 * @param time          when that run's results were saved
 * @param changePercent the step in %: mean after over mean before, minus one (Otava's means of the two sides)
 * @param pValue        Otava's p-value for the step
 */
public record ChangePoint(String metric, String commit, Instant time, double changePercent, double pValue) {
}
