package dev.perflab.base;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The command line the CLI was started with, as a user would type it ({@code ./lab run kv --records 150m}): a run
 * writes it beside its rows ({@code command:} in the machine file), so a table made from the rows later
 * ({@code ./lab claims}) can tell whether they came from the command it quotes, or from another run that wrote
 * the same file. Leading {@code --with JAR} options are not part of it: the CLI takes them off before it parses
 * the command.
 */
public final class StartedAs {
    private static volatile String line;

    private StartedAs() {
    }

    /** Records the command line: the CLI's name as typed, then its arguments, each quoted where a shell would need it. */
    public static void record(String invocation, String... args) {
        line = invocation + (args.length == 0 ? "" : " " + Arrays.stream(args).map(StartedAs::quoted).collect(Collectors.joining(" ")));
    }

    /** The recorded command line; empty before the CLI started (a test that calls a command directly). */
    public static Optional<String> line() {
        return Optional.ofNullable(line);
    }

    /**
     * Whether two command lines run the same command: the same words after the first (the CLI's name: {@code ./lab},
     * {@code lab} or {@code perflab}), split and unquoted as a shell splits them.
     */
    public static boolean sameCommand(String a, String b) {
        List<String> x = words(a);
        List<String> y = words(b);
        return !x.isEmpty() && !y.isEmpty() && x.subList(1, x.size()).equals(y.subList(1, y.size()));
    }

    /** The words of a command line as a POSIX shell splits them: blanks outside quotes separate, quotes and backslashes are removed. */
    public static List<String> words(String commandLine) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < commandLine.length(); i++) {
            char c = commandLine.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\\' && i + 1 < commandLine.length() && (quote == 0 || "\"\\$`".indexOf(commandLine.charAt(i + 1)) >= 0)) {
                word.append(commandLine.charAt(++i));
                inWord = true;
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** {@code arg} as a shell reads it back: as it is when it has no character a shell treats specially, else in single quotes. */
    static String quoted(String arg) {
        if (!arg.isEmpty() && arg.chars().allMatch(ch -> Character.isLetterOrDigit(ch) || "-_=.,/:@%+".indexOf(ch) >= 0)) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }
}
