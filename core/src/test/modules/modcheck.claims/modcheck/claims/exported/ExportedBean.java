package modcheck.claims.exported;

/** A public bean bound through {@code exports modcheck.claims.exported to io.lcjwt}, not opened. */
public class ExportedBean {
    private String sub;

    public void setSub(String sub) {
        this.sub = sub;
    }

    @Override
    public String toString() {
        return "ExportedBean[sub=" + sub + "]";
    }
}
