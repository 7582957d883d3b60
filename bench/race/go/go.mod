module lcjwt.example/bench/race/go

go 1.19

// golang-jwt v4 comes from Debian's golang-github-golang-jwt-jwt-dev package
// (installed under /usr/share/gocode), so the build needs no module proxy.
require github.com/golang-jwt/jwt/v4 v4.4.3

replace github.com/golang-jwt/jwt/v4 => /usr/share/gocode/src/github.com/golang-jwt/jwt
