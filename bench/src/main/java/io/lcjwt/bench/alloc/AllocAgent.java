package io.lcjwt.bench.alloc;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeElement;
import java.lang.classfile.instruction.NewMultiArrayInstruction;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.classfile.instruction.NewReferenceArrayInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Java agent, for the bench only, that counts allocations: before every allocation instruction
 * of every class it can change (the JDK's included, already loaded ones retransformed) it puts a
 * call to {@link AllocCounter#allocation()}. Written with the JDK's {@code java.lang.classfile}
 * API, so it needs nothing beyond the JDK.
 *
 * <p>What it counts is the allocations the bytecode performs: an object that the JIT's escape
 * analysis would have kept off the heap is still counted (JMH's {@code gc.alloc.rate.norm} gives
 * the bytes that remain). Hidden classes (lambdas' bodies) cannot be transformed and are not
 * counted; neither are allocations made inside native code or by the JVM for itself.
 */
public final class AllocAgent {
    private AllocAgent() {}

    private static final ClassDesc COUNTER = ClassDesc.of(AllocCounter.class.getName());
    private static final MethodTypeDesc VOID = MethodTypeDesc.of(ConstantDescs.CD_void);
    /**
     * One parser per class loader, whose hierarchy it reads from class files (never by loading a
     * class, which from inside a transformer would define one twice), cached.
     */
    private static final java.util.Map<ClassLoader, ClassFile> PARSERS = new java.util.concurrent.ConcurrentHashMap<>();
    private static final ClassLoader BOOT = new ClassLoader(null) {};
    /** Classes that could not be rewritten (their allocations go uncounted). */
    static final AtomicInteger SKIPPED = new AtomicInteger();

    public static void premain(String args, Instrumentation inst) throws Exception {
        ClassFileTransformer t = new ClassFileTransformer() {
            @Override
            public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                    ProtectionDomain domain, byte[] bytes) {
                if (name == null || isAgent(name)) {
                    return null;
                }
                boolean paused = AllocCounter.pause();
                try {
                    return instrument(bytes, loader);
                } catch (Throwable e) {
                    SKIPPED.incrementAndGet();
                    return null;
                } finally {
                    if (paused) {
                        AllocCounter.resume();
                    }
                }
            }
        };
        inst.addTransformer(t, true);
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (inst.isModifiableClass(c) && !c.isHidden() && !isAgent(c.getName().replace('.', '/'))) {
                loaded.add(c);
            }
        }
        for (Class<?> c : loaded) {
            try {
                inst.retransformClasses(c);
            } catch (Throwable e) {
                SKIPPED.incrementAndGet();
            }
        }
    }

    /** Whether {@code name} (internal form) is one of the agent's own classes, which are left as they are. */
    static boolean isAgent(String name) {
        return name.equals("io/lcjwt/bench/alloc/AllocCounter") || name.equals("io/lcjwt/bench/alloc/AllocAgent")
                || name.startsWith("io/lcjwt/bench/alloc/AllocAgent$");
    }

    /** {@code bytes} with a counter call before each allocation instruction. */
    static byte[] instrument(byte[] bytes, ClassLoader loader) {
        ClassFile cf = PARSERS.computeIfAbsent(loader != null ? loader : BOOT, l -> ClassFile.of(
                ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.ofResourceParsing(
                        l == BOOT ? ClassLoader.getSystemClassLoader() : l).cached())));
        ClassModel model = cf.parse(bytes);
        return cf.transformClass(model, ClassTransform.transformingMethodBodies((code, element) -> {
            if (allocates(element)) {
                code.invokestatic(COUNTER, "allocation", VOID);
            }
            code.with(element);
        }));
    }

    private static boolean allocates(CodeElement e) {
        return e instanceof NewObjectInstruction || e instanceof NewPrimitiveArrayInstruction
                || e instanceof NewReferenceArrayInstruction || e instanceof NewMultiArrayInstruction;
    }
}
