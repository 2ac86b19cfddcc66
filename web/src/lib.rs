//! The tftype playground (Leptos, client-side rendered): a variable's type
//! constraint and a value in two CodeMirror editors, and what Terraform makes
//! of them, recomputed on every keystroke.
//!
//! Two .wasm files are built from this crate: the page (`src/main.rs`, which
//! also answers in the engine worker) and the Module view
//! (`src/module_main.rs`), which the page loads the first time the view
//! opens (see `module/host.rs`), so that the first page load does not carry
//! it.
#![cfg_attr(test, allow(clippy::disallowed_methods))]

/// Whether this is the page's .wasm (`main.rs` compiles the same modules
/// with `true`): code only the Module view's .wasm runs is left out of the
/// page's, whose every byte every reader fetches.
pub const IN_PAGE: bool = false;

include!("root.rs");
