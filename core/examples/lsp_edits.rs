//! The language server's work per edit of a value file, without the server
//! (a profiling aid for callgrind or perf): the module of
//! `scripts/bench-lsp` (1,000 variables, half with a rule, 10 value files),
//! one value file open, its `v1` changed EDITS times, each edit checked as
//! the server checks it (`editor::diagnostics` with the notes on the open
//! file, work kept between checks).
//!
//! `cargo run -q --release --example lsp_edits [FILE] [EDITS] [same]` (FILE: f00 ...
//! f09, default f09, whose values win; EDITS default 30; a third argument
//! `same`: each new value as long as the old one). Prints the median
//! time per edit.
use std::collections::BTreeMap;
use std::time::Instant;

use tftype::editor;
use tftype::flavor::Flavor;
use tftype::i18n::Lang;
use tftype::module::{CheckInput, CheckOptions};

type Value = fn(usize, usize) -> String;

const TYPES: [(&str, Value); 6] = [
    ("string", |i, f| format!("\"value-{i}-{f}\"")),
    ("number", |i, f| (i * 7 + f).to_string()),
    ("bool", |i, f| if (i + f) % 2 == 1 { "true".into() } else { "false".into() }),
    ("list(string)", |i, f| format!("[\"a{i}\", \"b{f}\", \"c\"]")),
    ("map(number)", |i, f| format!("{{ x = {i}, y = {f} }}")),
    ("object({ name = string, port = optional(number, 80), tags = optional(map(string), {}) })", |i, f| {
        format!("{{ name = \"svc{i}\", port = \"{}\" }}", 8000 + f)
    }),
];

fn module(n: usize) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut vars = String::new();
    for i in 0..n {
        let (ty, val) = TYPES[i % TYPES.len()];
        vars += &format!("variable \"v{i}\" {{\n  type        = {ty}\n  description = \"variable {i}\"\n");
        if i % 3 == 0 {
            vars += &format!("  default     = {}\n", val(i, 0));
        }
        if i % 2 == 0 {
            let cond = match ty {
                "string" => format!("can(regex(\"^value-\", var.v{i})) && length(var.v{i}) < 64"),
                "number" => format!("var.v{i} >= 0 && floor(var.v{i}) == var.v{i}"),
                "bool" => format!("contains([true, false], var.v{i})"),
                "list(string)" => format!("alltrue([for s in var.v{i} : length(s) > 0])"),
                "map(number)" => format!("alltrue([for k, v in var.v{i} : v >= 0])"),
                _ => format!("var.v{i}.port > 0 && try(length(var.v{i}.tags), 0) <= 10"),
            };
            vars += &format!(
                "  validation {{\n    condition     = {cond}\n    error_message = \"v{i} is not valid.\"\n  }}\n"
            );
        }
        vars += "}\n\n";
    }
    files.insert("variables.tf".to_string(), vars);
    for f in 0..10 {
        let mut t = String::new();
        for i in 0..n {
            t += &format!("v{i} = {}\n", TYPES[i % TYPES.len()].1(i, f));
        }
        files.insert(format!("f{f:02}.auto.tfvars"), t);
    }
    files
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let edit = args.get(1).cloned().unwrap_or_else(|| "f09".into());
    let edits: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(30);
    // "same": each new value as long as the old one (no later value moves).
    let same = args.get(3).is_some_and(|s| s == "same");
    let name = format!("{edit}.auto.tfvars");
    let files = module(1000);
    let text = files[&name].clone();
    let f: usize = edit[1..].parse().unwrap_or(9);
    let v1 = format!("v1 = {}\n", 7 + f);
    assert!(text.contains(&v1));
    tftype::module::kept::keep_variables();
    tftype::valueparse::kept::set_scope("bench");
    let p = Flavor::default_flavor().profile();
    let mut extras = editor::Extras { notes_on: [name.clone()].into(), ..Default::default() };
    let options = CheckOptions { module_calls: true, role: None };
    let mut input = CheckInput { files, ..Default::default() };
    let t = Instant::now();
    let first = editor::diagnostics(&input, &[], &[], &p, options.clone(), Lang::En, &mut extras);
    tftype::valueparse::kept::end_round();
    println!("first check: {:.1} ms, {} files", t.elapsed().as_secs_f64() * 1e3, first.len());
    let mut times = Vec::new();
    for k in 0..edits {
        input.files.insert(
            name.clone(),
            text.replacen(&v1, &format!("v1 = {}\n", if same { 20 + k % 70 } else { 100 + k }), 1),
        );
        let t = Instant::now();
        let d = editor::diagnostics(&input, &[], &[], &p, options.clone(), Lang::En, &mut extras);
        tftype::valueparse::kept::end_round();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(d);
    }
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        println!("edit of {name}: median {:.2} ms over {edits} edits", times[times.len() / 2]);
    }
}
