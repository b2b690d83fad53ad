package dev.perflab.orderbook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommandCodecTest {
    private static final CommandStream GENERATED =
            CommandGenerator.generate(CommandGenerator.Config.volatileMarket(42, 20_000));

    @Test
    void textRoundTrip() throws Exception {
        StringBuilder text = new StringBuilder();
        CommandText.write(GENERATED, text, PriceFormat.CENTS);
        CommandStream read = CommandText.read(new BufferedReader(new StringReader(text.toString())), "t", PriceFormat.CENTS);
        assertEquals(GENERATED, read);
    }

    @Test
    void binaryRoundTripKeepsCommandsAndTick() throws Exception {
        PriceFormat nickels = new PriceFormat(new BigDecimal("0.05"));
        CommandBinary.Decoded decoded = CommandBinary.decode(CommandBinary.encode(GENERATED, nickels), "b");
        assertEquals(GENERATED, decoded.commands());
        assertEquals(new BigDecimal("0.05"), decoded.prices().tick());
    }

    @Test
    void binaryIsCompact() {
        byte[] bytes = CommandBinary.encode(GENERATED, PriceFormat.CENTS);
        assertTrue(bytes.length < GENERATED.size() * 6, bytes.length + " bytes for " + GENERATED.size() + " commands");
    }

    @Test
    void everySingleFlippedByteIsDetected() {
        CommandStream small = GENERATED.prefix(50);
        byte[] good = CommandBinary.encode(small, PriceFormat.CENTS);
        for (int i = 0; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= 0x10;
            int at = i;
            StreamFormatException e = assertThrows(StreamFormatException.class, () -> CommandBinary.decode(bad, "f.bin"),
                    "flip at byte " + at + " went unnoticed");
            assertTrue(e.getMessage().startsWith("f.bin:byte "), e.getMessage());
            if (i >= CommandBinary.MAGIC.length) {
                assertTrue(e.getMessage().endsWith("nothing replayed"), "flip at byte " + at + ": " + e.getMessage());
                assertEquals(0, e.before().size(), "flip at byte " + at + " kept commands that cannot be trusted");
            }
        }
    }

    @Test
    void truncationNamesTheOffsetAndKeepsNothing() {
        byte[] good = CommandBinary.encode(GENERATED.prefix(100), PriceFormat.CENTS);
        byte[] cut = Arrays.copyOf(good, good.length / 2);
        StreamFormatException e = assertThrows(StreamFormatException.class, () -> CommandBinary.decode(cut, "f.bin"));
        assertTrue(e.getMessage().matches("f\\.bin:byte \\d+: truncated.*; the checksum does not match either, so no "
                + "command can be trusted: nothing replayed"), e.getMessage());
        assertEquals(0, e.before().size(), "the checksum cannot vouch for any command of a cut file");
    }

    @Test
    void checksumMismatchKeepsNothing() {
        byte[] bad = CommandBinary.encode(GENERATED.prefix(100), PriceFormat.CENTS);
        bad[bad.length - 1] ^= 1;
        StreamFormatException e = assertThrows(StreamFormatException.class, () -> CommandBinary.decode(bad, "f.bin"));
        assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
        assertEquals(0, e.before().size());
    }

    @Test
    void commentsAndBlankLinesAreIgnored() throws Exception {
        CommandStream s = CommandText.read(new BufferedReader(new StringReader(
                "# a book\n\nA B 7 100.5   # trailing comment\n\tC 7\n")), "t", PriceFormat.CENTS);
        assertEquals(2, s.size());
        assertEquals(10_050, s.priceTicks(0));
        assertEquals(CommandStream.CANCEL, s.type(1));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
            "X 1 2 => unknown command 'X' (expected A to add or C to cancel)",
            "A Q 1 100.00 => side 'Q' must be B (buy) or S (sell)",
            "A B 1 => expected 'A B|S <orderId> <price>' but found 3 fields",
            "C => expected 'C <orderId>' but found 1 fields",
            "A B 1 100.001 => price '100.001' has more fraction digits than the tick 0.01 allows",
            "A B 1 0 => price '0' must be positive",
            "A B 1 0.00 => price '0.00' must be positive",
            "A B 1 -5 => price '-5' is not a positive decimal such as 100.25",
            "A B 0 100 => order id 0 out of range (1..9223372036854775807)",
            "C 9223372036854775808 => order id 9223372036854775808 out of range (1..9223372036854775807)",
            "C abc => order id 'abc' is not an integer",
    })
    void badLinesNameFileLineAndProblem(String badLine, String problem) {
        String text = "A B 1 100.00\n# comment\n" + badLine + "\nC 1\n";
        StreamFormatException e = assertThrows(StreamFormatException.class,
                () -> CommandText.read(new BufferedReader(new StringReader(text)), "in.txt", PriceFormat.CENTS));
        assertEquals("in.txt:3: " + problem, e.getMessage());
        assertEquals(1, e.before().size(), "the command before the bad line is kept");
    }

    @Test
    void offTickPriceIsRejectedForCoarseTicks() {
        PriceFormat nickels = new PriceFormat(new BigDecimal("0.05"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> nickels.parseTicks("100.03"));
        assertEquals("price '100.03' is not a multiple of the tick 0.05", e.getMessage());
        assertEquals(2001, nickels.parseTicks("100.05"));
        assertEquals("100.05", nickels.format(2001));
    }

    @Test
    void pricesPrintWithTheTicksFractionDigits() {
        assertEquals("100.50", PriceFormat.CENTS.format(10_050));
        assertEquals("0.01", PriceFormat.CENTS.format(1));
        assertEquals(12_345, PriceFormat.CENTS.parseTicks("123.45"));
    }

    @Test
    void generatorIsDeterministicAndCancelHeavy() {
        CommandStream again = CommandGenerator.generate(CommandGenerator.Config.volatileMarket(42, 20_000));
        assertEquals(GENERATED, again);
        assertArrayEquals(new int[] {20_000}, new int[] {again.size()});
        int cancels = 0;
        for (int i = 0; i < again.size(); i++) {
            cancels += again.type(i) == CommandStream.CANCEL ? 1 : 0;
        }
        assertTrue(cancels > again.size() / 2, cancels + " cancels: most commands should be cancels");
    }

    @Test
    void generatedBookGrowsWithTheStream() {
        CommandGenerator.Config config = CommandGenerator.Config.volatileMarket(7, 200_000);
        int small = restingAfter(CommandGenerator.generate(config.withCount(50_000)));
        int large = restingAfter(CommandGenerator.generate(config));
        assertTrue(large > small * 1.5, "resting orders: " + small + " after 50k, " + large + " after 200k");
        double target = config.depth() + config.growthPerCommand() * (config.count() - config.depth());
        assertTrue(Math.abs(large - target) < 0.1 * target, large + " resting, steered towards " + target);
    }

    private static int restingAfter(CommandStream commands) {
        EventLog log = Books.replay(OrderBookLadder.LADDER.tuned().factory(), commands);
        int resting = 0;
        for (int i = 0; i < log.size(); i++) {
            byte t = log.type(i);
            resting += t == EventLog.ADDED ? 1 : (t == EventLog.CANCELED || t == EventLog.EXECUTED) ? -1 : 0;
        }
        return resting;
    }
}
