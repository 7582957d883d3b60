package io.lcjwt.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command tree: a command line that names a subcommand gets that one only (picocli reads
 * each registered command's annotations first, which a one-token verify should not pay for
 * eight times over), and everything else, help and typos included, sees all of them.
 */
class MainTest {

    @Test
    void eachSubcommandIsRegisteredUnderItsOwnCommandName() {
        for (Map.Entry<String, Class<?>> e : Main.SUBCOMMANDS.entrySet()) {
            assertEquals(e.getKey(), e.getValue().getAnnotation(CommandLine.Command.class).name());
        }
        assertEquals(9, Main.SUBCOMMANDS.size());
    }

    @Test
    void aNamedSubcommandIsTheOnlyOneBuilt() {
        Main main = new Main(System.in, System.out, System.err);
        for (String name : Main.SUBCOMMANDS.keySet()) {
            CommandLine cl = Main.commandLine(main, new String[] {"--json", name, "--help"});
            assertEquals(List.of(name), List.copyOf(cl.getSubcommands().keySet()), name);
        }
        CommandLine all = Main.commandLine(main, new String[] {"--help"});
        List<String> names = new java.util.ArrayList<>(Main.SUBCOMMANDS.keySet());
        names.add("help");
        assertEquals(names, List.copyOf(all.getSubcommands().keySet()));
        assertEquals(names, List.copyOf(Main.commandLine(main, new String[] {"verfy"}).getSubcommands().keySet()));
    }

    @Test
    void helpListsEveryCommandAndATypoIsAUsageError() {
        Cli help = Cli.run("--help");
        assertEquals(0, help.code(), help::toString);
        for (String name : Main.SUBCOMMANDS.keySet()) {
            assertTrue(help.out().contains("  " + name + " "), () -> name + " missing from\n" + help.out());
        }
        Cli verifyHelp = Cli.run("verify", "--help");
        assertEquals(0, verifyHelp.code(), verifyHelp::toString);
        assertTrue(verifyHelp.out().contains("--jwks-url"), verifyHelp::toString);
        Cli helpVerify = Cli.run("help", "verify");
        assertEquals(0, helpVerify.code(), helpVerify::toString);
        assertTrue(helpVerify.out().contains("--jwks-url"), helpVerify::toString);
        Cli typo = Cli.run("verfy", "x");
        assertEquals(Main.USAGE, typo.code(), typo::toString);
        assertTrue(typo.err().contains("verify"), typo::toString); // picocli suggests the near name
    }
}
