package dev.perflab.cli.profile;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import one.convert.Arguments;

/**
 * async-profiler's own converter ({@code tools.profiler:jfr-converter}), called in-process: JFR recordings
 * to HTML flame graphs or collapsed stacks, and collapsed stacks to flame graphs. Its entry point,
 * {@code Main.convert}, lives in the unnamed package, so it is reached by reflection.
 */
final class JfrConverter {
    private JfrConverter() {
    }

    /** Converts {@code in} to {@code out}; {@code options} as on jfrconv's command line, {@code -o FORMAT} among them. */
    static void convert(Path in, Path out, String... options) throws IOException {
        try {
            Class.forName("Main").getMethod("convert", String.class, String.class, Arguments.class)
                    .invoke(null, in.toString(), out.toString(), new Arguments(options));
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof IOException ? (IOException) e.getCause()
                    : new IOException("jfr-converter failed on " + in + ": " + e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IOException("jfr-converter is not on the classpath: " + e);
        }
    }

    /** The converter's option selecting an event's samples from a recording: {@code --cpu}, {@code --alloc}, … */
    static String eventOption(String event) {
        return "--" + event;
    }

    /**
     * Writes the forward flame graph (callers at the bottom) and the reverse one (hot methods at the top,
     * as an icicle) of one recording beside it, named as JMH names its own: {@code flame-EVENT-forward.html}.
     */
    static List<Path> flameGraphs(Path jfr, String event, String title) throws IOException {
        List<Path> graphs = new ArrayList<>();
        for (String direction : List.of("forward", "reverse")) {
            Path html = jfr.resolveSibling("flame-" + event + "-" + direction + ".html");
            List<String> options = new ArrayList<>(List.of(eventOption(event), "-o", "html", "--title", title + " (" + direction + ")"));
            if (direction.equals("reverse")) {
                options.add("--reverse");
            }
            convert(jfr, html, options.toArray(String[]::new));
            graphs.add(html);
        }
        return graphs;
    }

    /**
     * The forward flame graph with one tower per thread ({@code flame-EVENT-threads.html}): for a role's JVM, where a
     * receiving thread's samples and a sending thread's part.
     */
    static Path flameGraphByThread(Path jfr, String event, String title) throws IOException {
        Path html = jfr.resolveSibling("flame-" + event + "-threads.html");
        convert(jfr, html, eventOption(event), "--threads", "-o", "html", "--title", title + " (per thread)");
        return html;
    }
}
