//! Type constraints: what a user writes after `type =` in a `variable` block,
//! read as Terraform's `decodeVariableType` (internal/configs/named_values.go)
//! and hcl v2.24's `ext/typeexpr` (`TypeConstraintWithDefaults`) read it.
//!
//! The source is parsed as Terraform parses it: as the `type` argument of a
//! `variable` block in a configuration file, so comments and newlines inside
//! the type are allowed and syntax errors are hclsyntax's: the text is read
//! by the hclsyntax-following parser of [`crate::hcl`], and its expression tree is walked here with
//! `typeexpr`'s rules. Every diagnostic carries the byte range of the part of
//! the type source it is about, as typeexpr's `Subject` ranges do.

mod pretty;

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use crate::defaults::Defaults;
use crate::diag::{Capped, Diagnostic, Source, SpanTree};
use crate::flavor::Profile;
use crate::hcl::ast::{CallExpr, Expr, ExprKind};
use crate::hcl::parse::{Body, BodyItem, Diags};
use crate::hcl::{eval_const, parse_type_config};
use crate::types::Type;

pub use pretty::pretty;

/// A parsed type constraint.
#[derive(Clone, Debug)]
pub struct TypeConstraint {
    pub ty: Type,
    /// Optional-attribute defaults, if the constraint has any.
    pub defaults: Option<Defaults>,
    /// Where each part of the constraint is in the type source (attribute
    /// names, tuple indexes, "" for collection elements).
    pub spans: SpanTree,
    /// `-var` values are taken literally (as strings) for primitive
    /// constraints and for no constraint at all.
    pub cli_literal: bool,
}

/// The configuration text around the type source: Terraform reads the
/// constraint as `type = ...` inside `variable "v" { ... }`.
const PREFIX: &str = "variable \"v\" {\n  type = ";
const SUFFIX: &str = "\n}\n";

/// How deeply a type source may nest expressions (and blocks): the values
/// parser's limit. Deeper sources get a diagnostic, never a stack overflow.
pub const MAX_DEPTH: u32 = crate::hcl::MAX_DEPTH;

const INVALID_TYPE: &str = "Invalid type specification";

/// Why a type constraint gives no type.
#[derive(Clone, Debug)]
pub enum TypeFailure {
    /// The declaration is invalid: Terraform's diagnostics.
    Invalid(Capped<Diagnostic>),
    /// The flavor's own typeexpr would crash on this source: what it would
    /// print, placed on the part that makes it crash.
    Crash(Diagnostic),
}

/// Parses a variable's `type` argument (`None`: the block has no `type`) as
/// current Terraform does.
pub fn parse_variable_type(src: Option<&str>) -> Result<TypeConstraint, Capped<Diagnostic>> {
    parse_variable_type_in(src, &Profile::default()).map_err(|f| match f {
        TypeFailure::Invalid(d) => d,
        TypeFailure::Crash(d) => Capped::one(d),
    })
}

/// [`parse_variable_type`] as the profile's flavor does it.
pub fn parse_variable_type_in(src: Option<&str>, profile: &Profile) -> Result<TypeConstraint, TypeFailure> {
    let Some(src) = src else {
        return Ok(TypeConstraint { ty: Type::Dynamic, defaults: None, spans: SpanTree::default(), cli_literal: true });
    };
    parsed::remembered(src, profile)
}

/// The type constraints read last, natively: a module's variables repeat
/// a few type sources, and its check tells each variable's story, reading
/// its type again (the page reads one type at a time, and keeps the code
/// small).
#[cfg(not(target_arch = "wasm32"))]
mod parsed {
    use super::*;
    use std::cell::RefCell;

    /// At most this many type sources are kept (then all are forgotten).
    const KEPT: usize = 256;

    type Read = (Result<TypeConstraint, TypeFailure>, u64);

    thread_local! {
        static READ: RefCell<crate::NameMap<(&'static str, String), Read>> = RefCell::default();
    }

    /// [`parse_type_source`]'s answer for `src` in the profile's flavor,
    /// kept: the same answer, and the profile told of the same questions.
    pub(super) fn remembered(src: &str, profile: &Profile) -> Result<TypeConstraint, TypeFailure> {
        let flavor = profile.flavor().name;
        let hit =
            READ.with(|r| r.borrow().get(&(flavor, src.to_string())).map(|(answer, asked)| (answer.clone(), *asked)));
        if let Some((answer, asked)) = hit {
            profile.add_asked(asked);
            return answer;
        }
        let own = profile.flavor().profile();
        let answer = parse_type_source(src, &own);
        profile.add_asked(own.asked_bits());
        READ.with(|r| {
            let mut r = r.borrow_mut();
            if r.len() >= KEPT {
                r.clear();
            }
            r.insert((flavor, src.to_string()), (answer.clone(), own.asked_bits()));
        });
        answer
    }
}

/// The page reads each type source as it comes.
#[cfg(target_arch = "wasm32")]
mod parsed {
    use super::*;

    pub(super) fn remembered(src: &str, profile: &Profile) -> Result<TypeConstraint, TypeFailure> {
        parse_type_source(src, profile)
    }
}

/// [`parse_variable_type_in`] of a type source, read now.
fn parse_type_source(src: &str, profile: &Profile) -> Result<TypeConstraint, TypeFailure> {
    let text = format!("{PREFIX}{src}{SUFFIX}");
    let map = Map { base: PREFIX.len(), len: src.len() };
    let body = parse_type_config(&text, profile).map_err(|d| TypeFailure::Invalid(map.diags(d)))?;
    let expr = type_expression(&body, map).map_err(TypeFailure::Invalid)?;
    let mut reader = Reader { text: &text, map, diags: Capped::new(), profile, crash: None };
    let r = reader.decode_variable_type(expr);
    match reader.crash {
        Some(c) => Err(TypeFailure::Crash(c)),
        None => r.map_err(TypeFailure::Invalid),
    }
}

/// Terraform's `decodeVariableType` of a `type` argument parsed from the
/// configuration file `text` (check mode): diagnostic ranges are byte ranges
/// of `text`.
pub fn decode_variable_type_expr(text: &str, expr: &Expr, profile: &Profile) -> Result<TypeConstraint, TypeFailure> {
    let mut reader = Reader { text, map: Map { base: 0, len: text.len() }, diags: Capped::new(), profile, crash: None };
    let r = reader.decode_variable_type(expr);
    match reader.crash {
        Some(c) => Err(TypeFailure::Crash(c)),
        None => r.map_err(TypeFailure::Invalid),
    }
}

/// Where the type source is in the configuration text around it.
#[derive(Clone, Copy)]
struct Map {
    base: usize,
    len: usize,
}

impl Map {
    /// A range of the configuration text as a range of the source (clamped
    /// to it).
    fn src(self, r: &Range<usize>) -> Range<usize> {
        let f = |x: usize| x.saturating_sub(self.base).min(self.len);
        f(r.start)..f(r.end)
    }

    fn diags(self, ds: Diags) -> Capped<Diagnostic> {
        ds.map(|d| Diagnostic::error(Source::Type, d.summary, d.detail, Some(self.src(&d.range))))
    }
}

/// The one `type` argument of the one `variable` block, or diagnostics for
/// whatever else the source added to the configuration.
fn type_expression(body: &Body, map: Map) -> Result<&Expr, Capped<Diagnostic>> {
    let mut diags = Capped::new();
    let mut found: Option<&Expr> = None;
    let r = |s: &Range<usize>| Some(map.src(s));
    for (i, item) in body.items.iter().enumerate() {
        match item {
            BodyItem::Block(b) if i == 0 => {
                for inner in &b.body.items {
                    match inner {
                        BodyItem::Attr(a) => match (a.name.as_str(), found) {
                            // A repeated `type` is hcl's "Attribute redefined", found while parsing.
                            ("type", None) => found = Some(&a.expr),
                            ("type", Some(_)) => {}
                            (
                                "description" | "default" | "sensitive" | "ephemeral" | "nullable" | "deprecated"
                                | "const",
                                _,
                            ) => diags.push(only_the_type(r(&a.range))),
                            (name, _) => diags.push(Diagnostic::error(
                                Source::Type,
                                "Unsupported argument",
                                format!("An argument named {} is not expected here.", go_quote(name)),
                                r(&a.name_range),
                            )),
                        },
                        BodyItem::Block(ib) => {
                            if ib.kind == "validation" {
                                diags.push(only_the_type(r(&ib.range)));
                            } else {
                                diags.push(Diagnostic::error(
                                    Source::Type,
                                    "Unsupported block type",
                                    format!("Blocks of type {} are not expected here.", go_quote(&ib.kind)),
                                    r(&ib.kind_range),
                                ));
                            }
                        }
                    }
                }
            }
            BodyItem::Block(b) => diags.push(only_the_type(r(&b.range))),
            BodyItem::Attr(a) => diags.push(only_the_type(r(&a.range))),
        }
    }
    match (found, diags.is_empty()) {
        (Some(e), true) => Ok(e),
        (None, true) => Err(Capped::one(Diagnostic::error(
            Source::Type,
            "Missing type constraint",
            "The type source does not contain a type expression.",
            Some(0..map.len),
        ))),
        _ => Err(diags),
    }
}

fn only_the_type(range: Option<Range<usize>>) -> Diagnostic {
    Diagnostic::error(
        Source::Type,
        "Unexpected content after the type constraint",
        "The type editor holds the expression after `type =` only; other arguments and blocks of the variable are not read here.",
        range,
    )
}

fn go_quote(s: &str) -> String {
    crate::render::go_quote(s)
}

/// The start of the legacy quoted-type message, naming the product.
fn legacy_quoted(product: &str) -> String {
    format!("{product} 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of {product}. Remove the quotes around ")
}

/// One `typeexpr` reading of a parsed source.
struct Reader<'a> {
    /// The configuration text the expressions' ranges point into.
    text: &'a str,
    map: Map,
    diags: Capped<Diagnostic>,
    profile: &'a Profile,
    /// Set where the flavor's typeexpr would crash (the first place only:
    /// a crash ends the process).
    crash: Option<Diagnostic>,
}

/// A call as `hcl.ExprCall` sees it.
struct Call<'e> {
    name: &'e str,
    name_range: Range<usize>,
    args_range: Range<usize>,
    args: &'e [Expr],
}

type Reading = (Type, Option<Defaults>, SpanTree);

impl Reader<'_> {
    /// An expression's range in the type source.
    fn range(&self, e: &Expr) -> Range<usize> {
        self.map.src(&e.range())
    }

    fn error(&mut self, subject: Range<usize>, summary: &str, detail: String) {
        self.diags.push(Diagnostic::error(Source::Type, summary, detail, Some(subject)));
    }

    /// `Expression.Value(nil)`: a constant expression's value.
    fn eval(&self, e: &Expr) -> Result<crate::value::Value, Capped<Diagnostic>> {
        eval_const(e, self.profile).map_err(|d| self.map.diags(d))
    }

    /// Terraform's `decodeVariableType`.
    fn decode_variable_type(&mut self, expr: &Expr) -> Result<TypeConstraint, Capped<Diagnostic>> {
        let whole = self.range(expr);
        if is_native_quoted_string(expr) {
            let v = self.eval(expr)?;
            let s = v.as_str().unwrap_or_default().to_string();
            let (summary, detail) = match s.as_str() {
                "string" => ("Invalid quoted type constraints", format!("{}\"string\".", legacy_quoted(self.profile.product_name()))),
                "list" | "map" => (
                    "Invalid quoted type constraints",
                    format!("{}\"{s}\" and write {s}(string) instead to explicitly indicate that the {s} elements are strings.", legacy_quoted(self.profile.product_name())),
                ),
                _ => (
                    "Invalid legacy variable type hint",
                    "To provide a full type expression, remove the surrounding quotes and give the type expression directly.".to_string(),
                ),
            };
            return Err(Capped::one(Diagnostic::error(Source::Type, summary, detail, Some(whole))));
        }

        // The legacy shorthands `list` and `map` mean list(any) / map(any).
        let legacy = match self.keyword(expr) {
            Some("list") => Some(Type::list(Type::Dynamic)),
            Some("map") => Some(Type::map(Type::Dynamic)),
            _ => None,
        };
        if let Some(ty) = legacy {
            return Ok(TypeConstraint { ty, defaults: None, spans: SpanTree::leaf(whole), cli_literal: false });
        }

        let (ty, defaults, spans) = self.get_type(expr);
        if !self.diags.is_empty() {
            return Err(std::mem::take(&mut self.diags));
        }
        Ok(TypeConstraint { cli_literal: ty.is_primitive(), ty, defaults, spans })
    }

    /// `hcl.ExprAsKeyword`: a single bare name (`null`, `true` and `false`
    /// included); nothing in parentheses.
    fn keyword<'e>(&self, expr: &'e Expr) -> Option<&'e str> {
        match &expr.kind {
            ExprKind::Scope(s) if s.steps.is_empty() => Some(&s.root),
            ExprKind::Literal(v) if v.is_null() => Some("null"),
            ExprKind::Literal(v) => v.as_bool().map(|b| if b { "true" } else { "false" }),
            _ => None,
        }
    }

    /// `hcl.ExprCall`: a function call expression, not looking through
    /// parentheses (hclsyntax's parentheses node does not unwrap).
    fn call<'e>(&self, expr: &'e Expr) -> Option<Call<'e>> {
        let ExprKind::Call(c) = &expr.kind else {
            return None;
        };
        let c: &CallExpr = c;
        Some(Call {
            name: &c.name,
            name_range: self.map.src(&c.name_range),
            args_range: self.map.src(&(c.open_range.start..c.close_range.end)),
            args: &c.args,
        })
    }

    /// `typeexpr.getType` with `constraint` and `withDefaults` both true.
    fn get_type(&mut self, expr: &Expr) -> Reading {
        let whole = self.range(expr);
        let fail = |whole: Range<usize>| (Type::Dynamic, None, SpanTree::leaf(whole));

        match self.keyword(expr) {
            Some("bool") => return (Type::Bool, None, SpanTree::leaf(whole)),
            Some("number") => return (Type::Number, None, SpanTree::leaf(whole)),
            Some("string") => return (Type::String, None, SpanTree::leaf(whole)),
            Some("any") => return (Type::Dynamic, None, SpanTree::leaf(whole)),
            Some(kw @ ("list" | "map" | "set")) => {
                self.error(
                    whole.clone(),
                    INVALID_TYPE,
                    format!("The {kw} type constructor requires one argument specifying the element type."),
                );
                return fail(whole);
            }
            Some("object") => {
                self.error(whole.clone(), INVALID_TYPE, "The object type constructor requires one argument specifying the attribute types and values as a map.".into());
                return fail(whole);
            }
            Some("tuple") => {
                self.error(
                    whole.clone(),
                    INVALID_TYPE,
                    "The tuple type constructor requires one argument specifying the element types as a list.".into(),
                );
                return fail(whole);
            }
            Some(kw) => {
                let detail = format!("The keyword {} is not a valid type specification.", go_quote(kw));
                self.error(whole.clone(), INVALID_TYPE, detail);
                return fail(whole);
            }
            None => {}
        }

        let Some(call) = self.call(expr) else {
            self.error(
                whole.clone(),
                INVALID_TYPE,
                "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).".into(),
            );
            return fail(whole);
        };

        match call.name {
            "bool" | "string" | "number" => {
                let detail = format!("Primitive type keyword {} does not expect arguments.", go_quote(call.name));
                self.error(call.args_range, INVALID_TYPE, detail);
                return fail(whole);
            }
            "any" => {
                let detail = format!("Type constraint keyword {} does not expect arguments.", go_quote(call.name));
                self.error(call.args_range, INVALID_TYPE, detail);
                return fail(whole);
            }
            _ => {}
        }

        if call.args.len() != 1 {
            let subject = match call.args {
                [_, second, .., last] => self.range(second).start..self.range(last).end,
                [_, second] => self.range(second),
                _ => call.args_range.clone(),
            };
            let detail = match call.name {
                n @ ("list" | "set" | "map") => Some(format!("The {n} type constructor requires one argument specifying the element type.")),
                "object" => Some("The object type constructor requires one argument specifying the attribute types and values as a map.".to_string()),
                "tuple" => Some("The tuple type constructor requires one argument specifying the element types as a list.".to_string()),
                _ => None,
            };
            if let Some(detail) = detail {
                self.error(subject, INVALID_TYPE, detail);
                return fail(whole);
            }
        }

        match call.name {
            "list" | "set" | "map" => {
                let (ety, edefs, espans) = self.get_type(&call.args[0]);
                let ty = match call.name {
                    "list" => Type::list(ety),
                    "set" => Type::set(ety),
                    _ => Type::map(ety),
                };
                let defaults = edefs.map(|d| Defaults {
                    ty: ty.clone(),
                    values: BTreeMap::new(),
                    written: Vec::new(),
                    children: BTreeMap::from([(String::new(), d)]),
                });
                let spans = SpanTree { range: whole, kids: BTreeMap::from([(String::new(), espans)]) };
                (ty, defaults, spans)
            }
            "object" => self.object_type(whole, &call.args[0]),
            "tuple" => self.tuple_type(whole, &call.args[0]),
            "optional" => {
                let detail =
                    format!("Keyword {} is valid only as a modifier for object type attributes.", go_quote(call.name));
                self.error(call.name_range, INVALID_TYPE, detail);
                fail(whole)
            }
            _ => {
                let detail = format!("Keyword {} is not a valid type constructor.", go_quote(call.name));
                self.error(whole.clone(), INVALID_TYPE, detail);
                fail(whole)
            }
        }
    }

    fn object_type(&mut self, whole: Range<usize>, arg: &Expr) -> Reading {
        let ExprKind::Object { items, .. } = &arg.kind else {
            let subject = self.range(arg);
            self.error(
                subject,
                INVALID_TYPE,
                "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.".into(),
            );
            return (Type::Dynamic, None, SpanTree::leaf(whole));
        };

        let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
        let mut optional: BTreeSet<String> = BTreeSet::new();
        let mut values = BTreeMap::new();
        let mut written: Vec<(String, Range<usize>)> = Vec::new();
        let mut children = BTreeMap::new();
        let mut kids = BTreeMap::new();

        for (key, value) in items {
            let key_range = self.range(key);
            // `hcl.ExprAsKeyword` on an object key: a bare identifier (also
            // `null`, `true`, `false`), as written; never a parenthesised or
            // quoted key, nor a traversal.
            let name = match &key.kind {
                ExprKind::KeywordKey(_) => self.text.get(key.range()),
                ExprKind::ObjectKey { wrapped, force_non_literal: false } => self.keyword(wrapped),
                _ => None,
            };
            let Some(name) = name.map(str::to_string) else {
                self.error(key_range, INVALID_TYPE, "Object constructor map keys must be attribute names.".into());
                continue;
            };
            // hcl before 2.17.1 let a later definition replace an earlier one.
            if attrs.contains_key(&name) && self.profile.object_type_rejects_duplicate_names() {
                self.error(key_range, INVALID_TYPE, "Object constructor map keys must be unique.".into());
                continue;
            }

            let mut aty_expr = value;
            // This definition's default expression (hcl's `defExpr`).
            let mut default_range: Option<Range<usize>> = None;
            if let Some(call) = self.call(value) {
                if call.name == "optional" {
                    if call.args.is_empty() {
                        self.error(
                            call.args_range,
                            INVALID_TYPE,
                            "Optional attribute modifier requires the attribute type as its argument.".into(),
                        );
                        continue;
                    }
                    match call.args.len() {
                        1 => {
                            optional.insert(name.clone());
                        }
                        2 => {
                            default_range = Some(self.range(&call.args[1]));
                            match self.eval(&call.args[1]) {
                                Ok(v) => {
                                    optional.insert(name.clone());
                                    values.insert(name.clone(), v);
                                }
                                Err(d) => self.diags.append(d),
                            }
                        }
                        _ => self.error(
                            call.args_range,
                            INVALID_TYPE,
                            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.".into(),
                        ),
                    }
                    aty_expr = &call.args[0];
                }
            }

            let (aty, adefs, aspans) = self.get_type(aty_expr);

            // The default is converted to the attribute's type. Only with
            // duplicate names can it come from an earlier definition.
            if let Some(dv) = values.remove(&name) {
                match (crate::convert::convert(&dv, &aty, self.profile), default_range.clone()) {
                    (Ok(v), range) => {
                        values.insert(name.clone(), v);
                        written.retain(|(n, _)| *n != name);
                        if let Some(r) = range {
                            written.push((name.clone(), r));
                        }
                    }
                    (Err(e), Some(def_range)) => self.diags.push(Diagnostic::error(
                        Source::Type,
                        "Invalid default value for optional attribute",
                        format!(
                            "This default value is not compatible with the attribute's type constraint: {}.",
                            e.message
                        ),
                        Some(def_range),
                    )),
                    // An earlier definition's default that this one's type
                    // cannot take: typeexpr builds its diagnostic from this
                    // definition's (absent) default expression and crashes.
                    (Err(_), None) => {
                        if self.crash.is_none() {
                            let detail = format!(
                                "panic: runtime error: invalid memory address or nil pointer dereference (hcl {} ext/typeexpr: default value of an earlier duplicate attribute {} does not convert to the later definition's type)",
                                self.profile.hcl_version(),
                                go_quote(&name)
                            );
                            self.crash = Some(Diagnostic::error(
                                Source::Type,
                                "Upstream crash",
                                detail,
                                Some(key_range.clone()),
                            ));
                        }
                    }
                }
            }

            let item_range = key_range.start..self.range(value).end;
            kids.insert(name.clone(), SpanTree { range: item_range, kids: aspans.kids });
            if let Some(d) = adefs {
                children.insert(name.clone(), d);
            }
            attrs.insert(name, aty);
        }

        let ty = Type::object_with_optional(attrs, optional);
        let defaults = (!values.is_empty() || !children.is_empty()).then(|| Defaults {
            ty: ty.clone(),
            values,
            written,
            children,
        });
        (ty, defaults, SpanTree { range: whole, kids })
    }

    fn tuple_type(&mut self, whole: Range<usize>, arg: &Expr) -> Reading {
        let ExprKind::Tuple { elems, .. } = &arg.kind else {
            let subject = self.range(arg);
            self.error(subject, INVALID_TYPE, "Tuple type constructor requires a list of element types.".into());
            return (Type::Dynamic, None, SpanTree::leaf(whole));
        };
        let mut types = Vec::with_capacity(elems.len());
        let mut children = BTreeMap::new();
        let mut kids = BTreeMap::new();
        for (i, e) in elems.iter().enumerate() {
            let (ety, edefs, espans) = self.get_type(e);
            types.push(ety);
            if let Some(d) = edefs {
                children.insert(i.to_string(), d);
            }
            kids.insert(i.to_string(), espans);
        }
        let ty = Type::tuple(types);
        let defaults = (!children.is_empty()).then(|| Defaults {
            ty: ty.clone(),
            values: BTreeMap::new(),
            written: Vec::new(),
            children,
        });
        (ty, defaults, SpanTree { range: whole, kids })
    }
}

/// Terraform's `exprIsNativeQuotedString`: an `hclsyntax.TemplateExpr`,
/// i.e. a quoted string or heredoc that is not a lone `"${...}"`.
fn is_native_quoted_string(expr: &Expr) -> bool {
    matches!(expr.kind, ExprKind::Template(_))
}

#[cfg(test)]
mod tests;
