//! Rust contender for the lcjwt JWT decode race: jsonwebtoken.
//!
//!     race-rust --fixture <json> --case <name> --decodes <N> --rounds <R> [--warmup <W>]
//!
//! Prints exactly one JSON line on stdout (see ../README.md for the contract).
//! Exit codes: 0 ok / n/a, 1 validation failed, 2 bad arguments or fixture.

use std::hint::black_box;
use std::process::exit;
use std::str::FromStr;
use std::time::Instant;

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{decode, Algorithm, DecodingKey, Validation};
use serde_json::Value;

const CONTENDER: &str = "jsonwebtoken";
const VERSION: &str = env!("RACE_JSONWEBTOKEN_VERSION");
const RUNTIME: &str = env!("RACE_RUSTC_VERSION");

struct Args {
    fixture: String,
    case: String,
    decodes: u64,
    rounds: u64,
    warmup: u64,
}

fn bad_usage(msg: &str) -> ! {
    eprintln!("race-rust: {msg}");
    eprintln!("usage: race-rust --fixture <json> --case <name> --decodes <N> --rounds <R> [--warmup <W>]");
    exit(2)
}

fn parse_args() -> Args {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let (mut fixture, mut case, mut decodes, mut rounds, mut warmup) = (None, None, None, None, None);
    let mut i = 0;
    while i < argv.len() {
        let name = argv[i].as_str();
        let value = argv
            .get(i + 1)
            .cloned()
            .unwrap_or_else(|| bad_usage(&format!("missing value for {name}")));
        let number = |min: u64| -> u64 {
            match value.parse::<u64>() {
                Ok(n) if n >= min => n,
                _ => bad_usage(&format!("{name} must be an integer >= {min}")),
            }
        };
        match name {
            "--fixture" => fixture = Some(value.clone()),
            "--case" => case = Some(value.clone()),
            "--decodes" => decodes = Some(number(1)),
            "--rounds" => rounds = Some(number(1)),
            "--warmup" => warmup = Some(number(0)),
            _ => bad_usage(&format!("unknown option: {name}")),
        }
        i += 2;
    }
    let decodes = decodes.unwrap_or_else(|| bad_usage("missing --decodes"));
    Args {
        fixture: fixture.unwrap_or_else(|| bad_usage("missing --fixture")),
        case: case.unwrap_or_else(|| bad_usage("missing --case")),
        decodes,
        rounds: rounds.unwrap_or_else(|| bad_usage("missing --rounds")),
        warmup: warmup.unwrap_or_else(|| (decodes / 10).max(1000)),
    }
}

/// Deep equality over JSON values; numbers compare as numbers.
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64(), x.as_u64(), y.as_u64()) {
            (Some(p), Some(q), _, _) => p == q,
            (_, _, Some(p), Some(q)) => p == q,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).map_or(false, |w| json_equal(v, w)))
        }
        _ => a == b,
    }
}

struct Output<'a> {
    alg: &'a str,
    case: &'a str,
    decodes: u64,
}

impl Output<'_> {
    fn emit(&self, status: &str, reason: Option<&str>, us: &[f64], code: i32) -> ! {
        let q = |s: &str| Value::String(s.to_owned()).to_string();
        let timings: Vec<String> = us.iter().map(|u| Value::from(*u).to_string()).collect();
        println!(
            "{{\"contender\":{},\"family\":\"rust\",\"version\":{},\"runtime\":{},\"case\":{},\"alg\":{},\"status\":{},\"reason\":{},\"decodes\":{},\"usPerDecode\":[{}]}}",
            q(CONTENDER),
            q(VERSION),
            q(RUNTIME),
            q(self.case),
            q(self.alg),
            q(status),
            reason.map_or("null".to_owned(), q),
            self.decodes,
            timings.join(",")
        );
        exit(code)
    }
}

fn main() {
    let args = parse_args();
    let text = std::fs::read_to_string(&args.fixture)
        .unwrap_or_else(|e| bad_usage(&format!("cannot read fixture {}: {e}", args.fixture)));
    let fixture: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| bad_usage(&format!("cannot parse fixture {}: {e}", args.fixture)));
    let kase = fixture["cases"]
        .as_array()
        .and_then(|cases| cases.iter().find(|c| c["name"].as_str() == Some(args.case.as_str())))
        .unwrap_or_else(|| bad_usage(&format!("fixture {} has no case named {}", args.fixture, args.case)));
    let alg_name = kase["alg"]
        .as_str()
        .or_else(|| fixture["alg"].as_str())
        .unwrap_or_else(|| bad_usage(&format!("case {} has no alg (and the fixture has no top-level alg)", args.case)))
        .to_owned();
    let field = |name: &str| -> String {
        kase[name]
            .as_str()
            .unwrap_or_else(|| bad_usage(&format!("case {} has no {name} token", args.case)))
            .to_owned()
    };
    let (token, expired, wrong_audience) = (field("token"), field("expired"), field("wrongAudience"));
    let expected_claims = &kase["claims"];
    if !expected_claims.is_object() {
        bad_usage(&format!("case {} has no claims object", args.case));
    }
    let audience = fixture["audience"]
        .as_str()
        .unwrap_or_else(|| bad_usage(&format!("fixture {} has no audience", args.fixture)))
        .to_owned();
    let key_material: Vec<u8> = if alg_name.starts_with("HS") {
        let secret = kase["secret"]
            .as_str()
            .unwrap_or_else(|| bad_usage(&format!("case {} has no secret", args.case)));
        base64::decode_config(secret, base64::URL_SAFE_NO_PAD)
            .unwrap_or_else(|e| bad_usage(&format!("case {}: secret is not base64url: {e}", args.case)))
    } else {
        let key_name = kase["key"].as_str().unwrap_or("");
        fixture["keys"]
            .as_array()
            .and_then(|keys| keys.iter().find(|k| k["name"].as_str() == Some(key_name)))
            .and_then(|k| k["publicPem"].as_str())
            .unwrap_or_else(|| bad_usage(&format!("case {}: no keys[] entry named {key_name} with a publicPem", args.case)))
            .as_bytes()
            .to_vec()
    };

    let out = Output { alg: &alg_name, case: &args.case, decodes: args.decodes };

    // The library's own algorithm parser decides what it can do.
    let alg = match Algorithm::from_str(&alg_name) {
        Ok(alg) => alg,
        Err(_) => out.emit(
            "n/a",
            Some(&format!("jsonwebtoken {VERSION} has no {alg_name} algorithm")),
            &[],
            0,
        ),
    };
    // Key setup, once, before any timing.
    let key = match alg {
        Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512 => Ok(DecodingKey::from_secret(&key_material)),
        Algorithm::RS256
        | Algorithm::RS384
        | Algorithm::RS512
        | Algorithm::PS256
        | Algorithm::PS384
        | Algorithm::PS512 => DecodingKey::from_rsa_pem(&key_material),
        Algorithm::ES256 | Algorithm::ES384 => DecodingKey::from_ec_pem(&key_material),
        Algorithm::EdDSA => DecodingKey::from_ed_pem(&key_material),
    };
    let key = key.unwrap_or_else(|e| out.emit("failed", Some(&format!("key setup failed ({e})")), &[], 1));

    let mut validation = Validation::new(alg);
    validation.set_audience(&[audience.as_str()]);
    validation.validate_exp = true;
    validation.validate_nbf = true;
    validation.leeway = 0;

    let decode_one = |t: &str| decode::<Value>(t, &key, &validation).map(|data| data.claims);

    // Validation before timing.
    match decode_one(&token) {
        Err(e) => out.emit("failed", Some(&format!("token: decode failed ({e})")), &[], 1),
        Ok(claims) if !json_equal(&claims, expected_claims) => {
            out.emit("failed", Some("token: decoded claims differ from the fixture claims"), &[], 1)
        }
        Ok(_) => {}
    }
    match decode_one(&expired) {
        Ok(_) => out.emit("failed", Some("expired: decode succeeded"), &[], 1),
        Err(e) if *e.kind() != ErrorKind::ExpiredSignature => out.emit(
            "failed",
            Some(&format!("expired: not the library's expiry error ({e:?})")),
            &[],
            1,
        ),
        Err(_) => {}
    }
    match decode_one(&wrong_audience) {
        Ok(_) => out.emit("failed", Some("wrongAudience: decode succeeded"), &[], 1),
        Err(e) if *e.kind() != ErrorKind::InvalidAudience => out.emit(
            "failed",
            Some(&format!("wrongAudience: not the library's audience error ({e:?})")),
            &[],
            1,
        ),
        Err(_) => {}
    }

    let run = |n: u64| {
        for _ in 0..n {
            match decode_one(black_box(&token)) {
                Ok(claims) => {
                    black_box(claims);
                }
                Err(e) => out.emit("failed", Some(&format!("token: decode failed while timing ({e})")), &[], 1),
            }
        }
    };
    run(args.warmup);
    let mut us = Vec::with_capacity(args.rounds as usize);
    for _ in 0..args.rounds {
        let start = Instant::now();
        run(args.decodes);
        let ns = start.elapsed().as_nanos() as f64;
        us.push((ns / args.decodes as f64).round() / 1000.0);
    }
    out.emit("ok", None, &us, 0)
}
