//! The check-mode corpus (`check.jsonl`, a copy of ../shared/conformance)
//! answered by `tftype::batch::evaluate_case` and judged as
//! ../shared/oracle/check_compare.py judges it: `ok`, each variable's
//! outcome, and the diagnostics as a multiset (any listed alternative text)
//! with the placed ones in the same order.
//!
//! Fails when a case disagrees that is not in `known_check_disagreements.txt`,
//! and when a listed case agrees now (so the list can only shrink).
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value as J;

mod common;
use common::oracle_compare::{alts, diags_ok};

const FILES: [&str; 3] = ["check", "validation", "check_files"];

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance"))
}

fn var_ok(e: &J, a: Option<&J>) -> bool {
    let Some(a) = a else { return false };
    let ok = |x: &J| x.get("ok").and_then(J::as_bool).unwrap_or(false);
    if ok(e) != ok(a) {
        return false;
    }
    if ok(e) {
        return e.get("type") == a.get("type") && e.get("console") == a.get("console");
    }
    e.get("stage") == a.get("stage")
        && e.get("summary") == a.get("summary")
        && a.get("detail").and_then(J::as_str).is_some_and(|d| alts(e).contains(d))
}

fn rules_ok(e: &J, a: &J) -> bool {
    let key = |r: &J| ["rule", "result", "phase", "error_message"].map(|k| r.get(k).cloned().unwrap_or(J::Null));
    let list = |x: &J| {
        x.get("validations").and_then(J::as_array).map(|l| l.iter().map(key).collect::<Vec<_>>()).unwrap_or_default()
    };
    list(e) == list(a)
}

/// None: not counted (the oracle does not reproduce the case).
fn case_ok(e: &J, a: &J) -> Option<bool> {
    if matches!(e.get("stage").and_then(J::as_str), Some("input" | "panic" | "not_evaluated"))
        || e.get("validation_complete") == Some(&J::Bool(false))
    {
        return None;
    }
    if e.get("ok") != a.get("ok") {
        return Some(false);
    }
    let empty = serde_json::Map::new();
    let ev = e.get("variables").and_then(J::as_object).unwrap_or(&empty);
    let av = a.get("variables").and_then(J::as_object).unwrap_or(&empty);
    if ev.keys().collect::<Vec<_>>() != av.keys().collect::<Vec<_>>() || !ev.iter().all(|(k, v)| var_ok(v, av.get(k))) {
        return Some(false);
    }
    // Stricter than check_compare.py: each rule's place, result, phase and
    // message too.
    if !ev.iter().all(|(k, v)| rules_ok(v, &av[k])) {
        return Some(false);
    }
    let none = Vec::new();
    Some(diags_ok(
        e.get("diagnostics").and_then(J::as_array).unwrap_or(&none),
        a.get("diagnostics").and_then(J::as_array).unwrap_or(&none),
    ))
}

fn known() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir().join("known_check_disagreements.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('\t') {
            Some((id, why)) => (id.to_string(), why.to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

#[test]
fn check_corpus_agrees_with_the_oracle() {
    let known = known();
    let mut msg = String::new();
    let mut fixed = Vec::new();
    for f in FILES {
        let cases = std::fs::read_to_string(dir().join(format!("{f}.jsonl"))).unwrap();
        let expected = std::fs::read_to_string(dir().join(format!("{f}.expected.jsonl"))).unwrap();
        let (mut n, mut good) = (0, 0);
        for (cl, el) in cases.lines().zip(expected.lines()) {
            let exp: J = serde_json::from_str(el).unwrap();
            let act: J = serde_json::from_str(&tftype::batch::evaluate_case(cl, false)).unwrap();
            let Some(ok) = case_ok(&exp, &act) else { continue };
            n += 1;
            good += ok as usize;
            let key = format!("{f}:{}", exp["id"].as_str().unwrap_or_default());
            match (ok, known.contains_key(&key)) {
                (false, false) => msg += &format!("- {key}\n    expected: {el}\n    actual:   {act}\n"),
                (true, true) => fixed.push(key),
                _ => {}
            }
        }
        println!("{f:<12} check: {good}/{n}");
    }
    if !fixed.is_empty() {
        msg += &format!("listed in known_check_disagreements.txt but agreeing now: {fixed:?}\n");
    }
    assert!(msg.is_empty(), "{msg}");
}

/// The language server keeps parsed files, read declarations, and each
/// variable's final value and rule outcomes from one check to the next
/// (`valueparse::kept`, `module::kept`): every case answers the same with
/// kept work as without, the second time from what was kept, and beside the
/// other cases (a file of the same name and text is shared between them).
#[test]
fn kept_work_answers_as_fresh_work() {
    let on_thread = |keep: bool, lines: Vec<String>| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                if keep {
                    tftype::module::kept::keep_variables();
                }
                let rounds = if keep { 2 } else { 1 };
                let answers: Vec<Vec<String>> = (0..rounds)
                    .map(|_| lines.iter().map(|l| tftype::batch::evaluate_case(l, false)).collect())
                    .collect();
                (answers, tftype::valueparse::kept::count())
            })
            .unwrap()
            .join()
            .unwrap()
    };
    for f in FILES {
        let lines: Vec<String> =
            std::fs::read_to_string(dir().join(format!("{f}.jsonl"))).unwrap().lines().map(str::to_string).collect();
        let (fresh, none_kept) = on_thread(false, lines.clone());
        assert_eq!(none_kept, 0, "{f}: work is kept only where it was asked for");
        let (kept, count) = on_thread(true, lines.clone());
        assert!(count > 0, "{f}: nothing was kept");
        for round in &kept {
            for ((line, a), b) in lines.iter().zip(&fresh[0]).zip(round) {
                assert_eq!(a, b, "{f}: kept work answers differently for {line}");
            }
        }
    }
}
