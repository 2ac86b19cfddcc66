//! Dependencies point down: a module does not use the modules above it.
//!
//! Reading values is layered as hcl's packages are: the value reader
//! (`valueparse`) above the HCL language (`hcl`, as hclsyntax), whose
//! evaluator calls the function library (`funcs`), which reads cty JSON
//! (`json`) and shares the evaluator's budget (`budget`) and conversion
//! (`convert::conv`) from below. [`LAYERS`] names each rule; [`ONE_WAY`]
//! names pairs of files of which at most one may use the other.

use std::path::Path;

#[path = "common/use_paths.rs"]
mod use_paths;
use std::collections::{BTreeMap, BTreeSet};

use use_paths::{absolute, code, named_paths, names};

/// (module file, modules above it that it must not name).
const BELOW: &[(&str, &[&str])] = &[
    // The story sits above the pipeline; the pipeline carries its data only.
    ("pipeline.rs", &["why", "entry"]),
    ("why.rs", &["entry"]),
    ("story.rs", &["why", "pipeline", "entry"]),
    // Go quoting is a leaf that types, sets, paths and messages use.
    ("goprint.rs", &["render", "types", "value", "set", "pipeline"]),
    // The Unicode tables are a leaf: the flavor table, Go quoting, functions,
    // hcl and rendering ask them.
    ("unicode.rs", &["render", "funcs", "hcl", "types", "value", "pipeline", "why", "flavor", "goprint"]),
    ("unicode/print.rs", &["flavor", "goprint"]),
    ("types.rs", &["render", "pipeline", "why"]),
    ("set.rs", &["render", "pipeline", "why"]),
    ("path.rs", &["render", "pipeline", "why"]),
    ("convert/mismatch.rs", &["render", "pipeline", "why"]),
    ("typeexpr/pretty.rs", &["render", "pipeline", "why"]),
];

/// The source without its inline `#[cfg(test)]` module (tests may use
/// anything); a `mod tests;` declaration is a file of its own, left out by
/// [`rust_files`].
fn non_test_source(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(file);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Inline test modules are left out, as rustfmt writes them: from
    // `#[cfg(test)]` + `mod NAME {` up to the `}` that ends it at the line's
    // start, not counting lines inside a raw string (a test's HCL text has
    // such lines). What follows one is source again.
    let mut in_tests = false;
    let mut in_raw = false;
    let mut out = Vec::new();
    let mut lines = src.lines().peekable();
    while let Some(l) = lines.next() {
        if l == "#[cfg(test)]" && lines.peek().is_some_and(|n| n.starts_with("mod ") && n.ends_with(" {")) {
            in_tests = true;
        } else if in_tests {
            if in_raw {
                in_raw = !l.contains("\"#");
            } else if let Some(i) = l.find("r#\"") {
                in_raw = !l[i + 3..].contains("\"#");
            } else {
                in_tests = l != "}";
            }
        } else {
            out.push(l);
        }
    }
    out.join("\n")
}

#[test]
fn modules_do_not_use_the_modules_above_them() {
    let mut bad = Vec::new();
    for (file, above) in BELOW {
        let src = non_test_source(file);
        for m in *above {
            for pat in [format!("crate::{m}::"), format!("crate::{m};"), format!("crate::{{{m},")] {
                if src.contains(&pat) {
                    bad.push(format!("{file} uses {m} ({pat})"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

/// (rule, the files it is about: a file or a directory under `src`, the
/// paths they must not use).
const LAYERS: &[(&str, &str, &[&str])] = &[
    ("the HCL language sits below the value reader and check mode", "hcl", &["crate::valueparse", "crate::module"]),
    (
        "the function library sits below the value reader and the HCL parser and evaluator",
        "funcs",
        &["crate::valueparse", "crate::hcl::eval", "crate::hcl::parse"],
    ),
    (
        "the JSON readers sit below the function library, the evaluator and the value reader",
        "json.rs",
        &["crate::valueparse", "crate::funcs", "crate::hcl::eval", "crate::module"],
    ),
    (
        "the JSON readers sit below the function library, the evaluator and the value reader",
        "json",
        &["crate::valueparse", "crate::funcs", "crate::hcl::eval", "crate::module"],
    ),
    (
        "the evaluation budget sits below the evaluator and the function library",
        "budget.rs",
        &["crate::hcl", "crate::funcs", "crate::valueparse"],
    ),
    ("the check's output forms sit below the editor's help", "module/output", &["crate::assist", "crate::editor"]),
    ("the HCL language sits below the editor's help", "hcl", &["crate::assist", "crate::editor"]),
    ("the function library sits below the editor's help", "funcs", &["crate::assist", "crate::editor"]),
    ("the value reader sits below the editor's help", "valueparse.rs", &["crate::assist", "crate::editor"]),
];

/// The files of `module/` that still use the editor's help (`assist/`). It
/// is empty: the page's Module view, which shows both the check and the
/// editor's help, is `module_view.rs`, above both. This list may only
/// shrink: a file that stops using `assist` leaves it.
const MODULE_FILES_USING_ASSIST: &[&str] = &[];

#[test]
fn the_check_sits_below_the_editors_help() {
    let mut bad = Vec::new();
    for file in rust_files("module") {
        let paths = named_paths(&code(&non_test_source(&file)));
        let uses = names(&paths, "crate::assist") || names(&paths, "crate::editor");
        match (uses, MODULE_FILES_USING_ASSIST.contains(&file.as_str())) {
            (true, false) => bad.push(format!("{file} uses assist (the editor's help sits above the check)")),
            (false, true) => {
                bad.push(format!("{file} no longer uses assist: remove it from MODULE_FILES_USING_ASSIST"))
            }
            _ => {}
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

/// A file and the paths by which it would name the other file of its pair.
type Side = (&'static str, &'static [&'static str]);

/// (rule, two files, the paths by which each names the other): at most one
/// of the two uses the other.
const ONE_WAY: &[(&str, Side, Side)] = &[
    (
        "preparing values and validation rules share only what module/mod.rs holds",
        ("module/validate.rs", &["super::prepare", "crate::module::prepare"]),
        ("module/prepare.rs", &["super::validate", "crate::module::validate"]),
    ),
    (
        "the command line's subcommands share only cli/src/args.rs",
        ("../../cli/src/check.rs", &["crate::cli", "super::cli"]),
        ("../../cli/src/cli.rs", &["crate::check", "super::check"]),
    ),
];

/// Every `.rs` file at `rel` (a file, or a directory searched through),
/// relative to `src`, except test modules (`tests.rs`).
fn rust_files(rel: &str) -> Vec<String> {
    let out = rust_files_at(rel);
    assert!(!out.is_empty(), "no Rust files at src/{rel}");
    out
}

/// [`rust_files`], none where there are none (a folder of tests only).
fn rust_files_at(rel: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut todo = vec![root.join(rel)];
    while let Some(p) = todo.pop() {
        if p.is_dir() {
            let entries = std::fs::read_dir(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            todo.extend(entries.map(|e| e.unwrap().path()));
        } else if p.extension().is_some_and(|x| x == "rs") && p.file_name().is_some_and(|n| n != "tests.rs") {
            // A file of another package (the CLI's) keeps the name it was given.
            out.push(
                p.strip_prefix(&root).map_or_else(|_| rel.to_string(), |r| r.to_string_lossy().replace('\\', "/")),
            );
        }
    }
    out.sort();
    out
}

#[test]
fn paths_are_read_with_their_groups() {
    let src = "use crate::hcl::{eval::Evaluator, parse};\nuse super::super::lex;\nlet x = crate::valueparse::parse_value(s);\nuse crate::{budget, json::{self, JPos}};";
    let got = named_paths(src);
    for want in [
        "crate::hcl::eval",
        "crate::hcl::parse",
        "crate::valueparse",
        "crate::budget",
        "crate::json",
        "super::super::lex",
    ] {
        assert!(names(&got, want), "{want} in {got:?}");
    }
    assert!(!names(&got, "crate::hcl::pos"), "{got:?}");
    assert!(!names(&got, "crate::hc"), "{got:?}");
}

#[test]
fn layers_point_down() {
    let mut bad = Vec::new();
    for (rule, at, forbidden) in LAYERS {
        for file in rust_files(at) {
            let paths = named_paths(&code(&non_test_source(&file)));
            for m in *forbidden {
                if names(&paths, m) {
                    bad.push(format!("{rule}: {file} uses {m}"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn pairs_of_files_use_each_other_one_way() {
    let mut bad = Vec::new();
    for (rule, (a, a_names_b), (b, b_names_a)) in ONE_WAY {
        let uses = |file: &str, other: &[&str]| {
            let paths = named_paths(&code(&non_test_source(file)));
            other.iter().any(|m| names(&paths, m))
        };
        if uses(a, a_names_b) && uses(b, b_names_a) {
            bad.push(format!("{rule}: {a} and {b} use each other"));
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

/// The circles left among `core/src`'s top-level modules, each as its
/// modules in name order. The list may only shrink: a new circle fails
/// [`top_level_modules_use_each_other_only_in_the_known_circles`], and so
/// does a listed circle that is gone (remove it here).
/// - `funcs` -> `json` -> `hcl` -> `funcs`: the evaluator calls the function
///   library, which reads cty JSON, whose reader borrows hcl's positions and
///   name suggestions (file by file the layers point down: see [`LAYERS`]).
/// - `set` <-> `value`: a value holds sets; a set orders and compares values,
///   as go-cty's `cty/set` rules do with `cty.Value`.
const CIRCLES: &[&[&str]] = &[&["funcs", "hcl", "json"], &["set", "value"]];

/// Each top-level module of `core/src` (lib.rs, the crate root, left out)
/// and the other top-level modules its files use, test code left out.
fn top_level_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut tops = BTreeSet::new();
    for e in std::fs::read_dir(&root).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if (p.is_dir() || p.extension().is_some_and(|x| x == "rs")) && name != "lib" {
            tops.insert(name);
        }
    }
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for top in &tops {
        let mut files = Vec::new();
        for at in [format!("{top}.rs"), top.clone()] {
            if root.join(&at).exists() {
                files.extend(rust_files_at(&at));
            }
        }
        for file in files {
            // The file's module: `a/b.rs` and `a/b/mod.rs` are `crate::a::b`.
            let m = file.trim_end_matches(".rs").trim_end_matches("/mod").replace('/', "::");
            for p in named_paths(&code(&non_test_source(&file))) {
                let whole = absolute(&p, &format!("crate::{m}"));
                if let Some(used) = whole.split("::").nth(1).filter(|u| tops.contains(*u) && *u != top) {
                    g.entry(top.clone()).or_default().insert(used.to_string());
                }
            }
        }
    }
    g
}

/// The strongly connected components of `g` with more than one module,
/// each sorted, in name order (Tarjan's algorithm).
fn circles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, m: &'a str) {
        let i = w.index.len();
        w.index.insert(m, i);
        w.low.insert(m, i);
        w.stack.push(m);
        for u in w.g.get(m).into_iter().flatten() {
            let u = u.as_str();
            if !w.index.contains_key(u) {
                visit(w, u);
                let l = w.low[m].min(w.low[u]);
                w.low.insert(m, l);
            } else if w.stack.contains(&u) {
                let l = w.low[m].min(w.index[u]);
                w.low.insert(m, l);
            }
        }
        if w.low[m] == w.index[m] {
            let mut c = Vec::new();
            while let Some(u) = w.stack.pop() {
                c.push(u.to_string());
                if u == m {
                    break;
                }
            }
            if c.len() > 1 {
                c.sort();
                w.out.push(c);
            }
        }
    }
    let mut w = Walk { g, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), out: Vec::new() };
    for m in g.keys() {
        if !w.index.contains_key(m.as_str()) {
            visit(&mut w, m);
        }
    }
    w.out.sort();
    w.out
}

#[test]
fn circles_are_found_in_a_made_up_graph() {
    let g: BTreeMap<String, BTreeSet<String>> =
        [("a", &["b"][..]), ("b", &["c"]), ("c", &["a", "d"]), ("d", &[]), ("e", &["d", "f"]), ("f", &["e"])]
            .into_iter()
            .map(|(m, us)| (m.to_string(), us.iter().map(|u| u.to_string()).collect()))
            .collect();
    assert_eq!(circles(&g), vec![vec!["a", "b", "c"], vec!["e", "f"]]);
}

#[test]
fn top_level_modules_use_each_other_only_in_the_known_circles() {
    let found = circles(&top_level_graph());
    let known: Vec<Vec<String>> = CIRCLES.iter().map(|c| c.iter().map(|m| m.to_string()).collect()).collect();
    assert!(known.len() <= 2, "issue #38: at most two circles among core/src's top-level modules");
    assert_eq!(found, known, "circles among core/src's top-level modules (CIRCLES may only shrink)");
}
