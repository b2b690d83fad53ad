package dev.perflab.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Inserts {@code PlantedWork.work()} as the first instruction of each method the options choose, as the class is
 * loaded. The call takes no argument and leaves nothing on the stack, so no frame, local or maximum stack size
 * changes: ASM copies the rest of the class as it was ({@code ClassWriter} over the {@code ClassReader}), and
 * nothing has to load other classes to recompute frames.
 *
 * <pre>
 *   before                         after
 *   double measureRight() {        double measureRight() {
 *     return compute(x);             PlantedWork.work();        ← consumeCPU(TOKENS), every PERIOD-th call
 *   }                                return compute(x);
 *                                  }
 * </pre>
 *
 * Constructors, static initializers, abstract and native methods are never planted. Classes of the bootstrap
 * class loader are left alone: the call could not reach {@link PlantedWork} from there. A class that cannot be
 * transformed (a class file newer than this ASM reads) is loaded unchanged and written in the receipt as failed,
 * since a transformer's exception would be dropped by the JVM without a word. Thread-safe: the JVM may load classes
 * on several threads at once, and each call works on its own class.
 */
final class EntryPlanter implements ClassFileTransformer {
    static final String WORK_OWNER = PlantedWork.class.getName().replace('.', '/');

    private final AgentOptions options;
    private final Receipt receipt;

    EntryPlanter(AgentOptions options, Receipt receipt) {
        this.options = options;
        this.receipt = receipt;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] classFile) {
        if (loader == null || className == null || redefined != null || !options.mayHold(className, classFile)) {
            return null;
        }
        try {
            List<String> planted = new ArrayList<>();
            byte[] changed = plant(options, classFile, planted);
            planted.forEach(receipt::planted);
            return planted.isEmpty() ? null : changed;
        } catch (RuntimeException | LinkageError e) {
            String why = className.replace('/', '.') + ": " + e;
            receipt.failed(why);
            System.err.println("perflab agent: cannot plant in " + why);
            return null;
        }
    }

    /**
     * The class with the call planted at the entry of each chosen method.
     *
     * @param planted receives {@code pkg.Class.method(DESCRIPTOR)} of each method planted
     */
    static byte[] plant(AgentOptions options, byte[] classFile, List<String> planted) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        String owner = reader.getClassName();
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                boolean body = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0 && !name.startsWith("<");
                return body ? new Entry(next, options, owner, name, descriptor, planted) : next;
            }
        }, 0);
        return writer.toByteArray();
    }

    /** One method: its annotations come before its code, so at the code's start it knows whether it is chosen. */
    private static final class Entry extends MethodVisitor {
        private final AgentOptions options;
        private final String owner;
        private final String name;
        private final String descriptor;
        private final List<String> planted;
        private boolean benchmark;

        Entry(MethodVisitor next, AgentOptions options, String owner, String name, String descriptor, List<String> planted) {
            super(Opcodes.ASM9, next);
            this.options = options;
            this.owner = owner;
            this.name = name;
            this.descriptor = descriptor;
            this.planted = planted;
        }

        @Override
        public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
            benchmark |= AgentOptions.BENCHMARK_DESCRIPTOR.equals(annotation);
            return super.visitAnnotation(annotation, visible);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (options.plants(owner, name, benchmark)) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, WORK_OWNER, "work", "()V", false);
                planted.add(owner.replace('/', '.') + "." + name + descriptor);
            }
        }
    }
}
