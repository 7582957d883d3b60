package io.lcjwt.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code lcjwt verify}: being written (issue #18). */
@Command(name = "verify", mixinStandardHelpOptions = true, description = "Not yet available.")
final class VerifyCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        throw new CliException(Main.USAGE, "lcjwt verify is not available yet.");
    }
}
