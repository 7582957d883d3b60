package io.lcjwt.spring.internal;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

import java.util.List;
import java.util.Map;

/** Matches when {@code lcjwt.signing.keys} names at least one key ({@link Absent}: when it names none). */
public class SigningKeysCondition extends SpringBootCondition {
    static final String KEYS = "lcjwt.signing.keys";

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConditionMessage.Builder m = ConditionMessage.forCondition("lcjwt signing keys");
        List<?> keys = Binder.get(context.getEnvironment()).bind(KEYS, Bindable.listOf(Map.class)).orElse(List.of());
        return keys.isEmpty() ? ConditionOutcome.noMatch(m.didNotFind("property").items(KEYS))
                : ConditionOutcome.match(m.found("property").items(KEYS));
    }

    /** The opposite: no signing key is configured. */
    public static final class Absent extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            ConditionOutcome keys = new SigningKeysCondition().getMatchOutcome(context, metadata);
            return new ConditionOutcome(!keys.isMatch(), keys.getConditionMessage());
        }
    }
}
