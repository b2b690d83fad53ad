package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.cli.component.Registry;
import dev.perflab.scenario.LabCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine;

/**
 * The shape of the command line: each component brings its own {@code ./lab run} subcommand and options, a
 * typo is answered with the nearest name, help text never breaks a word, a group run without its
 * subcommand fails, and two components can share a command group.
 */
class CommandShapeTest {
    private final LabCli lab = new LabCli();

    private String errLine() {
        String text = lab.err.toString().strip();
        assertEquals(1, text.lines().count(), "one line: " + text);
        return text;
    }

    @Test
    void runHasOneSubcommandPerComponentEachWithOnlyItsOwnOptions() {
        CommandLine run = Lab.newCommandLine().getSubcommands().get("run");
        List<String> components = Registry.builtIn().all().stream().map(Component::name).toList();
        assertEquals(components, List.copyOf(run.getSubcommands().entrySet().stream()
                .filter(e -> !e.getKey().equals("help") && !e.getValue().getCommandSpec().usageMessage().hidden())
                .map(java.util.Map.Entry::getKey).toList()));
        CommandSpec kv = run.getSubcommands().get("kv").getCommandSpec();
        assertTrue(kv.findOption("--records") != null && kv.findOption("--store") != null, "kv brings --records and --store");
        CommandSpec orderbook = run.getSubcommands().get("orderbook").getCommandSpec();
        assertEquals(null, orderbook.findOption("--records"), "orderbook has no scenario, so no scenario options");
        assertTrue(orderbook.findOption("--rung") != null && orderbook.findOption("--quick") != null, "the shared options");
    }

    @Test
    void anOptionOfAnotherComponentNamesWhichTakeIt() {
        assertEquals(2, lab.run("run", "orderbook", "--records", "5"));
        assertTrue(errLine().contains("--records applies to ./lab run kv, not to ./lab run orderbook"), lab.err.toString());
    }

    @Test
    void aTypoIsAnsweredWithTheNearestName() {
        assertEquals(2, lab.run("rnu"));
        String line = errLine();
        assertTrue(line.contains("unknown command 'rnu'; did you mean run?"), line);
        lab.clear();
        assertEquals(2, lab.run("run", "orderbok"));
        line = errLine();
        assertTrue(line.contains("unknown component 'orderbok'; did you mean orderbook?"), line);
        assertTrue(line.contains("known: orderbook, sha-pipeline"), line);
    }

    @Test
    void aGroupWithoutItsSubcommandFailsNamingThem() {
        for (String group : List.of("run", "mdf", "forwarder", "pump", "sha", "brick", "orderbook")) {
            lab.clear();
            assertEquals(2, lab.run(group), group + ": " + lab.err);
            String last = lab.err.toString().strip().lines().reduce((a, b) -> b).orElse("");
            assertTrue(last.startsWith("lab: " + group + ": missing subcommand, one of: "), group + ": " + last);
        }
    }

    /**
     * The forwarder's roles have their own group, {@code ./lab forwarder}; for one release they also answer under
     * their former group, the ring's {@code ./lab mdf}, beside its {@code generate}/{@code replay}, each kept in its own package.
     */
    @Test
    void theForwarderHasItsOwnGroupAndTheFormerOneStillAnswers() {
        CommandLine forwarder = Lab.newCommandLine().getSubcommands().get("forwarder");
        assertEquals(List.of("forwarder", "client", "simulator"), forwarder.getSubcommands().keySet().stream()
                .filter(n -> !n.equals("help")).toList());
        CommandLine mdf = Lab.newCommandLine().getSubcommands().get("mdf");
        assertTrue(mdf.getSubcommands().keySet().containsAll(List.of("generate", "replay", "forwarder", "client", "simulator")),
                mdf.getSubcommands().keySet().toString());
        CommandLine run = Lab.newCommandLine().getSubcommands().get("run");
        assertTrue(run.getSubcommands().get("mdf").getCommandSpec().usageMessage().hidden(), "./lab run mdf answers, hidden from the help");
    }

    /**
     * picocli wraps long descriptions; it must never cut inside a word ({@code ./lab} → ". /lab",
     * {@code DIR/orderbook.json} → "DIR/orderbook. json"). Every word of every description that holds a dot or a
     * slash is found whole in the rendered help.
     */
    @Test
    void helpTextNeverBreaksAWord() {
        List<CommandLine> commands = new ArrayList<>(List.of(Lab.newCommandLine()));
        for (int i = 0; i < commands.size(); i++) {
            commands.addAll(commands.get(i).getSubcommands().values());
        }
        Pattern word = Pattern.compile("[^\\s,;:()'\"]*[./-][^\\s,;:()'\"]*[^\\s,;:()'\".]");
        List<String> broken = new ArrayList<>();
        for (CommandLine command : commands) {
            String usage = command.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
            List<String> texts = new ArrayList<>(List.of(command.getCommandSpec().usageMessage().description()));
            for (ArgSpec arg : command.getCommandSpec().args()) {
                texts.addAll(List.of(arg.description()));
            }
            for (CommandLine sub : command.getSubcommands().values()) {  // the list of subcommands shows their first lines
                String[] summary = sub.getCommandSpec().usageMessage().description();
                if (summary.length > 0) {
                    texts.add(summary[0]);
                }
            }
            for (String text : texts) {
                var m = word.matcher(text.replace("${DEFAULT-VALUE}", ""));
                while (m.find()) {
                    if (!m.group().contains("${") && !m.group().contains("%n") && !usage.contains(m.group())) {
                        broken.add(command.getCommandSpec().qualifiedName() + ": '" + m.group() + "'");
                    }
                }
            }
        }
        assertEquals(List.of(), broken, "words broken by the help's line wrapping");
    }

    /**
     * Picocli formats help texts with {@code String.format}: a bare {@code %} ("30% slower") is a broken conversion,
     * and picocli then prints the raw text and a "[picocli WARN]" line to standard error above the user's help.
     * Every percent sign in a help text is doubled, or a {@code %n}.
     */
    @Test
    void everyHelpRendersWithoutAFormatWarning() {
        List<CommandLine> commands = new ArrayList<>(List.of(Lab.newCommandLine()));
        for (int i = 0; i < commands.size(); i++) {
            commands.addAll(commands.get(i).getSubcommands().values());
        }
        var err = new java.io.ByteArrayOutputStream();
        var systemErr = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        try {
            for (CommandLine command : commands) {
                command.getUsageMessage(CommandLine.Help.Ansi.OFF);
            }
        } finally {
            System.setErr(systemErr);
        }
        assertEquals("", err.toString(), "picocli's warnings while rendering every command's help");
    }

    /** A command list shows each subcommand's first description line alone: it must be a whole sentence. */
    @Test
    void everySubcommandsSummaryLineIsAWholeSentence() {
        List<CommandLine> commands = new ArrayList<>(List.of(Lab.newCommandLine()));
        List<String> cut = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            for (var sub : commands.get(i).getSubcommands().entrySet()) {
                commands.add(sub.getValue());
                String[] description = sub.getValue().getCommandSpec().usageMessage().description();
                if (!sub.getKey().equals("help") && (description.length == 0 || !description[0].strip().endsWith("."))) {
                    cut.add(sub.getValue().getCommandSpec().qualifiedName() + ": '"
                            + (description.length == 0 ? "" : description[0]) + "'");
                }
            }
        }
        assertEquals(List.of(), cut, "summary lines that stop mid-sentence in the command lists");
    }

    @Test
    void doctorChecksTheLabsAndEveryComponentsPrerequisites() {
        int exit = lab.run("doctor");
        String out = lab.out.toString();
        assertTrue(out.startsWith("perflab doctor · JDK "), out);
        assertTrue(out.contains("✓ JDK 17 or newer"), out);
        assertTrue(out.contains("Python 3 with venv and pip"), out);
        for (Component c : Registry.builtIn().all()) {
            for (Prerequisite p : c.prerequisites()) {
                assertTrue(out.contains(p.name()), p.name() + " missing from:\n" + out);
                boolean missing = p.problem().get().isPresent();
                assertEquals(missing, out.lines().anyMatch(l -> l.contains("✗ " + p.name()) && l.contains("install: " + p.install())),
                        p.name() + ":\n" + out);
            }
        }
        assertEquals(out.contains("✗ Maven") ? 1 : 0, exit, out);
        assertFalse(out.contains("Exception"), out);
    }

    @Test
    void scenariosStartTheLabsEntryPoint() {
        assertEquals(Lab.class.getName(), LabCommand.MAIN_CLASS);
    }
}
