//! The Module view: a module's files, its command line and environment,
//! and what the check makes of them. A .wasm of its own (`module_main.rs`):
//! only `host.rs`, the page's side, runs in the page's .wasm.

pub mod answer;
pub mod detail;
pub mod files;
pub mod folder;
pub mod host;
pub mod model;
pub mod rows;
pub mod signals;
pub mod vars;
pub mod view;
