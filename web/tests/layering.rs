//! The page's modules are layered (issue #38 item 7): the frame (`app`,
//! with the link, `share`) above the two views, the one-variable view
//! (`single`) and the Module view (`module`), which do not use each other;
//! below them the engine's side (`engine`), and `shared` at the bottom, which
//! uses neither view. [`RULES`] names each rule; and no module uses, through
//! others, a module that uses it (no circle). Test modules count too: a
//! circle through a test still ties two files together.
//!
//! Paths are read from the sources as `core/tests/layering.rs` reads
//! them: `crate::…` and `super::…`, use groups spelled out, comments left
//! out. The rules are checked on a made-up tree too, so that a rule or the
//! circle check that cannot fail shows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// (rule, the modules it is about: a module and everything in it, the
/// modules they must not use, each with everything in it).
const RULES: &[(&str, &str, &[&str])] = &[
    ("the one-variable view does not use the Module view", "single", &["module"]),
    ("the Module view does not use the one-variable view", "module", &["single"]),
    ("the views sit below the page's frame and its link", "single", &["app", "share"]),
    ("the views sit below the page's frame and its link", "module", &["app", "share"]),
    ("the engine's side sits below both views and the frame", "engine", &["single", "module", "app", "share"]),
    ("shared sits below everything else", "shared", &["single", "module", "app", "share", "engine"]),
];

/// The crate's roots: they declare the modules (`root.rs`, included by
/// `lib.rs` and by the page's `main.rs`) or are another crate (the Module
/// view's `module_main.rs`, which uses the lib from outside).
const ROOTS: &[&str] = &["lib.rs", "main.rs", "root.rs", "module_main.rs"];

/// Every module of the crate: its name (`single::view`) and its source.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut todo = vec![root.clone()];
    while let Some(p) = todo.pop() {
        if p.is_dir() {
            let entries = std::fs::read_dir(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            todo.extend(entries.map(|e| e.unwrap().path()));
            continue;
        }
        let rel = p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        if !rel.ends_with(".rs") || ROOTS.contains(&rel.as_str()) {
            continue;
        }
        let name = rel.trim_end_matches(".rs").trim_end_matches("/mod").replace('/', "::");
        let src = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        out.insert(name, src);
    }
    assert!(out.len() > 20, "too few modules found under {}: {:?}", root.display(), out.keys());
    out
}

/// The paths a source names from `crate::` or `super::`, with use groups
/// spelled out: `use crate::shared::{cm, page::Mode};` names
/// `crate::shared::cm` and `crate::shared::page::Mode`.
fn named_paths(src: &str) -> Vec<String> {
    fn ident(b: &[u8], mut i: usize) -> usize {
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        i
    }
    fn skip_ws(b: &[u8], mut i: usize) -> usize {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    }
    /// Reads a path (or a group) at `i` after `prefix`; returns where it ends.
    fn tree(b: &[u8], mut i: usize, prefix: String, out: &mut Vec<String>) -> usize {
        let mut path = prefix;
        loop {
            i = skip_ws(b, i);
            if b.get(i) == Some(&b'{') {
                i += 1;
                loop {
                    i = skip_ws(b, i);
                    match b.get(i) {
                        None => return i,
                        Some(b'}') => return i + 1,
                        Some(b',') => i += 1,
                        _ => {
                            let before = i;
                            i = tree(b, i, path.clone(), out);
                            if i == before {
                                i += 1;
                            }
                        }
                    }
                }
            }
            let end = ident(b, i);
            if end == i {
                out.push(path.trim_end_matches("::").to_string());
                return i;
            }
            if !path.ends_with("::") {
                path.push_str("::");
            }
            path.push_str(std::str::from_utf8(&b[i..end]).unwrap());
            i = end;
            if b[i..].starts_with(b"::") {
                i += 2;
            } else {
                out.push(path);
                return i;
            }
        }
    }
    let b = src.as_bytes();
    let mut out = Vec::new();
    for root in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(at) = src[from..].find(root) {
            let start = from + at;
            // `super::super::x` is read from its first `super::`.
            let whole_word =
                start == 0 || !(b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'_' || b[start - 1] == b':');
            from = start + root.len();
            if whole_word {
                from = tree(b, from, root.to_string(), &mut out);
            }
        }
    }
    out
}

/// The source without its comments (a doc comment may name any module).
fn code(src: &str) -> String {
    src.lines().map(|l| l.find("//").map_or(l, |i| &l[..i])).collect::<Vec<_>>().join("\n")
}

/// The module that `path`, named in module `from`, is in: the longest
/// known module that the path (made absolute) starts with. `super::` is
/// `from`'s parent (a `mod.rs` is its folder's module).
fn resolve(path: &str, from: &str, known: &BTreeSet<String>) -> Option<String> {
    let mut here: Vec<&str> = from.split("::").collect();
    let mut rest = path;
    if let Some(r) = rest.strip_prefix("crate::") {
        here.clear();
        rest = r;
    } else {
        while let Some(r) = rest.strip_prefix("super::") {
            here.pop();
            rest = r;
        }
        // `super::*` and the like name the parent itself.
        if rest == "super" {
            here.pop();
            rest = "";
        }
    }
    let mut parts: Vec<&str> = here;
    parts.extend(rest.split("::").filter(|s| !s.is_empty()));
    (1..=parts.len()).rev().map(|n| parts[..n].join("::")).find(|m| known.contains(m))
}

/// Each module and the other modules it uses (its parents left out: a
/// module's parent only declares it).
fn graph(mods: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let known: BTreeSet<String> = mods.keys().cloned().collect();
    mods.iter()
        .map(|(name, src)| {
            let uses = named_paths(&code(src))
                .iter()
                .filter_map(|p| resolve(p, name, &known))
                .filter(|m| m != name && !name.starts_with(&format!("{m}::")))
                .collect();
            (name.clone(), uses)
        })
        .collect()
}

/// Whether module `m` is `top` or inside it.
fn within(m: &str, top: &str) -> bool {
    m == top || m.starts_with(&format!("{top}::"))
}

/// What breaks [`RULES`] in `g`.
fn broken_rules(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut bad = Vec::new();
    for (rule, at, forbidden) in RULES {
        for (m, uses) in g.iter().filter(|(m, _)| within(m, at)) {
            for u in uses.iter().filter(|u| forbidden.iter().any(|f| within(u, f))) {
                bad.push(format!("{rule}: {m} uses {u}"));
            }
        }
    }
    bad
}

/// A circle of `g` (its modules in order, the first again at the end), if there is one.
fn circle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    /// 0: not seen, 1: on the path, 2: done.
    fn visit<'a>(
        m: &'a str,
        g: &'a BTreeMap<String, BTreeSet<String>>,
        mark: &mut BTreeMap<&'a str, u8>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match mark.get(m).copied().unwrap_or(0) {
            2 => return None,
            1 => {
                let from = path.iter().position(|p| *p == m).unwrap();
                let mut c: Vec<String> = path[from..].iter().map(|s| s.to_string()).collect();
                c.push(m.to_string());
                return Some(c);
            }
            _ => {}
        }
        mark.insert(m, 1);
        path.push(m);
        for u in g.get(m).into_iter().flatten() {
            if let Some(c) = visit(u, g, mark, path) {
                return Some(c);
            }
        }
        path.pop();
        mark.insert(m, 2);
        None
    }
    let mut mark = BTreeMap::new();
    g.keys().find_map(|m| visit(m, g, &mut mark, &mut Vec::new()))
}

#[test]
fn the_views_and_shared_keep_to_their_layers() {
    let bad = broken_rules(&graph(&modules()));
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn no_module_uses_itself_through_others() {
    let g = graph(&modules());
    assert_eq!(circle(&g), None, "a circle of modules");
}

/// The checks above on a made-up tree: each rule and the circle check
/// report what they are about (a check that cannot fail proves nothing).
#[test]
fn a_tree_that_breaks_the_rules_is_reported() {
    let tree: BTreeMap<String, String> = [
        ("app", "use crate::single::view::SingleView;"),
        ("share", ""),
        ("engine", "use crate::shared::{page, outcome::clip};"),
        ("shared", ""),
        ("shared::outcome", "// crate::single::model is named in a comment only"),
        ("shared::page", "use crate::module::host; // shared uses a view"),
        ("single", ""),
        ("single::view", "use super::outcome::from; use crate::module::{model::Doc};"),
        ("single::outcome", "use crate::engine::Evaluation;"),
        ("module", ""),
        ("module::host", "fn f() { crate::app::x(); }"),
        ("module::model", "use super::host;"),
    ]
    .into_iter()
    .map(|(m, s)| (m.to_string(), s.to_string()))
    .collect();
    let g = graph(&tree);
    assert_eq!(g["single::view"], BTreeSet::from(["single::outcome".to_string(), "module::model".to_string()]));
    assert_eq!(g["engine"], BTreeSet::from(["shared::page".to_string(), "shared::outcome".to_string()]));
    assert!(g["shared::outcome"].is_empty(), "comments name nothing: {:?}", g["shared::outcome"]);
    let bad = broken_rules(&g);
    for want in [
        "the one-variable view does not use the Module view: single::view uses module::model",
        "the views sit below the page's frame and its link: module::host uses app",
        "shared sits below everything else: shared::page uses module::host",
    ] {
        assert!(bad.iter().any(|b| b == want), "{want} missing from {bad:#?}");
    }
    assert_eq!(bad.len(), 3, "{bad:#?}");
    // The host using the frame closes a circle through the frame's use of the view.
    let expected: Vec<String> =
        ["app", "single::view", "module::model", "module::host", "app"].map(String::from).to_vec();
    assert_eq!(circle(&g), Some(expected));
    let mut tree = tree;
    tree.insert("module::host".into(), String::new());
    assert_eq!(circle(&graph(&tree)), None);
    // The host using the model ties the two.
    tree.insert("module::host".into(), "use crate::module::model::examples;".into());
    assert_eq!(circle(&graph(&tree)).map(|c| c.len()), Some(3), "host -> model -> host");
}
