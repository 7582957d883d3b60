# The Java contenders (lcjwt on aws-lc and on OpenSSL 3, and the Java peers) for the containerised
# race. Build from the repository root:  docker compose -f bench/docker/compose.yml build java
FROM eclipse-temurin:25-jdk-alpine
# aws-lc is lcjwt's first choice; Alpine's openssl gives the OpenSSL 3 fallback for the second run.
RUN apk add --no-cache aws-lc openssl bash
WORKDIR /lcjwt
COPY . .
RUN ./mvnw -B -ntp -q -DskipTests package -pl bindings,core,bench
ENTRYPOINT ["java", "--enable-native-access=ALL-UNNAMED", "-Xms500m", "-Xmx500m", "-cp", "bench/target/benchmarks.jar", "io.lcjwt.bench.race.JavaContender"]
