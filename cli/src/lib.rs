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
