//! OpenTofu's lint of module arguments (OpenTofu 1.11 and later): an object
//! attribute written in a module argument that the variable's type does not
//! have is dropped by conversion without a word, so OpenTofu warns "Object
//! attribute is ignored".
//!
//! The lint looks at how the value is written, not at the value: it follows
//! object constructors (into objects and maps), tuple constructors (into
//! lists, sets, and tuples of the same length) and `for` expressions (whose
//! elements are not known yet), together with the variable's type. Keys it
//! cannot work out without evaluating anything are passed over.

use std::ops::Range;

use crate::diag::Capped;
use crate::flavor::Profile;
use crate::hcl::ast::{Expr, ExprKind};
use crate::hcl::parse::{name_suggestion, SpanMap};
use crate::types::Type;

/// One "Object attribute is ignored" warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ignored {
    /// Where the object sits in the value (`tfdiags.FormatCtyPath`), "" at the top.
    pub path: String,
    /// The attribute the type lacks.
    pub name: String,
    /// An attribute of the type whose name is close (OpenTofu's suggestion).
    pub suggestion: Option<String>,
    /// The attribute's name in the value source.
    pub range: Range<usize>,
}

impl Ignored {
    pub const SUMMARY: &'static str = "Object attribute is ignored";

    /// OpenTofu's detail text.
    pub fn detail(&self, var_name: &str) -> String {
        let nested = if self.path.is_empty() { String::new() } else { format!(" nested value {}", self.path) };
        let hint = match &self.suggestion {
            Some(s) => format!(" Did you mean to set attribute {} instead?", crate::render::go_quote(s)),
            None => String::new(),
        };
        format!(
            "The object type for input variable {}{nested} does not include an attribute named {}, so this definition is unused.{hint}",
            crate::render::go_quote(var_name),
            crate::render::go_quote(&self.name)
        )
    }
}

/// The ignored attributes of an HCL value source read as a module argument
/// for a variable of type `ty`, in the order they are written (the first
/// [`crate::diag::MAX_DIAGNOSTICS`] kept, the rest counted).
pub fn ignored_attributes(src: &str, ty: &Type, p: &Profile) -> Capped<Ignored> {
    if !can_ignore_attributes(ty) {
        return Capped::new();
    }
    let Some((expr, map)) = crate::valueparse::hcl_tree(src, p) else {
        return Capped::new();
    };
    let mut out = Capped::new();
    Walk { map, p, out: &mut out }.expr(&expr, ty, &mut String::new());
    out
}

/// The ignored attributes of an expression already parsed out of a
/// configuration file (a `module` block's argument); the ranges are the
/// expression's own (byte offsets in that file).
pub fn ignored_in_expr(expr: &Expr, ty: &Type, p: &Profile) -> Capped<Ignored> {
    let mut out = Capped::new();
    if can_ignore_attributes(ty) {
        Walk { map: SpanMap(0, usize::MAX), p, out: &mut out }.expr(expr, ty, &mut String::new());
    }
    out
}

/// Whether a value of this type can have ignored attributes: whether an
/// object type is anywhere in it.
pub fn can_ignore_attributes(ty: &Type) -> bool {
    match ty {
        Type::Object(_) => true,
        Type::List(e) | Type::Set(e) | Type::Map(e) => can_ignore_attributes(e),
        Type::Tuple(es) => es.iter().any(can_ignore_attributes),
        _ => false,
    }
}

/// A key written more than once in one object constructor
/// (`{ env = "dev", env = "prod" }`): hcl keeps the last, and the earlier
/// values are dropped without a word.
#[derive(Clone, Debug, PartialEq)]
pub struct Duplicate {
    /// The object's place in the value as it is read (attributes and indexes).
    pub path: crate::path::Path,
    /// The key, as a string.
    pub name: String,
    /// An earlier item with that key, from its key to the end of its value.
    pub earlier: Range<usize>,
}

/// The earlier items of keys written more than once in the object
/// constructors of an HCL value source, in the order they are written
/// (all of them: each is a part of the source, so there are fewer than
/// its bytes; the story groups them). Only the values that win are looked
/// into; keys that cannot be worked out without evaluating anything are
/// passed over. One pass: time grows with the source.
pub fn duplicate_keys(src: &str, p: &Profile) -> Vec<Duplicate> {
    let mut out = Vec::new();
    let Some((expr, map)) = crate::valueparse::hcl_tree(src, p) else {
        return out;
    };
    let walk = Walk { map, p, out: &mut Capped::new() };
    duplicates_in(&walk, &expr, &mut Vec::new(), &mut out);
    out
}

fn duplicates_in(walk: &Walk, e: &Expr, path: &mut crate::path::Path, out: &mut Vec<Duplicate>) {
    use crate::path::PathStep;
    match &e.kind {
        ExprKind::Parens(inner) => duplicates_in(walk, inner, path, out),
        ExprKind::Tuple { elems } => {
            for (i, el) in elems.iter().enumerate() {
                path.push(PathStep::Index(crate::number::Number::from_u64(i as u64)));
                duplicates_in(walk, el, path, out);
                path.pop();
            }
        }
        ExprKind::Object { items } => {
            let keys: Vec<Option<String>> = items.iter().map(|(k, _)| walk.key(k)).collect();
            let mut last: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
            for (i, k) in keys.iter().enumerate() {
                if let Some(k) = k {
                    last.insert(k.as_str(), i);
                }
            }
            for (i, ((k, v), name)) in items.iter().zip(&keys).enumerate() {
                let Some(name) = name else { continue };
                if last.get(name.as_str()) != Some(&i) {
                    let r = walk.map.range(k.range().start..v.range().end);
                    out.push(Duplicate { path: path.clone(), name: name.clone(), earlier: r });
                    continue;
                }
                path.push(PathStep::GetAttr(name.clone()));
                duplicates_in(walk, v, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

struct Walk<'w> {
    map: SpanMap,
    p: &'w Profile,
    out: &'w mut Capped<Ignored>,
}

impl Walk<'_> {
    fn expr(&mut self, e: &Expr, ty: &Type, path: &mut String) {
        let len = path.len();
        match (ty, &e.kind) {
            (Type::Object(o), ExprKind::Object { items, .. }) => {
                for (k, v) in items {
                    let Some(name) = self.key(k) else { continue };
                    match o.attrs.get(&name) {
                        None => {
                            let names: Vec<&str> = o.attrs.keys().map(String::as_str).collect();
                            self.out.push(Ignored {
                                path: path.clone(),
                                suggestion: name_suggestion(&name, &names).map(str::to_string),
                                range: self.map.range(k.range()),
                                name,
                            });
                        }
                        Some(aty) => {
                            path.push('.');
                            path.push_str(&name);
                            self.expr(v, aty, path);
                        }
                    }
                    path.truncate(len);
                }
            }
            (Type::Map(ety), ExprKind::Object { items, .. }) => {
                for (k, v) in items {
                    let Some(name) = self.key(k) else { continue };
                    path.push('[');
                    path.push_str(&crate::render::go_quote(&name));
                    path.push(']');
                    self.expr(v, ety, path);
                    path.truncate(len);
                }
            }
            (Type::Map(ety), ExprKind::For(f)) if f.key_expr.is_some() => {
                path.push_str("[(not yet known)]");
                self.expr(&f.val_expr, ety, path);
                path.truncate(len);
            }
            (Type::List(ety) | Type::Set(ety), ExprKind::Tuple { elems, .. }) => {
                for (i, el) in elems.iter().enumerate() {
                    path.push_str(&format!("[{i}]"));
                    self.expr(el, ety, path);
                    path.truncate(len);
                }
            }
            (Type::List(ety) | Type::Set(ety), ExprKind::For(f)) if f.key_expr.is_none() => {
                path.push_str("[(not yet known)]");
                self.expr(&f.val_expr, ety, path);
                path.truncate(len);
            }
            (Type::Tuple(etys), ExprKind::Tuple { elems, .. }) if etys.len() == elems.len() => {
                for (i, (el, ety)) in elems.iter().zip(etys.iter()).enumerate() {
                    path.push_str(&format!("[{i}]"));
                    self.expr(el, ety, path);
                    path.truncate(len);
                }
            }
            _ => {}
        }
    }

    /// An object constructor key evaluated with no context, as a string;
    /// None when that fails, is null or unknown, or is not a string.
    fn key(&self, k: &Expr) -> Option<String> {
        let v = crate::hcl::eval_const(k, self.p).ok()?;
        if !v.is_known() || v.is_null() {
            return None;
        }
        let (v, _) = v.unmark_deep();
        let s = crate::convert::convert(&v, &Type::String, self.p).ok()?;
        s.as_str().map(str::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flavor::Flavor;

    fn lint(ty: &str, src: &str) -> Vec<(String, String, Option<String>, &'static str)> {
        let p = Flavor::lookup("opentofu@1.12").unwrap().profile();
        let tc = crate::typeexpr::parse_variable_type(Some(ty)).unwrap();
        let leaked: &'static str = Box::leak(src.to_string().into_boxed_str());
        ignored_attributes(src, &tc.ty, &p)
            .into_iter()
            .map(|w| (w.path, w.name, w.suggestion, &leaked[w.range]))
            .collect()
    }

    #[test]
    fn an_attribute_the_object_type_lacks_is_reported_with_a_close_name() {
        let got = lint("object({name=string})", "{ name = \"x\", nmae = \"y\" }");
        assert_eq!(got, vec![("".into(), "nmae".into(), Some("name".into()), "nmae")]);
    }

    #[test]
    fn the_lint_follows_constructors_and_for_expressions() {
        let cases: [(&str, &str, &str); 5] = [
            ("list(object({a=number}))", "[{a = 1}, {a = 1, zz = 2}]", "[1]"),
            ("map(object({a=number}))", "{k = {a = 1, ab = 2}}", "[\"k\"]"),
            ("object({o=object({p=string})})", "{o = {p = \"x\", q = \"y\"}}", ".o"),
            ("list(object({a=number}))", "[for i in [1, 2]: {a = i, c = i}]", "[(not yet known)]"),
            ("tuple([object({a=number})])", "[{a = 1, zz = 0}]", "[0]"),
        ];
        for (ty, src, path) in cases {
            let got = lint(ty, src);
            assert_eq!(got.len(), 1, "{ty} {src}");
            assert_eq!(got[0].0, path, "{ty} {src}");
        }
    }

    /// A key written twice in an object constructor is found at its
    /// earlier item, wherever the object is; only the winning values are
    /// looked into, and a key that needs evaluating is passed over.
    #[test]
    fn keys_written_twice_are_found_at_their_earlier_item() {
        let p = Flavor::default_flavor().profile();
        let cases: [(&str, &[(&str, &str, &str)]); 7] = [
            ("{ a = 1, a = 2 }", &[("", "a", "a = 1")]),
            ("{ env = \"dev\", \"env\" = \"prod\", x = 1 }", &[("", "env", "env = \"dev\"")]),
            ("[{ k = 1 }, { k = 1, k = 2, k = 3 }]", &[("[1]", "k", "k = 1"), ("[1]", "k", "k = 2")]),
            ("{ o = { p = 1, p = 2 } }", &[(".o", "p", "p = 1")]),
            ("{ o = { p = 1, p = 2 }, o = {} }", &[("", "o", "o = { p = 1, p = 2 }")]),
            ("{ a = 1, b = 2 }", &[]),
            ("{ (\"a\") = 1, a = 2, (upper(\"a\")) = 3 }", &[("", "a", "(\"a\") = 1")]),
        ];
        for (src, want) in cases {
            let got: Vec<(String, String, &str)> = duplicate_keys(src, &p)
                .into_iter()
                .map(|d| (crate::path::format_path(&d.path), d.name, &src[d.earlier]))
                .collect();
            let want: Vec<(String, String, &str)> =
                want.iter().map(|(a, b, c)| (a.to_string(), b.to_string(), *c)).collect();
            assert_eq!(got, want, "{src}");
        }
    }

    #[test]
    fn values_the_lint_cannot_see_through_give_no_warning() {
        for (ty, src) in [
            ("any", "{name = \"x\", nmae = \"y\"}"),
            ("tuple([object({a=number})])", "[{a = 1, zz = 0}, {}]"),
            ("list(object({a=number}))", "tolist([{a = 1, b = 2}])"),
            ("object({a=number})", "({a = 1, b = 2})"),
        ] {
            assert!(lint(ty, src).is_empty(), "{ty} {src}");
        }
    }
}
