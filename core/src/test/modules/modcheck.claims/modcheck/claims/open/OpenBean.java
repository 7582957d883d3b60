package modcheck.claims.open;

/** A bean bound through {@code opens modcheck.claims.open to io.lcjwt}. */
public class OpenBean {
    private String sub;
    private long exp;

    public void setSub(String sub) {
        this.sub = sub;
    }

    public void setExp(long exp) {
        this.exp = exp;
    }

    @Override
    public String toString() {
        return "OpenBean[sub=" + sub + ", exp=" + exp + "]";
    }
}
