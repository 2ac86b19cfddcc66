//! Expressions evaluated against a scope: what Terraform does with a
//! variable's `validation` condition and error message, and what `tftype
//! batch` answers for `"mode": "expr"` cases.
//!
//! One evaluator serves every use ([`crate::hcl`]'s): a value read as a
//! module argument is an expression evaluated with no scope and only the
//! conversion functions; an expression here gets `var.NAME` bound and the
//! flavor's whole function library ([`crate::funcs`]).
//!
//! # Use
//!
//! ```
//! use tftype::expr::{parse_expression, eval_expression, Pos, Scope};
//! use tftype::flavor::Profile;
//! use tftype::value::Value;
//!
//! let p = Profile::default();
//! let e = parse_expression("upper(var.name) == \"ABC\"", "main.tf", Pos { line: 4, column: 17, byte: 60 }, &p).unwrap();
//! let mut scope = Scope::new();
//! scope.bind_var("name", Value::string("abc"));
//! assert_eq!(scope.not_evaluable(&e, &p), None);
//! let (v, diags) = eval_expression(&e, &scope, &p);
//! assert!(diags.is_empty());
//! assert_eq!(v.as_bool(), Some(true));
//! ```
//!
//! [`parse_expression`] reads the text as `hclsyntax.ParseExpression` does,
//! placed at a starting position in a file (conditions live inside `.tf`
//! files), so diagnostics carry the file's lines, columns and bytes.
//! [`Scope`] binds `var.NAME` to values, known or unknown of a type (an
//! unknown stands for what Terraform's validate walk knows). What tftype
//! does not evaluate (references other than bound variables, offline
//! functions) is found by [`Scope::not_evaluable`] before evaluating.

mod case;

pub use case::evaluate_case;

use std::collections::BTreeMap;

use crate::diag::Severity;
use crate::flavor::Profile;
use crate::funcs::{self, AllFunctions, FuncTable};
use crate::hcl::ast::{Expr, ExprKind};
use crate::hcl::eval::{Evaluator, RangeText};
use crate::hcl::parse::{Diags, RawDiag};
use crate::hcl::pos::PosMap;
use crate::value::{AttrMap, Value};

/// A position as hcl reports it: 1-based line and column (columns count
/// grapheme clusters), 0-based byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
    pub byte: usize,
}

impl Pos {
    /// The start of a file.
    pub const START: Pos = Pos { line: 1, column: 1, byte: 0 };
}

/// A diagnostic's subject.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Subject {
    pub filename: String,
    pub start: Pos,
    pub end: Pos,
}

/// A diagnostic of parsing or evaluating an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprDiagnostic {
    pub severity: Severity,
    pub summary: String,
    pub detail: String,
    pub subject: Option<Subject>,
}

/// A parsed expression and where its text sits in its file.
#[derive(Clone, Debug)]
pub struct ParsedExpr {
    pub expr: Expr,
    src: String,
    filename: String,
    start: Pos,
}

impl ParsedExpr {
    /// An expression already parsed out of a whole file (its ranges are byte
    /// offsets in `file_text`, as the configuration parser gives them), for
    /// conditions read with their `.tf` file.
    pub fn in_file(expr: Expr, file_text: &str, filename: &str) -> ParsedExpr {
        ParsedExpr { expr, src: file_text.to_string(), filename: filename.to_string(), start: Pos::START }
    }

    /// The file position of a byte offset in the expression's text.
    fn pos(&self, map: &PosMap, byte: usize) -> Pos {
        let (l, c) = map.pos(byte);
        Pos {
            line: self.start.line + l - 1,
            column: if l == 1 { self.start.column + c - 1 } else { c },
            byte: self.start.byte + byte.min(self.src.len()),
        }
    }

    fn subject(&self, map: &PosMap, r: &std::ops::Range<usize>) -> Subject {
        Subject { filename: self.filename.clone(), start: self.pos(map, r.start), end: self.pos(map, r.end) }
    }

    fn diagnostics(&self, raw: impl IntoIterator<Item = RawDiag>) -> Vec<ExprDiagnostic> {
        let map = PosMap::new(&self.src);
        raw.into_iter()
            .map(|d| ExprDiagnostic {
                severity: Severity::Error,
                subject: Some(self.subject(&map, &d.range)),
                summary: d.summary,
                detail: d.detail,
            })
            .collect()
    }

    /// `hcl.Range.String()` of a range of the text.
    fn range_string(&self, map: &PosMap, r: &std::ops::Range<usize>) -> String {
        let s = self.subject(map, r);
        crate::hcl::pos::format_range(&s.filename, (s.start.line, s.start.column), (s.end.line, s.end.column))
    }
}

/// Parses `src` as `hclsyntax.ParseExpression` does, the text starting at
/// `start` in the file `filename`; the flavor decides what its hcl parses
/// (namespaced function names from hcl 2.20).
pub fn parse_expression(src: &str, filename: &str, start: Pos, p: &Profile) -> Result<ParsedExpr, Vec<ExprDiagnostic>> {
    let parsed = ParsedExpr {
        expr: Expr::new(ExprKind::AnonSymbol, 0..0),
        src: src.to_string(),
        filename: filename.to_string(),
        start,
    };
    match crate::hcl::parse_standalone(src, filename, p) {
        Ok(expr) => Ok(ParsedExpr { expr, ..parsed }),
        Err(raw) => Err(parsed.diagnostics(raw)),
    }
}

/// What an expression may refer to: `var.NAME` bound to values.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    vars: BTreeMap<String, Value>,
}

impl Scope {
    pub fn new() -> Scope {
        Scope::default()
    }

    /// Binds `var.NAME` (an unknown value of a type stands for a value not
    /// known yet).
    pub fn bind_var(&mut self, name: &str, value: Value) {
        self.vars.insert(name.to_string(), value);
    }

    /// Why tftype does not evaluate `e` in this scope (None: it does): a
    /// reference to something other than a bound variable, a function it
    /// does not evaluate (file system, clock, …), an unknown namespaced
    /// function, or sensitive values through conditional, `for` or splat
    /// expressions (hcl 2.18.1–2.23.0 changed how marks pass through them).
    pub fn not_evaluable(&self, e: &ParsedExpr, p: &Profile) -> Option<String> {
        let mut refs = Vec::new();
        free_references(&e.expr, &mut Vec::new(), &mut refs);
        for (root, attr) in refs {
            match (root.as_str(), attr) {
                ("var", Some(a)) if self.vars.contains_key(&a) => {}
                ("var", Some(a)) => return Some(format!("refers to var.{a}, which the case does not declare")),
                (r, Some(a)) => return Some(format!("refers to {r}.{a}, which cannot be known offline")),
                (r, None) => return Some(format!("refers to {r}, which cannot be known offline")),
            }
        }
        let mut marked = self.vars.values().any(Value::has_sensitive_deep);
        let mut why = None;
        e.expr.walk(&mut |x| {
            let ExprKind::Call(c) = &x.kind else { return };
            if why.is_some() {
                return;
            }
            if let Some(r) = funcs::offline_reason(&c.name, p) {
                why = Some(format!("calls {}() ({r})", c.name));
            } else if c.name.contains("::")
                && funcs::lookup(&c.name, p).is_none()
                && !AllFunctions.is_try_or_can(&c.name, p)
            {
                why = Some(format!(
                    "calls {}(), an unknown namespaced function (product-specific diagnostics, not reproduced here)",
                    c.name
                ));
            } else if c.name == "sensitive" || c.name == "core::sensitive" {
                marked = true;
            }
        });
        if why.is_some() {
            return why;
        }
        if marked {
            let mut found = false;
            e.expr.walk(&mut |x| {
                found |= matches!(x.kind, ExprKind::Conditional { .. } | ExprKind::For(_) | ExprKind::Splat { .. });
            });
            if found {
                return Some("sensitive values through conditional, for or splat expressions (hcl 2.18.1-2.23.0 changed their marks; not reproduced)".into());
            }
        }
        None
    }
}

/// The references of `e` not bound by an enclosing `for` expression, in
/// hcl's order: (root name, first attribute name).
fn free_references(e: &Expr, locals: &mut Vec<String>, out: &mut Vec<(String, Option<String>)>) {
    match &e.kind {
        ExprKind::Scope(s) => {
            let (root, steps) = (&s.root, &s.steps);
            if !locals.contains(root) {
                let attr = match steps.first() {
                    Some(crate::hcl::ast::Step::Attr { name, .. }) => Some(name.clone()),
                    _ => None,
                };
                out.push((root.clone(), attr));
            }
        }
        ExprKind::For(f) => {
            free_references(&f.coll, locals, out);
            let n = locals.len();
            locals.extend(f.key_var.iter().cloned());
            locals.push(f.val_var.clone());
            for x in f.key_expr.iter().chain([&f.val_expr]).chain(f.cond.iter()) {
                free_references(x, locals, out);
            }
            locals.truncate(n);
        }
        k => {
            for c in k.children() {
                free_references(c, locals, out);
            }
        }
    }
}

/// Evaluates `e` with the variables of `scope` and the flavor's functions:
/// the value (unknown where evaluation failed) and hcl's diagnostics, in
/// hcl's order.
pub fn eval_expression(e: &ParsedExpr, scope: &Scope, p: &Profile) -> (Value, Vec<ExprDiagnostic>) {
    let map = PosMap::new_as(&e.src, p.unicode_of(&e.src));
    let vars: AttrMap = scope.vars.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    let (v, diags) = eval_raw(&e.expr, vars, Box::new(|r| e.range_string(&map, r)), p);
    (v, e.diagnostics(diags))
}

/// The evaluation every use shares: `e` (ranges in its file's bytes) with
/// `var` bound to `vars` and the flavor's whole function library; the
/// diagnostics with byte ranges. `range_text` prints a range as hcl's
/// `Range.String()` does (`try` lists its failures' places).
pub(crate) fn eval_raw(e: &Expr, vars: AttrMap, range_text: RangeText<'_>, p: &Profile) -> (Value, Diags) {
    let early = crate::hcl::eval::provider_call_diags(e, p);
    if !early.is_empty() {
        return (Value::unknown(crate::types::Type::Dynamic), early.into());
    }
    let mut ev = Evaluator::with_functions(Some(&AllFunctions), p);
    ev.range_text = Some(range_text);
    ev.bind_root("var", Value::object(vars));
    let v = ev.eval(e);
    (v, std::mem::take(&mut ev.diags))
}
