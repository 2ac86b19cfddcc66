//! Parsing the collected values (`backend/unparsed_value.go`
//! `ParseVariableValues`: declared ones per the variable's parsing mode,
//! undeclared ones warned about or refused, required ones missing) and
//! preparing each final value (`terraform/eval_variable.go`
//! `PrepareFinalInputVariableValue`: the default for an unset variable, the
//! type's defaults, conversion, nullability).

use std::collections::BTreeMap;

use super::decl::{Module, Variable};
use super::sources::{Kind, Raw, Unparsed};
use super::{CheckDiag, Outcome, Part, Pos, ShownForms, Subject, Texts, VarState};
use crate::flavor::Profile;
use crate::hcl::pos::PosMap;
use crate::render::go_quote;
use crate::value::Value;
use crate::valueparse::ValueFormat;

/// The stage of a child module's required variable that has no value: the
/// calling module sets it ([`super::role::Role::Child`]).
pub const CALLER_STAGE: &str = "caller";

/// A parsed value and where it came from.
pub struct Parsed {
    value: Value,
    kind: Kind,
    /// The value expression's range (file sources only).
    subject: Option<Subject>,
    /// How the text at `subject` is written (native syntax or JSON).
    syntax: ValueFormat,
}

impl Parsed {
    fn source(&self) -> String {
        match (&self.subject, self.kind) {
            (Some(s), _) => s.range_string(),
            (None, Kind::Cli) => "-var".into(),
            (None, _) => "env".into(),
        }
    }
}

/// `VariableParsingMode.Parse` and the file sources' evaluation.
fn parse(
    u: &Unparsed,
    name: &str,
    literal: bool,
    texts: &Texts,
    p: &Profile,
) -> Result<Parsed, (Vec<CheckDiag>, Option<Subject>)> {
    match &u.raw {
        Raw::Text(s) if literal => {
            Ok(Parsed { value: Value::string(s), kind: u.kind, subject: None, syntax: ValueFormat::Hcl })
        }
        Raw::Text(s) => {
            let filename = format!("<value for var.{name}>");
            crate::hcl::eval_standalone(s, &filename, p)
                .map(|value| Parsed { value, kind: u.kind, subject: None, syntax: ValueFormat::Hcl })
                .map_err(|ds| {
                    let m = PosMap::new_as(s, p.unicode_of(s));
                    let at = |b: usize| {
                        let (line, column) = m.pos(b);
                        Pos { line, column, byte: b }
                    };
                    let ds = ds
                        .into_iter()
                        .map(|d| {
                            CheckDiag::error(
                                d.summary,
                                d.detail,
                                Some(Subject {
                                    filename: filename.clone(),
                                    start: at(d.range.start),
                                    end: at(d.range.end),
                                }),
                            )
                        })
                        .collect();
                    (ds, None)
                })
        }
        Raw::Expr { file, expr } => {
            let subject = texts.subject(file, &expr.range());
            match crate::hcl::eval_const(expr, p) {
                Ok(value) => Ok(Parsed { value, kind: u.kind, subject: Some(subject), syntax: ValueFormat::Hcl }),
                Err(ds) => Err((super::decl::raw(ds, file, texts), Some(subject))),
            }
        }
        Raw::Json { value, subject } => match value {
            Ok(v) => {
                Ok(Parsed { value: v.clone(), kind: u.kind, subject: Some(subject.clone()), syntax: ValueFormat::Json })
            }
            Err(ds) => Err((ds.clone(), Some(subject.clone()))),
        },
    }
}

/// The part of a value written at `at` that a conversion error is about
/// ([`crate::convert::mismatch::failing_part`]), when deeper than the whole value:
/// its name (`var.x[2].y`) and where it is written, found by reading the
/// value's text again, this time recording its parts' ranges (the check's
/// own reading does not). None when the parts cannot be told apart (an
/// expression with references, say).
pub(super) fn failing_part(
    addr: &str,
    got: &crate::types::Type,
    want: &crate::types::Type,
    path: &[crate::path::PathStep],
    at: (&Subject, ValueFormat),
    texts: &Texts,
    p: &Profile,
) -> Option<Part> {
    let part = crate::convert::mismatch::failing_part(got, want, path);
    if part.is_empty() {
        return None;
    }
    let (s, syntax) = at;
    let text = texts.text(&s.filename)?.get(s.start.byte..s.end.byte)?;
    let pv = crate::valueparse::parse_value_spans(text, syntax, false, true, p).ok()?;
    let r = crate::pipeline::span_at(&pv.spans, &part).range.clone();
    let subject = texts.subject(&s.filename, &(s.start.byte + r.start..s.start.byte + r.end));
    Some(Part { name: format!("{addr}{}", crate::path::format_path(&part)), subject })
}

fn source_of(u: &Unparsed, subject: &Option<Subject>) -> String {
    match (subject, u.kind) {
        (Some(s), _) => s.range_string(),
        (None, Kind::Cli) => "-var".into(),
        (None, _) => "env".into(),
    }
}

/// The summary of Terraform's warning on a value file's value for an
/// undeclared variable.
pub const UNDECLARED_IN_FILE: &str = "Value for undeclared variable";

/// The first paragraph of that warning's detail: what it says of the value
/// of `name` in the file `file` (the editor's hover quotes it).
pub fn undeclared_in_file(name: &str, file: &str) -> String {
    format!(
        "The root module does not declare a variable named {} but a value was found in file {}. If you meant to use this value, add a \"variable\" block to the configuration.",
        go_quote(name),
        go_quote(file)
    )
}

const UNDECLARED_HINT: &str = "To silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.";

/// The declared variables' parsed values.
pub struct ParsedValues(crate::NameMap<String, Parsed>);

/// `ParseVariableValues`: the declared values parsed, the undeclared ones
/// warned about or refused, the required ones missing. On errors every
/// variable not failed yet is skipped.
/// `child`: a child module ([`super::role`]): a required variable without a
/// value is the caller's to set (stage `caller`), not an error.
pub fn parse_values(
    module: &Module,
    values: &BTreeMap<String, Unparsed>,
    vars: &mut BTreeMap<String, VarState>,
    texts: &Texts,
    p: &Profile,
    child: bool,
) -> (ParsedValues, Vec<CheckDiag>) {
    let mut diags = Vec::new();
    let mut parsed: crate::NameMap<String, Parsed> = crate::NameMap::default();
    // Declared variables whose value failed to parse: left out of the
    // parsed values, so a required one is also reported unset.
    let mut unparsed: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    for (name, u) in values {
        let Some(v) = module.get(name) else { continue };
        match parse(u, name, v.tc.cli_literal, texts, p) {
            Ok(x) => {
                parsed.insert(name.clone(), x);
            }
            Err((ds, subject)) => {
                let st = vars.get_mut(name).expect("declared");
                if let Some(first) = ds.iter().find(|d| d.is_error()) {
                    st.fail("value", first);
                }
                st.report.source = Some(source_of(u, &subject));
                diags.extend(ds);
                unparsed.insert(name);
            }
        }
    }

    // Undeclared values: a file's are warned about (two, then a count), a
    // -var's refused, the environment's ignored; one that does not
    // evaluate is dropped.
    let mut from_files = Vec::new();
    for (name, u) in values.iter().filter(|(n, _)| module.get(n).is_none()) {
        let Ok(x) = parse(u, name, true, texts, p) else { continue };
        match (u.kind, &x.subject) {
            (Kind::AutoFile | Kind::NamedFile, Some(s)) => {
                from_files.push(format!("{}\n\n{UNDECLARED_HINT}", undeclared_in_file(name, &s.filename)))
            }
            (Kind::Cli, _) => diags.push(CheckDiag::error(
                "Value for undeclared variable",
                format!(
                    "A variable named {} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                    go_quote(name)
                ),
                None,
            )),
            _ => {}
        }
    }
    for text in from_files.iter().take(2) {
        diags.push(CheckDiag::warning(UNDECLARED_IN_FILE, text.clone(), None));
    }
    if from_files.len() > 2 {
        diags.push(CheckDiag::warning(
            "Values for undeclared variables",
            format!(
                "In addition to the other similar warnings shown, {} other variable(s) defined without being declared.",
                from_files.len() - 2
            ),
            None,
        ));
    }

    for v in &module.vars {
        if !values.contains_key(&v.name) && v.required() && child {
            let st = vars.get_mut(&v.name).expect("declared");
            st.report.outcome = Outcome::Failed {
                stage: CALLER_STAGE,
                summary: "Set by the calling module".into(),
                detail: "A child module's required variable gets its value from the module block that calls it.".into(),
            };
            st.done = true;
        } else if !child && (!values.contains_key(&v.name) || unparsed.contains(v.name.as_str())) && v.required() {
            // `ParseVariableValues`: a value that failed to parse is not in
            // its result, so the variable counts as unset; it keeps its
            // parse error as its outcome.
            let d = CheckDiag::error(
                "No value for required variable",
                format!(
                    "The root module input variable {} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.",
                    go_quote(&v.name)
                ),
                Some(v.decl_range.clone()),
            );
            if !unparsed.contains(v.name.as_str()) {
                vars.get_mut(&v.name).expect("declared").fail("required", &d);
            }
            diags.push(d);
        }
    }
    let parsed = ParsedValues(parsed);
    if diags.iter().any(CheckDiag::is_error) {
        parsed.skip_rest(vars);
    }
    (parsed, diags)
}

impl ParsedValues {
    /// An error stopped the run: every variable not failed yet is skipped,
    /// with the source of its value.
    pub fn skip_rest(&self, vars: &mut BTreeMap<String, VarState>) {
        for (name, st) in vars.iter_mut() {
            if !st.done {
                st.skip();
                st.report.source = self.0.get(name.as_str()).map(Parsed::source);
            }
        }
    }
}

/// The final value of every declared variable
/// (`PrepareFinalInputVariableValue`), in declaration order.
pub fn prepare_all(
    module: &Module,
    mut parsed: ParsedValues,
    vars: &mut BTreeMap<String, VarState>,
    texts: &Texts,
    p: &Profile,
    forms: ShownForms,
) -> Vec<CheckDiag> {
    let mut diags = Vec::new();
    // Kept work holds both texts (the language server asks for both).
    let kept = super::kept::id_of(module).filter(|_| forms == ShownForms::ALL);
    for (vi, v) in module.vars.iter().enumerate() {
        let st = vars.get_mut(&v.name).expect("declared");
        let raw = parsed.0.remove(v.name.as_str());
        diags.extend(match kept {
            Some(mid) => prepare_final_kept(mid, vi, v, raw, st, texts, p),
            None => prepare_final(v, raw, st, texts, p, forms),
        });
    }
    diags
}

/// What a value was worked out from, as [`super::kept`] names it: where it
/// is written, how, and its text there; "default" (none given). None for a
/// value from `-var` or the environment.
fn value_key(raw: Option<&Parsed>, texts: &Texts) -> Option<String> {
    let Some(r) = raw else { return Some("default".into()) };
    let s = r.subject.as_ref()?;
    let text = texts.text(&s.filename)?.get(s.start.byte..s.end.byte)?;
    let mut key = String::with_capacity(s.filename.len() + text.len() + 48);
    super::kept::push_place(&mut key, s);
    key.push('\0');
    key.push_str(match r.syntax {
        ValueFormat::Hcl => "Hcl",
        ValueFormat::Tfvars => "Tfvars",
        ValueFormat::Json => "Json",
        ValueFormat::Ctyjson => "Ctyjson",
        ValueFormat::Cli => "Cli",
    });
    key.push('\0');
    key.push_str(text);
    Some(key)
}

/// [`prepare_final`], kept from an earlier check of module `mid` (see
/// [`super::kept`]) when the variable's value is the same, else worked out
/// and kept. The fields of `st` that `prepare_final` sets are set the same.
fn prepare_final_kept(
    mid: u64,
    vi: usize,
    v: &Variable,
    raw: Option<Parsed>,
    st: &mut VarState,
    texts: &Texts,
    p: &Profile,
) -> Option<CheckDiag> {
    let Some(key) = value_key(raw.as_ref(), texts) else {
        return prepare_final(v, raw, st, texts, p, ShownForms::ALL);
    };
    let at = super::kept::name_of(&[mid, vi as u64], texts.counting());
    // What `prepare_final` sets, and nothing else, each only to Some (the
    // outcome with `done`): kept without the rest of the state.
    let (value_subject, source, outcome, final_value, d) =
        crate::valueparse::kept::remember("prepare", &at, &[&key], p, |own| {
            let mut fresh = VarState::new(v);
            let d = prepare_final(v, raw, &mut fresh, texts, own, ShownForms::ALL);
            (fresh.value_subject, fresh.report.source, fresh.done.then_some(fresh.report.outcome), fresh.final_value, d)
        });
    st.value_subject = value_subject;
    if source.is_some() {
        st.report.source = source;
    }
    if let Some(o) = outcome {
        st.report.outcome = o;
        st.done = true;
    }
    if final_value.is_some() {
        st.final_value = final_value;
    }
    st.value_key = Some(key.into());
    d
}

/// `PrepareFinalInputVariableValue` for a root module variable.
fn prepare_final(
    v: &Variable,
    raw: Option<Parsed>,
    st: &mut VarState,
    texts: &Texts,
    p: &Profile,
    forms: ShownForms,
) -> Option<CheckDiag> {
    // The texts of the messages, written only for a message.
    let addr = || format!("var.{}", v.name);
    let decl = || v.decl_range.range_string();
    let non_file = || match raw.as_ref().filter(|r| r.subject.is_none()).map(|r| r.kind) {
        Some(Kind::Cli) => Some(format!("set using -var=\"{}=...\"", v.name)),
        Some(_) => Some(format!("set using the TF_VAR_{} environment variable", v.name)),
        None => None,
    };
    let src_subject = raw.as_ref().and_then(|r| r.subject.clone()).unwrap_or_else(|| v.decl_range.clone());
    let src = || src_subject.range_string();
    st.value_subject = Some(src_subject.clone());
    let given = match (&raw, &v.default) {
        (Some(r), _) => r.value.clone(),
        (None, Some(d)) => d.clone(),
        (None, None) => return None,
    };
    let source = raw.as_ref().map_or_else(|| "default".to_string(), Parsed::source);
    st.report.source = Some(source);

    let with = crate::pipeline::with_defaults(&given, &v.tc, p);
    let mut val = match crate::convert::convert(&with, &v.tc.ty, p) {
        Ok(x) => x,
        Err(e) => {
            let msg = e.message;
            let at_decl = p.conversion_error_at_declaration();
            let (addr, decl, src) = (addr(), decl(), src());
            let (detail, subject) = match &non_file() {
                Some(how) => (format!("Unsuitable value for {addr} {how}: {msg}."), v.decl_range.clone()),
                None if at_decl && v.ephemeral => {
                    (format!("The given value is not suitable for {addr}, which is ephemeral: {msg}. Invalid value defined at {src}."), v.decl_range.clone())
                }
                None if v.sensitive => {
                    (format!("The given value is not suitable for {addr}, which is sensitive: {msg}. Invalid value defined at {src}."), v.decl_range.clone())
                }
                None => (
                    format!("The given value is not suitable for {addr} declared at {decl}: {msg}."),
                    if at_decl { v.decl_range.clone() } else { src_subject.clone() },
                ),
            };
            let mut d = CheckDiag::error("Invalid value for input variable", detail, Some(subject));
            if let Some(r) = raw.as_ref().filter(|r| r.subject.is_some()) {
                d.part =
                    failing_part(&addr, &with.ty, &v.tc.ty, &e.path, (r.subject.as_ref().unwrap(), r.syntax), texts, p);
            }
            st.fail("convert", &d);
            return Some(d);
        }
    };
    if val.is_null() && !v.nullable {
        match &v.default {
            Some(d) => {
                val = d.clone();
                st.report.source = Some("default".into());
            }
            None => {
                let (addr, decl) = (addr(), decl());
                let (detail, subject) = match &non_file() {
                    Some(how) => (format!("Unsuitable value for {addr} {how}: required variable may not be set to null."), v.decl_range.clone()),
                    None => (format!("The given value is not suitable for {addr} defined at {decl}: required variable may not be set to null."), src_subject),
                };
                let d = CheckDiag::error("Required variable not set", detail, Some(subject));
                st.fail("null", &d);
                return Some(d);
            }
        }
    }
    st.final_value = Some(val.clone());
    let Some(shown) = shown_as(&val, v.sensitive, forms, p) else {
        // tftype's own limit, not Terraform's: the value is accepted (its
        // rules run), only its text is not written.
        let addr = addr();
        let detail = format!(
            "The value of {addr} is accepted, but showing it would take more than {} MB of text, which tftype does not write.",
            crate::render::MAX_OUTPUT_BYTES >> 20
        );
        let ty = if val.ty.has_optional_attrs_deep() { val.ty.without_optional_attrs_deep() } else { val.ty.clone() };
        st.report.outcome = Outcome::Accepted { type_string: ty.type_string(), console: String::new(), json: None };
        st.done = true;
        return Some(CheckDiag::warning("Result too large to show", detail, Some(src_subject)));
    };
    // A sensitive mark is shown before an ephemeral one.
    let console = if v.ephemeral && !v.sensitive && forms.console {
        "(ephemeral value)".to_string()
    } else {
        shown.console.unwrap_or_default()
    };
    st.report.outcome = Outcome::Accepted { type_string: shown.type_string, console, json: shown.json };
    st.done = true;
    None
}

/// [`crate::pipeline::shown`] of the texts in `forms` only: None exactly when
/// rendering both would pass the output limit. A value whose texts
/// [`certainly_fit`] renders only the forms asked for; any other is
/// rendered whole, as before, to decide.
fn shown_as(val: &Value, hidden: bool, forms: ShownForms, p: &Profile) -> Option<crate::pipeline::Shown> {
    if forms == ShownForms::ALL || !certainly_fit(val) {
        let mut shown = crate::pipeline::shown(val, hidden, p)?;
        if !forms.console {
            shown.console = None;
        }
        if !forms.json {
            shown.json = None;
        }
        return Some(shown);
    }
    crate::pipeline::shown_forms(val, hidden, forms, p)
}

/// The most bytes a number's text can take when its exponent is small
/// ([`crate::number::Number::text_len_estimate`] is then its flat 40): at
/// most 617 integer digits (2^2048), 617 leading zeros after the point and
/// 155 significant digits (512 bits), a sign and a point.
const SMALL_NUMBER_TEXT_MAX: usize = 1400;

/// Whether both texts of `v` (console and go-cty JSON) certainly fit in
/// [`crate::render::MAX_OUTPUT_BYTES`] (and its printing work in the same
/// budget), by an upper bound of their lengths worked out without
/// rendering: every part's text counted at its longest (escapes at 6 bytes
/// a byte, a multi-line string's every line indented, an object's keys at
/// their longest). False when the bound passes the limit or cannot be told
/// cheaply (a number with a large exponent, a declared `any` that the JSON
/// wraps with its type): then the texts are rendered to decide.
fn certainly_fit(v: &Value) -> bool {
    texts_max(v, crate::render::MAX_OUTPUT_BYTES).is_some()
}

/// The bound of [`certainly_fit`]: at least as many bytes as the console
/// text and as the go-cty JSON of `v` take (and printing its numbers costs
/// nothing extra); None when the bound passes `limit` or cannot be told
/// cheaply.
fn texts_max(v: &Value, limit: usize) -> Option<usize> {
    use crate::types::Type;
    use crate::value::Kind;
    let own_dynamic = |t: &Type| match t {
        Type::Dynamic => true,
        Type::List(e) | Type::Set(e) | Type::Map(e) => e.is_dynamic(),
        Type::Object(o) => o.attrs.values().any(Type::is_dynamic),
        Type::Tuple(ts) => ts.iter().any(|t| t.is_dynamic()),
        _ => false,
    };
    // A string's text at `indent`: quoted with escapes (at most 6 bytes a
    // byte, both forms), or a heredoc (console) of every line indented.
    let string_max = |s: &str, indent: usize| -> usize {
        let quoted = s.len().saturating_mul(6).saturating_add(2);
        if !s.contains('\n') {
            return quoted;
        }
        let lines = s.bytes().filter(|b| *b == b'\n').count() + 1;
        // `<<-`, the delimiter twice (`EOT` and an `_` at most a line),
        // each line's break and indentation, the last break and indentation.
        let heredoc = s.len() + 3 + 2 * (3 + lines) + lines * (indent + 1) + 1 + indent;
        quoted.max(heredoc)
    };
    let mut total: usize = 0;
    let mut stack: Vec<(&Value, usize)> = vec![(v, 0)];
    while let Some((v, indent)) = stack.pop() {
        if own_dynamic(&v.ty) {
            return None;
        }
        // Brackets, `(known after apply)`, `(sensitive value)`, and the
        // closing line.
        let mut cost = 24 + 1 + indent;
        match &v.kind {
            Kind::Null => cost += 32 + v.ty.friendly_name().len(),
            Kind::Unknown | Kind::Bool(_) => {}
            Kind::Number(n) => {
                if n.text_len_estimate() > 40 || n.precision() > 512 {
                    return None;
                }
                cost += SMALL_NUMBER_TEXT_MAX;
            }
            Kind::String(s) => cost += string_max(s, indent),
            Kind::Seq(elems) => {
                // Each on its own line, and a comma.
                cost += elems.len() * (1 + indent + 2 + 1);
                stack.extend(elems.iter().map(|e| (e, indent + 2)));
            }
            Kind::Attrs(attrs) => {
                for (k, e) in attrs.entries() {
                    // Line, key (console: quoted or a heredoc; JSON: quoted,
                    // `:` and a comma), ` = `.
                    cost += 1 + indent + 2 + string_max(k, indent + 2) + 3 + 2;
                    stack.push((e, indent + 2));
                }
            }
        }
        total = total.saturating_add(cost);
        if total > limit {
            return None;
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::super::{check, check_with_forms, CheckInput, CheckOptions, Outcome, ShownForms};
    use crate::flavor::Flavor;
    use crate::value::Value;

    /// The bound [`super::texts_max`] is never below the length of either
    /// text of a value, whatever makes the texts long: escapes (control
    /// characters, `<`, U+2028, invalid-for-Go characters), heredocs (deep,
    /// with lines that push the delimiter), long keys, nesting, numbers of
    /// every size it takes; and it declines what it cannot bound cheaply.
    #[test]
    fn the_bound_of_a_values_texts_is_never_below_their_lengths() {
        let p = Flavor::lookup("terraform@1.16").unwrap().profile();
        let bounded = [
            "\"plain\"",
            "\"\\u0001\\u0002<>&\\u2028\\u00a0\\u0085\\ufeff\\u200b\"",
            "\"a\\nEOT\\n  EOT_\\nEOT__\\n\"",
            "[[[[\"x\\ny\\n\", \"\\n\\n\\n\"]]]]",
            "{ \"a\\u0001key\" = { \"\\nk\\n\" = [1, 2.5, -3] }, c = true }",
            "[1e300, -1e-300, 123456789012345678901234567890, 0.1, 1e600, -1e-600]",
            "[[], {}, [[]], \"\"]",
        ];
        for src in bounded {
            let v = crate::hcl::eval_standalone(src, "<test>", &p).unwrap_or_else(|d| panic!("{src}: {d:?}"));
            let max = super::texts_max(&v, usize::MAX).unwrap_or_else(|| panic!("{src}: no bound"));
            let console = crate::render::console_within_as(&v, usize::MAX, &p).unwrap();
            let json = crate::render::json_value_within(&v, usize::MAX).unwrap().unwrap_or_default();
            assert!(max >= console.len() && max >= json.len(), "{src}: bound {max}, {console:?} {json:?}");
            assert!(super::texts_max(&v, max - 1).is_none(), "{src}: the limit is not kept");
        }
        // A number of a large exponent prints long, a part of a declared
        // `any` may be wrapped by the JSON: neither is bounded.
        for src in ["[1e5000]", "[-1e-5000]", "{ a = null }"] {
            let v = crate::hcl::eval_standalone(src, "<test>", &p).unwrap();
            assert_eq!(super::texts_max(&v, usize::MAX), None, "{src}");
        }
        let dynamic = Value::list(crate::types::Type::Dynamic, vec![Value::null(crate::types::Type::Dynamic)]);
        assert_eq!(super::texts_max(&dynamic, usize::MAX), None);
    }

    /// A check asked for some of the value texts reports what a check of
    /// both reports, with the others left out: the same diagnostics
    /// (among them "Result too large to show", decided by rendering when
    /// the bound cannot tell), outcomes, types and the texts asked for.
    #[test]
    fn a_check_renders_only_the_texts_asked_for_and_warns_as_a_full_render_does() {
        let decls = r#"
variable "s" { type = string }
variable "hidden" {
  type = string
  sensitive = true
}
variable "o" {
  type = object({ a = optional(string, "x"), b = optional(map(string), {}) })
}
variable "anyv" { type = any }
variable "ls" { type = list(any) }
variable "n" { type = list(number) }
variable "ml" { type = map(string) }
"#;
        // 2.5 M control characters: 10 MB of console text and 15 MB of
        // JSON (within 16 MB, by the bound); 2.9 M: 17.4 MB of JSON (too
        // large, found by rendering).
        let values = |ctl: usize| {
            format!(
                "s = \"{}\"\nhidden = \"{}\"\no = {{}}\nanyv = {{ x = [1, \"a\", true], y = null }}\nls = [[1, 2], [3]]\nn = [1e400, -2.5, 1e-400, 1e5000]\nml = {{ \"k\\nk\" = \"EOT\\nv\" }}\n",
                "\u{1}".repeat(ctl),
                "\u{1}".repeat(ctl)
            )
        };
        let forms = [
            ShownForms::NONE,
            ShownForms { console: true, json: false },
            ShownForms { console: false, json: true },
            ShownForms::ALL,
        ];
        for (ctl, too_large) in [(3, 0), (2_500_000, 0), (2_900_000, 2)] {
            for flavor in ["terraform@1.5", "opentofu@1.12"] {
                let p = Flavor::lookup(flavor).unwrap().profile();
                let mut input = CheckInput::default();
                input.files.insert("main.tf".into(), decls.into());
                input.files.insert("terraform.tfvars".into(), values(ctl));
                let all = check(&input, &p);
                let large = all.diagnostics.iter().filter(|d| d.summary == "Result too large to show").count();
                assert_eq!(large, too_large, "{flavor} {ctl}");
                for f in forms {
                    let r = check_with_forms(&input, &p, CheckOptions::default(), f);
                    let mut want = all.clone();
                    for v in &mut want.variables {
                        if let Outcome::Accepted { console, json, .. } = &mut v.outcome {
                            if !f.console {
                                console.clear();
                            }
                            if !f.json {
                                *json = None;
                            }
                        }
                    }
                    assert_eq!(format!("{r:?}"), format!("{want:?}"), "{flavor} {ctl} {f:?}");
                }
            }
        }
    }
}
