package dev.perflab.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The transformation itself, on classes of JMH's own samples (built by the JMH project, not by this lab): the call goes
 * before each call of a chosen benchmark in its JMH stub, or first in a named method, and nowhere else; the classes
 * still verify and run.
 */
class EntryPlanterTest {
    private static final String SAMPLE = "org.openjdk.jmh.samples.JMHSample_08_DeadCode";
    private static final String STUB = "org.openjdk.jmh.samples.jmh_generated.JMHSample_08_DeadCode_measureRight_jmhTest";
    private static final String WORK_CALL = "INVOKESTATIC " + EntryPlanter.WORK_OWNER + ".work()V";

    /** JMH's stub for measureRight: the work goes before each of its calls to measureRight, and nothing else changes. */
    @Test
    void aBenchmarkIsPlantedBeforeEachCallOfItsStub() throws Exception {
        byte[] original = classFile(STUB);
        List<String> planted = new ArrayList<>();
        byte[] changed = EntryPlanter.plantCalls(original, "measureRight", planted);

        Map<String, List<String>> before = instructions(original);
        Map<String, List<String>> after = instructions(changed);
        long calls = before.values().stream().flatMap(List::stream).filter(i -> i.endsWith(".measureRight()D")).count();
        assertTrue(calls >= 4, "the stub calls measureRight in its loops: " + calls);
        assertEquals(calls, planted.size(), "one plant per call site");
        for (String method : before.keySet()) {
            List<String> expected = new ArrayList<>();
            for (String instruction : before.get(method)) {
                if (instruction.endsWith(".measureRight()D")) {
                    expected.add(WORK_CALL);
                }
                expected.add(instruction);
            }
            assertEquals(expected, after.get(method), method);
        }
        load(STUB, changed).getDeclaredMethods();  // the JVM verifies the planted class
    }

    @Test
    void aNamedMethodIsPlantedFirstAndTheOtherMethodsAreUnchanged() throws Exception {
        byte[] original = classFile(SAMPLE);
        List<String> planted = new ArrayList<>();
        byte[] changed = EntryPlanter.plantEntries(AgentOptions.parse("method=" + SAMPLE + ".compute"), original, planted);

        assertEquals(List.of(SAMPLE + ".compute(D)D"), planted);
        Map<String, List<String>> before = instructions(original);
        Map<String, List<String>> after = instructions(changed);
        assertEquals(WORK_CALL, after.get("compute(D)D").get(0));
        assertEquals(before.get("compute(D)D"), after.get("compute(D)D").subList(1, after.get("compute(D)D").size()));
        for (String method : before.keySet()) {
            if (!method.equals("compute(D)D")) {
                assertEquals(before.get(method), after.get(method), method + " must be left as it was");
            }
        }
        Object sample = load(SAMPLE, changed).getDeclaredConstructor().newInstance();
        Class<?> plain = load(SAMPLE, original);
        assertEquals(plain.getMethod("measureRight").invoke(plain.getDeclaredConstructor().newInstance()),
                sample.getClass().getMethod("measureRight").invoke(sample), "the planted method still computes what it did");
    }

    @Test
    void theStubsOfTheChosenBenchmarksComeFromJmhsList() throws IOException {
        BenchmarkStubs stubs = BenchmarkStubs.of(getClass().getClassLoader(), java.util.regex.Pattern.compile("DeadCode.measureRight"));
        assertEquals(List.of(SAMPLE + ".measureRight"), stubs.benchmarks());
        assertEquals("measureRight", stubs.methodCalledBy(STUB.replace('.', '/')));
        assertEquals(SAMPLE + ".measureRight", stubs.benchmarkRunBy(STUB.replace('.', '/')));
        assertEquals(null, stubs.methodCalledBy(SAMPLE.replace('.', '/')), "the benchmark's own class is not a stub");
        assertEquals(List.of(), BenchmarkStubs.of(getClass().getClassLoader(), java.util.regex.Pattern.compile("NoSuch")).benchmarks());
    }

    /** JMH 1.19 wrote its lines with the same first three strings (its generated package was "generated"). */
    @Test
    void anOldListsLineNamesItsBenchmarkTheSameWay() {
        BenchmarkStubs stubs = BenchmarkStubs.of(List.of("JMH S 13 fixture.Tally S 35 fixture.generated.Tally_sum_jmhTest S 3 sum "
                + "S 11 AverageTime E A 1 1 1 E E E E E E E E E E E E E M 1 4 size 2 2 16 3 256 U 11 NANOSECONDS E E "),
                java.util.regex.Pattern.compile("Tally.sum"));
        assertEquals("sum", stubs.methodCalledBy("fixture/generated/Tally_sum_jmhTest"));
        assertEquals(List.of("fixture.Tally.sum"), stubs.benchmarks());
    }

    static byte[] classFile(String name) throws IOException {
        try (InputStream in = EntryPlanterTest.class.getClassLoader().getResourceAsStream(name.replace('.', '/') + ".class")) {
            assertNotNull(in, name + " is not on the test class path (jmh-samples)");
            return in.readAllBytes();
        }
    }

    /** Each method's instructions, as {@code OPCODE owner.name(desc)} for calls and the opcode alone otherwise. */
    private static Map<String, List<String>> instructions(byte[] classFile) {
        Map<String, List<String>> methods = new LinkedHashMap<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                List<String> code = new ArrayList<>();
                methods.put(name + descriptor, code);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        code.add((opcode == Opcodes.INVOKESTATIC ? "INVOKESTATIC " : "INVOKE" + opcode + " ") + owner + "." + method + desc);
                    }

                    @Override
                    public void visitInsn(int opcode) {
                        code.add("OP" + opcode);
                    }

                    @Override
                    public void visitVarInsn(int opcode, int var) {
                        code.add("OP" + opcode + " " + var);
                    }

                    @Override
                    public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                        code.add("OP" + opcode + " " + owner + "." + field);
                    }
                };
            }
        }, 0);
        return methods;
    }

    /** The class defined from these bytes by a loader of its own, so the JVM verifies what was written. */
    private static Class<?> load(String name, byte[] classFile) throws ClassNotFoundException {
        return new ClassLoader(EntryPlanterTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                if (n.equals(name)) {
                    synchronized (getClassLoadingLock(n)) {
                        Class<?> c = findLoadedClass(n);
                        return c != null ? c : defineClass(n, classFile, 0, classFile.length);
                    }
                }
                return super.loadClass(n, resolve);
            }
        }.loadClass(name);
    }
}
