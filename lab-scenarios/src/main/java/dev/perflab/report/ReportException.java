package dev.perflab.report;

/**
 * A result file, or a report output, that the lab cannot use. The message is always one line of the form
 * {@code FILE: what is wrong}, ready to print as-is; callers never need the stack trace.
 */
public final class ReportException extends RuntimeException {
    public ReportException(String file, String problem) {
        super(oneLine(file + ": " + problem), null, false, false);
    }

    /** A message already of the form {@code FILE: what is wrong}. */
    public ReportException(String message) {
        super(oneLine(message), null, false, false);
    }

    private static String oneLine(String message) {
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
