//! Every form `writeback` gives, read back the way Terraform reads it, gives
//! exactly the answer the original value gets: over every accepted case of
//! the whole conformance corpus, for the value as given and converted.
//!
//! Reading back is done here, apart from the writer: `.tfvars`, module and
//! variable blocks are cut at their attributes,
//! `.tfvars.json` with serde_json (its raw text), and the shells' quoting
//! is undone as bash and PowerShell undo it.
#![allow(clippy::disallowed_methods)] // tests read JSON either way (clippy.toml)

use std::collections::BTreeMap;
use std::path::Path;

use tftype::writeback::{self, EmitKind, Refusal};
use tftype::{evaluate, Request, Response, ValueFormat};

const FILES: [&str; 5] = ["docs", "upstream_tests", "gen_public", "flavors", "regressions"];

fn cases() -> Vec<(String, Request)> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance"));
    let mut out = Vec::new();
    for f in FILES {
        let text = std::fs::read_to_string(dir.join(format!("{f}.jsonl"))).unwrap();
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let j: serde_json::Value = serde_json::from_str(line).unwrap();
            let id = format!("{f}:{}", j.get("id").map(|v| v.to_string()).unwrap_or_else(|| i.to_string()));
            match serde_json::from_value::<Request>(j) {
                Ok(r) => out.push((id, r)),
                Err(_) => continue,
            }
        }
    }
    // Bidi controls and zero-width characters, which every form writes as escapes.
    for (i, (ty, value)) in [
        ("string", "\"a\\u202eb$c'd\\u200b\""),
        ("map(string)", "{ \"k\\u2066\" = \"x\\u200fy\" }"),
        ("list(string)", "[\"\\ufeff\\\"q\\\"\"]"),
    ]
    .into_iter()
    .enumerate()
    {
        out.push((format!("invisible:{i}"), Request::new(Some(ty), value)));
    }
    out
}

/// What must not change: the result and its type, JSON and sensitive parts.
fn answer(r: &Response) -> (bool, Option<String>, Option<String>, Option<String>, Vec<String>) {
    (r.ok, r.console.clone(), r.type_string.clone(), r.json.clone(), r.sensitive_paths.clone())
}

/// The value of attribute `name` in HCL body text as `terraform fmt` lays it
/// out (`name = VALUE`, `=` aligned), indented by `indent` spaces; the value
/// runs to the next attribute at that indentation or to the body's end.
/// (hcl-edit, which could find the ranges, holds numbers as f64 and refuses
/// the long ones the corpus has.)
fn attr_text<'a>(src: &'a str, indent: usize, name: &str) -> Option<&'a str> {
    let pad = " ".repeat(indent);
    let mut at = 0;
    let mut start = None;
    for line in src.split_inclusive('\n') {
        if let Some(s) = start {
            let is_attr = line.starts_with(&pad)
                && line[indent..].starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '"');
            let ends_body = line.trim_end() == "}" && line.len() - line.trim_start().len() + 2 == indent;
            if (is_attr && line[indent..].contains(" = ")) || ends_body {
                return Some(src[s..at].trim_end_matches('\n'));
            }
        } else if let Some(rest) = line.strip_prefix(&format!("{pad}{name}")) {
            let eq = rest.find("= ").filter(|&i| rest[..i].trim().is_empty());
            if let Some(i) = eq {
                start = Some(at + pad.len() + name.len() + i + 2);
            }
        }
        at += line.len();
    }
    start.map(|s| src[s..].trim_end_matches('\n'))
}

/// The request Terraform would see, read back from an emitted form.
fn read_back(kind: EmitKind, text: &str, orig: &Request) -> Request {
    let name = orig.var_name.as_str();
    let mut req = Request { value_format: kind.reads_as(), ..orig.clone() };
    match kind {
        EmitKind::Tfvars => req.value = attr_text(text, 0, name).expect("NAME =").to_string(),
        EmitKind::ModuleArg => {
            assert!(text.starts_with("module \"example\" {\n") && text.ends_with("\n}\n"), "{text}");
            req.value = attr_text(text, 2, name).expect("NAME =").to_string();
        }
        EmitKind::VariableBlock => {
            assert!(text.starts_with(&format!("variable \"{name}\" {{\n")) && text.ends_with("\n}\n"), "{text}");
            req.value = attr_text(text, 2, "default").expect("default").to_string();
            req.type_src = attr_text(text, 2, "type").map(|t| t.to_string());
            req.nullable = attr_text(text, 2, "nullable") == Some("true");
            req.sensitive = attr_text(text, 2, "sensitive") == Some("true");
        }
        EmitKind::TfvarsJson => {
            let file: BTreeMap<String, Box<serde_json::value::RawValue>> = serde_json::from_str(text).unwrap();
            req.value = file[name].get().to_string();
        }
        EmitKind::VarBash => {
            let words = bash_words(text);
            assert_eq!(words[0], "-var", "{text}");
            req.value = words[1].strip_prefix(&format!("{name}=")).expect("NAME=").to_string();
        }
        EmitKind::EnvBash => {
            let words = bash_words(text);
            let assignment = if words[0] == "export" { &words[1] } else { &words[0] };
            req.value = assignment.strip_prefix(&format!("TF_VAR_{name}=")).expect("TF_VAR_NAME=").to_string();
        }
        EmitKind::VarPowershell => {
            let rest = text.strip_prefix("-var ").expect("-var");
            req.value = powershell_string(rest).strip_prefix(&format!("{name}=")).expect("NAME=").to_string();
        }
        EmitKind::EnvPowershell => {
            let (target, rest) = text.split_once(" = ").expect("assignment");
            assert!(target == format!("$env:TF_VAR_{name}") || target == format!("${{env:TF_VAR_{name}}}"), "{text}");
            req.value = powershell_string(rest);
        }
    }
    req
}

/// Words as a POSIX shell splits and unquotes them (single quotes,
/// backslash outside quotes, double quotes with their four escapes).
fn bash_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur: Option<String> = None;
    let mut cs = text.chars().peekable();
    while let Some(c) = cs.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if let Some(w) = cur.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = cur.get_or_insert_with(String::new);
                for c in cs.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    w.push(c);
                }
            }
            '\\' => {
                let w = cur.get_or_insert_with(String::new);
                if let Some(n) = cs.next() {
                    if n != '\n' {
                        w.push(n);
                    }
                }
            }
            '"' => {
                let w = cur.get_or_insert_with(String::new);
                while let Some(c) = cs.next() {
                    match c {
                        '"' => break,
                        '\\' if matches!(cs.peek(), Some('$' | '`' | '"' | '\\')) => w.push(cs.next().unwrap()),
                        '$' | '`' => panic!("expansion in double quotes: {text}"),
                        c => w.push(c),
                    }
                }
            }
            // ANSI-C quoting, as the forms write it: only `\uXXXX`.
            '$' if cs.peek() == Some(&'\'') => {
                cs.next();
                let w = cur.get_or_insert_with(String::new);
                while let Some(c) = cs.next() {
                    match c {
                        '\'' => break,
                        '\\' => {
                            assert_eq!(cs.next(), Some('u'), "only \\u escapes in $'…': {text}");
                            let hex: String = cs.by_ref().take(4).collect();
                            w.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                        }
                        c => w.push(c),
                    }
                }
            }
            '$' | '`' | '!' | '*' | '?' | '[' | '~' | '{' | ';' | '&' | '|' | '<' | '>' | '(' | ')' | '#'
                if cur.is_none() || c == '$' || c == '`' =>
            {
                panic!("unquoted shell character {c:?} in {text}")
            }
            c => cur.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(w) = cur.take() {
        words.push(w);
    }
    words
}

/// A PowerShell single-quoted string (the whole of `text`): any of its five
/// quote characters opens and closes it; two in a row stand for one.
fn powershell_string(text: &str) -> String {
    const Q: [char; 5] = ['\'', '\u{2018}', '\u{2019}', '\u{201A}', '\u{201B}'];
    const DQ: [char; 4] = ['"', '\u{201C}', '\u{201D}', '\u{201E}'];
    if text.starts_with(DQ) {
        // Double-quoted, as the forms write it: backtick escapes, `u{X}, no expansion.
        let mut cs = text.chars().skip(1);
        let mut out = String::new();
        while let Some(c) = cs.next() {
            match c {
                '`' => match cs.next() {
                    Some('u') => {
                        assert_eq!(cs.next(), Some('{'), "{text}");
                        let hex: String = cs.by_ref().take_while(|&c| c != '}').collect();
                        out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                    }
                    Some(c) => out.push(c),
                    None => panic!("{text}"),
                },
                '$' => panic!("expansion in double quotes: {text}"),
                c if DQ.contains(&c) => {
                    assert!(cs.next().is_none(), "text after the closing quote: {text}");
                    return out;
                }
                c => out.push(c),
            }
        }
        panic!("unterminated: {text}")
    }
    let mut cs = text.chars().peekable();
    assert!(cs.next().is_some_and(|c| Q.contains(&c)), "{text}");
    let mut out = String::new();
    while let Some(c) = cs.next() {
        if Q.contains(&c) {
            if cs.peek().is_some_and(|n| Q.contains(n)) {
                out.push(cs.next().unwrap());
                continue;
            }
            assert!(cs.next().is_none(), "text after the closing quote: {text}");
            return out;
        }
        out.push(c);
    }
    panic!("unterminated: {text}")
}

#[test]
fn every_emitted_form_reads_back_to_the_same_answer() {
    let mut offered: BTreeMap<(&str, bool), usize> = BTreeMap::new();
    let mut refused: BTreeMap<(&str, bool, String), usize> = BTreeMap::new();
    let mut failures = Vec::new();
    // Refused because no way of writing it was found that reads back the
    // same (rather than for a known reason, such as a function call).
    let mut differs = Vec::new();
    let mut accepted = 0;
    for (id, req) in cases() {
        let orig = evaluate(&req);
        if !orig.ok {
            continue;
        }
        accepted += 1;
        for converted in [false, true] {
            for kind in EmitKind::ALL {
                match writeback::emit(&req, kind, converted) {
                    Ok(e) => {
                        *offered.entry((kind.name(), converted)).or_default() += 1;
                        let back = read_back(kind, &e.text, &req);
                        let got = evaluate(&back);
                        if answer(&got) != answer(&orig) {
                            failures.push(format!(
                                "{id} {} converted={converted}\n{}\n=> {:?}\nwant {:?}",
                                kind.name(),
                                e.text,
                                answer(&got),
                                answer(&orig)
                            ));
                        }
                    }
                    Err(r) => {
                        let why = match &r {
                            Refusal::NeedsFunction { func, .. } => format!("needs {func}"),
                            Refusal::LiteralOnly { .. } => "literal -var".into(),
                            Refusal::ReadsDifferently { .. } => {
                                differs.push(format!("{id} {} converted={converted}", kind.name()));
                                "reads differently".into()
                            }
                            other => format!("{other:?}").chars().take(30).collect(),
                        };
                        *refused.entry((kind.name(), converted, why)).or_default() += 1;
                    }
                }
            }
        }
    }
    eprintln!("{accepted} accepted cases");
    for ((k, c), n) in &offered {
        eprintln!("offered  {k:<15} converted={c:<5} {n}");
    }
    for ((k, c, why), n) in &refused {
        eprintln!("refused  {k:<15} converted={c:<5} {n:>5}  {why}");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n\n")
    );
    // Known: converted values of Terraform < 1.11 / OpenTofu < 1.10 whose
    // empty or null maps keep optional-attribute markers in their JSON type
    // (go-cty < 1.16.0): converting them again does not give the markers back.
    assert!(differs.len() <= 3, "refused for no known reason:\n{}", differs.join("\n"));
    // A module argument takes every value as given.
    assert!(offered[&("module-arg", false)] == accepted);
}

#[test]
fn a_format_switch_and_back_gives_the_same_answer() {
    let formats = [ValueFormat::Hcl, ValueFormat::Tfvars, ValueFormat::Json, ValueFormat::Cli];
    let mut switched = 0;
    for (id, req) in cases().into_iter().step_by(3) {
        let orig = evaluate(&req);
        for to in formats {
            let Ok(text) = writeback::reformat(&req, to).map(|r| r.text) else { continue };
            let there = Request { value: text.clone(), value_format: to, ..req.clone() };
            let r = evaluate(&there);
            assert_eq!(answer(&r), answer(&orig), "{id} to {to:?}:\n{text}");
            let back = writeback::reformat(&there, req.value_format)
                .unwrap_or_else(|e| panic!("{id} back from {to:?}: {}", e.message()))
                .text;
            let r2 = evaluate(&Request { value: back, ..req.clone() });
            assert_eq!(answer(&r2), answer(&orig), "{id} back from {to:?}");
            switched += 1;
        }
    }
    assert!(switched > 1000, "{switched}");
}
