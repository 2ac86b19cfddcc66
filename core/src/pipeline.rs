//! Terraform's input-variable pipeline: declare the variable (parse its type),
//! read the value, apply optional defaults, convert
//! (`prepareFinalInputVariableValue`), check nullability, render.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::convert;
use crate::diag::{Capped, Diagnostic, Severity, Source, SpanTree, Utf16Map};
use crate::flavor::{Flavor, Profile};
use crate::path::{format_path, Path, PathStep};
use crate::render;
use crate::typeexpr::{self, TypeConstraint, TypeFailure};
use crate::value::{Kind, Value};
use crate::valueparse::{self, ParsedValue, ValueFormat};

/// One evaluation: a variable's type source, a value source and options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The `type` argument's source; None = no `type` argument.
    #[serde(rename = "type", default)]
    pub type_src: Option<String>,
    pub value: String,
    #[serde(default)]
    pub value_format: ValueFormat,
    #[serde(default = "default_true")]
    pub nullable: bool,
    #[serde(default)]
    pub sensitive: bool,
    /// The variable's name, as it appears in Terraform's messages (`var.NAME`).
    #[serde(default = "default_var_name")]
    pub var_name: String,
    /// The product version to answer for (`terraform@1.5`, `opentofu@1.8`,
    /// see [`crate::flavor`]); None: current Terraform.
    #[serde(default)]
    pub flavor: Option<String>,
    /// When set, [`crate::evaluate`] also tells the story of the evaluation
    /// in this language ([`crate::why`]); the pipeline itself ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<crate::i18n::Lang>,
    /// Which texts of an accepted value to build (`"console"`, `"json"`,
    /// `"both"`): a form not asked for is not rendered (see [`Forms`]).
    #[serde(default, skip_serializing_if = "Forms::is_both")]
    pub forms: Forms,
}

/// The texts of an accepted value a caller wants. The page and the npm
/// package show both (the default); `tftype` without `--json` prints the
/// console text only; a batch case may ask for one (`"forms": "json"`).
/// A form not asked for is neither rendered nor held to the output limit
/// ([`render::MAX_OUTPUT_BYTES`]): the limit is on what is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Forms {
    #[default]
    Both,
    Console,
    Json,
}

impl Forms {
    pub fn is_both(&self) -> bool {
        *self == Forms::Both
    }
    pub fn console(self) -> bool {
        self != Forms::Json
    }
    pub fn json(self) -> bool {
        self != Forms::Console
    }
}

/// The texts of an accepted value to render, as two switches: a [`Forms`],
/// or neither (a module check whose report prints no values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShownForms {
    pub console: bool,
    pub json: bool,
}

impl ShownForms {
    /// Both texts.
    pub const ALL: ShownForms = ShownForms { console: true, json: true };
    /// Neither (the type only).
    pub const NONE: ShownForms = ShownForms { console: false, json: false };
}

impl From<Forms> for ShownForms {
    fn from(f: Forms) -> Self {
        ShownForms { console: f.console(), json: f.json() }
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

fn default_true() -> bool {
    true
}
fn default_var_name() -> String {
    "v".into()
}

impl Request {
    pub fn new(type_src: Option<&str>, value: &str) -> Request {
        Request {
            type_src: type_src.map(str::to_string),
            value: value.to_string(),
            value_format: ValueFormat::Hcl,
            nullable: true,
            sensitive: false,
            var_name: default_var_name(),
            flavor: None,
            lang: None,
            forms: Forms::Both,
        }
    }

    /// A request from its JSON text, as the page's engines are given one
    /// (the page's worker, `engine-full/`). Unreadable JSON still makes a
    /// request: its flavor names the reason, and evaluating it then says so
    /// as an unknown version, so the reader is told why, never nothing.
    pub fn from_json(json: &str) -> Request {
        serde_json::from_slice(json.as_bytes()).unwrap_or_else(Request::unreadable)
    }

    /// The request [`Request::from_json`] makes of JSON it cannot read, for `why` (also the
    /// page's, which reads its requests with a reader of its own).
    pub fn unreadable(why: impl std::fmt::Display) -> Request {
        Request { flavor: Some(format!("(unreadable request: {why})")), ..Request::new(None, "") }
    }
}

/// Which step failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// The variable declaration (type constraint) is invalid.
    Type,
    /// The value text cannot be read.
    Value,
    /// Defaults + conversion failed.
    Convert,
    /// The value converted but is null and `nullable = false`.
    Null,
    /// The flavor's own code would crash on this input (Terraform 1.5 on
    /// some duplicate attribute names): the detail says where.
    Crash,
    /// The request itself is unusable (an unknown flavor).
    Input,
    /// The value converts, but a `validation` rule of the `variable` block
    /// given as the type does not hold (see [`crate::module::block`]).
    Rule,
    /// The result is accepted but too large for tftype to show (see
    /// [`render::MAX_OUTPUT_BYTES`]).
    Limit,
}

/// A diagnostic as the UI and JS see it: byte and UTF-16 ranges.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DiagnosticOut {
    pub severity: crate::diag::Severity,
    pub summary: String,
    pub detail: String,
    pub source: Source,
    pub start: Option<usize>,
    pub end: Option<usize>,
    pub start16: Option<usize>,
    pub end16: Option<usize>,
}

/// The outcome of [`crate::evaluate`] (of [`answer`], without its story).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Response {
    pub ok: bool,
    pub stage: Option<Stage>,
    /// `typeexpr.TypeString` of the result's type.
    #[serde(rename = "type")]
    pub type_string: Option<String>,
    /// What `terraform console` prints for `var.NAME`.
    pub console: Option<String>,
    /// go-cty JSON: `{"value": ..., "type": ...}` as JSON text; None when
    /// the value has unknown parts or infinite numbers (which
    /// `ctyjson.Marshal` refuses).
    pub json: Option<String>,
    pub sensitive_paths: Vec<String>,
    pub summary: Option<String>,
    pub detail: Option<String>,
    /// `tfdiags.FormatCtyPath` of a conversion error's path.
    pub path: Option<String>,
    /// The raw go-cty conversion message.
    pub error: Option<String>,
    pub diagnostics: Vec<DiagnosticOut>,
    /// How many more diagnostics there were after the listed ones (at most
    /// [`crate::diag::MAX_DIAGNOSTICS`] are listed).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub diagnostics_omitted: usize,
    /// The conversion rules applied, outermost first (for the "why" view).
    pub explain: Vec<convert::ExplainStep>,
    /// Warnings the flavor gives for an accepted value (OpenTofu 1.11+:
    /// "Object attribute is ignored"), placed in the value source.
    pub warnings: Vec<DiagnosticOut>,
    /// How many more warnings there were after the listed ones.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub warnings_omitted: usize,
    /// The story and tftype's notes, when the request asked for a language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story: Option<crate::story::Story>,
    /// A `variable` block's validation errors ([`crate::module::block`]),
    /// every one the version reports, in its order: Terraform evaluates
    /// every rule, OpenTofu 1.7+ stops a variable's rules after the first
    /// error (`Switch` of `stop_after_error`). `summary` and `detail` are
    /// the first's. Empty for any other answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rule_errors: Vec<RuleError>,
}

/// One error of a `variable` block's validation rules, as the version
/// prints it (see [`Response::rule_errors`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    pub summary: String,
    pub detail: String,
    /// The rule's `validation` block as Terraform names it
    /// (`main.tf:4,3-13`); None for an error of no one rule.
    pub rule: Option<String>,
    /// The rule's error message, when its condition did not hold.
    pub message: Option<String>,
    /// The rule's condition in the type text: byte range and UTF-16 range.
    pub condition: Option<[usize; 2]>,
    pub condition16: Option<[usize; 2]>,
}

impl Response {
    fn failure(stage: Stage, diags: impl Into<Capped<Diagnostic>>, req: &Request) -> Response {
        Response::failure_capped(stage, diags.into(), req)
    }
    /// [`Response::failure`]'s body, once for both kinds of diagnostics list
    /// (issue #39: lighter in the engines' .wasm).
    fn failure_capped(stage: Stage, diags: Capped<Diagnostic>, req: &Request) -> Response {
        let first = diags.first().cloned();
        Response {
            diagnostics_omitted: diags.omitted(),
            ok: false,
            stage: Some(stage),
            summary: first.as_ref().map(|d| d.summary.clone()),
            detail: first.as_ref().map(|d| d.detail.clone()),
            path: Some(String::new()),
            diagnostics: diags_out(&diags, req),
            ..Response::default()
        }
    }
}

/// Diagnostics with their ranges also in UTF-16 offsets; each source text is
/// indexed once, however many diagnostics point into it.
fn diags_out<'d>(diags: impl IntoIterator<Item = &'d Diagnostic>, req: &Request) -> Vec<DiagnosticOut> {
    let type_src = req.type_src.as_deref().unwrap_or("");
    let (mut type_map, mut value_map) = (None, None);
    diags
        .into_iter()
        .map(|d| {
            let map = match d.source {
                Source::Type => type_map.get_or_insert_with(|| Utf16Map::new(type_src)),
                Source::Value => value_map.get_or_insert_with(|| Utf16Map::new(&req.value)),
            };
            let r16 = d.range.as_ref().map(|r| map.range(r));
            DiagnosticOut {
                severity: d.severity,
                summary: d.summary.clone(),
                detail: d.detail.clone(),
                source: d.source,
                start: d.range.as_ref().map(|r| r.start),
                end: d.range.as_ref().map(|r| r.end),
                start16: r16.as_ref().map(|r| r.start),
                end16: r16.as_ref().map(|r| r.end),
            }
        })
        .collect()
}

/// `variable "NAME"`'s range as hcl prints it: `main.tf:1,1-13` for `v`.
pub(crate) fn decl_range(var_name: &str) -> String {
    let decl = format!("variable {}", render::go_quote(var_name));
    format!("main.tf:1,1-{}", decl.chars().count() + 1)
}

/// Terraform's detail text for an unsuitable value, in its variants.
fn unsuitable_detail(req: &Request, pv: &ParsedValue, msg: &str, defined: &str) -> String {
    let addr = format!("var.{}", req.var_name);
    if pv.from_cli {
        return format!("Unsuitable value for {addr} set using -var=\"{}=...\": {msg}.", req.var_name);
    }
    match &pv.src_range {
        None => format!("Unsuitable value for {addr} set from outside of the configuration: {msg}."),
        Some(rng) if req.sensitive && defined == "declared" => {
            format!("The given value is not suitable for {addr}, which is sensitive: {msg}. Invalid value defined at {rng}.")
        }
        Some(_) => {
            format!("The given value is not suitable for {addr} {defined} at {}: {msg}.", decl_range(&req.var_name))
        }
    }
}

/// At most this many conversion steps are explained.
const EXPLAIN_LIMIT: usize = 200;

/// Runs the whole input-variable pipeline for one variable, as the
/// request's flavor (current Terraform by default) does it: the answer,
/// without a story ([`crate::evaluate`] adds it).
pub fn answer(req: &Request) -> Response {
    match profile(req) {
        Ok(p) => answer_in(req, &p),
        Err(refused) => *refused,
    }
}

/// The behaviour of the request's flavor, or the answer that refuses an
/// unknown one.
pub fn profile(req: &Request) -> Result<Profile, Box<Response>> {
    let name = req.flavor.as_deref().unwrap_or(crate::flavor::DEFAULT);
    let Some(flavor) = Flavor::lookup(name) else {
        let detail =
            format!("Unknown flavor {}; known flavors: {}.", render::go_quote(name), Flavor::names().join(", "));
        let d = Diagnostic::error(Source::Value, "Unknown flavor", detail, None);
        return Err(Box::new(Response::failure(Stage::Input, vec![d], req)));
    };
    Ok(flavor.profile())
}

/// [`answer`] with the behaviour of `p` (which records what it was asked,
/// see [`crate::versions::compare`]); the request's `flavor` is not looked at.
pub fn answer_in(req: &Request, p: &Profile) -> Response {
    answer_keeping(req, p, None)
}

/// [`answer_in`], which also gives `keep` the final value of an accepted
/// request (read, defaults applied, converted) and the value expression's
/// range in the value source: what a `validation` rule sees
/// ([`crate::module::block`]).
pub(crate) fn answer_keeping(
    req: &Request,
    p: &Profile,
    keep: Option<&mut Option<(Value, std::ops::Range<usize>)>>,
) -> Response {
    let tc: TypeConstraint = match typeexpr::parse_variable_type_in(req.type_src.as_deref(), p) {
        Ok(tc) => tc,
        Err(TypeFailure::Invalid(diags)) => return Response::failure(Stage::Type, diags, req),
        Err(TypeFailure::Crash(d)) => return Response::failure(Stage::Crash, vec![d], req),
    };
    // The parts' ranges are found only if an error needs them (see `reparsed_spans`).
    let mut pv = match valueparse::parse_value_spans(&req.value, req.value_format, tc.cli_literal, false, p) {
        Ok(pv) => pv,
        Err(diags) => return Response::failure(Stage::Value, diags, req),
    };

    let with = with_defaults(&pv.value, &tc, p);
    let to_convert = &*with;
    let top = convert::plan_convert(&to_convert.ty, &tc.ty);
    let explain = convert::explain_planned(to_convert, &tc.ty, &top, EXPLAIN_LIMIT, p);
    let converted = match convert::convert_planned(to_convert, &tc.ty, &top, p) {
        Ok(v) => v,
        Err(e) if e.beyond_limit => {
            // A string read as a number past tftype's limit: Terraform accepts it.
            let spans = reparsed_spans(req, &tc, pv.spans.clone(), p);
            let range = span_at(&spans, &e.path).range.clone();
            let d =
                Diagnostic::error(Source::Value, "Number too large", crate::number::LITERAL_RANGE_DETAIL, Some(range));
            let mut r = Response::failure(Stage::Limit, vec![d], req);
            r.path = Some(format_path(&e.path));
            r.explain = explain;
            return r;
        }
        Err(e) => {
            let detail = unsuitable_detail(req, &pv, &e.message, "declared");
            let spans = reparsed_spans(req, &tc, pv.spans.clone(), p);
            // Marked where the message is about, which may be deeper than the error's path.
            let part = crate::convert::mismatch::failing_part(&to_convert.ty, &tc.ty, &e.path);
            let mut d = Diagnostic::error(
                Source::Value,
                "Invalid value for input variable",
                detail,
                Some(span_at(&spans, &part).range.clone()),
            );
            if spans == SpanTree::default() {
                d.range = None;
            }
            let mut diags = vec![d.clone()];
            if let Some(tr) = type_span_at(&tc, &part) {
                diags.push(Diagnostic { source: Source::Type, range: Some(tr), ..d });
            }
            let mut r = Response::failure(Stage::Convert, diags, req);
            r.path = Some(format_path(&e.path));
            r.error = Some(e.message);
            r.explain = explain;
            return r;
        }
    };

    // The value as read is not needed any more: it is given back before the
    // texts are rendered (a long tuple's type alone is 16 bytes per element;
    // elements the conversion shares stay).
    drop(with);
    pv.value = Value::null(crate::types::Type::Dynamic);

    if converted.is_null() && !req.nullable {
        let detail = unsuitable_detail(req, &pv, "required variable may not be set to null", "defined");
        let d = Diagnostic::error(Source::Value, "Required variable not set", detail, Some(pv.spans.range.clone()));
        return Response::failure(Stage::Null, vec![d], req);
    }

    // The texts are rendered within the output limit, which counts exactly
    // what is printed (escapes, indentation, heredocs).
    let too_large = || {
        let detail = format!(
            "The value converts, but showing it would take more than {} MB of text, which tftype does not write.",
            render::MAX_OUTPUT_BYTES >> 20
        );
        let d = Diagnostic::error(Source::Value, "Result too large to show", detail, Some(pv.spans.range.clone()));
        Response::failure(Stage::Limit, vec![d], req)
    };
    let Some(Shown { type_string, console, json }) = shown_forms(&converted, req.sensitive, req.forms.into(), p) else {
        return too_large();
    };
    let mut sensitive_paths = Vec::new();
    // Defaults and conversion add no marks: an unmarked value stays unmarked.
    if pv.marked && converted.has_sensitive_deep() {
        collect_sensitive_paths(&converted, &mut Vec::new(), &mut sensitive_paths);
    }
    crate::sort::natural(&mut sensitive_paths);
    let (warnings, warnings_omitted) = warnings(req, &tc, p);
    if let Some(keep) = keep {
        *keep = Some((converted, pv.spans.range.clone()));
    }
    Response {
        ok: true,
        stage: None,
        type_string: Some(type_string),
        console,
        json,
        sensitive_paths,
        explain,
        warnings,
        warnings_omitted,
        ..Response::default()
    }
}

/// How an accepted value is shown: its type, console text and go-cty JSON
/// (each text None when it was not asked for; the JSON also when go-cty
/// has none).
pub(crate) struct Shown {
    pub type_string: String,
    pub console: Option<String>,
    pub json: Option<String>,
}

/// The type, console text and JSON of an accepted value; `hidden`: the
/// variable is sensitive, so the console hides the whole value. `None` when
/// the texts would pass the output limit, which counts exactly what is
/// printed (escapes, indentation, heredocs).
pub(crate) fn shown(converted: &Value, hidden: bool, p: &Profile) -> Option<Shown> {
    shown_forms(converted, hidden, ShownForms::ALL, p)
}

/// [`shown`] of the forms asked for: the others are not rendered.
pub(crate) fn shown_forms(converted: &Value, hidden: bool, forms: ShownForms, p: &Profile) -> Option<Shown> {
    // A sensitive variable's whole value is marked: the console hides it.
    // (The value is always known here, so the mark decides the rendering.)
    let console = match (forms.console, hidden) {
        (false, _) => None,
        (true, true) => Some("(sensitive value)".to_string()),
        (true, false) => Some(render::console_within_as(converted, render::MAX_OUTPUT_BYTES, p)?),
    };
    // go-cty before 1.16.0 can leave optional-attribute markers on the
    // element type of an empty map; the JSON type shows them.
    // The type string never shows them.
    let (type_string, json_ty) = if converted.ty.has_optional_attrs_deep() {
        let plain = converted.ty.without_optional_attrs_deep();
        let json_ty = if p.empty_map_drops_optional_markers() { plain.clone() } else { converted.ty.clone() };
        (plain.type_string(), Some(json_ty))
    } else {
        (converted.ty.type_string(), None)
    };
    // ctyjson ignores marks; it cannot write unknown values (go-cty can
    // produce them converting an untyped null inside a map), so such a value
    // has no JSON form. Written after `{"value":` in one string (a large
    // value's text is neither copied nor moved afterwards).
    let json = if forms.json {
        let mut j = String::from("{\"value\":");
        let written = render::json_value_into(converted, render::MAX_OUTPUT_BYTES, &mut j).ok()?;
        written.then(|| {
            // Optional markers never reach a result type.
            j.push_str(",\"type\":");
            j.push_str(&render::json_type(json_ty.as_ref().unwrap_or(&converted.ty)));
            j.push('}');
            j
        })
    } else {
        None
    };
    Some(Shown { type_string, console, json })
}

/// A variable's value as a module argument of constants (`value_format`
/// "hcl"): declared with `type_src`, defaults applied and converted as
/// Terraform does for an input variable. The error says which step failed.
pub(crate) fn module_argument_value(type_src: Option<&str>, value: &str, p: &Profile) -> Result<Value, String> {
    let first = |ds: crate::diag::Capped<Diagnostic>| ds.into_iter().next().map(|d| d.detail).unwrap_or_default();
    let tc = match typeexpr::parse_variable_type_in(type_src, p) {
        Ok(tc) => tc,
        Err(TypeFailure::Invalid(ds)) => return Err(format!("the type does not parse: {}", first(ds))),
        Err(TypeFailure::Crash(d)) => return Err(format!("the type does not parse: {}", d.detail)),
    };
    let pv = valueparse::parse_value_spans(value, ValueFormat::Hcl, tc.cli_literal, false, p)
        .map_err(|ds| format!("the value does not evaluate: {}", first(ds)))?;
    let to_convert = &*with_defaults(&pv.value, &tc, p);
    convert::convert(to_convert, &tc.ty, p)
        .map_err(|e| format!("the value does not convert to the type: {}", e.message))
}

/// Where each part of a value carries the sensitive mark, as
/// `tfdiags.FormatCtyPath` prints paths, sorted.
pub(crate) fn sensitive_paths(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    collect_sensitive_paths(v, &mut Vec::new(), &mut out);
    crate::sort::natural(&mut out);
    out
}

/// The value with the constraint's optional-attribute defaults applied (the
/// pipeline skips null values), ready to convert.
pub(crate) fn with_defaults<'v>(given: &'v Value, tc: &TypeConstraint, p: &Profile) -> Cow<'v, Value> {
    match (&tc.defaults, given.is_null()) {
        (Some(d), false) => Cow::Owned(d.apply(given, p)),
        _ => Cow::Borrowed(given),
    }
}

/// The flavor's warnings for an accepted value.
/// and how many more there were than are listed.
fn warnings(req: &Request, tc: &TypeConstraint, p: &Profile) -> (Vec<DiagnosticOut>, usize) {
    // Only module arguments are linted (not .tfvars, JSON or -var).
    if req.value_format != valueparse::ValueFormat::Hcl
        || !crate::lint::can_ignore_attributes(&tc.ty)
        || !p.warns_ignored_object_attributes()
    {
        return (Vec::new(), 0);
    }
    let ds = crate::lint::ignored_attributes(&req.value, &tc.ty, p).map(|w| Diagnostic {
        severity: Severity::Warning,
        summary: crate::lint::Ignored::SUMMARY.into(),
        detail: w.detail(&req.var_name),
        source: Source::Value,
        range: Some(w.range.clone()),
    });
    (diags_out(&ds, req), ds.omitted())
}

/// The ranges of the value's parts, from a second reading of the value that
/// records them (the first one, on the fast path, did not).
fn reparsed_spans(req: &Request, tc: &TypeConstraint, fallback: SpanTree, p: &Profile) -> SpanTree {
    match valueparse::parse_value_spans(&req.value, req.value_format, tc.cli_literal, true, p) {
        Ok(pv) => pv.spans,
        Err(_) => fallback,
    }
}

fn collect_sensitive_paths(v: &Value, path: &mut Path, out: &mut Vec<String>) {
    if v.marks.sensitive {
        out.push(format_path(path));
    }
    match &v.kind {
        Kind::Seq(elems) => {
            for (i, e) in elems.iter().enumerate() {
                path.push(PathStep::Index(crate::number::Number::from_i64(i as i64)));
                collect_sensitive_paths(e, path, out);
                path.pop();
            }
        }
        Kind::Attrs(m) => {
            let is_obj = v.ty.is_object();
            for (k, e) in m.iter() {
                path.push(if is_obj { PathStep::GetAttr(k.to_string()) } else { PathStep::Key(k.to_string()) });
                collect_sensitive_paths(e, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn step_key(step: &PathStep) -> String {
    match step {
        PathStep::GetAttr(n) | PathStep::Key(n) => n.clone(),
        PathStep::Index(n) => n.to_text_f(),
    }
}

/// The deepest part of the value source that `path` reaches.
pub fn span_at<'a>(spans: &'a SpanTree, path: &[PathStep]) -> &'a SpanTree {
    let mut cur = spans;
    for step in path {
        match cur.kids.get(&step_key(step)) {
            Some(k) => cur = k,
            None => break,
        }
    }
    cur
}

/// The part of the type source that describes the value at `path`.
pub(crate) fn type_span_at(tc: &TypeConstraint, path: &[PathStep]) -> Option<std::ops::Range<usize>> {
    if tc.spans == SpanTree::default() {
        return None;
    }
    let mut cur = &tc.spans;
    for step in path {
        let next = cur.kids.get(&step_key(step)).or_else(|| cur.kids.get(""));
        match next {
            Some(k) => cur = k,
            None => break,
        }
    }
    Some(cur.range.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value_range(r: &Response) -> Option<(usize, usize)> {
        r.diagnostics.iter().find(|d| d.source == Source::Value).map(|d| (d.start.unwrap(), d.end.unwrap()))
    }

    fn range_of(src: &str, part: &str) -> (usize, usize) {
        let at = src.rfind(part).unwrap();
        (at, at + part.len())
    }

    /// An engine given unreadable JSON answers with the reason, as an
    /// unknown version; readable JSON is the request it says.
    #[test]
    fn a_request_from_json_text_names_why_it_cannot_be_read() {
        let req = Request { nullable: false, flavor: Some("opentofu@1.8".into()), ..Request::new(Some("number"), "1") };
        assert_eq!(Request::from_json(&serde_json::to_string(&req).unwrap()), req);
        let r = answer(&Request::from_json("{\"type\": 1"));
        assert_eq!((r.stage, r.summary.as_deref()), (Some(Stage::Input), Some("Unknown flavor")));
        assert!(
            r.detail.as_deref().unwrap_or_default().starts_with("Unknown flavor \"(unreadable request: "),
            "{:?}",
            r.detail
        );
    }

    /// The value is first read without the ranges of its parts; a conversion
    /// error reads it again to place the error on the failing part.
    #[test]
    fn conversion_error_is_placed_on_the_failing_part_in_every_format() {
        let ty = "list(object({a=number}))";
        let cases = [
            (ValueFormat::Hcl, "[{a = 1}, {a = \"x\"}]", "\"x\""),
            (ValueFormat::Hcl, "[{a = 1}, {a = 2 > 1 ? \"y\" : \"z\"}]", "2 > 1 ? \"y\" : \"z\""),
            (ValueFormat::Hcl, "tolist([{a = 1}, {a = \"x\"}])", "\"x\""),
            (ValueFormat::Json, "[{\"a\": 1}, {\"a\": \"x\"}]", "\"x\""),
            (ValueFormat::Ctyjson, "[{\"a\": 1}, {\"a\": \"x\"}]", "\"x\""),
        ];
        for (format, src, part) in cases {
            let req = Request { value_format: format, ..Request::new(Some(ty), src) };
            let r = answer(&req);
            assert_eq!(r.stage, Some(Stage::Convert), "{src}");
            assert_eq!(value_range(&r), Some(range_of(src, part)), "{format:?} {src}: {:?}", r.detail);
        }
    }

    /// A mismatch Terraform reports on the whole value ("attribute "tags":
    /// list of string required") is marked at the part its message names,
    /// in the value and in the type.
    #[test]
    fn a_mismatch_is_marked_at_the_part_its_message_names() {
        let cases = [
            (
                "object({ name = string, tags = list(string) })",
                "{ name = \"web\", tags = \"a\" }",
                "\"a\"",
                "tags = list(string)",
            ),
            (
                "list(object({ tags = list(string) }))",
                "[{ tags = [] }, { tags = \"b\" }]",
                "\"b\"",
                "tags = list(string)",
            ),
            ("map(string)", "{ a = \"x\", b = [1] }", "[1]", "string"),
            (
                "object({ name = string, tags = list(string) })",
                "{ tags = [] }",
                "{ tags = [] }",
                "object({ name = string, tags = list(string) })",
            ),
        ];
        for (ty, src, part, ty_part) in cases {
            let r = answer(&Request::new(Some(ty), src));
            assert_eq!(r.stage, Some(Stage::Convert), "{src}");
            assert_eq!(value_range(&r), Some(range_of(src, part)), "{src}: {:?}", r.detail);
            let t = r.diagnostics.iter().find(|d| d.source == Source::Type).map(|d| (d.start.unwrap(), d.end.unwrap()));
            assert_eq!(t, Some(range_of(ty, ty_part)), "{ty}");
        }
    }

    /// A request builds only the texts it asks for (`forms`); each one built
    /// is the text a request for both gets, and everything else in the
    /// answer is the same.
    #[test]
    fn only_the_forms_asked_for_are_built_and_they_are_unchanged() {
        let cases = [
            ("list(object({ name = string, port = optional(number, 80) }))", "[{ name = \"a<b>\" }]", false),
            ("map(string)", "{ k = \"line\\nline\" }", false),
            ("number", "1e400", false),
            ("string", "\"secret\"", true),
            ("any", "null", false),
            ("number", "\"x\"", false),
        ];
        for (ty, value, sensitive) in cases {
            let base = Request { sensitive, ..Request::new(Some(ty), value) };
            let both = answer(&base);
            for (forms, console, json) in
                [(Forms::Console, true, false), (Forms::Json, false, true), (Forms::Both, true, true)]
            {
                let r = answer(&Request { forms, ..base.clone() });
                let what = format!("{ty} {value} {forms:?}");
                assert_eq!(r.console, both.console.clone().filter(|_| console), "{what}");
                assert_eq!(r.json, both.json.clone().filter(|_| json), "{what}");
                assert_eq!(
                    (r.ok, r.stage, &r.type_string, &r.detail),
                    (both.ok, both.stage, &both.type_string, &both.detail),
                    "{what}"
                );
                let line = crate::batch::result_json("1", &r, false);
                assert_eq!(line.contains("\"console\":"), both.ok && console, "{what}: {line}");
            }
        }
        let asked: Request = serde_json::from_str(r#"{"type": "number", "value": "1", "forms": "json"}"#).unwrap();
        assert_eq!(asked.forms, Forms::Json);
    }

    #[test]
    fn null_check_failure_is_placed_on_the_whole_value() {
        let src = "  null ";
        let req = Request { nullable: false, ..Request::new(Some("string"), src) };
        let r = answer(&req);
        assert_eq!(r.stage, Some(Stage::Null));
        assert_eq!(value_range(&r), Some(range_of(src, "null")));
    }
}
