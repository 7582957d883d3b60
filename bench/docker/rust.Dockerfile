# Rust jsonwebtoken 8.2.0 from Debian's packages, built offline against /usr/share/cargo/registry
# with Debian's own cargo and rustc (the versions those crates were packaged for).
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends cargo librust-jsonwebtoken-dev \
    librust-serde-json-dev librust-base64-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /lcjwt
COPY bench/race/rust bench/race/rust
RUN cd bench/race/rust && cargo build --release
COPY bench/fixtures bench/fixtures
ENTRYPOINT ["bench/race/rust/target/release/race-rust"]
