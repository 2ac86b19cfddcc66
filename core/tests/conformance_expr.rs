//! The expression-mode corpus (`functions.jsonl`, `"mode": "expr"`, and the
//! project's own `regressions_expr.jsonl`, answered by the oracle) run
//! through `tftype::batch::evaluate_case`, judged as
//! ../shared/oracle/check_compare.py judges it: `ok` equal; for a value, the
//! same type and console text; for a failure, the same diagnostics as a
//! multiset (severity, summary, an acceptable detail, subject lines and
//! columns) with the subjects in the same order. Cases the oracle does not
//! evaluate (`not_evaluated`, `input`) are not counted by that script; here
//! they must be answered `not_evaluated` too (the reason is not compared).
//!
//! Fails when a case disagrees that is not listed in
//! `known_expr_disagreements.txt`, and when a listed case agrees now (the
//! list may only shrink). Regenerate with
//! `TFTYPE_WRITE_KNOWN=1 cargo test -p tftype --test conformance_expr`.
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value as J;

mod common;
use common::oracle_compare::diags_ok;

const FILES: [&str; 2] = ["functions", "regressions_expr"];
const KNOWN: &str = "known_expr_disagreements.txt";

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance"))
}

/// Whether `a` answers as `e` does.
fn agrees(e: &J, a: &J) -> bool {
    match e.get("stage").and_then(J::as_str) {
        Some("not_evaluated") => return a.get("stage").and_then(J::as_str) == Some("not_evaluated"),
        Some("input") => return a.get("stage").and_then(J::as_str) == Some("input"),
        _ => {}
    }
    let truthy = |v: &J| v.get("ok").and_then(J::as_bool).unwrap_or(false);
    if truthy(e) != truthy(a) || a.get("ok").is_some_and(J::is_null) {
        return false;
    }
    if truthy(e) {
        return e.get("type") == a.get("type") && e.get("console") == a.get("console");
    }
    let empty = Vec::new();
    diags_ok(
        e.get("diagnostics").and_then(J::as_array).unwrap_or(&empty),
        a.get("diagnostics").and_then(J::as_array).unwrap_or(&empty),
    )
}

fn known() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir().join(KNOWN)).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('\t') {
            Some((id, why)) => (id.to_string(), why.trim().to_string()),
            None => (l.trim().to_string(), String::new()),
        })
        .collect()
}

#[test]
fn expression_corpus_agrees_with_the_oracle() {
    let known = known();
    let (mut new_failures, mut fixed, mut shown) = (Vec::new(), Vec::new(), Vec::new());
    let mut still = BTreeMap::new();
    for f in FILES {
        let cases = std::fs::read_to_string(dir().join(format!("{f}.jsonl"))).unwrap();
        let expected = std::fs::read_to_string(dir().join(format!("{f}.expected.jsonl"))).unwrap();
        let (mut n, mut agree, mut counted, mut counted_agree) = (0, 0, 0, 0);
        for (cl, el) in cases.lines().zip(expected.lines()) {
            let case: J = serde_json::from_str(cl).unwrap();
            let exp: J = serde_json::from_str(el).unwrap();
            let out = tftype::batch::evaluate_case(cl, false);
            let act: J = serde_json::from_str(&out).unwrap_or(J::Null);
            let ok = agrees(&exp, &act);
            let key = format!("{f}:{}", case["id"].as_str().unwrap_or(""));
            n += 1;
            agree += ok as usize;
            if !matches!(exp.get("stage").and_then(J::as_str), Some("not_evaluated" | "input")) {
                counted += 1;
                counted_agree += ok as usize;
            }
            if !ok {
                shown.push(format!("{key}\n    case:     {cl}\n    expected: {el}\n    actual:   {out}"));
            }
            match (ok, known.get(&key)) {
                (false, None) => new_failures.push(key),
                (false, Some(why)) => {
                    still.insert(key, why.clone());
                }
                (true, Some(_)) => fixed.push(key),
                (true, None) => {}
            }
        }
        println!("{f}: {agree}/{n} agree (check_compare.py counts {counted_agree}/{counted})");
    }
    if std::env::var_os("TFTYPE_WRITE_KNOWN").is_some() {
        let mut text = String::from("# Expression-mode cases that disagree with the oracle, one per line: FILE:ID<tab>REASON.\n# This list may only shrink. Regenerate with TFTYPE_WRITE_KNOWN=1 cargo test -p tftype --test conformance_expr\n");
        for k in &new_failures {
            still.insert(k.clone(), "not yet implemented".into());
        }
        for (k, why) in &still {
            text += &format!("{k}\t{why}\n");
        }
        std::fs::write(dir().join(KNOWN), text).unwrap();
        return;
    }
    if let Ok(n) = std::env::var("TFTYPE_CONFORMANCE_SHOW") {
        let filter = std::env::var("TFTYPE_CONFORMANCE_FILTER").unwrap_or_default();
        for s in shown.iter().filter(|s| s.contains(&filter)).take(n.parse().unwrap_or(20)) {
            println!("- {s}");
        }
        return;
    }
    assert!(
        new_failures.is_empty(),
        "{} cases disagree that are not in {KNOWN}:\n{}",
        new_failures.len(),
        new_failures.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "{} listed cases agree now; remove them from {KNOWN}:\n{}",
        fixed.len(),
        fixed.join("\n")
    );
}
