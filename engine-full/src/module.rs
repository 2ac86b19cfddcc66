//! The Module view's engine: core's check (`tftype::module::view`), in a
//! .wasm of its own that the engine worker (public/engine-worker.js) loads
//! the first time the Module view asks for a check. The check brings
//! Terraform's function library (for `validation` rules) with it, which
//! neither the page's own .wasm nor `engine_full` needs, so a page that
//! never opens the Module view never downloads it.

use wasm_bindgen::prelude::*;

mod catalog;

fn main() {}

/// `json`: `{files, args, env, flavor, lang}`; the answer is
/// `tftype::module::view::ModuleView` as JSON.
#[wasm_bindgen]
pub fn engine_module(json: &str) -> String {
    tftype::module::view::view_json(json)
}

/// The answer, with its story when the request names a language, for a
/// variable whose type editor holds a whole `variable` block (JSON text in,
/// `tftype::Response` as JSON text out; `tftype::module::block`): its
/// `validation` rules need the function library this .wasm has.
#[wasm_bindgen]
pub fn engine_block(json: &str) -> String {
    let req = tftype::Request::from_json(json);
    serde_json::to_string(&tftype::module::block::evaluate(&req)).unwrap_or_default()
}

/// Installs the message catalog of `lang` (`en`, `zh`, `ja`); "" or why not.
#[wasm_bindgen]
pub fn engine_install_catalog(lang: &str, json: &str) -> String {
    catalog::install(lang, json)
}
