#!/usr/bin/env bash
# Installs, from Debian's packages, what the go and rust contenders build against
# (run as root; build.sh never calls this). Node needs only node + npm, which the
# machine has; its packages come from the npm registry through `npm ci`.
#
#   golang-go                          Go 1.19 toolchain
#   golang-github-golang-jwt-jwt-dev   golang-jwt v4 source under /usr/share/gocode
#   librust-jsonwebtoken-dev           jsonwebtoken 8.2.0 (+ ring, pem, simple_asn1, ...) under /usr/share/cargo/registry
#   librust-serde-json-dev             serde_json
#   librust-base64-dev                 base64 0.13 (also pulled in by jsonwebtoken)
#
# cargo/rustc themselves are not installed here (the machine's rustup toolchain is used).
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y golang-go golang-github-golang-jwt-jwt-dev \
  librust-jsonwebtoken-dev librust-serde-json-dev librust-base64-dev
