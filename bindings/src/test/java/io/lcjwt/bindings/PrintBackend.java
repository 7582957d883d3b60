package io.lcjwt.bindings;

/** Run in a child JVM by {@link LoaderErrorsTest}: prints the backend, or the loader's message. */
public final class PrintBackend {
    private PrintBackend() {}

    public static void main(String[] args) {
        try {
            Backend b = Backend.get();
            System.out.println("OK " + b.kind() + " " + b.path());
        } catch (IllegalStateException e) {
            System.out.println("ERROR " + e.getMessage());
            System.exit(3);
        }
    }
}
