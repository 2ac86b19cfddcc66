//! Inputs that once crashed, hung or ran away (found by the fuzz harness,
//! `core/examples/fuzz.rs`, or reported): each must now end, on a thread with
//! the browser's stack size, in a result or in a diagnostic that says what
//! and where.
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use tftype::{evaluate, Request};

#[test]
fn every_fuzz_regression_ends_in_a_result_or_a_located_diagnostic() {
    let text = include_str!("fuzz_regressions.jsonl");
    let cases: Vec<(String, Request)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["id"].as_str().unwrap_or("?").to_string(), serde_json::from_value(v).unwrap())
        })
        .collect();
    assert!(cases.len() >= 10);
    // About the stack a browser gives wasm (native frames are larger still in debug builds).
    let h = std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(move || {
            for (id, req) in cases {
                let r = evaluate(&req);
                if r.ok {
                    assert!(r.console.is_some(), "{id}");
                    continue;
                }
                assert!(!r.summary.as_deref().unwrap_or("").is_empty(), "{id}: no summary");
                let d = r.diagnostics.first().unwrap_or_else(|| panic!("{id}: no diagnostic"));
                assert!(d.start.is_some() || r.stage == Some(tftype::Stage::Input), "{id}: no range: {d:?}");
            }
        })
        .unwrap();
    h.join().unwrap();
}
