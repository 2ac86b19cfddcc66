//! The HCL language, as hcl's `hclsyntax` package is: its native syntax
//! scanned ([`lex`]), parsed ([`parse`], with configuration bodies in
//! `parse/body.rs`) into expression trees ([`ast`]) with hcl's positions
//! ([`pos`]), the variables an expression refers to ([`traversals`]), and the
//! one evaluator of tftype ([`eval`]).
//!
//! The code follows hclsyntax (version 2.14 as the oracle links it, plus the
//! current release's handling of marks through conditionals, and the
//! melding of a template's consecutive literal tokens that every pinned
//! version has, hcl ≥ 2.16: see `Parser::parse_template_inner`): its token
//! rules, grammar, template strip markers and heredoc indentation, evaluation
//! rules and diagnostics. Expressions nest at most [`MAX_DEPTH`] levels.
//!
//! Layering: this module uses the values, types, conversion and the function
//! library ([`crate::funcs`], which the evaluator calls); it never uses what
//! reads values from their sources ([`crate::valueparse`], above it) or check
//! mode ([`crate::module`]). What the function library shares with the
//! evaluator sits below both: the step budget ([`crate::budget`]) and the
//! conversion as hcl calls it ([`crate::convert::conv`]).
//!
//! The same parser reads type constraints for [`crate::typeexpr`]: as the
//! `type` argument of a `variable` block in a configuration file
//! ([`parse_type_config`], with hclsyntax's body and block rules), with the
//! same nesting limit.

pub(crate) mod ast;
pub(crate) mod eval;
pub(crate) mod lex;
pub(crate) mod parse;
pub(crate) mod pos;
pub(crate) mod traversals;

use crate::flavor::Profile;
use crate::value::Value;
use ast::Expr;
use parse::{Diags, Parser};

pub use parse::MAX_DEPTH;

/// `hclsyntax.ParseExpression` of a whole text.
pub(crate) fn parse_standalone(src: &str, filename: &str, profile: &Profile) -> Result<Expr, Diags> {
    let mut p = Parser::new(src, filename);
    p.set_profile(profile);
    let parsed = p.parse_standalone_expression();
    p.finish(parsed)
}

/// `hclsyntax.ParseExpression` of a type constraint's text from byte
/// `start` on (the bytes before only give the positions), every node kept as
/// written (as the type stage reads a configuration file).
pub(crate) fn parse_type_standalone(src: &str, start: usize, filename: &str, profile: &Profile) -> Result<Expr, Diags> {
    let mut p = Parser::new(src, filename);
    p.start_at(start);
    p.set_profile(profile);
    p.fold = false;
    p.want_spans = false;
    p.type_source = true;
    let parsed = p.parse_standalone_expression();
    p.finish(parsed)
}

/// `hclsyntax.ParseTemplate` of `src` from byte `start` on (the bytes
/// before only give the positions).
pub(crate) fn parse_template_from(src: &str, start: usize, filename: &str, profile: &Profile) -> Result<Expr, Diags> {
    let mut p = Parser::new(src, filename);
    p.set_profile(profile);
    p.fold = false;
    p.if_recovery = true;
    let parsed = p.parse_bare_template(start);
    p.finish(parsed)
}

/// Evaluates an expression with no variables: `functions` offers
/// Terraform's conversion functions (a value read as a module argument),
/// else none (hcl's nil `EvalContext`).
pub(crate) fn evaluate(expr: &Expr, functions: bool, p: &Profile) -> Result<Value, Diags> {
    if functions {
        let early = eval::provider_call_diags(expr, p);
        if !early.is_empty() {
            return Err(early.into());
        }
    }
    let mut ev = eval::Evaluator::new(functions, p);
    let v = ev.eval(expr);
    if ev.diags.is_empty() {
        Ok(v)
    } else {
        Err(ev.diags)
    }
}

/// Parses `text` as a Terraform configuration file (`main.tf`) whose
/// expressions are kept as written (no folding), for the type stage. Nesting
/// deeper than [`MAX_DEPTH`] is refused with a type-constraint diagnostic.
pub(crate) fn parse_type_config(text: &str, profile: &Profile) -> Result<parse::Body, Diags> {
    let mut p = Parser::new(text, "main.tf");
    p.set_profile(profile);
    p.fold = false;
    p.want_spans = false;
    p.type_source = true;
    let parsed = p.parse_config_file();
    p.finish(parsed)
}

/// Evaluates a constant expression (no variables, no functions: hcl's nil
/// `EvalContext`), as `typeexpr` evaluates an `optional(T, default)` default
/// and Terraform a quoted legacy type.
pub(crate) fn eval_const(expr: &Expr, p: &Profile) -> Result<Value, Diags> {
    evaluate(expr, false, p)
}

/// A `-var` or `TF_VAR_` value read as HCL (`hclsyntax.ParseExpression` in
/// the file `filename`, evaluated with no context).
pub(crate) fn eval_standalone(src: &str, filename: &str, p: &Profile) -> Result<Value, Diags> {
    let expr = parse_standalone(src, filename, p)?;
    eval_const(&expr, p)
}
