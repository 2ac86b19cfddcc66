//! The part of the page's engine that no keystroke needs: "Copy as"
//! (`tftype::writeback::emit_all`), the format switch (`writeback::reformat`),
//! the Versions tab (`versions::compare`), with hcl-rs and the writers, and
//! the value editor's completion and hover (`assist::complete_value`).
//! The page's own .wasm answers every keystroke (evaluation and the Why
//! story, in the engine worker); this .wasm is fetched by the worker the
//! first time it is asked for one of these, so the first page load does not
//! download it. See README.md, "How the page loads its engine".
//!
//! Each export takes the request as JSON text (and the work's parameter)
//! and returns the answer as JSON text; `engine_install_catalog` installs a
//! message catalog the page fetched (the reader's language).
#![cfg_attr(test, allow(clippy::disallowed_methods))]

use wasm_bindgen::prelude::*;

mod catalog;

fn main() {}

/// The same inputs under every version, grouped by answer.
#[wasm_bindgen]
pub fn engine_compare(json: &str) -> String {
    serde_json::to_string(&tftype::versions::compare(&tftype::Request::from_json(json))).unwrap_or_default()
}

/// Every "Copy as" form; `arg`: "true" for the converted value.
#[wasm_bindgen]
pub fn engine_emit(json: &str, arg: &str) -> String {
    serde_json::to_string(&tftype::writeback::emit_all(&tftype::Request::from_json(json), arg == "true"))
        .unwrap_or_default()
}

/// The value written in another format (`arg`: its name, `"json"`) and what
/// that text loses, or why it cannot be.
#[wasm_bindgen]
pub fn engine_reformat(json: &str, arg: &str) -> String {
    let req = tftype::Request::from_json(json);
    let reply = match serde_json::from_value::<tftype::ValueFormat>(serde_json::Value::String(arg.to_string())) {
        Ok(to) => tftype::writeback::reformat(&req, to).map_err(|r| r.message_in(req.lang.unwrap_or_default())),
        Err(e) => Err(e.to_string()),
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// Completion or hover in the value editor (`arg`: `complete BYTE` or
/// `hover BYTE`, the cursor's byte offset in the value):
/// `tftype::assist::complete_value` or `hover_value` as JSON.
#[wasm_bindgen]
pub fn engine_assist(json: &str, arg: &str) -> String {
    let req = tftype::Request::from_json(json);
    let (kind, at) = arg.split_once(' ').unwrap_or((arg, "0"));
    let at = at.parse().unwrap_or(0);
    let out = if kind == "hover" {
        serde_json::to_string(&tftype::assist::hover_value(&req, at))
    } else {
        serde_json::to_string(&tftype::assist::complete_value(&req, at))
    };
    out.unwrap_or_default()
}

/// Installs the message catalog of `lang` (`en`, `zh`, `ja`); "" or why not.
#[wasm_bindgen]
pub fn engine_install_catalog(lang: &str, json: &str) -> String {
    catalog::install(lang, json)
}
