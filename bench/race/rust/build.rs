// Records, at build time, the jsonwebtoken version that Cargo.lock resolved and
// the rustc that compiled the program, so the binary reports both.
use std::{env, fs, path::Path, process::Command};

fn locked_version(lock: &str, krate: &str) -> Option<String> {
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("name = \"{krate}\"") {
            let next = lines.next()?.trim();
            return next
                .strip_prefix("version = \"")
                .and_then(|v| v.strip_suffix('"'))
                .map(str::to_owned);
        }
    }
    None
}

fn main() {
    let dir = env::var("CARGO_MANIFEST_DIR").unwrap();
    let lock_path = Path::new(&dir).join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    println!("cargo:rerun-if-changed=build.rs");
    let version = fs::read_to_string(&lock_path)
        .ok()
        .and_then(|lock| locked_version(&lock, "jsonwebtoken"))
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=RACE_JSONWEBTOKEN_VERSION={version}");

    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let runtime = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "rustc unknown".to_owned());
    println!("cargo:rustc-env=RACE_RUSTC_VERSION={runtime}");
}
