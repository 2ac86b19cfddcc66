//! The `tftype` command line (see the library's documentation).

fn main() {
    // A closed pipe (`tftype flavors | head`) ends the process quietly, as Unix tools do, instead
    // of a panic on the next write: SIGPIPE back to its default, which Rust's runtime ignores.
    #[cfg(unix)]
    // SAFETY: called first, before any thread starts; it only sets a signal's disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    tftype_cli::main()
}

/// wasm32-wasip1: the language server for a Web Worker (the VS Code
/// extension's web entry), which calls this instead of `_start` after it has
/// put whole frames on standard input. -1: the server goes on; else its exit
/// code.
#[cfg(target_os = "wasi")]
#[no_mangle]
pub extern "C" fn tftype_lsp_pump() -> i32 {
    tftype_cli::lsp_pump()
}
