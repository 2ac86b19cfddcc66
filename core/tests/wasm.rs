//! core compiled to wasm32 and run by wasm-bindgen-test-runner under Node:
//! `cargo test -p tftype --features js --target wasm32-unknown-unknown --test wasm`.
//!
//! The wasm stack is about 1 MB (a native thread has 8 MB), so deep nesting is
//! checked here, where it would crash, and not only natively.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use tftype::{evaluate, Request, Response};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn eval(ty: Option<&str>, value: &str) -> Response {
    evaluate(&Request::new(ty, value))
}

/// Deep input must end in a result or in a diagnostic that says what and where.
fn assert_result_or_located_diagnostic(r: &Response) {
    if r.ok {
        return;
    }
    let summary = r.summary.as_deref().unwrap_or("");
    assert!(!summary.is_empty(), "failure without a summary: {r:?}");
    let first = r.diagnostics.first().expect("failure without diagnostics");
    assert!(first.start.is_some() && first.end.is_some(), "diagnostic without a range: {first:?}");
}

// Exact Terraform behaviour is proven natively by the conformance test, and the
// whole corpus is run through this same wasm code by core/node-test (wasm ==
// native); here: the pipeline works in wasm at all, and depth does not crash it.

#[wasm_bindgen_test]
fn bool_value_is_accepted_for_bool_type_in_wasm() {
    let r = eval(Some("bool"), "true");
    assert!(r.ok, "{r:?}");
    assert_eq!(r.type_string.as_deref(), Some("bool"));
    assert!(r.console.is_some_and(|c| !c.is_empty()));
}

#[wasm_bindgen_test]
fn unconvertible_value_fails_at_the_convert_stage_in_wasm() {
    let r = eval(Some("number"), "\"abc\"");
    assert!(!r.ok, "{r:?}");
    assert_eq!(r.stage, Some(tftype::Stage::Convert));
    assert_eq!(r.summary.as_deref(), Some("Invalid value for input variable"));
    assert_result_or_located_diagnostic(&r);
}

#[wasm_bindgen_test]
fn value_nested_10000_deep_does_not_crash() {
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert_result_or_located_diagnostic(&eval(Some("any"), &deep));
    assert_result_or_located_diagnostic(&eval(None, &deep));
}

/// A 202-character share link held 2,150 nested `%{if}` directives, which
/// overflowed the browser's stack before directives counted as nesting.
#[wasm_bindgen_test]
fn template_directives_nested_100000_deep_do_not_crash() {
    for (open, close) in [("%{if true}", "%{endif}"), ("%{for x in [1]}", "%{endfor}")] {
        let deep = format!("\"{}x{}\"", open.repeat(100_000), close.repeat(100_000));
        let r = eval(Some("string"), &deep);
        assert_eq!(r.summary.as_deref(), Some("Value too deeply nested"), "{open}");
        assert_result_or_located_diagnostic(&r);
    }
}

#[wasm_bindgen_test]
fn object_value_nested_10000_deep_does_not_crash() {
    let deep = format!("{}1{}", "{a = ".repeat(10_000), "}".repeat(10_000));
    assert_result_or_located_diagnostic(&eval(Some("any"), &deep));
}

#[wasm_bindgen_test]
fn json_value_nested_10000_deep_does_not_crash() {
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let mut req = Request::new(Some("any"), &deep);
    req.value_format = tftype::ValueFormat::Json;
    assert_result_or_located_diagnostic(&evaluate(&req));
}

#[wasm_bindgen_test]
fn type_nested_10000_deep_does_not_crash() {
    let deep = format!("{}string{}", "list(".repeat(10_000), ")".repeat(10_000));
    assert_result_or_located_diagnostic(&eval(Some(&deep), "[]"));
}

#[wasm_bindgen_test]
fn type_nested_to_the_limit_is_read_and_beyond_it_refused() {
    // The variable block and the innermost keyword take two of the levels.
    let n = tftype::hcl::MAX_DEPTH as usize - 2;
    let at_limit = format!("{}string{}", "list(".repeat(n), ")".repeat(n));
    let r = eval(Some(&at_limit), "null");
    assert!(r.ok, "{:?}", r.summary);
    let beyond = format!("{}string{}", "list(".repeat(n + 1), ")".repeat(n + 1));
    let r = eval(Some(&beyond), "null");
    assert_eq!(r.summary.as_deref(), Some("Type constraint too deeply nested"));
    assert_result_or_located_diagnostic(&r);
    // Blocks opened after closing the variable's, and defaults, nest too.
    let blocks = format!("string\n}}\n{}", "a {\n".repeat(10_000));
    assert_result_or_located_diagnostic(&eval(Some(&blocks), "null"));
    let default = format!("object({{a=optional(any, {}1{})}})", "[".repeat(10_000), "]".repeat(10_000));
    assert_result_or_located_diagnostic(&eval(Some(&default), "null"));
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &JsValue::from_str(key)).expect("property read")
}

#[wasm_bindgen_test]
fn js_api_takes_and_returns_plain_objects() {
    let req = js_sys::JSON::parse(r#"{"type": "bool", "value": "true", "var_name": "flag"}"#).unwrap();
    let resp = tftype::js::evaluate(req).expect("evaluate");
    assert_eq!(get(&resp, "ok").as_bool(), Some(true));
    assert_eq!(get(&resp, "type").as_string().as_deref(), Some("bool"));
    assert!(get(&resp, "console").as_string().is_some());
    assert!(js_sys::Array::is_array(&get(&resp, "diagnostics")));
    // Errors carry UTF-16 offsets for JS editors next to the byte offsets.
    let req = js_sys::JSON::parse(r#"{"type": "number", "value": "\"é\""}"#).unwrap();
    let resp = tftype::js::evaluate(req).expect("evaluate");
    assert_eq!(get(&resp, "ok").as_bool(), Some(false));
    let d0 = js_sys::Reflect::get_u32(&get(&resp, "diagnostics"), 0).unwrap();
    assert_eq!(get(&d0, "end").as_f64(), Some(4.0), "byte end of \"é\"");
    assert_eq!(get(&d0, "end16").as_f64(), Some(3.0), "UTF-16 end of \"é\"");
}

#[wasm_bindgen_test]
fn js_api_rejects_a_malformed_request_with_an_error_not_a_panic() {
    let req = js_sys::JSON::parse(r#"{"type": "number"}"#).unwrap();
    let err = tftype::js::evaluate(req).expect_err("a request without a value is an error");
    assert!(err.as_string().is_some_and(|s| s.contains("value")), "{err:?}");
}
