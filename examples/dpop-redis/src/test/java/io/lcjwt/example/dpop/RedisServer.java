package io.lcjwt.example.dpop;

import redis.clients.jedis.JedisPooled;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Debian's {@code redis-server}, started on 127.0.0.1 on a free port for one test class, with no
 * persistence, and stopped after it. A machine without it fails the test with the command that
 * installs it: the example's point is the shared store, so it is never skipped.
 */
final class RedisServer implements AutoCloseable {
    final int port;
    private final Process process;
    private final Path log;

    private RedisServer(int port, Process process, Path log) {
        this.port = port;
        this.process = process;
        this.log = log;
    }

    static RedisServer start() throws IOException, InterruptedException {
        Path exe = find();
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path log = Files.createTempFile("redis-", ".log");
        Process p = new ProcessBuilder(exe.toString(), "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--daemonize", "no")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        RedisServer server = new RedisServer(port, p, log);
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            try (JedisPooled j = server.client()) {
                if ("PONG".equals(j.ping())) {
                    return server;
                }
            } catch (RuntimeException notYet) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    server.close();
                    throw new IllegalStateException("redis-server did not start on 127.0.0.1:" + port + "; its log:\n"
                            + Files.readString(log), notYet);
                }
                Thread.sleep(50);
            }
        }
    }

    private static Path find() {
        for (String dir : (System.getenv("PATH") + File.pathSeparator + "/usr/bin:/usr/sbin:/usr/local/bin")
                .split(File.pathSeparator)) {
            Path p = Path.of(dir, "redis-server");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException("This test needs Redis: redis-server was not found on the PATH (searched "
                + List.of(System.getenv("PATH")) + "). Install it, for example with"
                + " `apt-get install redis-server` on Debian (.ci/run does so in CI), and run the test again.");
    }

    JedisPooled client() {
        return new JedisPooled("127.0.0.1", port);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            Files.deleteIfExists(log);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } catch (IOException ignored) {
            // a temporary log file left behind
        }
    }
}
