/**
 * Components as the CLI sees them: one {@link dev.perflab.cli.component.Component} per ladder, each in a package
 * of its own ({@code dev.perflab.cli.orderbook}), listed once in
 * {@code META-INF/services/dev.perflab.cli.component.Component} and found by
 * {@link dev.perflab.cli.component.Registry#builtIn()}. The lab-wide commands ({@code list}, {@code run},
 * {@code check}, {@code profile}, {@code latency}, {@code gate}, {@code doctor}) ask a component what it offers
 * and never test its name; nothing outside a component's package names its classes ({@code HouseRulesTest}).
 *
 * <pre>
 *   Registry.builtIn()  (ServiceLoader)       what each command asks of a Component
 *   ├── OrderBookComponent                    list     ladder()
 *   │                                         check    ladder().contract()
 *   └── ShaPipelineComponent                  run      scenario() with its own options (unless --jmh), else
 *         │                                            suites(); smokeRungs() + smokeParams() on --smoke;
 *         ├── ladder()       Ladder&lt;?&gt;                headlines() under the ladder
 *         ├── suites()       JmhSuite ×N        profile  profile()
 *         ├── scenario()     roles over sockets latency  latency()
 *         ├── subcommands()  ./lab sha …        gate     defaultResults() without --results
 *         └── prerequisites()                   doctor   prerequisites()
 * </pre>
 *
 * <h2>How to add a component</h2>
 * A ladder measured by its JMH suites alone needs no class here: its {@code Ladder} names its suites
 * ({@code .withSuites("…Benchmark")}) and one line in {@code META-INF/perflab/ladders} names the ladder's field;
 * {@link dev.perflab.cli.component.Registry} makes its component with {@link dev.perflab.cli.component.Component#of}
 * (the README's "Adding a component" counts those steps). A component that offers more takes these steps:
 * <ol>
 * <li>In {@code lab-core}, the ladder in its own package ({@code dev.perflab.ringbuffer}): the rungs as
 *     {@code Entry} lines of one {@code Ladder}, and the contract suite over {@code LADDER.correct()}, written
 *     as a {@code Contract} the ladder carries ({@code .withContract(…)}, so {@code ./lab check} runs it),
 *     with at least one exercise: a {@code student} entry of kind {@code EXERCISE} (see
 *     {@code exercises/README.md}, "Adding an exercise to a ladder").</li>
 * <li>In {@code lab-benchmarks}, its JMH classes in {@code dev.perflab.bench.ringbuffer}, with a
 *     {@code @Param String rung} whose values are the ladder's ids, and {@code @Fork}, {@code @Warmup} and
 *     {@code @Measurement}: those annotations are the default run's options.</li>
 * <li>In {@code lab-scenarios}, a package {@code dev.perflab.cli.ringbuffer} with one class implementing
 *     {@link dev.perflab.cli.component.Component}: {@code ladder()}, and what it offers —
 *     {@code suites()} (one {@link dev.perflab.cli.component.JmhSuite} per benchmark class, with what the
 *     shorter and longer run lengths measure), {@code smokeParams()} if a smoke run narrows its own
 *     {@code @Param}s, {@code headlines()}, {@code profile()}, {@code latency()}, {@code scenario()} (an
 *     end-to-end run that brings its own {@code ./lab run} options: see below), {@code subcommands()},
 *     {@code prerequisites()}. Leave out what it does not offer: each has an empty default, and the command
 *     that needs it says so in one line. Its commands and run options live in the same package.</li>
 * <li>One line in {@code lab-scenarios/src/main/resources/META-INF/services/dev.perflab.cli.component.Component}.</li>
 * <li>Gates in {@code ci/gates.yaml} over the rows its smoke run writes, and a line in {@code .ci/run}.</li>
 * </ol>
 * Nothing else changes: {@code ./lab list} shows it, {@code ./lab run NAME} runs it, {@code ./lab gate
 * --component NAME} reads {@code results/NAME/NAME.json}. {@code ComponentRegistrationTest} does exactly
 * this with a toy component of two rungs, a JMH suite and a two-role scenario.
 *
 * <h2>Options every command shares</h2>
 * {@code --rung} ({@link dev.perflab.cli.component.RungOption}), {@code --benchmark}, {@code --param}, {@code --out}
 * and the run length ({@code --smoke}, {@code --quick}, {@code --standard}, {@code --full}) are declared once here, as
 * picocli mixins; a command mixes in the ones it takes and gives its default when it makes them.
 *
 * <h2>A scenario</h2>
 * A {@link dev.perflab.cli.component.Scenario} declares its roles in start order (who listens, who
 * connects to whom) and the bytes one operation puts on the wire. Its {@code newOptions()} is a picocli mixin
 * with the {@code ./lab run} options only it takes, mixing in the shared ones it wants from
 * {@link dev.perflab.cli.component.ScenarioOptions} ({@code --seconds}, {@code --json}, {@code --link}); picocli
 * refuses any other. Its {@code run} prints the ladder and hands its JMH-shaped rows to the run's folder
 * ({@code request.results().saveRows(…)}, {@code DIR/NAME.json}), so {@code report}, {@code gate} and {@code compare}
 * read an end-to-end run like a JMH run, and the results history hears of them.
 */
package dev.perflab.cli.component;
