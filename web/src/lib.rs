//! The tftype playground (Leptos, client-side rendered): a variable's type
//! constraint and a value in two CodeMirror editors, and what Terraform makes
//! of them, recomputed on every keystroke.
//!
//! Two .wasm files are built from this crate: the page (`src/main.rs`, which
//! also answers in the engine worker) and the Module view
//! (`src/module_main.rs`), which the page loads the first time the view
//! opens (see `module_host.rs`), so that the first page load does not carry
//! it.


include!("root.rs");
