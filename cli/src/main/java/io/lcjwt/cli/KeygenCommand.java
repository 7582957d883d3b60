package io.lcjwt.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code lcjwt keygen}: being written (issue #18). */
@Command(name = "keygen", mixinStandardHelpOptions = true, description = "Not yet available.")
final class KeygenCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        throw new CliException(Main.USAGE, "lcjwt keygen is not available yet.");
    }
}
