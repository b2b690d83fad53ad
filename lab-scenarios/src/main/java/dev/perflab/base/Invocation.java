package dev.perflab.base;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lab's messages and help name the CLI as a checkout runs it, {@code ./lab}: "./lab list shows them", "see
 * ./lab run --help". Under the installed launcher the same words must name {@code perflab}. Rather than thread the
 * name through every message, the CLI's two writers say it: {@link #speaking} rewrites {@code ./lab} as a word (not
 * {@code ./lab-scenarios/…}) line by line on its way out. Files the lab writes keep their words.
 */
public final class Invocation {
    /** {@code ./lab} followed by a blank, a quote, a backtick, a closing bracket or the end of the line. */
    private static final Pattern CHECKOUT = Pattern.compile("\\./lab(?=[\\s`'\")\\]]|$)", Pattern.MULTILINE);

    private Invocation() {
    }

    /** {@code text} with each {@code ./lab} as a word replaced by {@code invocation}. */
    public static String say(String text, String invocation) {
        return CHECKOUT.matcher(text).replaceAll(Matcher.quoteReplacement(invocation));
    }

    /** A writer that passes whole lines to {@code out} with {@link #say} applied; a flush passes the rest as it is. */
    public static PrintWriter speaking(PrintWriter out, String invocation) {
        return new PrintWriter(new Writer() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(char[] chars, int off, int len) {
                for (int i = off; i < off + len; i++) {
                    line.append(chars[i]);
                    if (chars[i] == '\n') {
                        pass();
                    }
                }
            }

            private void pass() {
                out.write(say(line.toString(), invocation));
                line.setLength(0);
            }

            @Override
            public void flush() {
                pass();
                out.flush();
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        }, true);
    }
}
