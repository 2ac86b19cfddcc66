//! tftype: the Terraform / OpenTofu type system in Rust.
//!
//! One module per concept, as go-cty keeps one file per conversion kind:
//! [`types`] and [`typeexpr`] (type constraints), [`number`], [`value`],
//! [`set`] and [`valueparse`] (values), [`convert`], [`unify`], [`mismatch`]
//! and [`defaults`] (conversion), [`render`] (console and JSON), [`diag`] and
//! [`path`] (where things went wrong), [`lint`] (OpenTofu's warnings),
//! [`flavor`] (what differs between Terraform and OpenTofu versions), and
//! [`pipeline`] (the input variable pipeline), [`why`] (the story of what
//! it did, above the pipeline), the one entry point [`evaluate`] (the
//! answer, then its story), and [`writeback`] (the value written back in
//! each form Terraform takes it).

pub mod assist;
pub mod batch;
pub mod convert;
mod crc32;
pub mod defaults;
pub mod diag;
pub mod editor;
mod entry;
pub mod expr;
pub mod flavor;
pub mod funcs;
pub mod hclsrc;
pub mod i18n;
pub mod link;
pub mod lint;
mod goprint;
pub mod mismatch;
pub mod module;
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
pub mod unify;
pub mod value;
pub mod versionfile;
pub mod versions;
pub mod why;
pub mod valueparse;
pub mod writeback;

#[cfg(test)]
mod testutil;

#[cfg(feature = "js")]
pub mod js;

pub use entry::{evaluate, evaluate_in};
pub use pipeline::{Request, Response, Stage};
pub use types::Type;
pub use value::Value;
pub use valueparse::ValueFormat;
