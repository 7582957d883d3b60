package io.lcjwt.spring.internal;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when Boot's properties name a key source: jwk-set-uri, issuer-uri or public-key-location. */
public final class JwtSourceCondition extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConditionMessage.Builder m = ConditionMessage.forCondition("lcjwt JWT key source");
        for (String p : new String[] {"jwk-set-uri", "issuer-uri", "public-key-location"}) {
            String v = context.getEnvironment().getProperty(BootDecoders.PREFIX + "." + p);
            if (v != null && !v.isBlank()) {
                return ConditionOutcome.match(m.found("property").items(BootDecoders.PREFIX + "." + p));
            }
        }
        return ConditionOutcome.noMatch(m.didNotFind("jwk-set-uri, issuer-uri or public-key-location").atAll());
    }
}
