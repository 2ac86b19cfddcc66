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
