//! tftype: the Terraform / OpenTofu type system in Rust.
//!
//! One module per concept, as go-cty keeps one file per conversion kind:
//! [`types`] and [`typeexpr`] (type constraints), [`number`], [`value`] and
//! [`set`] (values), [`convert`], [`unify`], [`mismatch`] and [`defaults`]
//! (conversion), [`render`] (console and JSON), [`diag`] and [`path`] (where
//! things went wrong), [`lint`] (OpenTofu's warnings), [`flavor`] (what
//! differs between Terraform and OpenTofu versions), and [`pipeline`] (the
//! input variable pipeline), [`why`] (the story of what it did, above the
//! pipeline), the one entry point [`evaluate`] (the answer, then its story),
//! and [`writeback`] (the value written back in each form Terraform takes it).
//!
//! Reading values, in layers (each uses only the ones below it):
//! - [`valueparse`]: the value reader, picking a reader for each
//!   [`ValueFormat`] (and keeping parsed files from one check to the next);
//! - [`hcl`]: the HCL language as hclsyntax has it (scanner, parser, syntax
//!   tree, positions, traversals, and the one evaluator, which calls the
//!   function library);
//! - [`funcs`]: the function library;
//! - `json` (`.tfvars.json` and cty JSON, which `jsondecode` reads), `budget`
//!   (what an evaluation may cost, for the evaluator and the functions) and
//!   [`convert::conv`] (conversion as hcl calls it);
//! - the syntax-level parts of [`hcl`] (diagnostics, positions, the syntax
//!   tree) that the JSON readers share.
//!
//! `core/tests/layering.rs` checks that these imports point one way.
#![cfg_attr(test, allow(clippy::disallowed_methods))]

pub mod assist;
pub mod batch;
mod budget;
pub mod convert;
mod crc32;
pub mod defaults;
pub mod diag;
// What an editor shows for a module lives with the rest of the editor's help.
pub use assist::editor;
mod entry;
pub mod expr;
pub mod flavor;
pub mod funcs;
mod goprint;
pub mod hcl;
pub mod hclsrc;
pub mod i18n;
pub(crate) mod json;
pub mod link;
pub mod lint;
pub mod module;
pub mod module_view;
mod nfc;
pub mod number;
pub mod path;
pub mod pipeline;
pub mod render;
pub mod set;
pub mod sort;
pub mod story;
pub mod typeexpr;
pub mod types;
pub mod unicode;

/// The hash map of the check's names (values by variable, declarations, a
/// body's set names): foldhash natively (std's SipHash was a tenth of a
/// check's instructions), the standard map in the browser's engines, where
/// a second hasher would be a second copy of the map's code.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) type NameMap<K, V> = foldhash::HashMap<K, V>;
#[cfg(target_arch = "wasm32")]
pub(crate) type NameMap<K, V> = std::collections::HashMap<K, V>;
pub mod value;
pub mod valueparse;
pub mod versionfile;
pub mod versions;
pub mod why;
pub mod writeback;

#[cfg(test)]
mod testutil;

#[cfg(feature = "js")]
pub mod js;

pub use entry::{evaluate, evaluate_in};
pub use pipeline::{Forms, Request, Response, Stage};
pub use types::Type;
pub use value::Value;
pub use valueparse::ValueFormat;
