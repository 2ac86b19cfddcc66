//! Checks `Number` against vectors generated with Go 1.19's math/big and
//! go-cty 1.12.1 (`tests/data/number_vectors.jsonl`, one JSON object a line):
//!
//! - `{"k":"parse","in":S,"ok":B,...}`: `big.ParseFloat(S, 10, 512,
//!   ToNearestEven)` (which is also what cty's string -> number conversion
//!   accepts), and for accepted input the exact value (`p` = `Text('p', 0)`),
//!   precision, `Text('f', -1)`, `Text('g', -1)`, `String()` and `IsInt()`.
//! - `{"k":"add"|"sub"|"mul"|"div"|"mod"|"neg","a":A,"b":B,...}`: cty's stdlib
//!   function on the operands (`i:N` = `cty.NumberIntVal(N)`, otherwise
//!   `cty.ParseNumberVal`), with the error text when it fails.
//! - `{"k":"cmp","a":A,"b":B,"cmp":C,"raw12":B,"raw18":B}`: `Cmp`, go-cty
//!   1.12.1 `RawEquals`, go-cty 1.14.3+ `rawNumberEqual`.
//!
//! `"huge": true` marks a finite result beyond `MAX_BINARY_EXPONENT`, which
//! this implementation refuses with `NumberError::Range`.
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use serde_json::Value as Json;
use tftype::number::{Number, NumberError};

fn operand(spec: &str) -> Number {
    match spec.strip_prefix("i:") {
        Some(i) => Number::from_i64(i.parse().unwrap()),
        None => Number::parse_cty_string(spec).unwrap(),
    }
}

fn is_hcl_literal(s: &str) -> bool {
    let b = s.strip_prefix('-').unwrap_or(s).as_bytes();
    !b.is_empty()
        && b[0].is_ascii_digit()
        && *b.last().unwrap() != b'.'
        && b.iter().enumerate().all(|(i, &c)| {
            c.is_ascii_digit()
                || matches!(c, b'.' | b'e' | b'E')
                || (matches!(c, b'+' | b'-') && matches!(b[i - 1], b'e' | b'E'))
        })
}

/// Compares a result with the vector's expectations; returns a complaint.
fn check_result(v: &Json, got: Result<Number, NumberError>) -> Option<String> {
    let ok = v["ok"].as_bool().unwrap();
    match got {
        Err(e) => {
            if !ok {
                if let Some(msg) = v.get("err").and_then(Json::as_str) {
                    if v["k"] != "parse" && e != NumberError::Operation(msg_static(msg)) {
                        return Some(format!("error {e:?}, want {msg:?}"));
                    }
                }
                return None;
            }
            if v.get("huge").is_some() && e == NumberError::Range {
                return None;
            }
            Some(format!("error {e:?}, want success {}", v["p"]))
        }
        Ok(n) => {
            if !ok {
                return Some(format!("success {n:?}, want error {}", v["err"]));
            }
            if v.get("huge").is_some() {
                return Some(format!("success {}, want Range (beyond supported exponent)", n.to_text_p()));
            }
            let mut bad = Vec::new();
            let mut want = |what: &str, got: String, key: &str| {
                let w = v[key].as_str().unwrap();
                if got != w {
                    bad.push(format!("{what}: got {got:?}, want {w:?}"));
                }
            };
            want("Text('p')", n.to_text_p(), "p");
            want("Text('f',-1)", n.to_text_f(), "f");
            want("Text('g',-1)", n.to_text_g(), "g");
            want("String()", n.to_text_g10(), "s");
            if n.precision() as u64 != v["prec"].as_u64().unwrap() {
                bad.push(format!("precision {} want {}", n.precision(), v["prec"]));
            }
            if n.is_integer() != v["int"].as_bool().unwrap() {
                bad.push(format!("is_integer {} want {}", n.is_integer(), v["int"]));
            }
            if bad.is_empty() {
                None
            } else {
                Some(bad.join("; "))
            }
        }
    }
}

fn msg_static(m: &str) -> &'static str {
    [
        "can't compute sum of opposing infinities",
        "can't subtract infinity from itself",
        "can't multiply zero by infinity",
        "can't divide zero by zero or infinity by infinity",
        "can't use modulo with zero and infinity",
        "panic in function implementation: runtime error: invalid memory address or nil pointer dereference",
    ]
    .into_iter()
    .find(|k| *k == m)
    .unwrap_or("<unknown go error>")
}

#[test]
fn number_vectors_match_go_math_big_and_go_cty() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/number_vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vector file");
    let mut failures = Vec::new();
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for (lineno, line) in text.lines().enumerate() {
        let v: Json = serde_json::from_str(line).expect("json line");
        let kind = v["k"].as_str().unwrap().to_string();
        *counts.entry(kind.clone()).or_default() += 1;
        let what = format!("line {} {}", lineno + 1, &line[..line.len().min(160)]);
        match kind.as_str() {
            "parse" => {
                let s = v["in"].as_str().unwrap();
                let got = Number::parse_cty_string(s);
                if let Some(c) = check_result(&v, got.clone()) {
                    failures.push(format!("{what}: {c}"));
                }
                if is_hcl_literal(s) {
                    let lit = Number::parse_literal(s);
                    let same = match (&lit, &got) {
                        (Ok(a), Ok(b)) => a.to_text_p() == b.to_text_p() && a.precision() == b.precision(),
                        (Err(a), Err(b)) => a == b,
                        _ => false,
                    };
                    if !same {
                        failures.push(format!("{what}: parse_literal {lit:?} differs from parse_cty_string {got:?}"));
                    }
                } else if Number::parse_literal(s).is_ok() {
                    failures.push(format!("{what}: parse_literal accepted a non-literal"));
                }
            }
            "cmp" => {
                let (a, b) = (operand(v["a"].as_str().unwrap()), operand(v["b"].as_str().unwrap()));
                let want = v["cmp"].as_i64().unwrap();
                let got = a.cmp_num(&b) as i64;
                if got != want {
                    failures.push(format!("{what}: cmp {got} want {want}"));
                }
                if a.raw_equal(&b) != v["raw18"].as_bool().unwrap() {
                    failures.push(format!("{what}: raw_equal {}", a.raw_equal(&b)));
                }
                if a.raw_equal_v1_12(&b) != v["raw12"].as_bool().unwrap() {
                    failures.push(format!("{what}: raw_equal_v1_12 {}", a.raw_equal_v1_12(&b)));
                }
            }
            op => {
                let a = operand(v["a"].as_str().unwrap());
                let got = match op {
                    "neg" => Ok(a.neg()),
                    _ => {
                        let b = operand(v["b"].as_str().unwrap());
                        match op {
                            "add" => a.add(&b),
                            "sub" => a.sub(&b),
                            "mul" => a.mul(&b),
                            "div" => a.div(&b),
                            "mod" => a.rem(&b),
                            _ => panic!("unknown vector kind {op}"),
                        }
                    }
                };
                if let Some(c) = check_result(&v, got) {
                    failures.push(format!("{what}: {c}"));
                }
            }
        }
    }
    assert!(counts.values().sum::<usize>() > 10_000, "vector file looks truncated: {counts:?}");
    if !failures.is_empty() {
        let n = failures.len();
        failures.truncate(40);
        panic!("{n} vectors disagree with Go:\n{}", failures.join("\n"));
    }
}
