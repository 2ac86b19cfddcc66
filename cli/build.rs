//! On WebAssembly (`wasm32-wasip1`, the npm package's `tftype` bin) the
//! command line runs on the main thread, so the main thread gets the stack
//! the native build gives its worker thread (`STACK` in `src/lib.rs`, 64 MiB;
//! the target's default is 1 MiB). Native builds are not changed.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("wasi") {
        println!("cargo:rustc-link-arg-bins=-zstack-size={}", 64 << 20);
    }
}
