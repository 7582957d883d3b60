# lcjwt on aws-lc: JDK 25 on Alpine with Alpine's own aws-lc package (community repository).
# Builds the project and runs the whole test suite against aws-lc; the build fails if the loader
# picks any other libcrypto (LCJWT_EXPECT_BACKEND is asserted by BackendTest).
#
#   docker build -t lcjwt .
#   docker run --rm lcjwt                 # the demo, on aws-lc
#
# Not built on the development machines (they have no Docker engine); keep it plain.
FROM eclipse-temurin:25-jdk-alpine

RUN apk add --no-cache aws-lc bash \
 && apk info -L aws-lc | grep -E 'libcrypto[^/]*\.so' \
 || (echo "Alpine's aws-lc package installed no libcrypto shared library" >&2; exit 1)

WORKDIR /src
COPY . .

ENV LCJWT_EXPECT_BACKEND=aws-lc
RUN ./mvnw -B -ntp verify

CMD ["bin/demo"]
