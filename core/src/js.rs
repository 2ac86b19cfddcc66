//! The JS API (feature `js`): `evaluate(request) -> response` through
//! serde-wasm-bindgen. Never `#[wasm_bindgen(start)]` here: that would replace
//! the web app's own `main`.

use wasm_bindgen::prelude::*;

/// Installs a panic hook that logs Rust panics to the browser console.
#[wasm_bindgen(js_name = initPanicHook)]
pub fn init_panic_hook() {
    console_error_panic_hook::set_once();
}

/// `evaluate({type, value, value_format, nullable, sensitive, var_name})`.
#[wasm_bindgen]
pub fn evaluate(request: JsValue) -> Result<JsValue, JsValue> {
    let req: crate::Request = serde_wasm_bindgen::from_value(request).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let resp = crate::evaluate(&req);
    resp.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsValue::from_str(&e.to_string()))
}

use serde::Serialize;

/// `tftype batch`'s answer for one case (JSON text in, JSON text out), with
/// the diagnostics' UTF-16 ranges too (the npm package's `evaluate`); a case
/// whose type is a whole `variable` block has its rules evaluated too.
#[wasm_bindgen(js_name = evaluateCase)]
pub fn evaluate_case(case: &str) -> String {
    crate::batch::evaluate_case_or_block(case, true)
}

/// The conversion rules applied, outermost first (JSON text in and out):
/// `[{path, from, to, rule}]`, after the answer itself.
#[wasm_bindgen(js_name = explainCase)]
pub fn explain_case(case: &str) -> String {
    let steps = match serde_json::from_slice::<crate::Request>(case.as_bytes()) {
        Ok(req) => crate::evaluate(&req).explain,
        Err(_) => Vec::new(),
    };
    serde_json::to_string(&steps).unwrap_or_default()
}

/// tftype's notes on what the answer did without a word (an attribute
/// dropped, "did you mean `port`?", numbers turned into strings, …), in
/// `lang` (JSON text in and out): `[{kind, path, params, text, value16,
/// type16, doc}]`, the steps of the Why story's notes; `[]` for a request
/// that cannot be read.
#[wasm_bindgen(js_name = notesCase)]
pub fn notes_case(case: &str, lang: &str) -> String {
    let lang = crate::i18n::Lang::parse(lang).unwrap_or_default();
    let notes = match serde_json::from_slice::<crate::Request>(case.as_bytes()) {
        Ok(req) => crate::why::story(&req, lang).notes,
        Err(_) => Vec::new(),
    };
    serde_json::to_string(&notes).unwrap_or_default()
}

/// The versions tftype answers for (JSON text): `[{name, product, version,
/// release, hcl, cty, label}]`, Terraform first, oldest first.
#[wasm_bindgen(js_name = flavorTable)]
pub fn flavor_table() -> String {
    let rows: Vec<serde_json::Value> = crate::flavor::FLAVORS
        .iter()
        .map(|f| {
            serde_json::json!({
                "name": f.name, "product": f.product.name(), "version": f.version,
                "release": f.release, "hcl": f.hcl, "cty": f.cty, "label": f.label(),
            })
        })
        .collect();
    serde_json::Value::Array(rows).to_string()
}

/// The flavor a request that names none answers as ([`crate::flavor::DEFAULT`]).
#[wasm_bindgen(js_name = defaultFlavor)]
pub fn default_flavor() -> String {
    crate::flavor::DEFAULT.to_string()
}

/// A text of tftype's message catalogs (`core/i18n`), with its `{name}`
/// placeholders filled from `args` (a JSON object of strings).
#[wasm_bindgen(js_name = catalogText)]
pub fn catalog_text(lang: &str, key: &str, args: &str) -> String {
    let lang = crate::i18n::Lang::parse(lang).unwrap_or_default();
    let args: std::collections::BTreeMap<String, String> = serde_json::from_slice(args.as_bytes()).unwrap_or_default();
    let pairs: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    crate::i18n::fill(lang, key, &pairs)
}

/// A playground link people could write (`?type=…&value=…`, as `tftype
/// link` prints it) for a case (JSON text) at `base`; `lang` may be empty.
#[wasm_bindgen(js_name = linkUrl)]
pub fn link_url(base: &str, case: &str, lang: &str) -> String {
    let req: crate::Request = serde_json::from_slice(case.as_bytes()).unwrap_or_else(|_| crate::Request::new(None, ""));
    let extras = crate::link::Extras { lang: (!lang.is_empty()).then(|| lang.to_string()), tab: None };
    crate::link::url(base, &req, &extras)
}

/// `tftype check --format json` for a module given as JSON text
/// (`{files, args, env, flavor}`), with each range's UTF-16 offsets too.
#[wasm_bindgen(js_name = checkModule)]
pub fn check_module(input: &str) -> String {
    crate::module::check_json(input)
}

/// For tests only (the npm package's `__trapForTest`): traps, as a bug
/// would, so that a test can check that the package recovers.
#[wasm_bindgen(js_name = trapForTest)]
pub fn trap_for_test() {
    panic!("deliberate trap requested by a test");
}
