//! Writing a value back in every form Terraform takes a variable from:
//! `.tfvars`, `.tfvars.json`, `-var` (bash, PowerShell), `TF_VAR_`
//! (bash, PowerShell), a module argument, a `variable` block's `default`;
//! and the value alone in another value format (the page's format switch).
//!
//! Every form is made from the value, never from its text: numbers keep
//! every digit, keys are quoted when they are not identifiers, `${` and
//! `%{` are escaped, multi-line strings become heredocs, `=` signs line up
//! as `terraform fmt` lines them up. The HCL is built with hcl-rs
//! ([`hclout`]); JSON ([`jsonout`]) and shell quoting ([`shell`]) have
//! their own small writers.
//!
//! A form is only offered when Terraform, reading it back, gets exactly the
//! same result: each one is read back here before it is handed out (a
//! `tolist([...])` has no `.tfvars` form, for instance, and with type `any`
//! its `[...]` would be a tuple). When it cannot be, the [`Refusal`] says
//! why.

pub mod align;
pub mod hclout;
pub mod jsonout;
pub mod shell;

use serde::{Deserialize, Serialize};

use crate::convert;
use crate::flavor::{Flavor, Product, Profile};
use crate::i18n::{self, Lang};
use crate::pipeline::{self, Request, Response};
use crate::typeexpr::{self, TypeConstraint};
use crate::value::{Kind, Value};
use crate::valueparse::{self, ValueFormat};

/// The forms a value can be copied as (the CLI's `--emit` names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmitKind {
    /// `NAME = VALUE` in a `.tfvars` file.
    Tfvars,
    /// `{"NAME": VALUE}`, a `.tfvars.json` file.
    TfvarsJson,
    /// `-var 'NAME=VALUE'` for bash and zsh.
    VarBash,
    /// `-var 'NAME=VALUE'` for PowerShell.
    VarPowershell,
    /// `export TF_VAR_NAME='VALUE'` for bash and zsh.
    EnvBash,
    /// `$env:TF_VAR_NAME = 'VALUE'` for PowerShell.
    EnvPowershell,
    /// `NAME = VALUE` inside a `module` block.
    ModuleArg,
    /// `variable "NAME" { type, default, nullable, sensitive }`.
    VariableBlock,
}

impl EmitKind {
    pub const ALL: [EmitKind; 8] = [
        EmitKind::Tfvars,
        EmitKind::TfvarsJson,
        EmitKind::VarBash,
        EmitKind::VarPowershell,
        EmitKind::EnvBash,
        EmitKind::EnvPowershell,
        EmitKind::ModuleArg,
        EmitKind::VariableBlock,
    ];

    /// The `--emit` name (and `data-kind` in the page).
    pub fn name(self) -> &'static str {
        match self {
            EmitKind::Tfvars => "tfvars",
            EmitKind::TfvarsJson => "tfvars-json",
            EmitKind::VarBash => "var-bash",
            EmitKind::VarPowershell => "var-powershell",
            EmitKind::EnvBash => "env-bash",
            EmitKind::EnvPowershell => "env-powershell",
            EmitKind::ModuleArg => "module-arg",
            EmitKind::VariableBlock => "variable-block",
        }
    }

    pub fn parse(name: &str) -> Option<EmitKind> {
        EmitKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// How Terraform reads the value part of this form: `.tfvars` files and
    /// `default` arguments are evaluated without functions, module
    /// arguments with them; `-var` and `TF_VAR_` share one parsing mode.
    pub fn reads_as(self) -> ValueFormat {
        match self {
            EmitKind::Tfvars | EmitKind::VariableBlock => ValueFormat::Tfvars,
            EmitKind::TfvarsJson => ValueFormat::Json,
            EmitKind::VarBash | EmitKind::VarPowershell | EmitKind::EnvBash | EmitKind::EnvPowershell => {
                ValueFormat::Cli
            }
            EmitKind::ModuleArg => ValueFormat::Hcl,
        }
    }
}

/// One form, ready to paste.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Emitted {
    pub kind: EmitKind,
    pub text: String,
    /// The value part alone, as Terraform reads it in `kind.reads_as()`
    /// (for the shell forms: after the shell has removed its quoting).
    pub value_text: String,
    /// Something the user should know about this form (which shells it is
    /// written for).
    pub note: Option<String>,
}

/// Why a form cannot be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The type constraint is invalid (or the flavor unknown).
    TypeInvalid,
    /// The value cannot be read in its format.
    Unreadable,
    /// The converted value was asked for, but the value does not convert.
    NotAccepted,
    /// Terraform variable names are identifiers.
    BadName(String),
    /// A name Terraform reserves for module blocks' own arguments: its
    /// reason, in its words.
    ReservedName(String),
    /// A value with unknown parts has no written form.
    Unknown,
    /// Infinite numbers have no written form.
    Infinite,
    /// A command-line argument or environment variable cannot hold NUL.
    NulCharacter,
    /// `func` (`tolist`, `toset`, `tomap`, `sensitive`) is needed at `path`,
    /// and function calls are not allowed in `form`.
    NeedsFunction { func: &'static str, path: String, form: &'static str },
    /// `-var` / `TF_VAR_` take the text literally for this type: only
    /// strings (or what converts from them) can be given that way (`why`:
    /// `null` or `structure`, under `refusal.literal.`).
    LiteralOnly { why: &'static str },
    /// Written this way, Terraform reads something else: it would print
    /// `got` where the value gives `want`.
    ReadsDifferently { want: String, got: String },
}

/// Characters that change how text reads without showing themselves: the
/// bidirectional controls (Trojan Source) and the zero-width characters.
/// Written values carry them as `\uXXXX` escapes, so that a reader sees them.
pub(crate) fn invisible(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// The names a `variable` block may not have: the arguments and blocks of
/// a `module` block (`moduleBlockSchema` in `configs/named_values.go`'s
/// `decodeVariableBlock`; the same in every Terraform and OpenTofu version
/// tftype answers for).
pub const RESERVED_NAMES: [&str; 7] =
    ["source", "version", "count", "for_each", "depends_on", "providers", "lifecycle"];

/// Terraform's detail for a reserved variable name.
fn reserved_reason(name: &str) -> String {
    format!(
        "The variable name {} is reserved due to its special meaning inside module blocks.",
        crate::render::go_quote(name)
    )
}

impl Refusal {
    /// In words, for the page and the CLI.
    /// In words (English; see [`Refusal::message_in`]).
    pub fn message(&self) -> String {
        self.message_in(Lang::En)
    }

    /// In words, in `lang` (the catalogs' `refusal.*`).
    pub fn message_in(&self, lang: Lang) -> String {
        match self {
            Refusal::TypeInvalid => i18n::text(lang, "refusal.type_invalid").into(),
            Refusal::Unreadable => i18n::text(lang, "refusal.unreadable").into(),
            Refusal::NotAccepted => i18n::text(lang, "refusal.not_accepted").into(),
            Refusal::BadName(n) => i18n::fill(lang, "refusal.bad_name", &[("name", n)]),
            Refusal::ReservedName(n) => i18n::fill(lang, "refusal.reserved_name", &[("reason", &reserved_reason(n))]),
            Refusal::Unknown => i18n::text(lang, "refusal.unknown").into(),
            Refusal::Infinite => i18n::text(lang, "refusal.infinite").into(),
            Refusal::NulCharacter => i18n::text(lang, "refusal.nul").into(),
            Refusal::NeedsFunction { func, path, form } => {
                let form = i18n::text(lang, &format!("refusal.form.{form}"));
                if path.is_empty() {
                    i18n::fill(lang, "refusal.needs_function", &[("func", func), ("form", form)])
                } else {
                    i18n::fill(lang, "refusal.needs_function_at", &[("func", func), ("form", form), ("path", path)])
                }
            }
            Refusal::LiteralOnly { why } => i18n::text(lang, &format!("refusal.literal.{why}")).into(),
            Refusal::ReadsDifferently { want, got } => {
                i18n::fill(lang, "refusal.reads_differently", &[("got", got), ("want", want)])
            }
        }
    }
}

/// The form `kind` of the request's value: as given (`converted` false),
/// or after defaults and conversion.
pub fn emit(req: &Request, kind: EmitKind, converted: bool) -> Result<Emitted, Refusal> {
    let cx = Context::read(req)?;
    let v = cx.value(converted)?;
    first_that_reads_back(kind.reads_as(), |style| {
        let e = cx.write(kind, v, style)?;
        cx.check(kind.reads_as(), &e.value_text, v)?;
        if kind == EmitKind::VariableBlock {
            cx.check_variable_block(&e.text, v)?;
        }
        Ok(e)
    })
}

/// The value in another format (the page's format switch), and what of its
/// text the new one does not keep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reformatted {
    pub text: String,
    /// What was written in the old text and is not in the new one.
    pub lost: Vec<Lost>,
}

/// Something a rewritten value's text no longer has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lost {
    /// The comments (a text written from the value has none).
    Comments,
    /// The order the keys were written in (a value orders them by name).
    KeyOrder,
}

impl Lost {
    /// In words, in `lang` (the catalogs' `ui.format_lost.*`).
    pub fn message_in(self, lang: Lang) -> &'static str {
        i18n::text(
            lang,
            match self {
                Lost::Comments => "ui.format_lost.comments",
                Lost::KeyOrder => "ui.format_lost.key_order",
            },
        )
    }
}

/// The value alone in `to` (the page's format switch): the text a user
/// would write there for the same value. Between HCL expressions and
/// `.tfvars` (one syntax), text that reads the same in `to` is kept as
/// written, comments, layout and order of keys included; otherwise the text
/// is written from the value, and `lost` says what that loses.
pub fn reformat(req: &Request, to: ValueFormat) -> Result<Reformatted, Refusal> {
    let kept = Reformatted { text: req.value.clone(), lost: Vec::new() };
    if to == req.value_format {
        return Ok(kept);
    }
    let cx = Context::read(req)?;
    let one_syntax = |f: ValueFormat| matches!(f, ValueFormat::Hcl | ValueFormat::Tfvars);
    if one_syntax(req.value_format) && one_syntax(to) && cx.check(to, &req.value, &cx.given).is_ok() {
        return Ok(kept);
    }
    let text = first_that_reads_back(to, |style| {
        let text = cx.value_text(to, &cx.given, style)?;
        cx.check(to, &text, &cx.given)?;
        Ok(text)
    })?;
    let was = crate::valueparse::layout(&req.value, req.value_format);
    let now = crate::valueparse::layout(&text, to);
    let mut lost = Vec::new();
    if was.comments && !now.comments {
        lost.push(Lost::Comments);
    }
    if was.unsorted_keys && !now.unsorted_keys {
        lost.push(Lost::KeyOrder);
    }
    Ok(Reformatted { text, lost })
}

/// The first of the ways to write a value in format `f` that reads back
/// right (`attempt` writes and checks it), or why the first one does not.
/// Module arguments (`f` = HCL) are written as plainly as the type allows:
/// without function calls where the type converts the value anyway (but
/// `sensitive(...)`, which no type gives), with `tolist(...)` and friends
/// where it does not (type `any`), and with typed nulls (`tostring(null)`)
/// as the last resort.
fn first_that_reads_back<T>(
    f: ValueFormat,
    mut attempt: impl FnMut(hclout::Style) -> Result<T, Refusal>,
) -> Result<T, Refusal> {
    use hclout::Style;
    let styles: &[Style] = if f == ValueFormat::Hcl {
        &[Style::Tfvars, Style::ModuleMarks, Style::Module, Style::ModuleCalls, Style::ModuleTypedNulls]
    } else {
        &[Style::Tfvars]
    };
    let mut first = None;
    for s in styles {
        match attempt(*s) {
            Ok(t) => return Ok(t),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    Err(first.unwrap_or(Refusal::Unreadable))
}

/// Each form, or why it cannot be given (the page's "Copy as" menu).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EmitOut {
    pub kind: EmitKind,
    pub text: Option<String>,
    pub note: Option<String>,
    pub refusal: Option<String>,
}

pub fn emit_all(req: &Request, converted: bool) -> Vec<EmitOut> {
    EmitKind::ALL
        .into_iter()
        .map(|kind| match emit(req, kind, converted) {
            Ok(e) => EmitOut { kind, text: Some(e.text), note: e.note, refusal: None },
            Err(r) => {
                EmitOut { kind, text: None, note: None, refusal: Some(r.message_in(req.lang.unwrap_or_default())) }
            }
        })
        .collect()
}

/// The request, read: its type, its value as given, converted if it converts.
struct Context<'r> {
    req: &'r Request,
    profile: Profile,
    product: Product,
    tc: TypeConstraint,
    given: Value,
    converted: Option<Value>,
    /// What Terraform answers for the request as it is.
    answer: Response,
}

impl<'r> Context<'r> {
    fn read(req: &'r Request) -> Result<Context<'r>, Refusal> {
        let flavor =
            Flavor::lookup(req.flavor.as_deref().unwrap_or(crate::flavor::DEFAULT)).ok_or(Refusal::TypeInvalid)?;
        let profile = flavor.profile();
        let tc =
            typeexpr::parse_variable_type_in(req.type_src.as_deref(), &profile).map_err(|_| Refusal::TypeInvalid)?;
        let pv = valueparse::parse_value_spans(&req.value, req.value_format, tc.cli_literal, false, &profile)
            .map_err(|_| Refusal::Unreadable)?;
        let answer = pipeline::answer_in(req, &profile);
        let converted = if answer.ok {
            convert::convert(&pipeline::with_defaults(&pv.value, &tc, &profile), &tc.ty, &profile).ok()
        } else {
            None
        };
        Ok(Context { req, profile, product: flavor.product, tc, given: pv.value, converted, answer })
    }

    fn value(&self, converted: bool) -> Result<&Value, Refusal> {
        if converted {
            self.converted.as_ref().ok_or(Refusal::NotAccepted)
        } else {
            Ok(&self.given)
        }
    }

    fn name(&self) -> Result<&str, Refusal> {
        let n = self.req.var_name.as_str();
        if !crate::hclsrc::is_identifier(n) {
            Err(Refusal::BadName(n.to_string()))
        } else if RESERVED_NAMES.contains(&n) {
            Err(Refusal::ReservedName(n.to_string()))
        } else {
            Ok(n)
        }
    }

    /// `module`: the style of module arguments (see [`hclout::Style`]; the
    /// other forms have one style each).
    fn write(&self, kind: EmitKind, v: &Value, module: hclout::Style) -> Result<Emitted, Refusal> {
        let name = self.name()?;
        let value_text = self.value_text(kind.reads_as(), v, module)?;
        let mut note = None;
        let text = match kind {
            EmitKind::Tfvars => hclout::tfvars_file(name, v)?,
            EmitKind::ModuleArg => hclout::module_block(name, v, module, &self.tc.ty)?,
            EmitKind::VariableBlock => {
                hclout::variable_block(name, self.req.type_src.as_deref(), v, self.req.nullable, self.req.sensitive)?
            }
            EmitKind::TfvarsJson => jsonout::tfvars_json_file(name, v)?,
            EmitKind::VarBash => format!("-var {}", shell::bash_quote(&format!("{name}={value_text}"))?),
            EmitKind::VarPowershell => {
                if value_text.contains('"') {
                    note = Some(i18n::text(self.req.lang.unwrap_or_default(), "note.powershell").to_string());
                }
                format!("-var {}", shell::powershell_quote(&format!("{name}={value_text}"))?)
            }
            EmitKind::EnvBash => shell::bash_env(name, &value_text, self.product.command())?,
            EmitKind::EnvPowershell => shell::powershell_env(name, &value_text)?,
        };
        Ok(Emitted { kind, text, value_text, note })
    }

    /// `v` alone, as written in format `f`.
    fn value_text(&self, f: ValueFormat, v: &Value, module: hclout::Style) -> Result<String, Refusal> {
        check_writable(v)?;
        match f {
            ValueFormat::Hcl => hclout::expression(v, module, &self.tc.ty),
            ValueFormat::Tfvars => hclout::expression(v, hclout::Style::Tfvars, &self.tc.ty),
            ValueFormat::Json | ValueFormat::Ctyjson => Ok(jsonout::pretty(v)),
            ValueFormat::Cli if self.tc.cli_literal => literal_text(v),
            ValueFormat::Cli => hclout::expression(v, hclout::Style::OneLine, &self.tc.ty),
        }
    }

    /// Reads a whole `variable` block back: its `type` must be the
    /// constraint the request has (the same type and defaults), and its
    /// `default` must read as the value.
    fn check_variable_block(&self, text: &str, v: &Value) -> Result<(), Refusal> {
        let unreadable =
            || Refusal::ReadsDifferently { want: text.to_string(), got: "Error: the block cannot be read".into() };
        let body = crate::hcl::parse_type_config(text, &self.profile).map_err(|_| unreadable())?;
        let block = body
            .items
            .iter()
            .find_map(|i| match i {
                crate::hcl::parse::BodyItem::Block(b) if b.kind == "variable" => Some(b),
                _ => None,
            })
            .ok_or_else(unreadable)?;
        let attr = |name: &str| {
            block.body.items.iter().find_map(|i| match i {
                crate::hcl::parse::BodyItem::Attr(a) if a.name == name => text.get(a.expr.range()),
                _ => None,
            })
        };
        let constraint = |src: Option<&str>| match crate::typeexpr::parse_variable_type_in(src, &self.profile) {
            Ok(tc) => format!("{:?} {:?}", tc.ty, tc.defaults.map(without_places)),
            Err(_) => String::new(),
        };
        let (given, written) = (self.req.type_src.as_deref().filter(|t| !t.trim().is_empty()), attr("type"));
        if constraint(given) != constraint(written) {
            return Err(Refusal::ReadsDifferently {
                want: given.unwrap_or("").to_string(),
                got: written.unwrap_or("").to_string(),
            });
        }
        self.check(ValueFormat::Tfvars, attr("default").ok_or_else(unreadable)?, v)
    }

    /// Reads `text` back as Terraform would (format `f`, the same variable)
    /// and refuses it unless the answer is the one the request gets.
    fn check(&self, f: ValueFormat, text: &str, v: &Value) -> Result<(), Refusal> {
        let back = Request { value: text.to_string(), value_format: f, ..self.req.clone() };
        let got = pipeline::answer_in(&back, &self.profile);
        if same_answer(&got, &self.answer) {
            return Ok(());
        }
        // A cause in words where one is known; else the two answers.
        if f != ValueFormat::Hcl {
            if let Some((func, path)) = hclout::first_function_needed(v) {
                return Err(Refusal::NeedsFunction { func, path, form: form_name(f) });
            }
        }
        Err(Refusal::ReadsDifferently { want: answer_text(&self.answer), got: answer_text(&got) })
    }
}

/// Defaults without where they are written: a constraint laid out anew
/// (as a block writes it) means the same.
fn without_places(mut d: crate::defaults::Defaults) -> crate::defaults::Defaults {
    d.written.clear();
    d.children = d.children.into_iter().map(|(k, c)| (k, without_places(c))).collect();
    d
}

/// The same answer: accepted with the same result, or refused at the same
/// step with the same message.
fn same_answer(a: &Response, b: &Response) -> bool {
    a.ok == b.ok
        && a.stage == b.stage
        && a.console == b.console
        && a.type_string == b.type_string
        && a.json == b.json
        && a.sensitive_paths == b.sensitive_paths
        && a.error == b.error
        && a.path == b.path
        && (a.ok || a.error.is_some() || a.summary == b.summary)
}

fn answer_text(r: &Response) -> String {
    match (&r.console, &r.summary) {
        (Some(c), _) => c.clone(),
        (None, Some(s)) => format!("Error: {s}"),
        _ => String::new(),
    }
}

/// The form's key under `refusal.form.` in the catalogs.
fn form_name(f: ValueFormat) -> &'static str {
    match f {
        ValueFormat::Hcl => "module",
        ValueFormat::Tfvars => "tfvars",
        ValueFormat::Json => "json",
        ValueFormat::Ctyjson => "ctyjson",
        ValueFormat::Cli => "cli",
    }
}

/// Unknown values and infinite numbers have no written form anywhere.
fn check_writable(v: &Value) -> Result<(), Refusal> {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match &v.kind {
            Kind::Unknown => return Err(Refusal::Unknown),
            Kind::Number(n) if n.is_infinite() => return Err(Refusal::Infinite),
            Kind::Seq(es) => stack.extend(es.iter()),
            Kind::Attrs(a) => stack.extend(a.values()),
            _ => {}
        }
    }
    Ok(())
}

/// The text `-var` takes literally (primitive types and no type): the
/// value's string form.
fn literal_text(v: &Value) -> Result<String, Refusal> {
    match &v.kind {
        Kind::String(s) => Ok(s.to_string()),
        Kind::Number(n) => Ok(n.to_text_f()),
        Kind::Bool(b) => Ok(b.to_string()),
        Kind::Null => Err(Refusal::LiteralOnly { why: "null" }),
        _ => Err(Refusal::LiteralOnly { why: "structure" }),
    }
}

#[cfg(test)]
mod tests;
