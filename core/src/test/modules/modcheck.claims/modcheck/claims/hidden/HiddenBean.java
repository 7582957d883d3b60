package modcheck.claims.hidden;

/** As {@link HiddenRecord}, for a bean. */
public class HiddenBean {
    public void setSub(String sub) {}
}
