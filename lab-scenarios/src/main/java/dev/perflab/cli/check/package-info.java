/**
 * {@code ./lab check}: a component's contract against one entry, a line per check, and the profile-reading
 * exercise's answers. Its own package below the lab-wide commands so that {@code ./lab grade}
 * ({@code dev.perflab.cli.grade}), whose first step it is, can use it without a loop back into {@code dev.perflab.cli}.
 */
package dev.perflab.cli.check;
