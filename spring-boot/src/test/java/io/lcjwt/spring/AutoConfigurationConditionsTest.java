package io.lcjwt.spring;

import io.lcjwt.testkit.DocExamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.AbstractApplicationContextRunner;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The auto-configuration's class, bean and property conditions, in Boot's idiom: each row starts
 * an application context (no server) and looks at which decoder, if any, it holds. What the
 * decoders then do over real HTTP is tested by the other classes here.
 */
class AutoConfigurationConditionsTest {
    private static final String JWT = "spring.security.oauth2.resourceserver.jwt.";
    private static final AutoConfigurations LCJWT = AutoConfigurations.of(LcjwtResourceServerAutoConfiguration.class);
    private static final String JWKS = JWT + "jwk-set-uri=https://id.example/.well-known/jwks.json";

    enum Stack { SERVLET, REACTIVE, NONE }

    record Row(String name, Stack stack, FilteredClassLoader hidden, List<String> properties, Class<?> userBean,
               String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final class UserDecoders {
        @org.springframework.context.annotation.Bean
        JwtDecoder jwtDecoder() {
            return token -> {
                throw new UnsupportedOperationException("the user's own decoder");
            };
        }

        @org.springframework.context.annotation.Bean
        ReactiveJwtDecoder reactiveJwtDecoder() {
            return token -> {
                throw new UnsupportedOperationException("the user's own decoder");
            };
        }
    }

    static Stream<Row> rows() {
        return Stream.of(
                new Row("servlet app with a jwk-set-uri", Stack.SERVLET, null, List.of(JWKS), null, "LcjwtJwtDecoder"),
                new Row("reactive app with a jwk-set-uri", Stack.REACTIVE, null, List.of(JWKS), null,
                        "LcjwtReactiveJwtDecoder"),
                new Row("servlet app with an issuer-uri alone (discovery waits for the first token)", Stack.SERVLET, null,
                        List.of(JWT + "issuer-uri=https://id.example"), null, "LcjwtJwtDecoder"),
                new Row("no key source: Boot's own rules apply", Stack.SERVLET, null, List.of(), null, null),
                new Row("a blank jwk-set-uri is no key source", Stack.SERVLET, null, List.of(JWT + "jwk-set-uri= "), null,
                        null),
                new Row("the user's JwtDecoder wins", Stack.SERVLET, null, List.of(JWKS), UserDecoders.class, "user"),
                new Row("the user's ReactiveJwtDecoder wins", Stack.REACTIVE, null, List.of(JWKS), UserDecoders.class,
                        "user"),
                new Row("not a web application", Stack.NONE, null, List.of(JWKS), null, null),
                new Row("without Spring's resource server", Stack.SERVLET,
                        new FilteredClassLoader(BearerTokenAuthenticationToken.class), List.of(JWKS), null, null),
                new Row("without spring-security-oauth2-jose", Stack.SERVLET, new FilteredClassLoader(JwtDecoder.class),
                        List.of(JWKS), null, null),
                new Row("a reactive app without Reactor", Stack.REACTIVE, new FilteredClassLoader("reactor.core.publisher"),
                        List.of(JWKS), null, null));
    }

    @ParameterizedTest
    @MethodSource("rows")
    void whichDecoder(Row row) {
        AbstractApplicationContextRunner<?, ?, ?> runner = switch (row.stack()) {
            case SERVLET -> new WebApplicationContextRunner();
            case REACTIVE -> new ReactiveWebApplicationContextRunner();
            case NONE -> new ApplicationContextRunner();
        };
        runner = runner.withConfiguration(LCJWT).withPropertyValues(row.properties().toArray(String[]::new));
        if (row.hidden() != null) {
            runner = runner.withClassLoader(row.hidden());
        }
        if (row.userBean() != null) {
            runner = runner.withUserConfiguration(row.userBean());
        }
        runner.run(ctx -> assertEquals(row.expected(), decoder(ctx, row.stack()), row.name()));
    }

    private static String decoder(ApplicationContext ctx, Stack stack) {
        if (ctx instanceof org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider<?> p
                && p.getStartupFailure() != null) {
            throw new AssertionError("the context failed to start", p.getStartupFailure());
        }
        Class<?> type = stack == Stack.REACTIVE ? ReactiveJwtDecoder.class : JwtDecoder.class;
        String[] names;
        try {
            names = ctx.getBeanNamesForType(type);
        } catch (NoClassDefFoundError hidden) {
            return null;
        }
        if (names.length == 0) {
            return null;
        }
        Object bean = ctx.getBean(names[0]);
        return bean instanceof LcjwtJwtDecoder || bean instanceof LcjwtReactiveJwtDecoder
                ? bean.getClass().getSimpleName() : "user";
    }

    /** The application.yml of docs/spring-boot.md, as a user would paste it, makes lcjwt the decoder. */
    @Test
    void theDocsApplicationYamlMakesLcjwtTheDecoder() {
        List<String> yaml = DocExamples.read(DocExamples.root().resolve(Path.of("docs", "spring-boot.md"))).blocks("yaml");
        assertFalse(yaml.isEmpty(), "docs/spring-boot.md shows an application.yml");
        YamlPropertiesFactoryBean factory = new YamlPropertiesFactoryBean();
        factory.setResources(new ByteArrayResource(yaml.get(0).getBytes(StandardCharsets.UTF_8)));
        Properties props = factory.getObject();
        // entrySet, not stringPropertyNames: YAML numbers and booleans are not Strings in Properties.
        String[] values = props.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toArray(String[]::new);
        new WebApplicationContextRunner().withConfiguration(LCJWT).withPropertyValues(values).run(ctx -> {
            assertEquals("LcjwtJwtDecoder", decoder(ctx, Stack.SERVLET));
            LcjwtProperties bound = ctx.getBean(LcjwtProperties.class);
            assertEquals(String.valueOf(props.get("lcjwt.leeway")), bound.leeway().getSeconds() + "s");
        });
        assertNull(props.get("lcjwt.unknown"));
    }
}
