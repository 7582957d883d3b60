package io.lcjwt.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What every page says about where it ran. */
public final class Machine {
    private Machine() {}

    /** {@return the CPU's model name from /proc/cpuinfo, or the architecture off Linux} */
    public static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }
}
