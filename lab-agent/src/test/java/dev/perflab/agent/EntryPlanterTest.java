package dev.perflab.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
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
 * The transformation itself, on a class of JMH's own samples (built by the JMH project, not by this lab): the call
 * goes first in the chosen methods and nowhere else, and the class still verifies and runs.
 */
class EntryPlanterTest {
    private static final String SAMPLE = "org.openjdk.jmh.samples.JMHSample_08_DeadCode";
    private static final String WORK_CALL = "INVOKESTATIC " + EntryPlanter.WORK_OWNER + ".work()V";

    @Test
    void aBenchmarkIsPlantedFirstAndTheOtherMethodsAreUnchanged() throws Exception {
        byte[] original = classFile(SAMPLE);
        List<String> planted = new ArrayList<>();
        byte[] changed = EntryPlanter.plant(AgentOptions.parse("benchmark=DeadCode.measureRight"), original, planted);

        assertEquals(List.of(SAMPLE + ".measureRight()D"), planted);
        Map<String, List<String>> before = instructions(original);
        Map<String, List<String>> after = instructions(changed);
        assertEquals(WORK_CALL, after.get("measureRight()D").get(0));
        assertEquals(before.get("measureRight()D"), after.get("measureRight()D").subList(1, after.get("measureRight()D").size()));
        for (String method : before.keySet()) {
            if (!method.equals("measureRight()D")) {
                assertEquals(before.get(method), after.get(method), method + " must be left as it was");
            }
        }
        Object sample = load(SAMPLE, changed).getDeclaredConstructor().newInstance();
        Method right = sample.getClass().getMethod("measureRight");
        Method original08 = load(SAMPLE, original).getMethod("measureRight");
        assertEquals(original08.invoke(original08.getDeclaringClass().getDeclaredConstructor().newInstance()), right.invoke(sample),
                "the planted method still computes what it did");
    }

    @Test
    void aNamedMethodIsPlantedThoughItIsNoBenchmark() throws IOException {
        List<String> planted = new ArrayList<>();
        byte[] changed = EntryPlanter.plant(AgentOptions.parse("method=" + SAMPLE + ".compute"), classFile(SAMPLE), planted);
        assertEquals(List.of(SAMPLE + ".compute(D)D"), planted);
        assertEquals(WORK_CALL, instructions(changed).get("compute(D)D").get(0));
    }

    @Test
    void aRegexMatchingNoBenchmarkPlantsNothing() throws IOException {
        List<String> planted = new ArrayList<>();
        EntryPlanter.plant(AgentOptions.parse("benchmark=DeadCode.compute"), classFile(SAMPLE), planted);
        assertEquals(List.of(), planted, "compute is no @Benchmark");
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
