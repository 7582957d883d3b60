package io.lcjwt.internal.claims;

import io.lcjwt.Claim;
import io.lcjwt.ClaimNaming;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The claim name of each member of a record or bean: its {@link Claim} annotation, else the
 * naming rule applied to its Java name. The reader's and the writer's bindings both come here,
 * so that what the signer writes for a class is what the verifier reads for it. Used only when a
 * binding is built, once per class and rule.
 */
final class ClaimNames {
    private ClaimNames() {}

    /** {@code member} under {@code naming}. */
    static String apply(ClaimNaming naming, String member) {
        if (naming == ClaimNaming.IDENTITY) {
            return member;
        }
        StringBuilder out = new StringBuilder(member.length() + 4);
        for (int i = 0; i < member.length(); i++) {
            char ch = member.charAt(i);
            if (Character.isUpperCase(ch)) {
                if (i > 0) {
                    char prev = member.charAt(i - 1);
                    boolean wordStartsAfterCapitals = Character.isUpperCase(prev) && i + 1 < member.length()
                            && Character.isLowerCase(member.charAt(i + 1));
                    if (Character.isLowerCase(prev) || Character.isDigit(prev) || wordStartsAfterCapitals) {
                        out.append('_');
                    }
                }
                out.append(Character.toLowerCase(ch));
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }

    /** The claim name of each component of {@code record}, in declaration order. */
    static String[] ofRecord(Class<?> record, ClaimNaming naming) {
        RecordComponent[] comps = record.getRecordComponents();
        String[] names = new String[comps.length];
        Map<String, String> owners = new HashMap<>();
        for (int i = 0; i < comps.length; i++) {
            Claim c = comps[i].getAnnotation(Claim.class);
            names[i] = c != null ? checked(record, comps[i].getName(), c.value()) : apply(naming, comps[i].getName());
            claim(owners, record, comps[i].getName(), names[i]);
        }
        return names;
    }

    /**
     * Records that {@code member} of {@code owner} binds {@code claim}, refusing a second member
     * that binds it too.
     *
     * @param owners claim name to the member already binding it, for one class
     */
    static void claim(Map<String, String> owners, Class<?> owner, String member, String claim) {
        String other = owners.putIfAbsent(claim, member);
        if (other != null && !other.equals(member)) {
            String[] both = {other, member};
            java.util.Arrays.sort(both);
            throw new IllegalArgumentException(owner.getSimpleName() + "." + both[0] + " and "
                    + owner.getSimpleName() + "." + both[1] + " both map to the claim \"" + claim
                    + "\"; rename one or give it another @Claim name.");
        }
    }

    /**
     * The claim name of bean property {@code property} of {@code bean}: a {@link Claim} on any of
     * its setters, its getters, or a field of that name declared by the class or a superclass;
     * else the rule.
     *
     * @throws IllegalArgumentException if two of those carry different names
     */
    static String ofBeanProperty(Class<?> bean, String property, ClaimNaming naming) {
        Map<String, String> found = new TreeMap<>();
        for (Method m : bean.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.isBridge() || m.isSynthetic()) {
                continue;
            }
            Claim c = m.getAnnotation(Claim.class);
            if (c != null && property.equals(accessorProperty(m))) {
                found.put(m.getName() + "()", c.value());
            }
        }
        for (Class<?> k = bean; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                Claim c = f.getAnnotation(Claim.class);
                if (c != null && !Modifier.isStatic(f.getModifiers()) && f.getName().equals(property)) {
                    found.putIfAbsent("field " + f.getName(), c.value());
                }
            }
        }
        if (found.isEmpty()) {
            return apply(naming, property);
        }
        String name = null;
        String where = null;
        for (Map.Entry<String, String> e : found.entrySet()) {
            if (name == null) {
                name = e.getValue();
                where = e.getKey();
            } else if (!name.equals(e.getValue())) {
                throw new IllegalArgumentException(bean.getSimpleName() + "." + property + " has @Claim(\"" + name
                        + "\") on " + where + " but @Claim(\"" + e.getValue() + "\") on " + e.getKey()
                        + "; give them one name.");
            }
        }
        return checked(bean, property, name);
    }

    /** The property a setter, getter or is-getter is for, or null for any other method. */
    static String accessorProperty(Method m) {
        String n = m.getName();
        int prefix;
        if (n.length() > 3 && n.startsWith("set") && m.getParameterCount() == 1) {
            prefix = 3;
        } else if (n.length() > 3 && n.startsWith("get") && m.getParameterCount() == 0 && m.getReturnType() != void.class) {
            prefix = 3;
        } else if (n.length() > 2 && n.startsWith("is") && m.getParameterCount() == 0
                && (m.getReturnType() == boolean.class || m.getReturnType() == Boolean.class)) {
            prefix = 2;
        } else {
            return null;
        }
        return Character.toLowerCase(n.charAt(prefix)) + n.substring(prefix + 1);
    }

    /** An annotated name, refused if no token could carry it. */
    private static String checked(Class<?> owner, String member, String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException(owner.getSimpleName() + "." + member
                    + " has an empty @Claim name; name the claim as the token spells it.");
        }
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                throw new IllegalArgumentException(owner.getSimpleName() + "." + member
                        + " has a @Claim name with an unpaired surrogate, which no token can carry.");
            }
        }
        return name;
    }
}
