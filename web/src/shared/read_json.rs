//! JSON read with a few small readers of a `serde_json::Value`, rather
//! than with the types' derived `Deserialize` impls, which are compiled
//! again for every type (and every reader of text): the Module view's .wasm
//! reads all its JSON so (issue #39: 22 KB gz smaller), the engine worker's
//! answers (its check, `module::answer`, and a variable's story, here), its
//! catalogs ([`catalog`]) and what comes from outside the .wasm (a link's
//! module, the mount configuration, a folder read by `js-src/folder.js`, the
//! gallery); and the page's .wasm reads every reply of the worker so (an
//! evaluation, a comparison, the "Copy as" forms, a format switch, a story).
//! The derived impls stay the specification: `module::answer`'s tests,
//! `engine`'s (for the page's replies) and this file's (for catalogs) read
//! every kind of input both ways and compare.
//!
//! Two strictnesses, as the inputs deserve. The worker's answers are made by
//! serde from the same types: a missing field, or one of another type,
//! reads as its default; only a text that is not JSON fails, with
//! serde_json's message. What comes from outside is refused ([`Refused`])
//! where serde would refuse it: a field of the wrong type, a required field
//! missing, an unknown name of a kind; a struct is read from an object or,
//! as serde reads one too, from an array of its fields in order. (Unlike
//! serde, a field named twice is not refused: the last one counts.)

use std::collections::HashMap;

use serde_json::Value;
use tftype::convert::ExplainStep;
use tftype::i18n::Lang;
use tftype::pipeline::{DiagnosticOut, RuleError};
use tftype::versions::{Comparison, Group};
use tftype::why::{Step, Story, Verbatim};
use tftype::writeback::{EmitKind, EmitOut, Lost, Reformatted};
use tftype::{Request, Response, Stage, ValueFormat};

/// A string field (missing: empty).
pub fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().to_string()
}

/// A string field that may be missing or null.
pub fn some_text(v: &Value, key: &str) -> Option<String> {
    v[key].as_str().map(str::to_string)
}

/// A bool field (missing: false).
pub fn flag(v: &Value, key: &str) -> bool {
    v[key].as_bool().unwrap_or_default()
}

/// A number field (missing: 0).
pub fn count(v: &Value, key: &str) -> usize {
    v[key].as_u64().unwrap_or_default() as usize
}

/// An array field, each element read (missing: none).
pub fn each<'a, T>(v: &'a Value, key: &str, read: impl Fn(&'a Value) -> T) -> Vec<T> {
    v[key].as_array().map(|a| a.iter().map(read).collect()).unwrap_or_default()
}

/// `[from, to]`.
pub fn pair(v: &Value) -> Option<[usize; 2]> {
    match v.as_array()?.as_slice() {
        [a, b] => Some([a.as_u64()? as usize, b.as_u64()? as usize]),
        _ => None,
    }
}

/// A name of a unit variant among `names` (serde's), in the order of `all`.
pub fn variant<T: Copy>(v: &Value, names: &[&str], all: &[T]) -> Option<T> {
    let s = v.as_str()?;
    names.iter().position(|n| *n == s).map(|i| all[i])
}

/// A language as serde names it (`en`, `zh`, `ja`).
pub fn lang(v: &Value) -> Option<Lang> {
    variant(v, &["en", "zh", "ja"], &Lang::ALL)
}

/// A value format as serde names it.
pub fn value_format(v: &Value) -> Option<ValueFormat> {
    v.as_str().and_then(ValueFormat::from_name)
}

/// Which forms of a value, as serde names them.
pub fn forms(v: &Value) -> Option<tftype::pipeline::Forms> {
    use tftype::pipeline::Forms;
    variant(v, &["both", "console", "json"], &[Forms::Both, Forms::Console, Forms::Json])
}

/// A variable's single-variable request (its defaults as
/// [`Request::new`]'s, which are serde's).
pub fn request(v: &Value) -> Option<Request> {
    if !v.is_object() {
        return None;
    }
    let mut r = Request::new(None, "");
    r.type_src = some_text(v, "type");
    r.value = text(v, "value");
    r.value_format = value_format(&v["value_format"]).unwrap_or_default();
    r.nullable = v["nullable"].as_bool().unwrap_or(true);
    r.sensitive = flag(v, "sensitive");
    if let Some(name) = v["var_name"].as_str() {
        r.var_name = name.to_string();
    }
    r.flavor = some_text(v, "flavor");
    r.lang = lang(&v["lang"]);
    r.forms = forms(&v["forms"]).unwrap_or_default();
    Some(r)
}

/// A request's JSON as the page writes it for its engines (the worker's side, and a request
/// answered on the page's thread): read as [`request`] reads one. A text that is not JSON, or
/// not an object, makes the request core makes of JSON it cannot read ([`Request::unreadable`]:
/// evaluating it says why).
pub fn request_json(json: &[u8]) -> Request {
    match serde_json::from_slice::<Value>(json) {
        Ok(v) => request(&v).unwrap_or_else(|| Request::unreadable(missing("value"))),
        Err(e) => Request::unreadable(e),
    }
}

fn step(v: &Value) -> Step {
    // Inserted one by one: collecting into a BTreeMap sorts first, with a sort of its own.
    let mut params = std::collections::BTreeMap::new();
    for (k, x) in v["params"].as_object().into_iter().flatten() {
        params.insert(k.clone(), x.as_str().unwrap_or_default().to_string());
    }
    Step {
        kind: text(v, "kind"),
        path: text(v, "path"),
        params,
        text: text(v, "text"),
        value16: pair(&v["value16"]),
        type16: pair(&v["type16"]),
        more16: v["more16"].as_array().map(|a| a.iter().filter_map(pair).collect()).unwrap_or_default(),
        doc: some_text(v, "doc"),
    }
}

fn story_of(v: &Value) -> Story {
    Story {
        lang: lang(&v["lang"]).unwrap_or_default(),
        ok: flag(v, "ok"),
        steps: each(v, "steps", step),
        notes: each(v, "notes", step),
        verbatim: v["verbatim"]
            .is_object()
            .then(|| Verbatim { summary: text(&v["verbatim"], "summary"), detail: text(&v["verbatim"], "detail") }),
    }
}

/// A story (`tftype::why::story`, as the worker writes it).
pub fn story(json: &[u8]) -> Result<Story, serde_json::Error> {
    Ok(story_of(&serde_json::from_slice(json)?))
}

// The page's replies from the engine worker (`engine::read_reply`): an evaluation, a `variable`
// block's whole response, a comparison, the "Copy as" forms and a format switch. Lenient inside,
// as above; but a reply that is not of its kind's shape (not an object, a required part missing)
// is refused, as the derived reader refused it, in serde's words: the page then says the answer
// could not be read, never shows an empty one (an empty format switch would empty the editor).

/// serde's refusal of a reply without `field` (required).
pub fn missing(field: &'static str) -> serde_json::Error {
    serde::de::Error::missing_field(field)
}

/// A number field that may be missing or null.
fn some_count(v: &Value, key: &str) -> Option<usize> {
    v[key].as_u64().map(|n| n as usize)
}

/// `[shown, all]`.
pub fn cut(v: &Value) -> Option<(usize, usize)> {
    pair(v).map(|[a, b]| (a, b))
}

fn diagnostic(v: &Value) -> DiagnosticOut {
    use tftype::diag::{Severity, Source};
    DiagnosticOut {
        // Names the worker never writes (it writes every diagnostic with serde) read as an error
        // in the value, as the rest of a lenient read does.
        severity: variant(&v["severity"], &["error", "warning"], &[Severity::Error, Severity::Warning])
            .unwrap_or(Severity::Error),
        summary: text(v, "summary"),
        detail: text(v, "detail"),
        source: variant(&v["source"], &["type", "value"], &[Source::Type, Source::Value]).unwrap_or(Source::Value),
        start: some_count(v, "start"),
        end: some_count(v, "end"),
        start16: some_count(v, "start16"),
        end16: some_count(v, "end16"),
    }
}

fn explain_step(v: &Value) -> ExplainStep {
    ExplainStep {
        path: text(v, "path"),
        from: text(v, "from"),
        to: text(v, "to"),
        rule: text(v, "rule"),
        key: text(v, "key"),
        ety: text(v, "ety"),
        message: text(v, "message"),
    }
}

fn rule_error(v: &Value) -> RuleError {
    RuleError {
        summary: text(v, "summary"),
        detail: text(v, "detail"),
        rule: some_text(v, "rule"),
        message: some_text(v, "message"),
        condition: pair(&v["condition"]),
        condition16: pair(&v["condition16"]),
    }
}

/// The stages' names, as serde writes them, in the order of [`STAGES`].
const STAGE_NAMES: [&str; 8] = ["type", "value", "convert", "null", "crash", "input", "rule", "limit"];
const STAGES: [Stage; 8] =
    [Stage::Type, Stage::Value, Stage::Convert, Stage::Null, Stage::Crash, Stage::Input, Stage::Rule, Stage::Limit];

/// A response, as a part of a reply (None: not an object).
pub fn response_in(v: &Value) -> Option<Response> {
    v.is_object().then(|| Response {
        ok: flag(v, "ok"),
        stage: variant(&v["stage"], &STAGE_NAMES, &STAGES),
        type_string: some_text(v, "type"),
        console: some_text(v, "console"),
        json: some_text(v, "json"),
        sensitive_paths: each(v, "sensitive_paths", |p| p.as_str().unwrap_or_default().to_string()),
        summary: some_text(v, "summary"),
        detail: some_text(v, "detail"),
        path: some_text(v, "path"),
        error: some_text(v, "error"),
        diagnostics: each(v, "diagnostics", diagnostic),
        diagnostics_omitted: count(v, "diagnostics_omitted"),
        explain: each(v, "explain", explain_step),
        warnings: each(v, "warnings", diagnostic),
        warnings_omitted: count(v, "warnings_omitted"),
        story: v["story"].is_object().then(|| story_of(&v["story"])),
        rule_errors: each(v, "rule_errors", rule_error),
    })
}

/// A whole response (a `variable` block's, `tftype::module::block::evaluate`).
pub fn response(json: &[u8]) -> Result<Response, serde_json::Error> {
    let v: Value = serde_json::from_slice(json)?;
    response_in(&v).ok_or_else(|| missing("ok"))
}

/// A comparison of every version (`tftype::versions::compare`).
pub fn comparison(json: &[u8]) -> Result<Comparison, serde_json::Error> {
    let v: Value = serde_json::from_slice(json)?;
    if !v["groups"].is_array() {
        return Err(missing("groups"));
    }
    Ok(Comparison {
        groups: each(&v, "groups", |g| Group {
            flavors: each(g, "flavors", |f| f.as_str().unwrap_or_default().to_string()),
            label: text(g, "label"),
            response: response_in(&g["response"]).unwrap_or_default(),
            text: text(g, "text"),
            differs: count(&g["differs"], "start")..count(&g["differs"], "end"),
        }),
        evaluations: count(&v, "evaluations"),
    })
}

/// The "Copy as" forms' names, as serde writes them, in the order of [`EmitKind::ALL`].
const EMIT_KIND_NAMES: [&str; 8] = [
    "tfvars",
    "tfvars-json",
    "var-bash",
    "var-powershell",
    "env-bash",
    "env-powershell",
    "module-arg",
    "variable-block",
];

/// Every "Copy as" form (`tftype::writeback::emit_all`); a form of a kind this page does not
/// know (there is nothing to show it as) refuses the reply.
pub fn emitted(json: &[u8]) -> Result<Vec<EmitOut>, serde_json::Error> {
    let v: Value = serde_json::from_slice(json)?;
    let forms = v.as_array().ok_or_else(|| missing("kind"))?;
    forms
        .iter()
        .map(|f| {
            Ok(EmitOut {
                kind: variant(&f["kind"], &EMIT_KIND_NAMES, &EmitKind::ALL).ok_or_else(|| missing("kind"))?,
                text: some_text(f, "text"),
                note: some_text(f, "note"),
                refusal: some_text(f, "refusal"),
            })
        })
        .collect()
}

/// The value in another format, or why not (`tftype::writeback::reformat`, as serde writes a
/// `Result`: `{"Ok": ...}` or `{"Err": "..."}`). Neither, or a text that is not a string, refuses
/// the reply: read as an empty text it would empty the value editor. A loss of a kind this page
/// does not know is left unsaid.
pub fn reformatted(json: &[u8]) -> Result<Result<Reformatted, String>, serde_json::Error> {
    let v: Value = serde_json::from_slice(json)?;
    if let Some(why) = v["Err"].as_str() {
        return Ok(Err(why.to_string()));
    }
    let ok = &v["Ok"];
    let text = ok["text"].as_str().ok_or_else(|| missing("Ok"))?;
    Ok(Ok(Reformatted {
        text: text.to_string(),
        lost: each(ok, "lost", |l| variant(l, &["comments", "key_order"], &[Lost::Comments, Lost::KeyOrder]))
            .into_iter()
            .flatten()
            .collect(),
    }))
}

// What comes from outside the .wasm: refused where serde would refuse it.

/// Not what the type reads.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused;

pub type Read<T> = Result<T, Refused>;

/// A struct's fields: an object's, or, as serde's derived impls also read
/// a struct, an array's in the order of the struct's.
pub struct Fields<'a> {
    object: Option<&'a serde_json::Map<String, Value>>,
    array: &'a [Value],
    names: &'a [&'a str],
}

impl<'a> Fields<'a> {
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        match self.object {
            Some(o) => o.get(key),
            None => self.names.iter().position(|n| *n == key).and_then(|i| self.array.get(i)),
        }
    }
}

/// `v` as a struct of fields `names`. An array has no more elements than
/// the struct has fields, and at least the first `least` (up to the last
/// without a default: in an array an `Option` has none).
pub fn object<'a>(v: &'a Value, names: &'a [&'a str], least: usize) -> Read<Fields<'a>> {
    match v {
        Value::Object(o) => Ok(Fields { object: Some(o), array: &[], names }),
        Value::Array(a) if (least..=names.len()).contains(&a.len()) => Ok(Fields { object: None, array: a, names }),
        _ => Err(Refused),
    }
}

/// A string field (missing: `missing`, None for a required one).
pub fn string_or(o: &Fields<'_>, key: &str, missing: Option<&str>) -> Read<String> {
    match o.get(key) {
        None => missing.map(str::to_string).ok_or(Refused),
        Some(v) => v.as_str().map(str::to_string).ok_or(Refused),
    }
}

/// A string field that may be missing or null.
pub fn optional_string(o: &Fields<'_>, key: &str) -> Read<Option<String>> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_str().map(|s| Some(s.to_string())).ok_or(Refused),
    }
}

/// A bool field (missing: false, unless it is required).
pub fn bool_or(o: &Fields<'_>, key: &str, required: bool) -> Read<bool> {
    match o.get(key) {
        None if required => Err(Refused),
        None => Ok(false),
        Some(v) => v.as_bool().ok_or(Refused),
    }
}

/// An array field (missing: empty, unless it is required), each element read.
pub fn list<T>(o: &Fields<'_>, key: &str, required: bool, read: impl Fn(&Value) -> Read<T>) -> Read<Vec<T>> {
    match o.get(key) {
        None if required => Err(Refused),
        None => Ok(Vec::new()),
        Some(v) => v.as_array().ok_or(Refused)?.iter().map(read).collect(),
    }
}

/// A catalog (or a part of one): an object of texts, read as
/// `tftype::i18n::read_part` reads one (`Err`: why not; a text that is not
/// JSON with serde_json's message).
pub fn catalog(json: &str) -> Result<HashMap<String, String>, String> {
    let v: Value = serde_json::from_slice(json.as_bytes()).map_err(|e| e.to_string())?;
    let mut out = HashMap::new();
    for (key, text) in v.as_object().ok_or("a catalog is a JSON object")? {
        out.insert(key.clone(), text.as_str().ok_or_else(|| format!("{key:?} is not a text"))?.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Catalogs read as core reads them (`tftype::i18n::read_part`: serde's
    /// derived reader of a map of texts): every language's, a part, and
    /// what is not a catalog.
    #[test]
    fn a_catalog_reads_as_core_reads_it() {
        let typed = |json: &str| serde_json::from_str::<HashMap<String, String>>(json).map_err(|e| e.to_string());
        for json in [
            include_str!("../../../core/i18n/en.json"),
            include_str!("../../../core/i18n/zh.json"),
            include_str!("../../../core/i18n/ja.json"),
            r#"{"catalog.part": "gallery", "module_example.vpc.title": "A VPC \u00e9"}"#,
            "{}",
        ] {
            assert_eq!(catalog(json), typed(json));
            assert!(catalog(json).is_ok());
        }
        let whole = catalog(include_str!("../../../core/i18n/en.json")).unwrap();
        assert!(whole.len() > 500 && whole.contains_key("ui.module.checking"));
        // Not a catalog: refused, as core refuses it (a text that is not JSON, with serde_json's message).
        for json in [r#"{"ui.ok": 1}"#, r#"["ui.ok"]"#, r#"{"ui.ok": null}"#, "nothing"] {
            assert!(catalog(json).is_err() && typed(json).is_err(), "{json}");
        }
        assert_eq!(catalog(r#"{"ui.ok": "OK""#), typed(r#"{"ui.ok": "OK""#));
    }
}
