//! Values as HCL, built with hcl-rs's structures and written by its
//! formatter, then lined up as `terraform fmt` lines them up ([`super::align`]).
//!
//! Three places do not go through hcl-rs's own value types, on purpose:
//! numbers (hcl-rs keeps them as f64 or 64-bit integers, cty numbers are
//! exact: they are written as their own digits), strings holding a
//! backspace or form feed (hcl-rs writes `\b` and `\f`, escapes HCL does
//! not have: such strings are quoted here, with `\u` escapes), and the
//! `tolist(...)`-style calls of module arguments (hcl-rs writes a call's
//! arguments on one line, which a heredoc cannot live in: the argument is
//! formatted by hcl-rs on its own and put in the call here).

use hcl::expr::{Expression, Heredoc, ObjectKey, TemplateExpr, Variable};
use hcl::format::{Format, Formatter};
use hcl::{Attribute, Block, Body, Identifier};
use hcl_primitives::template::escape_markers;

use super::align::align;
use super::Refusal;
use crate::path::{format_path, Path, PathStep};
use crate::types::Type;
use crate::value::{Kind, Value};

/// Where the HCL goes, which decides what it may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A module argument: Terraform's functions are there, so lists, sets,
    /// maps and sensitive values keep their `tolist` / `toset` / `tomap` /
    /// `sensitive` calls where the type constraint does not give them their
    /// type (under `any`). Several lines.
    Module,
    /// [`Style::Module`] with the calls everywhere (what a type gives by
    /// conversion is not always what the value had: an empty map's element
    /// type, for one).
    ModuleCalls,
    /// A module argument whose type constraint converts the value anyway:
    /// only `sensitive(...)` calls, for the marks a type cannot give.
    ModuleMarks,
    /// [`Style::Module`], and nulls of a primitive type keep it
    /// (`tostring(null)`): needed where the type constraint does not say it
    /// (`any`), noise elsewhere.
    ModuleTypedNulls,
    /// A `.tfvars` file or a `default`: no function calls. Several lines.
    Tfvars,
    /// A `-var` or `TF_VAR_` value: no function calls, one line.
    OneLine,
}

impl Style {
    /// `tolist` / `toset` / `tomap` calls.
    fn functions(self) -> bool {
        matches!(self, Style::Module | Style::ModuleCalls | Style::ModuleTypedNulls)
    }
    /// `sensitive` calls.
    fn marks(self) -> bool {
        self.functions() || self == Style::ModuleMarks
    }
    fn one_line(self) -> bool {
        self == Style::OneLine
    }
}

/// Arrays of plain values stay on one line up to this width, as people
/// write them (`["a", "b"]`).
const SHORT_ARRAY: usize = 60;

/// `v` as an HCL expression on its own, for a variable of type `want`
/// (module styles write calls only where `want` does not already give the
/// value its type: under `any`).
pub fn expression(v: &Value, style: Style, want: &Type) -> Result<String, Refusal> {
    let e = build(v, style, 0, top_pin(want, style));
    if style.one_line() {
        return Ok(one_line(&e));
    }
    Ok(align(&format_text(&e)))
}

/// `NAME = VALUE`, a `.tfvars` file.
pub fn tfvars_file(name: &str, v: &Value) -> Result<String, Refusal> {
    let body = Body::builder()
        .add_attribute(Attribute::new(Identifier::unchecked(name), build(v, Style::Tfvars, 0, None)))
        .build();
    Ok(align(&format_text(&body)))
}

/// A module block passing `v` as argument `name` (`style`: one of the
/// module styles).
pub fn module_block(name: &str, v: &Value, style: Style, want: &Type) -> Result<String, Refusal> {
    let block = Block::builder("module")
        .add_label("example")
        .add_attribute(("source", Expression::String("./modules/example".into())))
        .add_attribute(Attribute::new(Identifier::unchecked(name), build(v, style, 1, top_pin(want, style))))
        .build();
    Ok(align(&format_text(&block)))
}

/// `variable "NAME" { ... }` with `v` as its default.
pub fn variable_block(
    name: &str,
    type_src: Option<&str>,
    v: &Value,
    nullable: bool,
    sensitive: bool,
) -> Result<String, Refusal> {
    let mut b = Block::builder("variable").add_label(name);
    if let Some(t) = type_src.map(str::trim).filter(|t| !t.is_empty()) {
        // The constraint as the user wrote it (with its defaults), its later
        // lines moved in with the block's body; not with a heredoc in it,
        // whose lines are text (moved in, the text would change).
        let text = if t.contains("<<") { t.to_string() } else { t.replace('\n', "\n  ") };
        b = b.add_attribute(("type", raw(&text)));
    }
    let block = b
        .add_attribute(("default", build(v, Style::Tfvars, 1, None)))
        .add_attribute(("nullable", Expression::Bool(nullable)))
        .add_attribute(("sensitive", Expression::Bool(sensitive)))
        .build();
    Ok(align(&format_text(&block)))
}

/// The outermost `tolist` / `toset` / `tomap` / `sensitive` the value
/// needs, and where: a form without functions cannot say it.
pub fn first_function_needed(v: &Value) -> Option<(&'static str, String)> {
    let mut typed_null = None;
    let mut stack: Vec<(&Value, Path)> = vec![(v, Vec::new())];
    while let Some((v, path)) = stack.pop() {
        if v.marks.sensitive {
            return Some(("sensitive", format_path(&path)));
        }
        if let Some(f) = collection_function(v) {
            return Some((f, format_path(&path)));
        }
        if typed_null.is_none() && v.is_null() {
            typed_null = match v.ty {
                Type::String => Some(("tostring", format_path(&path))),
                Type::Number => Some(("tonumber", format_path(&path))),
                Type::Bool => Some(("tobool", format_path(&path))),
                _ => None,
            };
        }
        match &v.kind {
            Kind::Seq(es) => {
                for (i, e) in es.iter().enumerate().rev() {
                    let mut p = path.clone();
                    p.push(PathStep::Index(crate::number::Number::from_i64(i as i64)));
                    stack.push((e, p));
                }
            }
            Kind::Attrs(a) => {
                for (k, e) in a.iter().rev() {
                    let mut p = path.clone();
                    p.push(PathStep::GetAttr(k.to_string()));
                    stack.push((e, p));
                }
            }
            _ => {}
        }
    }
    typed_null
}

fn collection_function(v: &Value) -> Option<&'static str> {
    match v.ty {
        Type::List(_) => Some("tolist"),
        Type::Set(_) => Some("toset"),
        Type::Map(_) => Some("tomap"),
        _ => None,
    }
}

/// `want` unless it is `any` (the value's own type then shows through).
fn pin(want: &Type) -> Option<&Type> {
    (*want != Type::Dynamic).then_some(want)
}

/// The type that pins the top of the value in `style` (see [`Style::Module`]).
fn top_pin(want: &Type, style: Style) -> Option<&Type> {
    if style == Style::Module {
        pin(want)
    } else {
        None
    }
}

/// The constraint's type for part `i` / `key` of a value of a pinned
/// type `want` (pinned too).
fn part<'t>(want: Option<&'t Type>, i: usize, key: &str) -> Option<&'t Type> {
    match want? {
        Type::List(e) | Type::Set(e) | Type::Map(e) => pin(e),
        Type::Tuple(ts) => ts.get(i).and_then(pin),
        Type::Object(o) => o.attrs.get(key).and_then(pin),
        _ => None,
    }
}

/// `v` as an expression whose first line sits at nesting `depth` (two
/// spaces each) of the text being formatted; `want`: the constraint's type
/// for this part, when it gives the value its type.
fn build(v: &Value, style: Style, depth: usize, want: Option<&Type>) -> Expression {
    build_in(v, style, depth, want, true)
}

/// [`build`]; `heredoc_ok`: false for a sequence's elements, where the `,`
/// after a heredoc's closing delimiter would end up on its line (an
/// unterminated template): their multi-line strings are quoted.
fn build_in(v: &Value, style: Style, depth: usize, want: Option<&Type>, heredoc_ok: bool) -> Expression {
    let e = match &v.kind {
        Kind::Null if style == Style::ModuleTypedNulls && want.is_none() => match v.ty {
            Type::String => raw("tostring(null)"),
            Type::Number => raw("tonumber(null)"),
            Type::Bool => raw("tobool(null)"),
            _ => Expression::Null,
        },
        Kind::Null | Kind::Unknown => Expression::Null,
        Kind::Bool(b) => Expression::Bool(*b),
        Kind::Number(n) => raw(&n.to_text_f()),
        Kind::String(s) => string(s, style, heredoc_ok),
        Kind::Seq(es) => {
            // A call's argument is formatted on its own, from depth 0.
            let d = if needs_call(v, style, want) { 0 } else { depth };
            let plain = es.iter().enumerate().all(|(i, e)| {
                !matches!(e.kind, Kind::Seq(_) | Kind::Attrs(_)) && !needs_call(e, style, part(want, i, ""))
            });
            let array = Expression::Array(
                es.iter().enumerate().map(|(i, e)| build_in(e, style, d + 1, part(want, i, ""), false)).collect(),
            );
            if plain && !style.one_line() && !es.is_empty() {
                let short = one_line(&array);
                if short.chars().count() <= SHORT_ARRAY && !short.contains('\n') {
                    return wrap(raw(&short), v, style, depth, want);
                }
            }
            array
        }
        Kind::Attrs(a) => {
            let d = if needs_call(v, style, want) { 0 } else { depth };
            Expression::Object(a.iter().map(|(k, e)| (key(k), build(e, style, d + 1, part(want, 0, k)))).collect())
        }
    };
    wrap(e, v, style, depth, want)
}

/// Whether conversion to `want` leaves some of a collection's type to the
/// value (`any`, or `map(any)`: `{}` and `tomap({})` differ there).
fn unpinned(want: Option<&Type>) -> bool {
    want.is_none_or(Type::has_dynamic_types)
}

/// Whether a module argument needs a call to give back `v`'s type or marks.
fn needs_call(v: &Value, style: Style, want: Option<&Type>) -> bool {
    (style.marks() && v.marks.sensitive)
        || (style.functions() && unpinned(want) && collection_function(v).is_some() && !v.is_null())
}

/// The function calls a module argument needs to give back `v`'s type and
/// marks, around `e` (built from depth 0) placed at `depth`.
fn wrap(e: Expression, v: &Value, style: Style, depth: usize, want: Option<&Type>) -> Expression {
    if !needs_call(v, style, want) {
        return e;
    }
    let mut text = if matches!(e, Expression::Variable(_)) { one_line(&e) } else { align(&format_text(&e)) };
    if let Some(f) = collection_function(v).filter(|_| !v.is_null() && style.functions() && unpinned(want)) {
        text = format!("{f}({text})");
    }
    if v.marks.sensitive {
        text = format!("sensitive({text})");
    }
    raw(&super::align::indent_after_first_line(&text, &"  ".repeat(depth)))
}

/// Text hcl-rs writes as it is (the digits of a number, a type constraint).
fn raw(text: &str) -> Expression {
    Expression::Variable(Variable::unchecked(text))
}

fn key(k: &str) -> ObjectKey {
    // A bare `null` would be a null key; `true`, `false` and a leading
    // `for` are read as keywords: quoted, they are just names.
    if crate::hclsrc::is_identifier(k) && !matches!(k, "null" | "true" | "false" | "for") {
        ObjectKey::Identifier(Identifier::unchecked(k))
    } else if needs_own_quoting(k) {
        ObjectKey::Expression(quoted(k))
    } else {
        ObjectKey::Expression(Expression::String(k.to_string()))
    }
}

fn string(s: &str, style: Style, heredoc_ok: bool) -> Expression {
    if !style.one_line() && heredoc_ok {
        if let Some(delim) = heredoc_delimiter(s) {
            let h = Heredoc::new(Identifier::unchecked(delim), escape_markers(s).into_owned());
            return Expression::TemplateExpr(Box::new(TemplateExpr::Heredoc(h)));
        }
    }
    if needs_own_quoting(s) {
        quoted(s)
    } else {
        Expression::String(s.to_string())
    }
}

/// A multi-line string that ends with a newline reads best as a heredoc
/// (`<<EOT`), as Terraform users write scripts and policies. Heredocs
/// carry no escapes, so only text without other control characters; the
/// delimiter is one no line of the text equals.
fn heredoc_delimiter(s: &str) -> Option<String> {
    let body = s.strip_suffix('\n')?;
    if !body.contains('\n') || s.chars().any(|c| (c.is_control() && c != '\n' && c != '\t') || super::invisible(c)) {
        return None;
    }
    ["EOT", "EOF", "END", "TEXT"]
        .iter()
        .map(|d| d.to_string())
        .chain((1..).map(|i| format!("EOT{i}")))
        .find(|d| body.lines().all(|l| l.trim() != d))
}

fn needs_own_quoting(s: &str) -> bool {
    s.contains(['\u{8}', '\u{c}']) || s.contains(super::invisible)
}

/// A quoted string with HCL's own escapes (see the module comment).
fn quoted(s: &str) -> Expression {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in escape_markers(s).chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || super::invisible(c) => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    raw(&out)
}

fn format_text<T: Format + ?Sized>(x: &T) -> String {
    hcl::format::to_string(x).unwrap_or_default()
}

/// hcl-rs's compact layout: `{ a = 1, b = [2, 3] }`.
fn one_line(e: &Expression) -> String {
    let mut f = Formatter::builder().compact(true).build_vec();
    if e.format(&mut f).is_err() {
        return String::new();
    }
    String::from_utf8(f.into_inner()).unwrap_or_default()
}
