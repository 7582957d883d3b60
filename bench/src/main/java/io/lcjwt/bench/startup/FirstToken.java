package io.lcjwt.bench.startup;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtVerifier;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * One process, one token: what {@link Startup} times. {@code empty} returns at once (the JVM's
 * own start, the baseline); {@code ffm} makes the JDK's first FFM downcall and nothing else (the
 * floor under any FFM library); {@code hs256} and {@code rs256} make the key and the verifier and
 * decode one token, as a service's first request would. The inputs are constants (a token made
 * once with the JDK: an HS256 secret of 32 bytes 0x42, an RSA-2048 key from a seeded generator),
 * so that nothing but lcjwt is loaded.
 */
public final class FirstToken {

    static final String HS256_TOKEN = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhbGljZSIsImF1ZCI6InN0YXJ0dXAiLCJleHAiOjQxMDI0NDQ4MDB9.U6lnl_mUe1ozzFUnYtQzWWkVn-4z1xVUL1_X0AOvYb0";
    static final String RS256_TOKEN = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhbGljZSIsImF1ZCI6InN0YXJ0dXAiLCJleHAiOjQxMDI0NDQ4MDB9.0JYT7T69Zsfm69n-4OqE0B3C2H4_RhPFC010fuG7zxcdV_IDzvbhx1TlygVtqZubXLXhUKnb0c0O-islHhlbsiIp2ERqLEo1sX6t075CH33nEBuXcg-vOCAzrENWn3X0Ph8wISTM59mzELDsDUgkpagzmwBqLKaVJ1ygSRGu1-sSTy6FiOhR2XJIokogLp_rLIL9I7ZQP_nmdrAuZ2hGrGBuqlpKn_ccnGuCLpQB9_cbZI2RF2yrP1gV9ejGmafIU0u0vj8hBPf2-tyOiGBh-EhU-KeDcjQyuiX1OOsiWXMigYS_DDK7c8VdC32e2Up9mdvF9J0oA-SMu-wxiSl94A";
    static final String RS256_PUBLIC_KEY = "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0Z6COPlUZth2aF7R96tigjKX8Y+RpO7er6dGLgYElVw4UHyXHTz9LbYMqy6WMZliei56CVMg8uRByBzulAKt2QR0Eba0bM3NYgNjqalycKzE+78IutSecJe07UMGbcdYeRt20MbsSRc1lkm/FUaCJrrLRJknqQqPgQks9CSOm97YKLBs70SDdWzyyggIaWa/3ClpkY0c7iBwnEi436ZBztGh+AXFWi/DVbydOZbPT0nv529OmbXx3SiD1cK+7kUCm6sjODJ3QuaMTvloZKbuiJ2cYyu6WDNU2qBK/4p8c+C3ts9KuP2fleaU2F6iNjqMBFAupa9IN8vzVpuT4Okj6wIDAQAB\n-----END PUBLIC KEY-----\n";

    private FirstToken() {}

    public static void main(String[] args) {
        switch (args[0]) {
            case "empty" -> System.out.println("empty");
            case "ffm" -> System.out.println("ffm " + jdkDowncall()); // no lcjwt class is loaded
            case "hs256" -> Decode.hs256();
            case "rs256" -> Decode.rs256();
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** Apart from {@link FirstToken}, so that verifying it (the ffm case) loads none of lcjwt's classes. */
    private static final class Decode {
        static void hs256() {
            byte[] secret = new byte[32];
            Arrays.fill(secret, (byte) 0x42);
            JwtVerifier v = JwtVerifier.builder(JwtSecretKey.of(secret)).algorithms(Algorithm.HS256)
                    .audience("startup").build();
            System.out.println(v.decode(HS256_TOKEN).get("sub"));
        }

        static void rs256() {
            JwtVerifier v = JwtVerifier.builder(JwtPublicKey.fromPem(RS256_PUBLIC_KEY)).algorithms(Algorithm.RS256)
                    .audience("startup").build();
            System.out.println(v.decode(RS256_TOKEN).get("sub"));
        }
    }

    /**
     * The JDK's floor for any FFM library: one downcall, {@code strlen} from the C library,
     * linked and called through {@link Linker} with nothing of lcjwt's loaded.
     */
    static long jdkDowncall() {
        Linker linker = Linker.nativeLinker();
        MethodHandle strlen = linker.downcallHandle(linker.defaultLookup().find("strlen").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            return (long) strlen.invokeExact(arena.allocateFrom("alice"));
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
