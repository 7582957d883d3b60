// Go contender for the lcjwt JWT decode race: github.com/golang-jwt/jwt/v4.
//
//	race-go --fixture <json> --case <name> --decodes <N> --rounds <R> [--warmup <W>]
//
// Prints exactly one JSON line on stdout (see ../README.md for the contract).
// Exit codes: 0 ok / n/a, 1 validation failed, 2 bad arguments or fixture.
package main

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v4"
)

// libVersion is set at build time from the Debian package that provides the
// library: -ldflags "-X main.libVersion=$(dpkg-query -W -f='${Version}' golang-github-golang-jwt-jwt-dev)".
var libVersion = "unknown"

const contender = "golang-jwt"

type result struct {
	Contender   string    `json:"contender"`
	Family      string    `json:"family"`
	Version     string    `json:"version"`
	Runtime     string    `json:"runtime"`
	Case        string    `json:"case"`
	Alg         string    `json:"alg"`
	Status      string    `json:"status"`
	Reason      *string   `json:"reason"`
	Decodes     int       `json:"decodes"`
	UsPerDecode []float64 `json:"usPerDecode"`
}

type fixtureKey struct {
	Name      string `json:"name"`
	PublicPem string `json:"publicPem"`
}

type fixtureCase struct {
	Name          string                 `json:"name"`
	Alg           string                 `json:"alg"`
	Key           string                 `json:"key"`
	Secret        string                 `json:"secret"`
	Token         string                 `json:"token"`
	Expired       string                 `json:"expired"`
	WrongAudience string                 `json:"wrongAudience"`
	Claims        map[string]interface{} `json:"claims"`
}

type fixture struct {
	Alg      string        `json:"alg"`
	Audience string        `json:"audience"`
	Keys     []fixtureKey  `json:"keys"`
	Cases    []fixtureCase `json:"cases"`
}

type args struct {
	fixture, caseName       string
	decodes, rounds, warmup int
}

func badUsage(format string, a ...interface{}) {
	fmt.Fprintf(os.Stderr, "race-go: "+format+"\n", a...)
	fmt.Fprintln(os.Stderr, "usage: race-go --fixture <json> --case <name> --decodes <N> --rounds <R> [--warmup <W>]")
	os.Exit(2)
}

func parseArgs() args {
	fs := flag.NewFlagSet("race-go", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var a args
	fs.StringVar(&a.fixture, "fixture", "", "fixture JSON file")
	fs.StringVar(&a.caseName, "case", "", "case name")
	fs.IntVar(&a.decodes, "decodes", 0, "decodes per round")
	fs.IntVar(&a.rounds, "rounds", 0, "timed rounds")
	fs.IntVar(&a.warmup, "warmup", -1, "warm-up decodes")
	if err := fs.Parse(os.Args[1:]); err != nil {
		badUsage("%v", err)
	}
	if fs.NArg() > 0 {
		badUsage("unexpected argument: %s", fs.Arg(0))
	}
	if a.fixture == "" || a.caseName == "" {
		badUsage("--fixture and --case are required")
	}
	if a.decodes < 1 || a.rounds < 1 {
		badUsage("--decodes and --rounds must be positive integers")
	}
	if a.warmup < 0 {
		a.warmup = a.decodes / 10
		if a.warmup < 1000 {
			a.warmup = 1000
		}
	}
	return a
}

// loadKey returns the verification key in the form golang-jwt expects for alg.
func loadKey(f *fixture, c *fixtureCase, alg string) (interface{}, error) {
	if strings.HasPrefix(alg, "HS") {
		if c.Secret == "" {
			return nil, fmt.Errorf("case %s has no secret", c.Name)
		}
		return base64.RawURLEncoding.DecodeString(c.Secret)
	}
	var pem string
	for i := range f.Keys {
		if f.Keys[i].Name == c.Key {
			pem = f.Keys[i].PublicPem
		}
	}
	if pem == "" {
		return nil, fmt.Errorf("case %s: no keys[] entry named %q with a publicPem", c.Name, c.Key)
	}
	return []byte(pem), nil
}

// parsePublicKey turns the SPKI PEM into the key type of the alg's signing
// method, once, before any timing.
func parsePublicKey(alg string, pem []byte) (interface{}, error) {
	switch {
	case strings.HasPrefix(alg, "RS"), strings.HasPrefix(alg, "PS"):
		return jwt.ParseRSAPublicKeyFromPEM(pem)
	case strings.HasPrefix(alg, "ES"):
		return jwt.ParseECPublicKeyFromPEM(pem)
	case alg == "EdDSA":
		return jwt.ParseEdPublicKeyFromPEM(pem)
	}
	return nil, fmt.Errorf("no public-key parser for %s", alg)
}

// jsonEqual compares two JSON values decoded by encoding/json; numbers compare as numbers.
func jsonEqual(a, b interface{}) bool {
	switch x := a.(type) {
	case map[string]interface{}:
		y, ok := b.(map[string]interface{})
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	case jwt.MapClaims:
		return jsonEqual(map[string]interface{}(x), b)
	case []interface{}:
		y, ok := b.([]interface{})
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	default:
		return a == b
	}
}

func main() {
	a := parseArgs()
	raw, err := os.ReadFile(a.fixture)
	if err != nil {
		badUsage("cannot read fixture: %v", err)
	}
	var f fixture
	if err := json.Unmarshal(raw, &f); err != nil {
		badUsage("cannot parse fixture %s: %v", a.fixture, err)
	}
	var c *fixtureCase
	for i := range f.Cases {
		if f.Cases[i].Name == a.caseName {
			c = &f.Cases[i]
		}
	}
	if c == nil {
		badUsage("fixture %s has no case named %s", a.fixture, a.caseName)
	}
	alg := c.Alg
	if alg == "" {
		alg = f.Alg
	}
	if alg == "" {
		badUsage("case %s has no alg (and the fixture has no top-level alg)", c.Name)
	}
	if c.Token == "" || c.Expired == "" || c.WrongAudience == "" || c.Claims == nil || f.Audience == "" {
		badUsage("case %s lacks token, expired, wrongAudience, claims or the fixture's audience", c.Name)
	}
	keyMaterial, err := loadKey(&f, c, alg)
	if err != nil {
		badUsage("%v", err)
	}

	res := result{
		Contender:   contender,
		Family:      "go",
		Version:     libVersion,
		Runtime:     "go " + strings.TrimPrefix(runtime.Version(), "go"),
		Case:        c.Name,
		Alg:         alg,
		Status:      "ok",
		Decodes:     a.decodes,
		UsPerDecode: []float64{},
	}
	finish := func(status, reason string, code int) {
		res.Status = status
		if reason != "" {
			res.Reason = &reason
		}
		out, _ := json.Marshal(res)
		os.Stdout.Write(append(out, '\n'))
		os.Exit(code)
	}

	// The library's own registry of signing methods decides what it can do.
	if jwt.GetSigningMethod(alg) == nil {
		finish("n/a", fmt.Sprintf("golang-jwt v4 has no %s signing method", alg), 0)
	}
	var key interface{}
	if strings.HasPrefix(alg, "HS") {
		key = keyMaterial
	} else if key, err = parsePublicKey(alg, keyMaterial.([]byte)); err != nil {
		finish("failed", fmt.Sprintf("key setup failed (%v)", err), 1)
	}

	parser := jwt.NewParser(jwt.WithValidMethods([]string{alg}))
	keyFunc := func(*jwt.Token) (interface{}, error) { return key, nil }
	audience := f.Audience
	// One decode: signature, exp/nbf/iat (MapClaims.Valid, run by Parse), then
	// aud, which golang-jwt v4 checks only when asked (MapClaims.VerifyAudience).
	decode := func(token string) (jwt.MapClaims, error) {
		t, err := parser.Parse(token, keyFunc)
		if err != nil {
			return nil, err
		}
		claims := t.Claims.(jwt.MapClaims)
		if !claims.VerifyAudience(audience, true) {
			return nil, jwt.NewValidationError("token has invalid audience", jwt.ValidationErrorAudience)
		}
		return claims, nil
	}

	// Validation before timing.
	claims, err := decode(c.Token)
	if err != nil {
		finish("failed", fmt.Sprintf("token: decode failed (%v)", err), 1)
	}
	if !jsonEqual(claims, c.Claims) {
		finish("failed", "token: decoded claims differ from the fixture claims", 1)
	}
	if _, err := decode(c.Expired); err == nil {
		finish("failed", "expired: decode succeeded", 1)
	} else if !errors.Is(err, jwt.ErrTokenExpired) {
		finish("failed", fmt.Sprintf("expired: not the library's expiry error (%v)", err), 1)
	}
	if _, err := decode(c.WrongAudience); err == nil {
		finish("failed", "wrongAudience: decode succeeded", 1)
	} else if !errors.Is(err, jwt.ErrTokenInvalidAudience) {
		finish("failed", fmt.Sprintf("wrongAudience: not the library's audience error (%v)", err), 1)
	}

	token := c.Token
	sink := 0
	run := func(n int) {
		for i := 0; i < n; i++ {
			cl, err := decode(token)
			if err != nil {
				finish("failed", fmt.Sprintf("token: decode failed while timing (%v)", err), 1)
			}
			sink += len(cl)
		}
	}
	run(a.warmup)
	for r := 0; r < a.rounds; r++ {
		start := time.Now() // carries the monotonic clock; time.Since uses it
		run(a.decodes)
		ns := float64(time.Since(start).Nanoseconds())
		res.UsPerDecode = append(res.UsPerDecode, math.Round(ns/float64(a.decodes))/1000)
	}
	if sink == 0 {
		fmt.Fprint(os.Stderr, "")
	}
	finish("ok", "", 0)
}
