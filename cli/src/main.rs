//! The `tftype` command line (see the library's documentation).

fn main() {
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
