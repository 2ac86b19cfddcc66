//! Type constraints: what a user writes after `type =` in a `variable` block,
//! read as Terraform's `decodeVariableType` (internal/configs/named_values.go)
//! and hcl v2.24's `ext/typeexpr` (`TypeConstraintWithDefaults`) read it.
//!
//! The source is parsed as Terraform parses it: as the `type` argument of a
//! `variable` block in a configuration file, so comments and newlines inside
//! the type are allowed and syntax errors are hclsyntax's (see
//! [`crate::hclsrc`]). Every diagnostic carries the byte range of the part
//! of the type source it is about, as typeexpr's `Subject` ranges do.

mod consteval;
mod pretty;

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use hcl::edit::expr::{Expression, FuncCall, ObjectKey};
use hcl::edit::structure::Structure;
use hcl::edit::Span;

use crate::defaults::Defaults;
use crate::diag::{Diagnostic, Source, SpanTree};
use crate::hclsrc::{self, Parsed};
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

/// How deep and how wide a type source may be (see [`hclsrc::Limits`]).
pub const LIMITS: hclsrc::Limits = hclsrc::DEFAULT_LIMITS;

const INVALID_TYPE: &str = "Invalid type specification";

/// Parses a variable's `type` argument (`None`: the block has no `type`).
pub fn parse_variable_type(src: Option<&str>) -> Result<TypeConstraint, Vec<Diagnostic>> {
    let Some(src) = src else {
        return Ok(TypeConstraint {
            ty: Type::Dynamic,
            defaults: None,
            spans: SpanTree::default(),
            cli_literal: true,
        });
    };
    let parsed = hclsrc::parse_wrapped(src, PREFIX, SUFFIX, "main.tf", Source::Type, LIMITS)?;
    let expr = type_expression(&parsed)?;
    Reader::new(&parsed).decode_variable_type(expr)
}

/// The one `type` argument of the one `variable` block, or diagnostics for
/// whatever else the source added to the configuration.
fn type_expression(p: &Parsed) -> Result<&Expression, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut found: Option<&Expression> = None;
    let r = |s: Option<Range<usize>>| s.map(|s| p.to_src(s));
    for (i, st) in p.body.iter().enumerate() {
        match st {
            Structure::Block(b) if i == 0 => {
                for inner in b.body.iter() {
                    match inner {
                        Structure::Attribute(a) => {
                            let name = a.key.value().as_str();
                            match (name, found) {
                                ("type", None) => found = Some(&a.value),
                                ("type", Some(_)) => diags.push(Diagnostic::error(
                                    Source::Type,
                                    "Attribute redefined",
                                    "The argument \"type\" was already set at main.tf:2,3-7. Each argument may be set only once.",
                                    r(a.key.span()),
                                )),
                                ("description" | "default" | "sensitive" | "ephemeral" | "nullable" | "deprecated" | "const", _) => diags.push(only_the_type(r(a.span()))),
                                _ => diags.push(Diagnostic::error(
                                    Source::Type,
                                    "Unsupported argument",
                                    format!("An argument named {} is not expected here.", go_quote(name)),
                                    r(a.key.span()),
                                )),
                            }
                        }
                        Structure::Block(ib) => {
                            let name = ib.ident.value().as_str();
                            if name == "validation" {
                                diags.push(only_the_type(r(ib.span())));
                            } else {
                                diags.push(Diagnostic::error(
                                    Source::Type,
                                    "Unsupported block type",
                                    format!(
                                        "Blocks of type {} are not expected here.",
                                        go_quote(name)
                                    ),
                                    r(ib.ident.span()),
                                ));
                            }
                        }
                    }
                }
            }
            _ => diags.push(only_the_type(r(st.span()))),
        }
    }
    match (found, diags.is_empty()) {
        (Some(e), true) => Ok(e),
        (None, true) => Err(vec![Diagnostic::error(
            Source::Type,
            "Missing type constraint",
            "The type source does not contain a type expression.",
            Some(0..p.len),
        )]),
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

const LEGACY_QUOTED: &str = "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around ";

/// One `typeexpr` reading of a parsed source.
struct Reader<'a> {
    p: &'a Parsed,
    diags: Vec<Diagnostic>,
}

/// A call as `hcl.ExprCall` sees it.
struct Call<'e> {
    name: String,
    name_range: Range<usize>,
    args_range: Range<usize>,
    args: Vec<&'e Expression>,
}

impl<'a> Reader<'a> {
    fn new(p: &'a Parsed) -> Self {
        Reader {
            p,
            diags: Vec::new(),
        }
    }

    /// A span of the parsed text as a range of the type source.
    fn range(&self, span: Option<Range<usize>>) -> Range<usize> {
        self.p.to_src(span.unwrap_or(0..0))
    }

    fn error(&mut self, subject: Range<usize>, summary: &str, detail: String) {
        self.diags.push(Diagnostic::error(
            Source::Type,
            summary,
            detail,
            Some(subject),
        ));
    }

    /// Terraform's `decodeVariableType`.
    fn decode_variable_type(
        mut self,
        expr: &Expression,
    ) -> Result<TypeConstraint, Vec<Diagnostic>> {
        let whole = self.range(expr.span());
        if is_native_quoted_string(expr) {
            let v = consteval::Eval { p: self.p }.eval(expr)?;
            let s = v.as_str().unwrap_or_default().to_string();
            let (summary, detail) = match s.as_str() {
                "string" => ("Invalid quoted type constraints", format!("{LEGACY_QUOTED}\"string\".")),
                "list" | "map" => (
                    "Invalid quoted type constraints",
                    format!("{LEGACY_QUOTED}\"{s}\" and write {s}(string) instead to explicitly indicate that the {s} elements are strings."),
                ),
                _ => (
                    "Invalid legacy variable type hint",
                    "To provide a full type expression, remove the surrounding quotes and give the type expression directly.".to_string(),
                ),
            };
            return Err(vec![Diagnostic::error(
                Source::Type,
                summary,
                detail,
                Some(whole),
            )]);
        }

        // The legacy shorthands `list` and `map` mean list(any) / map(any).
        let legacy = match keyword(expr).as_deref() {
            Some("list") => Some(Type::list(Type::Dynamic)),
            Some("map") => Some(Type::map(Type::Dynamic)),
            _ => None,
        };
        if let Some(ty) = legacy {
            return Ok(TypeConstraint {
                ty,
                defaults: None,
                spans: SpanTree::leaf(whole),
                cli_literal: false,
            });
        }

        let (ty, defaults, spans) = self.get_type(expr);
        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        Ok(TypeConstraint {
            cli_literal: ty.is_primitive(),
            ty,
            defaults,
            spans,
        })
    }

    /// An optional attribute's default: `Expression.Value(nil)`.
    ///
    /// TO BE SWITCHED to the values module's full evaluator once it is on
    /// main (checked with a trial merge: the corpus agrees with it):
    /// `crate::valueparse::eval_const_expr(e, &self.p.original, 0)` with each
    /// diagnostic's range mapped through `self.p.to_src`.
    fn eval_default(&self, e: &Expression) -> Result<crate::value::Value, Vec<Diagnostic>> {
        consteval::Eval { p: self.p }.eval(e)
    }

    /// `hcl.ExprCall`: a function call expression, not looking through
    /// parentheses (hclsyntax's parentheses node does not unwrap).
    fn call<'e>(&self, expr: &'e Expression) -> Option<Call<'e>> {
        let Expression::FuncCall(fc) = expr else {
            return None;
        };
        Some(self.call_parts(fc))
    }

    fn call_parts<'e>(&self, fc: &'e FuncCall) -> Call<'e> {
        let whole = fc.span().unwrap_or(0..0);
        let mut name: Vec<&str> = fc
            .name
            .namespace
            .iter()
            .map(|i| i.value().as_str())
            .collect();
        name.push(fc.name.name.value().as_str());
        let name_end = fc.name.name.span().map_or(whole.start, |s| s.end);
        let open = hclsrc::skip_trivia(&self.p.text, name_end).min(whole.end);
        Call {
            name: name.join("::"),
            name_range: self.p.to_src(whole.start..name_end),
            args_range: self.p.to_src(open..whole.end),
            args: fc.args.iter().collect(),
        }
    }

    /// `typeexpr.getType` with `constraint` and `withDefaults` both true.
    fn get_type(&mut self, expr: &Expression) -> (Type, Option<Defaults>, SpanTree) {
        let whole = self.range(expr.span());
        let fail = |whole: Range<usize>| (Type::Dynamic, None, SpanTree::leaf(whole));

        match keyword(expr).as_deref() {
            Some("bool") => return (Type::Bool, None, SpanTree::leaf(whole)),
            Some("number") => return (Type::Number, None, SpanTree::leaf(whole)),
            Some("string") => return (Type::String, None, SpanTree::leaf(whole)),
            Some("any") => return (Type::Dynamic, None, SpanTree::leaf(whole)),
            Some(kw @ ("list" | "map" | "set")) => {
                self.error(whole.clone(), INVALID_TYPE, format!("The {kw} type constructor requires one argument specifying the element type."));
                return fail(whole);
            }
            Some("object") => {
                self.error(whole.clone(), INVALID_TYPE, "The object type constructor requires one argument specifying the attribute types and values as a map.".into());
                return fail(whole);
            }
            Some("tuple") => {
                self.error(whole.clone(), INVALID_TYPE, "The tuple type constructor requires one argument specifying the element types as a list.".into());
                return fail(whole);
            }
            Some(kw) => {
                self.error(
                    whole.clone(),
                    INVALID_TYPE,
                    format!(
                        "The keyword {} is not a valid type specification.",
                        go_quote(kw)
                    ),
                );
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

        match call.name.as_str() {
            "bool" | "string" | "number" => {
                self.error(
                    call.args_range.clone(),
                    INVALID_TYPE,
                    format!(
                        "Primitive type keyword {} does not expect arguments.",
                        go_quote(&call.name)
                    ),
                );
                return fail(whole);
            }
            "any" => {
                self.error(
                    call.args_range.clone(),
                    INVALID_TYPE,
                    format!(
                        "Type constraint keyword {} does not expect arguments.",
                        go_quote(&call.name)
                    ),
                );
                return fail(whole);
            }
            _ => {}
        }

        if call.args.len() != 1 {
            let subject = if call.args.len() > 1 {
                let first = self.range(call.args[1].span());
                let last = self.range(call.args[call.args.len() - 1].span());
                first.start..last.end
            } else {
                call.args_range.clone()
            };
            let detail = match call.name.as_str() {
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

        match call.name.as_str() {
            "list" | "set" | "map" => {
                let (ety, edefs, espans) = self.get_type(call.args[0]);
                let ty = match call.name.as_str() {
                    "list" => Type::list(ety),
                    "set" => Type::set(ety),
                    _ => Type::map(ety),
                };
                let defaults = edefs.map(|d| Defaults {
                    ty: ty.clone(),
                    values: BTreeMap::new(),
                    children: BTreeMap::from([(String::new(), d)]),
                });
                (
                    ty,
                    defaults,
                    SpanTree {
                        range: whole,
                        kids: BTreeMap::from([(String::new(), espans)]),
                    },
                )
            }
            "object" => self.object_type(expr, call.args[0]),
            "tuple" => self.tuple_type(expr, call.args[0]),
            "optional" => {
                self.error(
                    call.name_range.clone(),
                    INVALID_TYPE,
                    format!(
                        "Keyword {} is valid only as a modifier for object type attributes.",
                        go_quote(&call.name)
                    ),
                );
                fail(whole)
            }
            _ => {
                self.error(
                    whole.clone(),
                    INVALID_TYPE,
                    format!(
                        "Keyword {} is not a valid type constructor.",
                        go_quote(&call.name)
                    ),
                );
                fail(whole)
            }
        }
    }

    fn object_type(
        &mut self,
        whole_expr: &Expression,
        arg: &Expression,
    ) -> (Type, Option<Defaults>, SpanTree) {
        let whole = self.range(whole_expr.span());
        let Expression::Object(obj) = arg else {
            let subject = self.range(arg.span());
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
        let mut children = BTreeMap::new();
        let mut kids = BTreeMap::new();

        for (key, value) in obj.iter() {
            let key_span = match key {
                ObjectKey::Ident(i) => i.span(),
                ObjectKey::Expression(e) => e.span(),
            };
            let key_range = self.range(key_span.clone());
            // `hcl.ExprAsKeyword` on an object key: a bare identifier (also
            // `null`, `true`, `false`); never a parenthesised or quoted key.
            let original = self.p.original_at(key_span.unwrap_or(0..0));
            if !hclsrc::is_identifier(original) {
                self.error(
                    key_range,
                    INVALID_TYPE,
                    "Object constructor map keys must be attribute names.".into(),
                );
                continue;
            }
            let name = original.to_string();
            if attrs.contains_key(&name) {
                self.error(
                    key_range,
                    INVALID_TYPE,
                    "Object constructor map keys must be unique.".into(),
                );
                continue;
            }

            let mut aty_expr = value.expr();
            let mut default: Option<(crate::value::Value, Range<usize>)> = None;
            if let Some(call) = self.call(aty_expr) {
                if call.name == "optional" {
                    if call.args.is_empty() {
                        self.error(call.args_range.clone(), INVALID_TYPE, "Optional attribute modifier requires the attribute type as its argument.".into());
                        continue;
                    }
                    match call.args.len() {
                        1 => {
                            optional.insert(name.clone());
                        }
                        2 => {
                            let def_range = self.range(call.args[1].span());
                            match self.eval_default(call.args[1]) {
                                Ok(v) => {
                                    optional.insert(name.clone());
                                    default = Some((v, def_range));
                                }
                                Err(d) => self.diags.extend(d),
                            }
                        }
                        _ => self.error(
                            call.args_range.clone(),
                            INVALID_TYPE,
                            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.".into(),
                        ),
                    }
                    aty_expr = call.args[0];
                }
            }

            let (aty, adefs, aspans) = self.get_type(aty_expr);

            if let Some((dv, def_range)) = default {
                match crate::convert::convert(&dv, &aty) {
                    Ok(v) => {
                        values.insert(name.clone(), v);
                    }
                    Err(e) => self.diags.push(Diagnostic::error(
                        Source::Type,
                        "Invalid default value for optional attribute",
                        format!("This default value is not compatible with the attribute's type constraint: {}.", e.message),
                        Some(def_range),
                    )),
                }
            }

            let item_range = key_range.start..self.range(value.expr().span()).end;
            kids.insert(
                name.clone(),
                SpanTree {
                    range: item_range,
                    kids: aspans.kids,
                },
            );
            if let Some(d) = adefs {
                children.insert(name.clone(), d);
            }
            attrs.insert(name, aty);
        }

        let ty = Type::object_with_optional(attrs, optional);
        let defaults = (!values.is_empty() || !children.is_empty()).then(|| Defaults {
            ty: ty.clone(),
            values,
            children,
        });
        (ty, defaults, SpanTree { range: whole, kids })
    }

    fn tuple_type(
        &mut self,
        whole_expr: &Expression,
        arg: &Expression,
    ) -> (Type, Option<Defaults>, SpanTree) {
        let whole = self.range(whole_expr.span());
        let Expression::Array(arr) = arg else {
            let subject = self.range(arg.span());
            self.error(
                subject,
                INVALID_TYPE,
                "Tuple type constructor requires a list of element types.".into(),
            );
            return (Type::Dynamic, None, SpanTree::leaf(whole));
        };
        let mut elems = Vec::new();
        let mut children = BTreeMap::new();
        let mut kids = BTreeMap::new();
        for (i, e) in arr.iter().enumerate() {
            let (ety, edefs, espans) = self.get_type(e);
            elems.push(ety);
            if let Some(d) = edefs {
                children.insert(i.to_string(), d);
            }
            kids.insert(i.to_string(), espans);
        }
        let ty = Type::tuple(elems);
        let defaults = (!children.is_empty()).then(|| Defaults {
            ty: ty.clone(),
            values: BTreeMap::new(),
            children,
        });
        (ty, defaults, SpanTree { range: whole, kids })
    }
}

/// `hcl.ExprAsKeyword`: a single bare name (`null`, `true` and `false`
/// included); nothing in parentheses.
fn keyword(expr: &Expression) -> Option<String> {
    match expr {
        Expression::Variable(v) => Some(v.value().as_str().to_string()),
        Expression::Null(_) => Some("null".into()),
        Expression::Bool(b) => Some(if *b.value() { "true" } else { "false" }.into()),
        _ => None,
    }
}

/// Terraform's `exprIsNativeQuotedString`: an `hclsyntax.TemplateExpr`,
/// i.e. a quoted string or heredoc that is not a lone `"${...}"`.
fn is_native_quoted_string(expr: &Expression) -> bool {
    match expr {
        Expression::String(_) | Expression::HeredocTemplate(_) => true,
        Expression::StringTemplate(t) => {
            !(t.len() == 1
                && matches!(
                    t.iter().next(),
                    Some(hcl::edit::template::Element::Interpolation(_))
                ))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests;
