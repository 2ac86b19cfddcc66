//! The `tftype` command line.
//!
//!   tftype batch < cases.jsonl > results.jsonl   (the oracle's case/result schema)
//!   tftype eval TYPE VALUE [--format F] [--flavor F] [--all-flavors] [--sensitive] [--non-nullable]
//!   tftype eval --no-type VALUE [options]        (a variable without a `type` argument)
//!   tftype eval TYPE VALUE --emit KIND [--converted] [--name NAME]
//!                                                (the value written back, see `tftype::writeback`)
//!   tftype explain TYPE VALUE [options] [--lang en|zh|ja]
//!                                                (the story: what the version did, and why)
//!   tftype flavors                               (the product versions, with their pins)
//!   tftype link TYPE VALUE [options] [--lang L] [--tab T] [--base URL]
//!                                                (a playground link with readable parameters)
//!   tftype lsp                                   (a Language Server over stdio)
//!
//! The library half of the `tftype-cli` package: `main.rs` (the `tftype`
//! binary) and the repository's pre-commit binary both call [`main`].

mod args;
mod check;
mod cli;
mod lsp;
// Natively only for its tests (the emulations are checked against std there).
#[cfg(any(target_os = "wasi", test))]
mod wasi;

pub use cli::main;

/// The playground that `tftype check`'s, `tftype link`'s and the language
/// server's links open when neither `--base` (the server: `baseUrl`) nor
/// `TFTYPE_BASE_URL` names one. One build-time setting:
/// `TFTYPE_PLAYGROUND_URL` when the CLI is built (e.g. the local
/// `./scripts/serve`, `http://127.0.0.1:8080/`, for development), else the
/// released playground, `homepage` in the root Cargo.toml's
/// `[workspace.package]`.
pub const PLAYGROUND: &str = match option_env!("TFTYPE_PLAYGROUND_URL") {
    Some(url) => url,
    None => env!("CARGO_PKG_HOMEPAGE"),
};

/// The stack every evaluation runs on: deeply nested input recurses deeply.
/// The command line's cases and the language server's checks run on a thread
/// of this size. (On WebAssembly the main thread's, set by `cli/build.rs`.)
#[cfg_attr(target_os = "wasi", allow(dead_code))]
const STACK: usize = 64 << 20;

/// The language server for a host that cannot block on standard input (see
/// the wasm32-wasip1 build's `tftype_lsp_pump` export in `main.rs`).
#[cfg(target_os = "wasi")]
pub use lsp::pump as lsp_pump;

/// The bytes each thread allocates, counted for the unit tests that show a
/// cost grows linearly (`lsp::to_proto`'s): allocations are deterministic
/// where time is not.
#[cfg(test)]
mod alloc_count {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        static BYTES: Cell<u64> = const { Cell::new(0) };
    }

    /// The bytes this thread has allocated so far.
    pub fn allocated() -> u64 {
        BYTES.with(Cell::get)
    }

    fn count(n: usize) {
        let _ = BYTES.try_with(|b| b.set(b.get() + n as u64));
    }

    struct Counting;

    // SAFETY: every call is passed on to the system allocator unchanged.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, l: Layout) -> *mut u8 {
            count(l.size());
            unsafe { System.alloc(l) }
        }
        unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
            count(l.size());
            unsafe { System.alloc_zeroed(l) }
        }
        unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
            unsafe { System.dealloc(p, l) }
        }
        unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
            count(new);
            unsafe { System.realloc(p, l, new) }
        }
    }

    #[global_allocator]
    static COUNTING: Counting = Counting;
}
