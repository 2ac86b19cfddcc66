//! The conformance corpus (a byte-for-byte copy of ../shared/conformance) run
//! through `evaluate`, judged as ../shared/oracle/compare.py judges it, plus an
//! exact comparison of the go-cty JSON text.
//!
//! Fails when a case disagrees that is not listed in `known_disagreements.txt`,
//! and when a listed case agrees now (so the list can only shrink).
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value as J;
use tftype::{evaluate, Request, Response};

const FILES: [&str; 5] = ["docs", "upstream_tests", "gen_public", "flavors", "regressions"];
const CHECKS: [&str; 5] = ["okfail", "type", "console", "detail", "json"];

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance"))
}

/// compare.py's last resort: drop a `, but have X` clause (X without `.`/`:`,
/// ending at a `.` followed by the end or white space, or at the end).
fn drop_but_have(s: &str) -> String {
    const PAT: &str = ", but have ";
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(PAT) {
        let after = &rest[i + PAT.len()..];
        let mut end = None;
        for (j, c) in after.char_indices() {
            if c == ':' {
                break;
            }
            if c == '.' {
                let next = after[j + 1..].chars().next();
                if next.is_none() || next.is_some_and(char::is_whitespace) {
                    end = Some(j);
                }
                break;
            }
        }
        if end.is_none() && !after.contains(['.', ':']) {
            end = Some(after.len());
        }
        match end {
            Some(j) => {
                out.push_str(&rest[..i]);
                rest = &after[j..];
            }
            None => {
                out.push_str(&rest[..i + PAT.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn acceptable_details(exp: &J) -> BTreeSet<String> {
    let s = |k: &str| exp.get(k).and_then(J::as_str).map(str::to_string);
    let mut details: BTreeSet<String> = [s("detail"), s("detail_current")].into_iter().flatten().collect();
    if let (Some(err), Some(detail)) = (s("error"), s("detail")) {
        if detail.contains(&err) {
            let mut alts: BTreeSet<String> = BTreeSet::new();
            for k in ["error_alternatives", "error_current_alternatives"] {
                if let Some(a) = exp.get(k).and_then(J::as_array) {
                    alts.extend(a.iter().filter_map(J::as_str).map(str::to_string));
                }
            }
            alts.extend(s("error_current"));
            for a in alts {
                details.insert(detail.replacen(&err, &a, 1));
            }
        }
    }
    details
}

/// Per check: Some(agrees) or None (not applicable).
fn compare(exp: &J, act: &Response) -> BTreeMap<&'static str, Option<bool>> {
    let flavored = exp.get("flavor").is_some();
    let mut res: BTreeMap<&str, Option<bool>> = CHECKS.iter().map(|c| (*c, None)).collect();
    let eok = exp["ok"].as_bool().unwrap_or(false);
    let stage = act.stage.map(|s| serde_json::to_value(s).unwrap());
    res.insert("okfail", Some(eok == act.ok && (eok || exp.get("stage") == stage.as_ref())));
    if eok && act.ok {
        res.insert("type", Some(exp["type"].as_str() == act.type_string.as_deref()));
        res.insert("console", Some(exp["console"].as_str() == act.console.as_deref()));
        // Exact text of the go-cty JSON (numbers digit for digit, Go's escaping).
        let want = exp.get("json").filter(|j| !j.is_null()).map(|j| serde_json::to_string(j).unwrap()); // null: no JSON form (unknowns)
        res.insert("json", Some(want.as_deref() == act.json.as_deref().map(canonical_json).as_deref()));
        // A flavor's warnings count in the detail column; any listed text is accepted.
        if flavored && (exp.get("warnings").is_some() || !act.warnings.is_empty()) {
            let empty = Vec::new();
            let ew = exp.get("warnings").and_then(J::as_array).unwrap_or(&empty);
            let same = ew.len() == act.warnings.len()
                && ew.iter().zip(&act.warnings).all(|(e, a)| {
                    let alts: Vec<&str> = match e.get("detail_alternatives").and_then(J::as_array) {
                        Some(alts) => alts.iter().filter_map(J::as_str).collect(),
                        None => e["detail"].as_str().into_iter().collect(),
                    };
                    e["summary"].as_str() == Some(a.summary.as_str()) && alts.contains(&a.detail.as_str())
                });
            res.insert("detail", Some(same));
        }
    } else if !eok && !act.ok {
        let details = acceptable_details(exp);
        let summ_ok = exp["summary"].as_str() == act.summary.as_deref();
        let detail = act.detail.clone().unwrap_or_default();
        // A flavor has one wording: no leeway for the ", but have" clause.
        let ok = summ_ok
            && (details.contains(&detail)
                || (!flavored && details.iter().any(|d| drop_but_have(d) == drop_but_have(&detail))));
        res.insert("detail", Some(ok));
    }
    res
}

/// Our JSON text, re-serialised the way the expected side is (serde_json with
/// preserve_order and arbitrary precision keeps digits and key order).
fn canonical_json(s: &str) -> String {
    match serde_json::from_str::<J>(s) {
        Ok(v) => serde_json::to_string(&v).unwrap(),
        Err(_) => format!("<invalid JSON: {s}>"),
    }
}

fn known() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir().join("known_disagreements.txt")).unwrap_or_default();
    text.lines()
        .map(|l| l.trim_end())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('\t') {
            Some((id, why)) => (id.to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

fn run_corpus() -> Result<(), String> {
    let known = known();
    let mut new_failures = Vec::new();
    let mut all_failures: Vec<String> = Vec::new();
    let mut fixed = Vec::new();
    let mut total = (0, 0);
    println!(
        "{:<16} {:>6} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11}",
        "file", "cases", "ok/fail", "type", "console", "detail", "json", "agree"
    );
    for f in FILES {
        let cases = std::fs::read_to_string(dir().join(format!("{f}.jsonl"))).unwrap();
        let expected = std::fs::read_to_string(dir().join(format!("{f}.expected.jsonl"))).unwrap();
        let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        let mut agree = 0;
        let mut n = 0;
        for (cl, el) in cases.lines().zip(expected.lines()) {
            let case: J = serde_json::from_str(cl).unwrap();
            let exp: J = serde_json::from_str(el).unwrap();
            let id = case["id"].as_str().map(str::to_string).unwrap_or_else(|| case["id"].to_string());
            let req: Request = serde_json::from_value(case.clone()).unwrap();
            let act = evaluate(&req);
            let res = compare(&exp, &act);
            let mut all = true;
            for (k, v) in &res {
                if let Some(v) = v {
                    let c = counts.entry(k).or_default();
                    c.1 += 1;
                    c.0 += *v as usize;
                    all &= v;
                }
            }
            n += 1;
            agree += all as usize;
            let key = format!("{f}:{id}");
            if !all {
                let what: Vec<_> = res.iter().filter(|(_, v)| **v == Some(false)).map(|(k, _)| *k).collect();
                all_failures.push(format!(
                    "{key} differs in {what:?}\n    case:     {cl}\n    expected: {}\n    actual:   ok={} stage={:?} type={:?} console={:?} json={:?} summary={:?} detail={:?}",
                    el.chars().take(700).collect::<String>(),
                    act.ok, act.stage, act.type_string, act.console, act.json, act.summary, act.detail
                ));
            }
            match (all, known.contains_key(&key)) {
                (false, false) => {
                    let what: Vec<_> = res.iter().filter(|(_, v)| **v == Some(false)).map(|(k, _)| *k).collect();
                    new_failures.push(format!(
                        "{key} differs in {what:?}\n    case:     {cl}\n    expected: {}\n    actual:   ok={} stage={:?} type={:?} console={:?} json={:?} summary={:?} detail={:?}",
                        el.chars().take(700).collect::<String>(),
                        act.ok, act.stage, act.type_string, act.console, act.json, act.summary, act.detail
                    ))
                }
                (true, true) => fixed.push(key),
                _ => {}
            }
        }
        let frac = |k: &str| counts.get(k).map(|(a, b)| format!("{a}/{b}")).unwrap_or_else(|| "-".into());
        println!(
            "{:<16} {:>6} {:>11} {:>11} {:>11} {:>11} {:>11} {:>5}/{:<5}",
            f,
            n,
            frac("okfail"),
            frac("type"),
            frac("console"),
            frac("detail"),
            frac("json"),
            agree,
            n
        );
        total.0 += agree;
        total.1 += n;
    }
    println!("conformance agree: {}/{} (known disagreements listed: {})", total.0, total.1, known.len());
    if std::env::var_os("TFTYPE_WRITE_KNOWN").is_some() {
        // Rewrites the list from this run (reasons of still-listed cases kept).
        let mut text = String::from("# Conformance cases that disagree with the oracle, one per line: FILE:ID<tab>REASON.\n# This list may only shrink. Regenerate with TFTYPE_WRITE_KNOWN=1 cargo test -p tftype --test conformance\n");
        for f in &new_failures {
            let key = f.split(" differs in ").next().unwrap();
            text += &format!("{key}\tnot yet implemented\n");
        }
        for (k, why) in &known {
            if !fixed.contains(k) {
                text += &format!("{k}\t{why}\n");
            }
        }
        std::fs::write(dir().join("known_disagreements.txt"), text).unwrap();
        return Ok(());
    }
    if let Ok(n) = std::env::var("TFTYPE_CONFORMANCE_SHOW") {
        // Report mode for development: show disagreements (known or not), never fail.
        let filter = std::env::var("TFTYPE_CONFORMANCE_FILTER").unwrap_or_default();
        let n: usize = n.parse().unwrap_or(20);
        for f in all_failures.iter().filter(|f| f.contains(&filter)).take(n) {
            println!("- {f}");
        }
        return Ok(());
    }
    let mut msg = String::new();
    if !new_failures.is_empty() {
        msg += &format!("{} cases disagree that are not in known_disagreements.txt:\n", new_failures.len());
        for f in new_failures.iter().take(40) {
            msg += &format!("- {f}\n");
        }
    }
    if !fixed.is_empty() {
        msg += &format!("{} listed cases agree now; remove them from known_disagreements.txt:\n", fixed.len());
        for f in &fixed {
            msg += &format!("{f}\n");
        }
    }
    if msg.is_empty() {
        Ok(())
    } else {
        Err(msg)
    }
}

#[test]
fn conformance_corpus_agrees_with_the_oracle() {
    // Deep values need more stack than the test harness gives a thread.
    let r = std::thread::Builder::new().stack_size(256 << 20).spawn(run_corpus).unwrap().join().unwrap();
    if let Err(msg) = r {
        panic!("{msg}");
    }
}

#[test]
fn but_have_clause_is_dropped_like_compare_py() {
    assert_eq!(drop_but_have("a: number required, but have string."), "a: number required.");
    assert_eq!(drop_but_have("x required, but have list of string"), "x required");
    assert_eq!(drop_but_have("keep, but have a.b here"), "keep, but have a.b here");
}
