//! How the layering tests read which modules a Rust source uses: the paths
//! it names from `crate::` or `super::`, with use groups spelled out,
//! comments left out. One reader for core's, the CLI's and the page's
//! layering tests (`core/tests/layering.rs`, `cli/tests/layering.rs`,
//! `web/tests/layering.rs`; the last two include this file by its path).

#![allow(dead_code)] // each test uses its part

/// The source without its comments (a doc comment may name any module).
pub fn code(src: &str) -> String {
    src.lines().map(|l| l.find("//").map_or(l, |i| &l[..i])).collect::<Vec<_>>().join("\n")
}

/// The paths a source names from `crate::` or `super::`, as written, with
/// use groups spelled out: `use crate::hcl::{eval::Evaluator, parse};`
/// names `crate::hcl::eval::Evaluator` and `crate::hcl::parse`;
/// `super::super::lex` is read from its first `super::`.
pub fn named_paths(src: &str) -> Vec<String> {
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

/// `path`, named in module `module` (`crate::lsp::state`), from the crate's
/// root: `crate::…` stays, each `super` goes one module up (never above
/// `crate`): `super::uri::path_uri` there is `crate::lsp::uri::path_uri`.
pub fn absolute(path: &str, module: &str) -> String {
    let mut parts: Vec<&str> = module.split("::").collect();
    let mut rest = path;
    if let Some(r) = rest.strip_prefix("crate::") {
        parts.truncate(1);
        rest = r;
    } else {
        loop {
            let (up, r) = match rest.strip_prefix("super::") {
                Some(r) => (true, r),
                None if rest == "super" => (true, ""),
                None => (false, rest),
            };
            if !up {
                break;
            }
            if parts.len() > 1 {
                parts.pop();
            }
            rest = r;
        }
    }
    parts.extend(rest.split("::").filter(|s| !s.is_empty()));
    parts.join("::")
}

/// Whether `paths` name `module` or anything in it.
pub fn names(paths: &[String], module: &str) -> bool {
    paths.iter().any(|p| p == module || p.strip_prefix(module).is_some_and(|rest| rest.starts_with("::")))
}
