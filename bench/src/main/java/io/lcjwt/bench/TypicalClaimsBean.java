package io.lcjwt.bench;

import java.time.Instant;
import java.util.List;

/** {@link TypicalClaims} as a JavaBean (no-arg constructor and setters), for decoding into beans. */
public class TypicalClaimsBean {

    private String sub;
    private String iss;
    private String aud;
    private Instant iat;
    private Instant nbf;
    private Instant exp;
    private String jti;
    private String sid;
    private String email;
    private String name;
    private String scope;
    private List<String> roles;
    private List<String> amr;

    public TypicalClaimsBean() {}

    public String getSub() {
        return sub;
    }

    public void setSub(String sub) {
        this.sub = sub;
    }

    public String getIss() {
        return iss;
    }

    public void setIss(String iss) {
        this.iss = iss;
    }

    public String getAud() {
        return aud;
    }

    public void setAud(String aud) {
        this.aud = aud;
    }

    public Instant getIat() {
        return iat;
    }

    public void setIat(Instant iat) {
        this.iat = iat;
    }

    public Instant getNbf() {
        return nbf;
    }

    public void setNbf(Instant nbf) {
        this.nbf = nbf;
    }

    public Instant getExp() {
        return exp;
    }

    public void setExp(Instant exp) {
        this.exp = exp;
    }

    public String getJti() {
        return jti;
    }

    public void setJti(String jti) {
        this.jti = jti;
    }

    public String getSid() {
        return sid;
    }

    public void setSid(String sid) {
        this.sid = sid;
    }

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getScope() {
        return scope;
    }

    public void setScope(String scope) {
        this.scope = scope;
    }

    public List<String> getRoles() {
        return roles;
    }

    public void setRoles(List<String> roles) {
        this.roles = roles;
    }

    public List<String> getAmr() {
        return amr;
    }

    public void setAmr(List<String> amr) {
        this.amr = amr;
    }

    @Override
    public String toString() {
        return "TypicalClaimsBean[sub=" + sub + ", aud=" + aud + ", exp=" + exp + "]";
    }
}
