//! What the page's Module view shows of a check: the report of
//! [`crate::module::check`] with every place given as the editors count (UTF-16
//! offsets in the file it is in), the reasons in the reader's language, and
//! for each variable the single-variable [`Request`] whose evaluation tells
//! its story ([`crate::why`]): the `type` expression's source text and the
//! final value's source text in the format it was read in (a `.tfvars`
//! expression, a `.tfvars.json` property, a `-var` / `TF_VAR_` string, the
//! `default` expression).
//!
//! Nothing here decides anything: the outcome, the source and the rules are
//! the check's; this module only finds where their texts are.

use std::collections::BTreeMap;
use std::ops::Range;

pub mod folder;

use serde::{Deserialize, Serialize};

use crate::assist;
use crate::diag::Utf16Map;
use crate::flavor::{Flavor, Profile};
use crate::hcl::parse::{Block, BodyItem};
use crate::i18n::{text, Lang};
use crate::module::sources::{self, Kind, Raw};
use crate::module::{decl, CheckDiag, CheckInput, CheckReport, Outcome, Subject, Texts, VarReport};
use crate::pipeline::Request;
use crate::valueparse::ValueFormat;

/// A range in one of the module's files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct At {
    pub file: String,
    /// UTF-16 offsets (what JavaScript strings and the editors index by).
    pub from16: usize,
    pub to16: usize,
    /// Where it starts, as hcl counts (1-based).
    pub line: usize,
    pub column: usize,
}

/// Where a variable's final value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// A `.tfvars` or `.tfvars.json` file (automatic or `-var-file`).
    File,
    /// `-var` on the command line.
    Cli,
    /// A `TF_VAR_` environment variable.
    Env,
    /// The declaration's `default`.
    Default,
}

/// One `validation` rule and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleView {
    /// `FILE:L,C-L,C`, as the tools name the rule.
    pub rule: String,
    /// `pass`, `fail`, `error`, `skipped`, `not_evaluated`, `unknown`.
    pub result: String,
    /// The rule's `condition` expression.
    pub at: Option<At>,
    pub error_message: Option<String>,
    /// Why it has this result (results other than pass and fail), in the
    /// reader's language.
    pub reason: Option<String>,
}

/// One variable as the view lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VarView {
    pub name: String,
    pub ok: bool,
    /// The failed stage (`convert`, `required`, `skipped`, …).
    pub stage: Option<String>,
    /// Accepted: the final value's type, console text and go-cty JSON.
    pub type_string: Option<String>,
    pub console: Option<String>,
    pub json: Option<String>,
    /// Failed: the tool's message.
    pub summary: Option<String>,
    pub detail: Option<String>,
    /// Where the final value came from (None: nowhere, or not looked at).
    pub source: Option<SourceKind>,
    /// The final value's text in its file (a file source or the default).
    pub value_at: Option<At>,
    /// `variable "NAME"`.
    pub decl_at: Option<At>,
    /// The `type` expression.
    pub type_at: Option<At>,
    pub sensitive: bool,
    pub nullable: bool,
    pub ephemeral: bool,
    pub constant: bool,
    pub description: Option<String>,
    pub deprecated: Option<String>,
    pub rules: Vec<RuleView>,
    /// The part of the value that fails, as `tftype check` names it after the
    /// error ("The part that fails: var.subnets[2].nat_gateway"), when
    /// tftype found one deeper than the whole value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// The single-variable evaluation that tells how the value became what
    /// the check found (None when no value was read and converted).
    pub request: Option<Request>,
}

/// One diagnostic of the check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiagView {
    /// `error` or `warning`.
    pub severity: String,
    pub summary: String,
    pub detail: String,
    /// The subject's file name, as the tool names it (also for values that
    /// are not in a file: `<value for var.x>`).
    pub filename: Option<String>,
    /// Where to mark it, when it is in one of the module's files: the
    /// subject, or the part of the value that failed ([`CheckDiag::part`]).
    pub at: Option<At>,
    /// That part's name, as `tftype check` prints it after the diagnostic
    /// ("The part that fails: var.subnets[2].nat_gateway").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

/// The whole view of one check.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleView {
    pub ok: bool,
    /// The input cannot be checked (a malformed argument).
    pub input_error: Option<String>,
    pub validation_complete: bool,
    /// "3 variables checked: 1 error, 0 warnings." in the reader's language.
    pub summary: String,
    pub errors: usize,
    pub warnings: usize,
    /// By name.
    pub variables: Vec<VarView>,
    /// In the order the CLI prints them.
    pub diagnostics: Vec<DiagView>,
    /// tftype's notes (silent surprises), as `tftype check` shows them
    /// after the diagnostics: each with its catalog key, text and place.
    #[serde(default)]
    pub notes: Vec<NoteView>,
}

/// One of tftype's notes on the module's value files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoteView {
    pub kind: String,
    pub text: String,
    pub at: Option<At>,
}

/// Checks `input` as `flavor` does (the default flavor when the name is
/// unknown) and lays the report out for the page, in `lang`.
pub fn view(input: &CheckInput, flavor: &str, lang: Lang) -> ModuleView {
    let f = Flavor::lookup(flavor).unwrap_or_else(Flavor::default_flavor);
    let p = f.profile();
    // Module calls too, as `tftype check` checks them: local modules and
    // the installed ones of a folder opened with its `.terraform/modules`.
    // (Shared with the editors' hover when the thread keeps work: the
    // page's engine worker.)
    let report = assist::checked(input, &p, true);
    lay_out(input, &report, f.name, &p, lang)
}

/// What the page's engine worker sends for the Module view: the module
/// (`{files, args, env}`, [`CheckInput`]'s fields), its version and
/// language, and for completion and hover the name of the file edited.
/// The module's fields are read here rather than through
/// `#[serde(flatten)]`, which buffers the input and reads it again with a
/// second copy of every reader below it (engine_module's .wasm: 3.4 KB gz).
#[derive(Deserialize)]
struct Wire {
    #[serde(default)]
    files: BTreeMap<String, String>,
    #[serde(default)]
    args: Vec<Vec<String>>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    #[serde(default)]
    flavor: Option<String>,
    #[serde(default)]
    lang: Option<Lang>,
    #[serde(default)]
    file: String,
}

impl Wire {
    /// The module; the version, the language and the file edited.
    fn split(self) -> (CheckInput, Option<String>, Option<Lang>, String) {
        (CheckInput { files: self.files, args: self.args, env: self.env }, self.flavor, self.lang, self.file)
    }
}

/// [`view`] for the JSON text `{files, args, env, flavor, lang}` (the page's
/// engine worker); the answer is [`ModuleView`] as JSON.
pub fn view_json(input: &str) -> String {
    let v = match serde_json::from_slice::<Wire>(input.as_bytes()) {
        Ok(w) => {
            let (input, flavor, lang, _) = w.split();
            view(&input, flavor.as_deref().unwrap_or(crate::flavor::DEFAULT), lang.unwrap_or_default())
        }
        Err(e) => ModuleView { input_error: Some(e.to_string()), ..ModuleView::default() },
    };
    serde_json::to_string(&v).unwrap_or_default()
}

/// Completion or hover in a file of the Module view, in the reply the
/// page's editors take (the value editor's: `tftype::assist::complete_value`,
/// `hover_value`). `json`: [`view_json`]'s `{files, args, env, flavor,
/// lang}` with `file`, the name of the file edited (its text as the editor
/// has it); `arg`: `complete BYTE` or `hover BYTE`, the cursor's byte in
/// that file. The module is read as the language server reads it
/// ([`assist::reading`]): [`assist::completions`] or [`assist::hover`] as
/// JSON (`null`: no hover).
pub fn assist_json(json: &str, arg: &str) -> String {
    let (kind, at) = arg.split_once(' ').unwrap_or((arg, "0"));
    let at = at.trim().parse().unwrap_or(0);
    let Ok(w) = serde_json::from_slice::<Wire>(json.as_bytes()) else { return "null".into() };
    let (input, flavor, lang, file) = w.split();
    let p = Flavor::lookup(flavor.as_deref().unwrap_or(crate::flavor::DEFAULT))
        .unwrap_or_else(Flavor::default_flavor)
        .profile();
    let lang = lang.unwrap_or_default();
    let input = assist::reading(input, &file);
    let out = if kind == "hover" {
        serde_json::to_string(&assist::hover(&input, &file, at, &p, lang))
    } else {
        serde_json::to_string(&assist::completions(&input, &file, at, &p, lang))
    };
    out.unwrap_or_default()
}

/// The single-variable request that tells variable `name`'s story (see
/// [`VarView::request`]).
pub fn request_for(input: &CheckInput, name: &str, flavor: &str, lang: Lang) -> Option<Request> {
    view(input, flavor, lang).variables.into_iter().find(|v| v.name == name).and_then(|v| v.request)
}

/// Where a declaration's parts are.
#[derive(Default)]
struct DeclSite {
    file: String,
    decl: Range<usize>,
    type_expr: Option<Range<usize>>,
    default_expr: Option<Range<usize>>,
    /// Each validation block's name (`FILE:L,C-L,C`) and its condition.
    rules: Vec<(String, Range<usize>)>,
}

/// Positions in the module's files, each file's map made once.
struct Places<'a> {
    input: &'a CheckInput,
    texts: &'a Texts<'a>,
    maps: BTreeMap<&'a str, Utf16Map<'a>>,
}

impl<'a> Places<'a> {
    fn at(&mut self, file: &str, r: &Range<usize>) -> Option<At> {
        let (name, text) = self.input.files.get_key_value(file)?;
        let m = self.maps.entry(name.as_str()).or_insert_with(|| Utf16Map::new(text));
        let (from16, to16) = (m.offset(r.start), m.offset(r.end));
        let s = self.texts.subject(file, r);
        Some(At { file: name.clone(), from16, to16, line: s.start.line, column: s.start.column })
    }

    fn subject(&mut self, s: &Subject) -> Option<At> {
        self.at(&s.filename, &(s.start.byte..s.end.byte))
    }

    fn text(&self, file: &str, r: &Range<usize>) -> Option<&'a str> {
        self.input.files.get(file).and_then(|t| t.get(r.clone()))
    }
}

/// Every variable block's parts, the later of two declarations winning (as
/// [`decl::load`] keeps it).
fn declarations(input: &CheckInput, texts: &Texts, p: &Profile) -> BTreeMap<String, DeclSite> {
    let mut out = BTreeMap::new();
    // Native-syntax files: a `.tf.json` file's blocks have no native parts.
    for (file, text) in input.files.iter().filter(|(n, _)| decl::is_config_file(n) && !crate::module::files::is_json(n))
    {
        let (Some(body), _) = crate::valueparse::parse_config(text, file, false, p) else { continue };
        for item in &body.items {
            let BodyItem::Block(b) = item else { continue };
            if b.kind != "variable" || b.labels.len() != 1 {
                continue;
            }
            out.insert(b.labels[0].0.clone(), site(file, b, texts));
        }
    }
    out
}

fn site(file: &str, b: &Block, texts: &Texts) -> DeclSite {
    let mut s = DeclSite { file: file.to_string(), decl: b.kind_range.start..b.labels[0].1.end, ..DeclSite::default() };
    for item in &b.body.items {
        match item {
            BodyItem::Attr(a) if a.name == "type" && s.type_expr.is_none() => s.type_expr = Some(a.expr.range()),
            BodyItem::Attr(a) if a.name == "default" && s.default_expr.is_none() => {
                s.default_expr = Some(a.expr.range())
            }
            BodyItem::Block(v) if v.kind == "validation" && v.labels.is_empty() => {
                let cond = v.body.items.iter().find_map(|i| match i {
                    BodyItem::Attr(a) if a.name == "condition" => Some(a.expr.range()),
                    _ => None,
                });
                // The name the check gives the rule (`Rule::decl_range`).
                let name = texts.subject(file, &(v.kind_range.start..v.kind_range.end)).range_string();
                if let Some(c) = cond {
                    s.rules.push((name, c));
                }
            }
            _ => {}
        }
    }
    s
}

/// The stages after which the single-variable engine retells what the
/// check did with the value (its reading, conversion and null check).
const RETOLD: [&str; 4] = ["value", "convert", "null", "limit"];

fn lay_out(input: &CheckInput, report: &CheckReport, flavor: &str, p: &Profile, lang: Lang) -> ModuleView {
    let mut texts = Texts::default();
    for (name, text) in &input.files {
        texts.add(name, text);
    }
    let mut places = Places { input, texts: &texts, maps: BTreeMap::new() };
    let errors = report.diagnostics.iter().filter(|d| d.is_error()).count();
    let mut out = ModuleView {
        ok: report.ok,
        input_error: report.input_error.clone(),
        validation_complete: report.validation_complete,
        summary: crate::module::output::summary_line(report, lang),
        errors,
        warnings: report.diagnostics.len() - errors,
        variables: Vec::new(),
        diagnostics: report.diagnostics.iter().map(|d| diag_view(d, &mut places)).collect(),
        notes: Vec::new(),
    };
    if report.input_error.is_some() {
        return out;
    }
    out.notes = assist::check_notes(input, p, lang)
        .into_iter()
        .map(|n| NoteView { at: places.at(&n.file, &n.range), kind: n.kind, text: n.text })
        .collect();
    let sites = declarations(input, &texts, p);
    let collected = sources::collect(input, &texts, p).map(|c| c.values).unwrap_or_default();
    for v in &report.variables {
        let mut one = var_view(v, sites.get(&v.name), collected.get(&v.name), &mut places, flavor, lang);
        if !one.ok {
            one.part = var_part(report, &v.name);
        }
        out.variables.push(one);
    }
    out
}

fn diag_view(d: &CheckDiag, places: &mut Places) -> DiagView {
    DiagView {
        severity: if d.is_error() { "error" } else { "warning" }.into(),
        summary: d.summary.clone(),
        detail: d.detail.clone(),
        filename: d.subject.as_ref().map(|s| s.filename.clone()),
        // The part of the value that failed, when tftype found it (the mark
        // is placed there, not on the whole value Terraform points at).
        at: d
            .part
            .as_ref()
            .and_then(|part| places.subject(&part.subject))
            .or_else(|| d.subject.as_ref().and_then(|s| places.subject(s))),
        part: d.part.as_ref().map(|p| p.name.clone()),
    }
}

/// The part that fails in the variable `name`'s first error that names one
/// (`var.NAME` then `[` or `.`), as the CLI prints it after that error.
fn var_part(report: &CheckReport, name: &str) -> Option<String> {
    let own = format!("var.{name}");
    report.diagnostics.iter().filter(|d| d.is_error()).find_map(|d| {
        let part = &d.part.as_ref()?.name;
        let rest = part.strip_prefix(&own)?;
        (rest.is_empty() || rest.starts_with(['[', '.'])).then(|| part.clone())
    })
}

fn var_view(
    v: &VarReport,
    site: Option<&DeclSite>,
    raw: Option<&sources::Unparsed>,
    places: &mut Places,
    flavor: &str,
    lang: Lang,
) -> VarView {
    let mut out = VarView {
        name: v.name.clone(),
        ok: false,
        stage: None,
        type_string: None,
        console: None,
        json: None,
        summary: None,
        detail: None,
        source: None,
        value_at: None,
        decl_at: site.and_then(|s| places.at(&s.file, &s.decl)),
        type_at: site.and_then(|s| s.type_expr.as_ref().and_then(|r| places.at(&s.file, r))),
        sensitive: v.sensitive,
        nullable: v.nullable,
        ephemeral: v.ephemeral,
        constant: v.constant,
        description: v.description.clone(),
        deprecated: v.deprecated.clone(),
        rules: v
            .validations
            .iter()
            .map(|r| RuleView {
                rule: r.rule.clone(),
                result: r.result.as_str().to_string(),
                at: site
                    .and_then(|s| s.rules.iter().find(|(n, _)| *n == r.rule).and_then(|(_, c)| places.at(&s.file, c))),
                error_message: r.error_message.clone(),
                reason: r.reason.as_ref().map(|x| x.text(lang)),
            })
            .collect(),
        part: None,
        request: None,
    };
    let retold = match &v.outcome {
        Outcome::Accepted { type_string, console, json } => {
            out.ok = true;
            out.type_string = Some(type_string.clone());
            out.console = Some(console.clone());
            out.json = json.clone();
            true
        }
        // A variable an earlier error kept from being evaluated: the
        // report's words are the oracle's (English); the reader gets the
        // catalog's.
        Outcome::Failed { stage: "skipped", .. } => {
            out.stage = Some("skipped".to_string());
            out.summary = Some(text(lang, "ui.module.skipped_summary").to_string());
            out.detail = Some(text(lang, "ui.module.skipped_detail").to_string());
            false
        }
        Outcome::Failed { stage, summary, detail } => {
            out.stage = Some(stage.to_string());
            out.summary = Some(summary.clone()).filter(|s| !s.is_empty());
            out.detail = Some(detail.clone()).filter(|s| !s.is_empty());
            RETOLD.contains(stage)
        }
    };

    // The value's text and its format, as the check read it.
    let from_default = v.source.as_deref() == Some("default");
    let value: Option<(String, ValueFormat)> = match (from_default, raw) {
        (true, _) => {
            out.source = Some(SourceKind::Default);
            site.and_then(|s| {
                let r = s.default_expr.as_ref()?;
                out.value_at = places.at(&s.file, r);
                Some((places.text(&s.file, r)?.to_string(), ValueFormat::Hcl))
            })
        }
        // A value that was never looked at (an earlier error) has no source.
        (false, _) if v.source.is_none() => None,
        (false, Some(u)) => match (&u.raw, u.kind) {
            (Raw::Text(s), kind) => {
                out.source = Some(if kind == Kind::Cli { SourceKind::Cli } else { SourceKind::Env });
                Some((s.clone(), ValueFormat::Cli))
            }
            (Raw::Expr { file, expr }, _) => {
                out.source = Some(SourceKind::File);
                out.value_at = places.at(file, &expr.range());
                places.text(file, &expr.range()).map(|t| (t.to_string(), ValueFormat::Tfvars))
            }
            (Raw::Json { subject, .. }, _) => {
                out.source = Some(SourceKind::File);
                let r = subject.start.byte..subject.end.byte;
                out.value_at = places.at(&subject.filename, &r);
                places.text(&subject.filename, &r).map(|t| (t.to_string(), ValueFormat::Json))
            }
        },
        (false, None) => None,
    };
    if let (true, Some((text, format))) = (retold, value) {
        let type_src = site.and_then(|s| s.type_expr.as_ref().and_then(|r| places.text(&s.file, r)));
        let mut req = Request::new(type_src, &text);
        req.value_format = format;
        req.nullable = v.nullable;
        req.sensitive = v.sensitive;
        req.var_name = v.name.clone();
        req.flavor = Some(flavor.to_string());
        req.lang = Some(lang);
        out.request = Some(req);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(files: &[(&str, &str)], args: &[(&str, &str)], env: &[(&str, &str)]) -> CheckInput {
        CheckInput {
            files: files.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            args: args.iter().map(|(k, v)| vec![k.to_string(), v.to_string()]).collect(),
            env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        }
    }

    fn var<'a>(v: &'a ModuleView, name: &str) -> &'a VarView {
        v.variables.iter().find(|x| x.name == name).unwrap_or_else(|| panic!("no variable {name}"))
    }

    fn slice16(text: &str, at: &At) -> String {
        let u: Vec<u16> = text.encode_utf16().collect();
        String::from_utf16(&u[at.from16..at.to16]).unwrap()
    }

    const VARS: &str = r#"# Réseau (a comment with non-ASCII text before every declaration)
variable "cidr" {
  type = string
}

variable "azs" {
  type    = list(string)
  default = ["eu-west-1a"]
}

variable "tags" {
  type = map(string)
}

variable "subnets" {
  type = list(object({ name = string, bits = optional(number, 8) }))
}

variable "port" {
  type = number
}
"#;

    /// Each source gives the request that retells the check's answer: the
    /// type's text, the value's text in the format it was read in, and the
    /// single-variable engine's console text equal to the check's.
    /// The view lists tftype's notes, placed for the editors, as `tftype
    /// check` shows them after the diagnostics.
    #[test]
    fn the_view_carries_tftypes_notes_placed() {
        let vars = "variable \"region\" {\n  type = string\n}\nvariable \"svc\" {\n  type = object({ name = string, size = optional(number, 1) })\n}\n";
        let tfvars = "region = \"ü\"\nregoin = \"b\"\nsvc = { name = \"a\", sise = 3 }\n";
        let v = view(
            &input(&[("variables.tf", vars), ("terraform.tfvars", tfvars)], &[], &[]),
            crate::flavor::DEFAULT,
            Lang::En,
        );
        let marked: Vec<(&str, String)> = v
            .notes
            .iter()
            .map(|n| {
                (
                    n.kind.as_str(),
                    n.at.as_ref()
                        .map(|a| {
                            tfvars
                                .encode_utf16()
                                .skip(a.from16)
                                .take(a.to16 - a.from16)
                                .map(|u| char::from_u32(u as u32).unwrap_or('?'))
                                .collect()
                        })
                        .unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(
            marked,
            [("note.undeclared_suggest", "regoin".to_string()), ("note.dropped_suggest_top", "sise = 3".to_string())]
        );
        let clean = view(
            &input(
                &[("variables.tf", vars), ("terraform.tfvars", "region = \"a\"\nsvc = { name = \"a\" }\n")],
                &[],
                &[],
            ),
            crate::flavor::DEFAULT,
            Lang::En,
        );
        assert!(clean.notes.is_empty(), "{:?}", clean.notes);
    }

    /// The part that fails, which `tftype check` prints after the error, is
    /// in the view: on the diagnostic and on its variable; a value that fails
    /// as a whole names none (ux-5 L16).
    #[test]
    fn the_part_that_fails_is_named_on_the_diagnostic_and_its_variable() {
        let tfvars = "cidr = \"10.0.0.0/16\"\nsubnets = [{ name = \"a\" }, { name = \"b\", bits = \"four\" }]\ntags = { env = [1] }\nport = \"http\"\n";
        let v = view(
            &input(&[("variables.tf", VARS), ("terraform.tfvars", tfvars)], &[], &[]),
            crate::flavor::DEFAULT,
            Lang::En,
        );
        for (name, part) in [
            ("subnets", Some("var.subnets[1].bits")),
            ("tags", Some("var.tags[\"env\"]")),
            ("port", None),
            ("cidr", None),
        ] {
            assert_eq!(var(&v, name).part.as_deref(), part, "{name}");
        }
        let mut parts: Vec<&str> = v.diagnostics.iter().filter_map(|d| d.part.as_deref()).collect();
        parts.sort();
        assert_eq!(parts, ["var.subnets[1].bits", "var.tags[\"env\"]"]);
        // Absent from the JSON when there is none (the Module view's worker and the page agree).
        let json = serde_json::to_string(&v.diagnostics).unwrap();
        assert_eq!(json.matches("\"part\"").count(), 2, "{json}");
    }

    #[test]
    fn each_value_source_gives_the_request_that_retells_the_check() {
        let i = input(
            &[
                ("variables.tf", VARS),
                (
                    "terraform.tfvars",
                    "cidr = \"10.0.0.0/16\"\nsubnets = [{ name = \"a\" }, { name = \"b\", bits = \"4\" }]\n",
                ),
                ("prod.tfvars.json", "{\n  \"tags\": {\"env\": \"prod\", \"owner\": \"ñet\"}\n}\n"),
            ],
            &[("-var-file", "prod.tfvars.json"), ("-var", "port=8080")],
            &[("TF_VAR_port", "1"), ("TF_VAR_cidr", "ignored: the file comes later")],
        );
        let v = view(&i, "terraform@1.15", Lang::En);
        assert!(v.ok, "{:?}", v.diagnostics);
        // (name, source, format, value text)
        let table = [
            ("cidr", SourceKind::File, ValueFormat::Tfvars, "\"10.0.0.0/16\""),
            ("subnets", SourceKind::File, ValueFormat::Tfvars, "[{ name = \"a\" }, { name = \"b\", bits = \"4\" }]"),
            ("tags", SourceKind::File, ValueFormat::Json, "{\"env\": \"prod\", \"owner\": \"ñet\"}"),
            ("port", SourceKind::Cli, ValueFormat::Cli, "8080"),
            ("azs", SourceKind::Default, ValueFormat::Hcl, "[\"eu-west-1a\"]"),
        ];
        for (name, source, format, text) in table {
            let x = var(&v, name);
            assert_eq!(x.source, Some(source), "{name}");
            let req = x.request.as_ref().unwrap_or_else(|| panic!("{name}: no request"));
            assert_eq!((req.value_format, req.value.as_str()), (format, text), "{name}");
            assert_eq!(req.var_name, name);
            let answer = crate::evaluate(req);
            assert_eq!(
                answer.console.as_deref(),
                x.console.as_deref(),
                "{name}: the story's evaluation agrees with the check"
            );
            assert_eq!(answer.type_string.as_deref(), x.type_string.as_deref(), "{name}");
            // The value's place is its text in its file.
            if let Some(at) = &x.value_at {
                assert_eq!(slice16(&i.files[&at.file], at), text, "{name}: value_at");
            } else {
                assert!(matches!(source, SourceKind::Cli | SourceKind::Env), "{name}: a file value has a place");
            }
            let t = x.type_at.as_ref().unwrap();
            assert_eq!(Some(slice16(VARS, t)), req.type_src, "{name}: type_at");
        }
        assert_eq!(var(&v, "tags").value_at.as_ref().unwrap().file, "prod.tfvars.json");
    }

    #[test]
    fn an_environment_variable_is_a_cli_string() {
        let i = input(
            &[("variables.tf", "variable \"region\" {\n  type = string\n}\n")],
            &[],
            &[("TF_VAR_region", "eu-west-1")],
        );
        let v = view(&i, "opentofu@1.8", Lang::En);
        let x = var(&v, "region");
        assert_eq!(x.source, Some(SourceKind::Env));
        let req = x.request.as_ref().unwrap();
        assert_eq!(
            (req.value.as_str(), req.value_format, req.flavor.as_deref()),
            ("eu-west-1", ValueFormat::Cli, Some("opentofu@1.8"))
        );
        assert_eq!(x.value_at, None);
    }

    /// A value that does not convert: the check's error is marked where it
    /// points (UTF-16 offsets past non-ASCII text), and the request retells
    /// the same failure.
    #[test]
    fn a_failing_value_is_marked_in_its_file_and_retold() {
        let tfvars = "# Prod — Produktion\nport = \"eighty\"\n";
        let i = input(
            &[("variables.tf", "variable \"port\" {\n  type = number\n}\n"), ("envs/prod.tfvars", tfvars)],
            &[("-var-file", "envs/prod.tfvars")],
            &[],
        );
        let v = view(&i, "terraform@1.15", Lang::En);
        assert!(!v.ok);
        assert_eq!((v.errors, v.warnings), (1, 0));
        let d = &v.diagnostics[0];
        assert_eq!(d.summary, "Invalid value for input variable");
        let at = d.at.as_ref().expect("placed");
        assert_eq!((at.file.as_str(), at.line, at.column), ("envs/prod.tfvars", 2, 8));
        assert_eq!(slice16(tfvars, at), "\"eighty\"");
        let x = var(&v, "port");
        assert_eq!((x.ok, x.stage.as_deref()), (false, Some("convert")));
        let answer = crate::evaluate(x.request.as_ref().unwrap());
        assert!(!answer.ok && answer.detail.as_deref().unwrap_or("").contains("a number is required"), "{answer:?}");
    }

    #[test]
    fn a_required_variable_without_a_value_has_no_request() {
        let i = input(&[("variables.tf", "variable \"name\" {\n  type = string\n}\n")], &[], &[]);
        let v = view(&i, "terraform@1.15", Lang::Ja);
        let x = var(&v, "name");
        assert_eq!((x.ok, x.stage.as_deref(), x.source, x.request.is_none()), (false, Some("required"), None, true));
        assert_eq!(v.diagnostics[0].at.as_ref().map(|a| (a.line, a.column)), Some((1, 1)));
        assert_eq!(x.decl_at, v.diagnostics[0].at);
        assert!(v.summary.contains('1'), "{}", v.summary);
    }

    /// Rules are listed with their result, their condition's place and the
    /// reason in the reader's language.
    #[test]
    fn rules_carry_their_place_and_reason_in_the_readers_language() {
        let tf = r#"variable "name" {
  type = string
  validation {
    condition     = length(var.name) > 2
    error_message = "Too short."
  }
  validation {
    condition     = var.name != local.reserved
    error_message = "Reserved."
  }
}
"#;
        let i = input(&[("main.tf", tf)], &[("-var", "name=ab")], &[]);
        for lang in Lang::ALL {
            let v = view(&i, "terraform@1.15", lang);
            let x = var(&v, "name");
            let results: Vec<&str> = x.rules.iter().map(|r| r.result.as_str()).collect();
            assert_eq!(results, ["fail", "not_evaluated"], "{lang:?}");
            assert_eq!(slice16(tf, x.rules[0].at.as_ref().unwrap()), "length(var.name) > 2");
            assert_eq!(x.rules[0].error_message.as_deref(), Some("Too short."));
            let reason = x.rules[1].reason.as_deref().unwrap();
            assert_eq!(reason, crate::module::validate::Reason::Offline("local.reserved".into()).text(lang));
            assert!(reason.contains("local.reserved"), "{reason}");
        }
    }

    /// A variable an earlier error kept from being evaluated is told in the
    /// reader's words (words-4: it was English in every language), while
    /// the check's report keeps the oracle's words.
    #[test]
    fn a_skipped_variable_is_told_in_the_readers_language() {
        let i = input(&[("variables.tf", "variable \"v\" {\n  type = string\n}\n")], &[("-var", "v")], &[]);
        let report = crate::module::check(&i, &crate::flavor::Flavor::default_flavor().profile());
        let Outcome::Failed { stage, summary, .. } = &report.variables[0].outcome else { panic!("{report:?}") };
        assert_eq!((*stage, summary.as_str()), ("skipped", "Not evaluated"));
        for (lang, summary, detail) in [
            (Lang::En, "Not evaluated", "An earlier error stopped the run before this variable was evaluated."),
            (Lang::Zh, "未求值", "先前的错误在求值此变量之前就中止了运行。"),
            (Lang::Ja, "未評価", "この変数を評価する前に、先行するエラーで実行が中止されました。"),
        ] {
            let v = view(&i, "terraform@1.15", lang);
            let x = var(&v, "v");
            assert_eq!(
                (x.stage.as_deref(), x.summary.as_deref(), x.detail.as_deref()),
                (Some("skipped"), Some(summary), Some(detail)),
                "{lang:?}"
            );
        }
    }

    #[test]
    fn an_earlier_error_leaves_values_unread() {
        // A broken declaration stops the run before any value is read.
        let i = input(
            &[
                ("variables.tf", "variable \"a\" {\n  type = lisst(string)\n}\nvariable \"b\" {}\n"),
                ("terraform.tfvars", "a = []\nb = 1\n"),
            ],
            &[],
            &[],
        );
        let v = view(&i, "terraform@1.15", Lang::En);
        assert!(!v.ok);
        for x in &v.variables {
            assert_eq!((x.source, x.request.is_none()), (None, true), "{}", x.name);
        }
        assert!(v.diagnostics.iter().any(|d| d.at.as_ref().is_some_and(|a| a.file == "variables.tf")));
    }

    #[test]
    fn a_value_outside_the_files_names_its_pseudo_file() {
        let i =
            input(&[("variables.tf", "variable \"l\" {\n  type = list(string)\n}\n")], &[("-var", "l=[\"a\",")], &[]);
        let v = view(&i, "terraform@1.15", Lang::En);
        let d = v
            .diagnostics
            .iter()
            .find(|d| d.filename.as_deref() == Some("<value for var.l>"))
            .expect("the -var's diagnostic");
        assert_eq!(d.at, None);
    }

    #[test]
    fn the_json_form_reads_back_and_bad_input_is_an_input_error() {
        let j = view_json(
            r#"{"files": {"v.tf": "variable \"x\" {\n  default = 1\n}\n"}, "flavor": "opentofu@1.12", "lang": "zh"}"#,
        );
        let v: ModuleView = serde_json::from_str(&j).unwrap();
        assert!(v.ok);
        assert_eq!(var(&v, "x").console.as_deref(), Some("1"));
        assert_eq!(var(&v, "x").request.as_ref().unwrap().lang, Some(Lang::Zh));
        for bad in ["", "[", r#"{"files": 3}"#, r#"{"args": [["-x", "y"]]}"#] {
            let v: ModuleView = serde_json::from_str(&view_json(bad)).unwrap();
            assert!(v.input_error.is_some() && !v.ok, "{bad}: {v:?}");
        }
    }

    #[test]
    fn request_for_names_one_variable() {
        let i = input(
            &[
                ("variables.tf", "variable \"x\" {\n  type = set(string)\n}\n"),
                ("a.auto.tfvars", "x = [\"b\", \"a\", \"b\"]\n"),
            ],
            &[],
            &[],
        );
        let r = request_for(&i, "x", "terraform@1.15", Lang::En).unwrap();
        assert_eq!((r.type_src.as_deref(), r.value.as_str()), (Some("set(string)"), "[\"b\", \"a\", \"b\"]"));
        assert!(request_for(&i, "y", "terraform@1.15", Lang::En).is_none());
    }

    /// The Module view's file editors complete and hover as the language
    /// server does (`assist::complete`, `assist::hover`, the file read as
    /// `assist::reading` reads it), answered in the value editor's reply
    /// (`{from, to, items, label}`, `{range, markdown}`).
    #[test]
    fn a_file_editor_completes_and_hovers_as_the_language_server_does() {
        const DEV: &str = "cidr = \"10.0.0.0/16\"\nsubnets = [{ name = \"a\", bits = 4 }]\n";
        // (file, its text with a | for the cursor, the work, the language,
        // what the reply is: the completions' labels and the range they
        // replace, or the hover's range and its Markdown's first line)
        type Row<'a> =
            (&'a str, &'a str, &'a str, &'a str, Option<(Vec<&'a str>, [usize; 2])>, Option<([usize; 2], &'a str)>);
        let rows: &[Row] = &[
            // A variable's name at the top level of a value file: the unset ones, required first.
            (
                "envs/dev.tfvars",
                "cidr = \"10.0.0.0/16\"\n|",
                "complete",
                "en",
                Some((vec!["tags", "subnets", "port", "azs"], [21, 21])),
                None,
            ),
            (
                "envs/dev.tfvars",
                "cidr = \"10.0.0.0/16\"\nsu|",
                "complete",
                "en",
                Some((vec!["subnets"], [21, 23])),
                None,
            ),
            ("terraform.tfvars", "po|rt = 1\n", "complete", "ja", Some((vec!["port"], [0, 4])), None),
            // An attribute inside a value.
            (
                "envs/dev.tfvars",
                "subnets = [{ name = \"a\", | }]\n",
                "complete",
                "en",
                Some((vec!["bits"], [25, 25])),
                None,
            ),
            // Nothing to offer: a configuration file, inside a string.
            ("variables.tf", "variable \"x\" {\n  |\n}\n", "complete", "en", Some((vec![], [17, 17])), None),
            ("envs/dev.tfvars", "cidr = \"10.|\"\n", "complete", "en", Some((vec![], [11, 11])), None),
            // Hover on a variable in a value file: its declaration.
            (
                "envs/dev.tfvars",
                "ci|dr = \"10.0.0.0/16\"\n",
                "hover",
                "en",
                None,
                Some(([0, 4], "**var.cidr** `string`")),
            ),
            // Hover on an attribute: its type, required or optional with its default.
            (
                "envs/dev.tfvars",
                "subnets = [{ na|me = \"a\" }]\n",
                "hover",
                "en",
                None,
                Some(([13, 17], "`name`: `string` — required")),
            ),
            (
                "envs/dev.tfvars",
                "subnets = [{ name = \"a\", b|its = 4 }]\n",
                "hover",
                "en",
                None,
                Some(([25, 29], "`bits`: `number` — optional, default `8`")),
            ),
            (
                "envs/dev.tfvars",
                "subnets = [{ name = \"a\", b|its = 4 }]\n",
                "hover",
                "zh",
                None,
                Some(([25, 29], "`bits`: `number` — ")),
            ),
            // Nothing to tell: between values.
            ("envs/dev.tfvars", "cidr = \"10.0.0.0/16\"\n|\n", "hover", "en", None, None),
        ];
        for (file, marked, work, lang, completions, hover) in rows {
            let at = marked.find('|').unwrap();
            let written = marked.replacen('|', "", 1);
            let mut files = BTreeMap::from([
                ("variables.tf".to_string(), VARS.to_string()),
                ("envs/dev.tfvars".to_string(), DEV.to_string()),
            ]);
            files.insert(file.to_string(), written);
            let json = serde_json::json!({"files": files, "args": [["-var-file", "envs/dev.tfvars"]], "env": {}, "flavor": "terraform@1.15", "lang": lang, "file": file}).to_string();
            let got: serde_json::Value = serde_json::from_str(&assist_json(&json, &format!("{work} {at}"))).unwrap();
            let what = format!("{work} in {file} {marked:?} ({lang})");
            // What the language server answers for the same module and place.
            let input = assist::reading(
                CheckInput {
                    files: files.clone(),
                    args: vec![vec!["-var-file".into(), "envs/dev.tfvars".into()]],
                    env: BTreeMap::new(),
                },
                file,
            );
            let p = Flavor::lookup("terraform@1.15").unwrap().profile();
            let l = Lang::parse(lang).unwrap();
            match (completions, hover) {
                (Some((labels, range)), None) => {
                    let shown: Vec<&str> =
                        got["items"].as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
                    assert_eq!(
                        (shown, [got["from"].as_u64().unwrap() as usize, got["to"].as_u64().unwrap() as usize]),
                        (labels.clone(), *range),
                        "{what}"
                    );
                    assert_eq!(
                        got["items"],
                        serde_json::to_value(assist::complete(&input, file, at, &p, l)).unwrap(),
                        "{what}: the server's items"
                    );
                    assert_eq!(got["label"], text(l, "assist.list_label"), "{what}");
                }
                (None, Some((range, first))) => {
                    assert_eq!(
                        [
                            got["range"]["start"].as_u64().unwrap() as usize,
                            got["range"]["end"].as_u64().unwrap() as usize
                        ],
                        *range,
                        "{what}"
                    );
                    let md = got["markdown"].as_str().unwrap();
                    assert!(md.lines().next().unwrap().starts_with(first), "{what}: {md}");
                    assert_eq!(
                        md,
                        assist::hover(&input, file, at, &p, l).unwrap().markdown,
                        "{what}: the server's hover"
                    );
                }
                _ => assert_eq!(got, serde_json::Value::Null, "{what}"),
            }
        }
        // A value file the command line does not name is read as the last -var-file (as the
        // server reads it): its hover tells the value it gives (every required variable set, so
        // that nothing stops the run).
        let json = serde_json::json!({"files": {"variables.tf": VARS, "envs/dev.tfvars": DEV, "envs/other.tfvars": "port = 9090\ntags = {}\n"}, "args": [["-var-file", "envs/dev.tfvars"]], "file": "envs/other.tfvars"}).to_string();
        let got: serde_json::Value = serde_json::from_str(&assist_json(&json, "hover 1")).unwrap();
        assert!(got["markdown"].as_str().unwrap().contains("9090"), "{got}");
        // Broken input: no answer, no panic.
        assert_eq!(assist_json("{", "hover 1"), "null");
    }
}
