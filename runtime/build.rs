//! Records the compiler and target that build duobench, for the run metadata of the JSON
//! document. A library cannot ask at run time which rustc compiled it, and Cargo gives the
//! compiler's path (`RUSTC`) and the target (`TARGET`) only to build scripts. The rustc that
//! builds duobench is the one that builds the bench linking it (one cargo invocation, one
//! toolchain), so its version is the bench's.

use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|v| v.trim().to_owned())
        .unwrap_or_default();
    println!("cargo:rustc-env=DUOBENCH_RUSTC_VERSION={version}");
    let target = std::env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=DUOBENCH_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTC");
}
