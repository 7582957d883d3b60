# golang-jwt v4 from Debian's package, built offline exactly as bench/race/build.sh does.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends golang-go golang-github-golang-jwt-jwt-dev ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /lcjwt
COPY bench/race/go bench/race/go
RUN cd bench/race/go && GO111MODULE=on GOFLAGS= GOPROXY=off GOTOOLCHAIN=local \
    go build -trimpath -ldflags "-X main.libVersion=$(dpkg-query -W -f='${Version}' golang-github-golang-jwt-jwt-dev)" -o race-go .
COPY bench/fixtures bench/fixtures
ENV GOMAXPROCS=1
ENTRYPOINT ["bench/race/go/race-go"]
