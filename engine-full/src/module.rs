//! The Module view's engine: core's check (`tftype::module_view`) and its
//! file editors' completion and hover (`tftype::assist`, as the language
//! server answers them), in a .wasm of its own that the engine worker
//! (public/engine-worker.js) loads the first time the Module view asks for
//! one of these. The check brings
//! Terraform's function library (for `validation` rules) with it, which
//! neither the page's own .wasm nor `engine_full` needs, so a page that
//! never opens the Module view never downloads it.
#![cfg_attr(test, allow(clippy::disallowed_methods))]

use wasm_bindgen::prelude::*;

mod catalog;

fn main() {}

/// `json`: `{files, args, env, flavor, lang}`; the answer is
/// `tftype::module_view::ModuleView` as JSON.
///
/// The worker checks the same module after every keystroke, and its file
/// editors' hover and completion ask about the module just checked: work
/// is kept from one check to the next as the language server keeps it
/// (`tftype::module::kept`: parsed files, declarations, each variable's
/// value and rules, the last check's report), each check a round.
#[wasm_bindgen]
pub fn engine_module(json: &str) -> String {
    tftype::module::kept::keep_variables();
    let out = tftype::module_view::view_json(json);
    tftype::valueparse::kept::end_round();
    out
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

/// The Versions tab for a `variable` block given as the type: every version
/// answers it as a block, rules included (`tftype::module::block::compare`;
/// JSON text in, `tftype::versions::Comparison` as JSON text out).
#[wasm_bindgen]
pub fn engine_block_compare(json: &str) -> String {
    let req = tftype::Request::from_json(json);
    serde_json::to_string(&tftype::module::block::compare(&req)).unwrap_or_default()
}

/// Completion or hover in a file of the module (`json`: the module as for
/// [`engine_module`], with `file`, the name of the file edited; `arg`:
/// `complete BYTE` or `hover BYTE`, the cursor's byte in that file): the
/// same reply as `engine_full`'s `engine_assist` gives the value editor.
#[wasm_bindgen]
pub fn engine_module_assist(json: &str, arg: &str) -> String {
    tftype::module::kept::keep_variables();
    tftype::module_view::assist_json(json, arg)
}

/// Which files of a folder the Module view reads next (`json`:
/// `{listing, read, failed}`; the answer is
/// `tftype::module_view::folder::Plan` as JSON).
#[wasm_bindgen]
pub fn engine_module_folder(json: &str) -> String {
    tftype::module_view::folder::plan_json(json)
}

/// Installs the message catalog of `lang` (`en`, `zh`, `ja`); "" or why not.
#[wasm_bindgen]
pub fn engine_install_catalog(lang: &str, json: &str) -> String {
    catalog::install(lang, json)
}
