package dev.perflab.orderbook;

import java.io.BufferedReader;
import java.io.IOException;
import dev.perflab.io.Echo;

/**
 * The text format of command streams, for people and for importing other data. One command per line:
 *
 * <pre>
 * # comments and blank lines are ignored
 * A B 1001 100.25     add: buy (B) or sell (S), order id, price
 * C 1001              cancel an order id
 * </pre>
 *
 * Ids are positive 63-bit integers; a price is a positive decimal with no more fraction digits than the
 * tick (0.01 by default). Fields are separated by spaces or tabs; a {@code #} starts a comment anywhere.
 * A UTF-8 byte-order mark at the start of the file is skipped (editors on Windows write one); a NUL or
 * other control character in a line is an error naming its column, and quoted tokens are cut and escaped
 * ({@link Echo}) so a 1 MB line or raw binary does not flood the terminal.
 */
public final class CommandText {
    private CommandText() {
    }

    /**
     * Reads every command.
     *
     * @param source the file name used in error messages
     * @throws StreamFormatException at the first bad line, holding the commands before it
     */
    public static CommandStream read(BufferedReader in, String source, PriceFormat prices)
            throws IOException, StreamFormatException {
        CommandStream stream = new CommandStream();
        int lineNumber = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNumber++;
            if (lineNumber == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            try {
                checkCharacters(line);
                parseLine(line, prices, stream);
            } catch (IllegalArgumentException e) {
                throw new StreamFormatException(source, Integer.toString(lineNumber), e.getMessage(), stream);
            }
        }
        return stream;
    }

    private static void checkCharacters(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == 0) {
                throw new IllegalArgumentException("NUL byte at column " + (i + 1) + " (is this a binary file?)");
            }
            if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F || c == '\uFEFF') {
                throw new IllegalArgumentException("control character " + Echo.of(String.valueOf(c)) + " at column " + (i + 1));
            }
        }
    }

    private static void parseLine(String line, PriceFormat prices, CommandStream out) {
        int hash = line.indexOf('#');
        String content = (hash >= 0 ? line.substring(0, hash) : line).trim();
        if (content.isEmpty()) {
            return;
        }
        String[] fields = content.split("[ \t]+");
        switch (fields[0]) {
            case "A":
                expectFields(fields, 4, "'A B|S <orderId> <price>'");
                out.add(side(fields[1]), orderId(fields[2]), prices.parseTicks(fields[3]));
                break;
            case "C":
                expectFields(fields, 2, "'C <orderId>'");
                out.cancel(orderId(fields[1]));
                break;
            default:
                throw new IllegalArgumentException("unknown command '" + Echo.of(fields[0]) + "' (expected A to add or C to cancel)");
        }
    }

    private static void expectFields(String[] fields, int count, String shape) {
        if (fields.length != count) {
            throw new IllegalArgumentException("expected " + shape + " but found " + fields.length + " fields");
        }
    }

    private static Side side(String field) {
        switch (field) {
            case "B":
                return Side.BUY;
            case "S":
                return Side.SELL;
            default:
                throw new IllegalArgumentException("side '" + Echo.of(field) + "' must be B (buy) or S (sell)");
        }
    }

    /** Parses an order id: a positive 63-bit integer. */
    public static long orderId(String field) {
        long id;
        try {
            id = Long.parseLong(field);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field.matches("[+-]?[0-9]+")
                    ? "order id " + Echo.of(field) + " out of range (1.." + Long.MAX_VALUE + ")"
                    : "order id '" + Echo.of(field) + "' is not an integer");
        }
        if (id <= 0) {
            throw new IllegalArgumentException("order id " + Echo.of(field) + " out of range (1.." + Long.MAX_VALUE + ")");
        }
        return id;
    }

    /** Writes every command in the text format. */
    public static void write(CommandStream stream, Appendable out, PriceFormat prices) throws IOException {
        for (int i = 0; i < stream.size(); i++) {
            byte type = stream.type(i);
            if (type == CommandStream.CANCEL) {
                out.append("C ").append(Long.toString(stream.orderId(i))).append('\n');
            } else {
                out.append(type == CommandStream.BUY ? "A B " : "A S ")
                        .append(Long.toString(stream.orderId(i))).append(' ')
                        .append(prices.format(stream.priceTicks(i))).append('\n');
            }
        }
    }
}
