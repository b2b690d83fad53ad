/**
 * Results, owned in one place: {@link dev.perflab.results.ResultsLayout} says where every file of every command's
 * run goes (runs, shards, A/B runs and calibrations, profiles, the history database), and
 * {@link dev.perflab.results.RunFolder} is the one writer of a run's folder: opened once, every file named
 * through it, the rows saved through it and its listeners told. No class outside this package opens a results
 * folder, names the {@code results/} root or writes a machine file ({@code HouseRulesTest}).
 *
 * <p>A low floor: it uses only {@code dev.perflab.base}, so every command, scenario and the history can use it.
 */
package dev.perflab.results;
