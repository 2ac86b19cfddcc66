//! A small evaluator for the default values of `optional(T, default)`:
//! hclsyntax's `Expression.Value(nil)` restricted to constant literals.
//!
//! TO BE REPLACED by `crate::valueparse::eval_const_expr` (the full HCL
//! evaluator of the values module) once it exists: this one knows literals,
//! tuples, objects, templates of constants, `-` and `!`, and says so
//! for anything else (operators, conditionals, `for`, indexing).

use std::ops::Range;

use hcl::edit::expr::{Expression, ObjectKey, TraversalOperator, UnaryOperator};
use hcl::edit::template::{Element, Template};
use hcl::edit::Span;

use crate::diag::{Diagnostic, Source};
use crate::hclsrc::Parsed;
use crate::number::Number;
use crate::types::Type;
use crate::value::{Kind, Value};

pub(super) struct Eval<'a> {
    pub p: &'a Parsed,
}

type R = Result<Value, Vec<Diagnostic>>;

impl Eval<'_> {
    fn range(&self, span: Option<Range<usize>>) -> Option<Range<usize>> {
        span.map(|r| self.p.to_src(r))
    }

    fn err(&self, span: Option<Range<usize>>, summary: &str, detail: &str) -> Vec<Diagnostic> {
        vec![Diagnostic::error(
            Source::Type,
            summary,
            detail,
            self.range(span),
        )]
    }

    fn unsupported(&self, span: Option<Range<usize>>) -> Vec<Diagnostic> {
        self.err(
            span,
            "Unsupported expression",
            "tftype cannot evaluate this kind of expression in a default value yet; write the value as a literal (numbers, strings, bools, null, [...] and {...}).",
        )
    }

    pub fn eval(&self, e: &Expression) -> R {
        match e {
            Expression::Null(_) => Ok(Value::null(Type::Dynamic)),
            Expression::Bool(b) => Ok(Value::bool(*b.value())),
            Expression::Number(n) => {
                let text = self.p.original_at(n.span().unwrap_or(0..0));
                let (neg, digits) = match text.strip_prefix('-') {
                    Some(rest) => (true, rest.trim_start()),
                    None => (false, text),
                };
                match Number::parse_literal(digits) {
                    Ok(v) => Ok(Value::number(if neg { v.neg() } else { v })),
                    Err(_) => Err(self.err(
                        n.span(),
                        "Invalid number literal",
                        "Failed to recognize the value of this number literal.",
                    )),
                }
            }
            Expression::String(s) => Ok(Value::string(s.value())),
            Expression::StringTemplate(t) => self.template(t, e.span()),
            Expression::HeredocTemplate(h) => self.template(&h.template, e.span()),
            Expression::Array(a) => {
                let mut elems = Vec::new();
                let mut diags = Vec::new();
                for x in a.iter() {
                    match self.eval(x) {
                        Ok(v) => elems.push(v),
                        Err(d) => diags.extend(d),
                    }
                }
                if diags.is_empty() {
                    Ok(Value::tuple(elems))
                } else {
                    Err(diags)
                }
            }
            Expression::Object(o) => {
                let mut attrs = crate::value::AttrMap::new();
                let mut diags = Vec::new();
                for (k, v) in o.iter() {
                    let key = self.key(k);
                    let val = self.eval(v.expr());
                    match (key, val) {
                        (Ok(k), Ok(v)) => {
                            attrs.insert(k, v);
                        }
                        (k, v) => {
                            diags.extend(k.err().unwrap_or_default());
                            diags.extend(v.err().unwrap_or_default());
                        }
                    }
                }
                if diags.is_empty() {
                    Ok(Value::object(attrs))
                } else {
                    Err(diags)
                }
            }
            Expression::Parenthesis(p) => self.eval(p.inner()),
            Expression::Variable(v) => Err(self.err(
                v.span(),
                "Variables not allowed",
                "Variables may not be used here.",
            )),
            Expression::FuncCall(f) => Err(self.err(
                f.span(),
                "Function calls not allowed",
                "Functions may not be called here.",
            )),
            Expression::Traversal(t) => {
                if let Expression::Variable(v) = &t.expr {
                    if t.operators.iter().all(|o| {
                        matches!(
                            o.value(),
                            TraversalOperator::GetAttr(_)
                                | TraversalOperator::LegacyIndex(_)
                                | TraversalOperator::Index(
                                    Expression::Number(_) | Expression::String(_)
                                )
                        )
                    }) {
                        return Err(self.err(
                            v.span(),
                            "Variables not allowed",
                            "Variables may not be used here.",
                        ));
                    }
                }
                Err(self.unsupported(e.span()))
            }
            Expression::UnaryOp(u) => {
                let v = self.eval(&u.expr)?;
                match (u.operator.value(), &v.kind) {
                    (UnaryOperator::Neg, Kind::Number(n)) => Ok(Value::number(n.neg())),
                    (UnaryOperator::Not, Kind::Bool(b)) => Ok(Value::bool(!b)),
                    _ => Err(self.unsupported(e.span())),
                }
            }
            _ => Err(self.unsupported(e.span())),
        }
    }

    /// An object key: a bare name is the name itself; anything else is
    /// evaluated and must be a string (numbers and bools convert).
    fn key(&self, k: &ObjectKey) -> Result<String, Vec<Diagnostic>> {
        let span = match k {
            ObjectKey::Ident(i) => i.span(),
            ObjectKey::Expression(e) => e.span(),
        };
        let r = span.clone().unwrap_or(0..0);
        if self.p.is_renamed(&r) {
            // A repeated key: read it again from the original text.
            let orig = self.p.original_at(r.clone());
            if crate::hclsrc::is_identifier(orig) {
                return Ok(orig.to_string());
            }
            return match hcl::edit::parser::parse_expr(orig) {
                Ok(e)
                    if !matches!(
                        e,
                        Expression::Traversal(_)
                            | Expression::FuncCall(_)
                            | Expression::Parenthesis(_)
                    ) =>
                {
                    // Spans of this fresh parse do not point into the text;
                    // only literal keys can get here in practice.
                    let shadow = Parsed {
                        body: Default::default(),
                        text: orig.to_string(),
                        original: orig.to_string(),
                        base: 0,
                        len: 0,
                        renamed: vec![],
                    };
                    let v = Eval { p: &shadow }
                        .eval(&e)
                        .map_err(|_| self.unsupported(span.clone()))?;
                    self.key_string(v, span)
                }
                _ => Err(self.unsupported(span)),
            };
        }
        match k {
            ObjectKey::Ident(i) => Ok(i.value().as_str().to_string()),
            ObjectKey::Expression(Expression::Null(_)) => Ok("null".into()),
            ObjectKey::Expression(Expression::Bool(b)) => Ok(if *b.value() { "true" } else { "false" }.into()),
            ObjectKey::Expression(Expression::Traversal(t)) if matches!(t.expr, Expression::Variable(_)) => Err(self.err(
                span,
                "Ambiguous attribute key",
                "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
            )),
            ObjectKey::Expression(e) => {
                let v = self.eval(e)?;
                self.key_string(v, span)
            }
        }
    }

    fn key_string(&self, v: Value, span: Option<Range<usize>>) -> Result<String, Vec<Diagnostic>> {
        match &v.kind {
            Kind::Null => Err(self.err(
                span,
                "Null value as key",
                "Can't use a null value as a key.",
            )),
            Kind::String(s) => Ok(s.to_string()),
            Kind::Number(n) => Ok(n.to_text_f()),
            Kind::Bool(b) => Ok(b.to_string()),
            _ => Err(self.err(
                span,
                "Incorrect key type",
                "Can't use this value as a key: string required.",
            )),
        }
    }

    fn template(&self, t: &Template, span: Option<Range<usize>>) -> R {
        let mut out = String::new();
        let elems: Vec<&Element> = t.iter().collect();
        for (i, el) in elems.iter().enumerate() {
            match el {
                Element::Literal(s) => {
                    let mut s: &str = s.value();
                    // `~` strip markers on the neighbouring sequences.
                    if i > 0
                        && matches!(elems[i - 1], Element::Interpolation(p) if p.strip.strip_end())
                    {
                        s = s.trim_start();
                    }
                    if matches!(elems.get(i + 1), Some(Element::Interpolation(p)) if p.strip.strip_start())
                    {
                        s = s.trim_end();
                    }
                    out.push_str(s);
                }
                Element::Interpolation(ip) => {
                    let v = self.eval(&ip.expr)?;
                    match &v.kind {
                        Kind::String(s) => out.push_str(s),
                        Kind::Number(n) => out.push_str(&n.to_text_f()),
                        Kind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                        Kind::Null => {
                            return Err(self.err(
                                ip.expr.span(),
                                "Invalid template interpolation value",
                                "The expression result is null. Cannot include a null value in a string template.",
                            ))
                        }
                        _ => {
                            return Err(self.err(
                                ip.expr.span(),
                                "Invalid template interpolation value",
                                "Cannot include the given value in a string template: string required.",
                            ))
                        }
                    }
                }
                Element::Directive(_) => return Err(self.unsupported(span)),
            }
        }
        Ok(Value::string(&out))
    }
}
