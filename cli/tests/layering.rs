//! The command line's modules point down: the subcommands (`cli.rs`) sit
//! above the language server (`lsp/`) and `tftype check` (`check.rs`), which
//! sit above what they share (`args.rs`, `wasi.rs`, the crate root). Inside
//! the server, the framing, the URIs and the conversion to the protocol sit
//! below its state, handlers, checks and loop; the worker (the checks on a
//! thread of their own) below its handlers, state, rounds and loop.
//! [`BELOW`] names each rule, [`LEAVES`] the server's files that name no
//! other part of it but each other.
//! (Core's rules are `core/tests/layering.rs`.)

use std::path::Path;

#[path = "../../core/tests/common/use_paths.rs"]
mod use_paths;
use use_paths::{absolute, names};

/// (rule, the files it is about: a file or a directory under `cli/src`, the
/// modules they must not use).
const BELOW: &[(&str, &str, &[&str])] = &[
    ("the language server sits below the command line", "lsp", &["crate::cli"]),
    ("tftype check sits below the command line and the language server", "check.rs", &["crate::cli", "crate::lsp"]),
    ("the arguments the subcommands share sit below them", "args.rs", &["crate::cli", "crate::check", "crate::lsp"]),
    (
        "the command line on WebAssembly sits below the subcommands",
        "wasi.rs",
        &["crate::cli", "crate::check", "crate::lsp"],
    ),
];

/// (rule, a module, the files below it that may name no part of it but
/// each other: their module names).
const LEAVES: &[(&str, &str, &[&str])] = &[
    (
        "the server's framing, URIs and conversion to the protocol use none of its state, handlers, checks or loop",
        "crate::lsp",
        &["framing", "uri", "to_proto"],
    ),
    (
        "the server's worker takes plain inputs and gives core's answers: it uses none of its handlers, state, rounds or loop",
        "crate::lsp",
        &["worker", "uri", "to_proto"],
    ),
];

/// The source of `cli/src/<file>` without its inline `#[cfg(test)]` module
/// (tests may use anything; as rustfmt writes it, up to the `}` that ends
/// it at the line's start) and without comments (a doc comment may name any
/// module).
fn code(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(file);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut in_tests = false;
    let mut out = Vec::new();
    let mut lines = src.lines().peekable();
    while let Some(l) = lines.next() {
        if l == "#[cfg(test)]" && lines.peek() == Some(&"mod tests {") {
            in_tests = true;
        } else if in_tests {
            in_tests = l != "}";
        } else {
            out.push(l.find("//").map_or(l, |i| &l[..i]));
        }
    }
    out.join("\n")
}

/// Every `.rs` file at `rel` (a file, or a directory searched through),
/// relative to `cli/src`, except test modules (`tests.rs`).
fn rust_files(rel: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut todo = vec![root.join(rel)];
    while let Some(p) = todo.pop() {
        if p.is_dir() {
            let entries = std::fs::read_dir(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            todo.extend(entries.map(|e| e.unwrap().path()));
        } else if p.extension().is_some_and(|x| x == "rs") && p.file_name().is_some_and(|n| n != "tests.rs") {
            out.push(p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
    assert!(!out.is_empty(), "no Rust files at cli/src/{rel}");
    out.sort();
    out
}

/// The module a file under `cli/src` is: `lsp/uri.rs` is `crate::lsp::uri`,
/// `lsp/mod.rs` is `crate::lsp`, `lib.rs` is `crate`.
fn module_of(file: &str) -> String {
    let mut parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    if matches!(parts.last(), Some(&"mod") | Some(&"lib")) {
        parts.pop();
    }
    std::iter::once("crate").chain(parts).collect::<Vec<_>>().join("::")
}

/// The paths a source of module `module` names from `crate::` or `super::`,
/// each from the crate's root (`super::uri::path_uri` in `crate::lsp::state`
/// is `crate::lsp::uri::path_uri`), with use groups spelled out
/// (`use crate::{check, lsp::run};` names `crate::check` and
/// `crate::lsp::run`).
fn named_paths(src: &str, module: &str) -> Vec<String> {
    use_paths::named_paths(src).iter().map(|p| absolute(p, module)).collect()
}

#[test]
fn paths_are_read_from_the_root_with_their_groups() {
    let src = "use crate::{check, lsp::{run, uri}};\nuse super::framing::send;\nlet x = super::super::cli::main();\nlet y = crate::STACK;\nsupers::x();";
    let got = named_paths(src, "crate::lsp::state");
    for want in
        ["crate::check", "crate::lsp::run", "crate::lsp::uri", "crate::lsp::framing", "crate::cli", "crate::STACK"]
    {
        assert!(names(&got, want), "{want} in {got:?}");
    }
    for not in ["crate::lsp::state", "crate::ch", "crate::x", "crate::lsp::x"] {
        assert!(!names(&got, not), "{not} in {got:?}");
    }
    assert_eq!(named_paths("use super::cli;", "crate::lsp"), ["crate::cli"]);
    assert_eq!(module_of("lsp/mod.rs"), "crate::lsp");
    assert_eq!(module_of("lsp/to_proto.rs"), "crate::lsp::to_proto");
    assert_eq!(module_of("check.rs"), "crate::check");
}

#[test]
fn modules_do_not_use_the_modules_above_them() {
    let mut bad = Vec::new();
    for (rule, at, above) in BELOW {
        for file in rust_files(at) {
            let paths = named_paths(&code(&file), &module_of(&file));
            for m in *above {
                if names(&paths, m) {
                    bad.push(format!("{rule}: {file} uses {m}"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_servers_leaves_use_no_other_part_of_it() {
    let mut bad = Vec::new();
    for (rule, parent, leaves) in LEAVES {
        for leaf in *leaves {
            let module = format!("{parent}::{leaf}");
            let file = format!("{}.rs", module.strip_prefix("crate::").unwrap().replace("::", "/"));
            for p in named_paths(&code(&file), &module) {
                let Some(rest) = p.strip_prefix(&format!("{parent}::")).or((p == *parent).then_some("")) else {
                    continue;
                };
                let first = rest.split("::").next().unwrap_or("");
                if !leaves.contains(&first) {
                    bad.push(format!("{rule}: {file} uses {p}"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
