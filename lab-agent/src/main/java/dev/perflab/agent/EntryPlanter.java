package dev.perflab.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Inserts {@code PlantedWork.work()} where the options choose, as classes are loaded: before each call of a chosen
 * benchmark in JMH's generated code for it ({@code benchmark=}), or as the first instruction of a named method
 * ({@code method=}). The call takes no argument and leaves nothing on the stack, so no frame, local or maximum stack
 * size changes: ASM copies the rest of the class as it was ({@code ClassWriter} over the {@code ClassReader}), and
 * nothing has to load other classes to recompute frames.
 *
 * <pre>
 *   benchmark=DeadCode.measureRight, in JMHSample_08_DeadCode_measureRight_jmhTest (JMH's stub):
 *     do {                                            do {
 *       bh.consume(l_state.measureRight());             PlantedWork.work();       ← consumeCPU(TOKENS), every PERIOD-th call
 *       operations++;                       ──▶         bh.consume(l_state.measureRight());
 *     } while (!control.isDone);                         operations++; …
 *
 *   method=org.example.Sums.add:   add(…) { PlantedWork.work(); …the method as it was… }
 * </pre>
 *
 * Constructors, static initializers, abstract and native methods are never planted. Classes of the bootstrap class
 * loader are left alone: the call could not reach {@link PlantedWork} from there. A class that cannot be transformed
 * (a class file newer than this ASM reads) is loaded unchanged and written in the receipt as failed, since a
 * transformer's exception would be dropped by the JVM without a word. Thread-safe: the JVM may load classes on
 * several threads at once, and each call works on its own class.
 */
final class EntryPlanter implements ClassFileTransformer {
    static final String WORK_OWNER = "dev/perflab/agent/PlantedWork";

    private final AgentOptions options;
    private final BenchmarkStubs stubs;
    private final Receipt receipt;

    /** @param stubs the generated classes of the chosen benchmarks; null with {@code method=} */
    EntryPlanter(AgentOptions options, BenchmarkStubs stubs, Receipt receipt) {
        this.options = options;
        this.stubs = stubs;
        this.receipt = receipt;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] classFile) {
        if (loader == null || className == null || redefined != null) {
            return null;
        }
        String called = stubs == null ? null : stubs.methodCalledBy(className);
        if (called == null && !options.namesClass(className)) {
            return null;
        }
        try {
            List<String> planted = new ArrayList<>();
            byte[] changed = called != null ? plantCalls(classFile, called, planted) : plantEntries(options, classFile, planted);
            if (called != null && !planted.isEmpty()) {
                receipt.planted(stubs.benchmarkRunBy(className));
            } else {
                planted.forEach(receipt::planted);
            }
            return planted.isEmpty() ? null : changed;
        } catch (RuntimeException | LinkageError e) {
            String why = className.replace('/', '.') + ": " + e;
            receipt.failed(why);
            System.err.println("perflab agent: cannot plant in " + why);
            return null;
        }
    }

    /**
     * JMH's generated class with the call planted before each call of the benchmark method {@code method}.
     *
     * @param planted receives one {@code caller(DESCRIPTOR)} per call site planted
     */
    static byte[] plantCalls(byte[] classFile, String method, List<String> planted) {
        return rewrite(classFile, (owner, access, name, descriptor, next) -> new MethodVisitor(Opcodes.ASM9, next) {
            @Override
            public void visitMethodInsn(int opcode, String callee, String calledName, String calledDescriptor, boolean itf) {
                if (calledName.equals(method) && !callee.equals(owner)) {
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, WORK_OWNER, "work", "()V", false);
                    planted.add(name + descriptor);
                }
                super.visitMethodInsn(opcode, callee, calledName, calledDescriptor, itf);
            }
        });
    }

    /**
     * The class with the call planted at the entry of each method {@code method=} names.
     *
     * @param planted receives {@code pkg.Class.method(DESCRIPTOR)} of each method planted
     */
    static byte[] plantEntries(AgentOptions options, byte[] classFile, List<String> planted) {
        return rewrite(classFile, (owner, access, name, descriptor, next) -> {
            boolean body = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0 && !name.startsWith("<");
            if (!body || !options.namesMethod(name)) {
                return next;
            }
            return new MethodVisitor(Opcodes.ASM9, next) {
                @Override
                public void visitCode() {
                    super.visitCode();
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, WORK_OWNER, "work", "()V", false);
                    planted.add(owner.replace('/', '.') + "." + name + descriptor);
                }
            };
        });
    }

    /** What a rewrite does to one method: the visitor its instructions go through, on their way to {@code next}. */
    private interface MethodRewrite {
        MethodVisitor wrap(String owner, int access, String name, String descriptor, MethodVisitor next);
    }

    /** The class copied by ASM, each method through {@code rewrite}; unchanged methods are copied as they were. */
    private static byte[] rewrite(byte[] classFile, MethodRewrite rewrite) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        String owner = reader.getClassName();
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return rewrite.wrap(owner, access, name, descriptor, super.visitMethod(access, name, descriptor, signature, exceptions));
            }
        }, 0);
        return writer.toByteArray();
    }
}
