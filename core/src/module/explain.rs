//! A checked module's variables, one at a time: the single-variable
//! request that reproduces how each final value was made (the `type`
//! argument, the value that won with its format, the variable's flags), so
//! that `tftype check --explain` tells each variable's Why story and every
//! failure carries a playground link ([`crate::link`]) that opens it.
//!
//! The values are found again as the check found them ([`super::sources`]:
//! the later source wins); the declarations are read again for the source
//! text of `type` and `default`. A sensitive or ephemeral variable gets no
//! story and no link: both would show its value.

use std::collections::BTreeMap;

use super::decl::{self, Variable};
use super::sources::{self, Raw};
use super::{CheckInput, CheckReport, Outcome, Texts};
use crate::flavor::Profile;
use crate::hcl::parse::{Block, BodyItem};
use crate::i18n::Lang;
use crate::pipeline::Request;
use crate::story::Story;
use crate::valueparse::ValueFormat;

/// The longest link a failure carries (in bytes): browsers, terminals and
/// code-scanning tools cut longer addresses; a larger value gets none.
pub const MAX_LINK: usize = 8 * 1024;

/// What a variable's story can be.
#[derive(Clone, Debug)]
pub enum VarStory {
    /// The story of its final value.
    Told(Box<Story>),
    /// Sensitive or ephemeral: the story would show the value.
    Hidden,
    /// No value was given and there is no default (or the check stopped
    /// before it): nothing to tell.
    NoValue,
}

/// Links and stories for a report, for the CLI to print.
#[derive(Clone, Debug, Default)]
pub struct Annotations {
    /// One entry per diagnostic of the report: the playground link of the
    /// variable whose failure it is.
    pub links: Vec<Option<String>>,
    /// By variable name (with `--explain`).
    pub stories: BTreeMap<String, VarStory>,
    /// tftype's notes (silent surprises: a dropped attribute, a value for
    /// an undeclared variable, …), shown after Terraform's diagnostics.
    pub notes: Vec<CheckNote>,
    /// The human form lists every inner module call's unchecked arguments
    /// (`--verbose`), not one line for all of them.
    pub verbose: bool,
    /// Terraform's `-compact-warnings`: when there are only warnings, their
    /// summaries and places, not the whole diagnostics; the product's name
    /// (its closing line says "run Terraform" or "run OpenTofu").
    pub compact_warnings: Option<&'static str>,
}

/// One of tftype's notes in a check's output: where, its catalog key, its
/// text (see [`crate::assist::check_notes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckNote {
    pub subject: super::Subject,
    pub kind: String,
    pub text: String,
}

/// The source text of `range` in `text`, if it is one.
fn slice(text: &str, start: usize, end: usize) -> Option<&str> {
    text.get(start..end)
}

/// A configuration file parsed once, with its `variable` blocks found by
/// where they start: the block that declared each variable of the file,
/// without a search through the file's items for each (which grew with the
/// square of the variables).
pub(crate) struct VarBlocks {
    body: Option<std::rc::Rc<crate::hcl::parse::Body>>,
    at: std::collections::HashMap<usize, usize>,
}

impl VarBlocks {
    pub(crate) fn parse(text: &str, file: &str, p: &Profile) -> VarBlocks {
        let body = crate::valueparse::parse_config(text, file, false, p).0;
        let mut at = std::collections::HashMap::new();
        for (i, item) in body.iter().flat_map(|b| b.items.iter()).enumerate() {
            if let BodyItem::Block(b) = item {
                if b.kind == "variable" {
                    at.entry(b.kind_range.start).or_insert(i);
                }
            }
        }
        VarBlocks { body, at }
    }

    /// The `variable` block that declared `v` (the one at its declaration range).
    pub(crate) fn block(&self, v: &Variable) -> Option<&Block> {
        let i = *self.at.get(&v.decl_range.start.byte)?;
        match self.body.as_ref()?.items.get(i)? {
            BodyItem::Block(b) => Some(b),
            BodyItem::Attr(_) => None,
        }
    }
}

pub(crate) fn attr_text<'t>(b: &Block, text: &'t str, name: &str) -> Option<&'t str> {
    b.body.items.iter().find_map(|i| match i {
        BodyItem::Attr(a) if a.name == name => slice(text, a.expr.range().start, a.expr.range().end),
        _ => None,
    })
}

/// Each declared variable's request: its type and flags, and the value
/// that won (or its default). A variable without either is left out.
pub fn requests(input: &CheckInput, p: &Profile, flavor: &str) -> BTreeMap<String, Request> {
    crate::sort::map(requests_placed(input, p, flavor, &|_| true).into_iter().map(|(k, r)| (k, r.request)))
}

/// A variable's request, with where its value is written.
#[derive(Clone, Debug)]
pub struct Placed {
    pub request: Request,
    /// The value file and the byte its value starts at (None: a `-var`, an
    /// environment variable, or the default).
    pub at: Option<(String, usize)>,
    /// Sensitive or ephemeral: nothing about its value is to be shown.
    pub hidden: bool,
    /// Whether a value of the variable's type can have notes at all
    /// ([`crate::why::type_may_note`], [`value_may_note`]).
    pub may_note: bool,
}

/// Whether `given`, written for a variable of type `ty` (which
/// [`crate::why::type_may_note`] admits), can have a note: an attribute the object type
/// lacks, an attribute written as null, anything under a set or `any`
/// type, or a value not of the type's shape (left to the story).
pub fn value_may_note(given: &crate::value::Value, ty: &crate::types::Type) -> bool {
    use crate::types::Type;
    use crate::value::Kind;
    if given.is_null() || !given.is_known() {
        return true;
    }
    match (ty, &given.kind) {
        (Type::Bool | Type::Number | Type::String, _) => false,
        (Type::Dynamic | Type::Set(_), _) => true,
        (Type::List(e), Kind::Seq(es)) => es.iter().any(|x| value_may_note(x, e)),
        (Type::Map(e), Kind::Attrs(a)) => a.iter().any(|(_, x)| value_may_note(x, e)),
        (Type::Tuple(ts), Kind::Seq(es)) => {
            ts.len() != es.len() || ts.iter().zip(es.iter()).any(|(t, x)| value_may_note(x, t))
        }
        (Type::Object(o), Kind::Attrs(a)) => a.iter().any(|(k, x)| match o.attrs.get(&**k) {
            None => true,
            Some(t) => x.is_null() || value_may_note(x, t),
        }),
        _ => true,
    }
}

/// [`requests`] of the variables whose value `keep` takes (it is given
/// the value file the winning value is written in, None for the others),
/// each with where its value is.
pub fn requests_placed(
    input: &CheckInput,
    p: &Profile,
    flavor: &str,
    keep: &dyn Fn(Option<&str>) -> bool,
) -> BTreeMap<String, Placed> {
    let mut texts = Texts::default();
    for (name, text) in &input.files {
        texts.add(name, text);
    }
    let module = decl::load(&input.files, &texts, p);
    let collected = sources::collect(input, &texts, p).map(|c| c.values).unwrap_or_default();
    // Each configuration file parsed once more, for the declarations' texts.
    let mut bodies = BTreeMap::new();
    let mut out = BTreeMap::new();
    #[cfg(not(target_arch = "wasm32"))]
    let mid = super::kept::id_of(&module);
    for (vi, v) in module.vars.iter().enumerate() {
        // Looked up once per variable (a map of every variable's value).
        let raw = collected.get(&v.name).map(|u| &u.raw);
        let at = match raw {
            Some(Raw::Expr { file, expr }) => Some((file.to_string(), expr.range().start)),
            Some(Raw::Json { subject, .. }) => Some((subject.filename.clone(), subject.start.byte)),
            _ => None,
        };
        if !keep(at.as_ref().map(|a| a.0.as_str())) {
            continue;
        }
        let mut one = |p: &Profile| placed(input, v, raw, &mut bodies, p, flavor);
        // The language server's edits (work kept, natively): a value file's
        // value whose text is the same as at an earlier check of the module
        // keeps its request, wherever it is written now.
        #[cfg(not(target_arch = "wasm32"))]
        let kept = match (mid, raw) {
            (Some(mid), Some(Raw::Expr { file, expr })) => {
                input.files.get(&**file).and_then(|t| slice(t, expr.range().start, expr.range().end)).map(|value| {
                    let name = super::kept::name_of(&[mid, vi as u64], None);
                    crate::valueparse::kept::remember("note request", &name, &[value, flavor], p, |own| one(own))
                })
            }
            _ => None,
        };
        #[cfg(target_arch = "wasm32")]
        let kept = {
            let _ = vi;
            None
        };
        let Some(mut pl) = kept.unwrap_or_else(|| one(p)) else { continue };
        pl.at = at;
        out.insert(v.name.clone(), pl);
    }
    out
}

/// A variable's request ([`requests_placed`], without where its value is
/// written; None: it has none).
fn placed(
    input: &CheckInput,
    v: &decl::Variable,
    raw: Option<&Raw>,
    bodies: &mut BTreeMap<String, VarBlocks>,
    p: &Profile,
    flavor: &str,
) -> Option<Placed> {
    let text = input.files.get(&v.file)?;
    // The file's name is copied once, not once per variable.
    if !bodies.contains_key(&v.file) {
        bodies.insert(v.file.clone(), VarBlocks::parse(text, &v.file, p));
    }
    let block = bodies.get(&v.file)?.block(v)?;
    let value = match raw {
        Some(Raw::Expr { file, expr }) => input
            .files
            .get(&**file)
            .and_then(|t| slice(t, expr.range().start, expr.range().end))
            .map(|s| (s.to_string(), ValueFormat::Tfvars)),
        Some(Raw::Json { subject, .. }) => input
            .files
            .get(&subject.filename)
            .and_then(|t| slice(t, subject.start.byte, subject.end.byte))
            .map(|s| (s.to_string(), ValueFormat::Json)),
        Some(Raw::Text(s)) => Some((s.clone(), ValueFormat::Cli)),
        // The default is a constant expression, as a `.tfvars` value is.
        None => attr_text(block, text, "default").map(|s| (s.to_string(), ValueFormat::Tfvars)),
    };
    let (value, value_format) = value?;
    let mut req = Request::new(attr_text(block, text, "type"), &value);
    req.value_format = value_format;
    req.nullable = v.nullable;
    req.sensitive = v.sensitive;
    req.var_name = v.name.clone();
    req.flavor = Some(flavor.to_string());
    // The value as written, where it is at hand without reading it
    // again (a file's value was read by `collect`; a `-var`'s and a
    // default are not looked at: they may have notes).
    let given = match raw {
        Some(Raw::Expr { expr, .. }) => crate::hcl::eval_const(expr, p).ok(),
        Some(Raw::Json { value: Ok(x), .. }) => Some(x.clone()),
        _ => None,
    };
    // A key written twice is a note of any object constructor, whatever the type
    // (`why::may_note`): looked for only where the text has a brace, as only then can there be one,
    // and not in literal data the parser read with each key once (the text is not read again).
    #[cfg(not(target_arch = "wasm32"))]
    let keys_once = matches!(
        raw,
        Some(Raw::Expr { expr, .. }) if matches!(&expr.kind, crate::hcl::ast::ExprKind::Const(c) if c.keys_once)
    );
    #[cfg(target_arch = "wasm32")]
    let keys_once = false;
    let may = (crate::why::type_may_note(&v.tc.ty) && given.as_ref().is_none_or(|g| value_may_note(g, &v.tc.ty)))
        || (value.contains('{') && !keys_once && !crate::lint::duplicate_keys(&value, p).is_empty());
    Some(Placed { request: req, at: None, hidden: v.sensitive || v.ephemeral, may_note: may })
}

/// The links (and with `lang`, the stories) of a report checked under the
/// flavor `flavor`. `base` is the playground's address; None: no links.
pub fn annotate(
    r: &CheckReport,
    input: &CheckInput,
    p: &Profile,
    flavor: &str,
    base: Option<&str>,
    lang: Option<Lang>,
) -> Annotations {
    let reqs = requests(input, p, flavor);
    // Looked up once per variable: one set and one index, not a scan each
    // (reliability-5 #3: the work grows with the variables and diagnostics,
    // not with their product).
    let hidden_names: std::collections::HashSet<&str> =
        r.variables.iter().filter(|v| v.sensitive || v.ephemeral).map(|v| v.name.as_str()).collect();
    let hidden = |name: &str| hidden_names.contains(name);
    let mut first_error: std::collections::HashMap<(&str, &str), usize> = std::collections::HashMap::new();
    for (i, d) in r.diagnostics.iter().enumerate().filter(|(_, d)| d.is_error()) {
        first_error.entry((d.summary.as_str(), d.detail.as_str())).or_insert(i);
    }
    let mut a = Annotations { links: vec![None; r.diagnostics.len()], ..Default::default() };
    if let Some(base) = base {
        let extras =
            crate::link::Extras { lang: lang.filter(|l| *l != Lang::En).map(|l| l.code().to_string()), tab: None };
        for v in &r.variables {
            let Outcome::Failed { stage, summary, detail } = &v.outcome else { continue };
            // A declaration's own error (a rule that names another object,
            // an argument of the wrong kind) is a matter of the module: the
            // one-variable view cannot show it, so it gets no link there.
            if matches!(*stage, "skipped" | "required" | "declaration") || hidden(&v.name) {
                continue;
            }
            let Some(req) = reqs.get(&v.name) else { continue };
            if req.value.len() + req.type_src.as_ref().map_or(0, String::len) > MAX_LINK {
                continue;
            }
            let url = crate::link::url(base, req, &extras);
            // The diagnostic the variable failed with (its first error).
            if let Some(&i) = first_error.get(&(summary.as_str(), detail.as_str())) {
                if url.len() <= MAX_LINK && a.links[i].is_none() {
                    a.links[i] = Some(url);
                }
            }
        }
    }
    if let Some(lang) = lang {
        for v in &r.variables {
            let story = match reqs.get(&v.name) {
                _ if hidden(&v.name) => VarStory::Hidden,
                Some(req) if !matches!(&v.outcome, Outcome::Failed { stage: "skipped" | "required", .. }) => {
                    let mut story = crate::why::story(req, lang);
                    // A value the check rejects after its conversion (a rule
                    // fails) is never told as accepted.
                    if rejected(v) {
                        crate::why::close_as_converted(&mut story);
                    }
                    // The tool's own message is the one the check gave (its
                    // places are the module's files, not a single variable's).
                    if let (Some(verbatim), Outcome::Failed { summary, detail, .. }) =
                        (story.verbatim.as_mut(), &v.outcome)
                    {
                        verbatim.summary = summary.clone();
                        verbatim.detail = detail.clone();
                    }
                    VarStory::Told(Box::new(story))
                }
                _ => VarStory::NoValue,
            };
            a.stories.insert(v.name.clone(), story);
        }
    }
    a
}

/// Whether the check rejects `v` whatever its conversion gave (a rule
/// fails or raises an error): its story then ends with the value's type,
/// not with "accepted" ([`crate::why::close_as_converted`]).
pub fn rejected(v: &super::VarReport) -> bool {
    use super::validate::RuleResult;
    matches!(v.outcome, Outcome::Failed { .. })
        || v.validations.iter().any(|r| matches!(r.result, RuleResult::Fail | RuleResult::Error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flavor::Flavor;

    fn input(files: &[(&str, &str)], args: &[&str]) -> CheckInput {
        CheckInput {
            files: files.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            args: args.iter().map(|a| vec!["-var".to_string(), a.to_string()]).collect(),
            env: Default::default(),
        }
    }

    const VARS: &str = "variable \"port\" {\n  type    = number\n  default = \"80\"\n}\n\nvariable \"tags\" {\n  type = map(string)\n}\n\nvariable \"token\" {\n  type      = string\n  sensitive = true\n}\n";

    /// Each variable's request holds the value that won, in the format of
    /// its source, with the declaration's type and flags.
    #[test]
    fn the_request_of_a_variable_is_its_type_and_the_value_that_won() {
        let i = input(
            &[
                ("variables.tf", VARS),
                ("terraform.tfvars", "tags = { a = 1 }\ntoken = \"s3cret\"\n"),
                ("b.auto.tfvars.json", "{\"tags\": {\"b\": true}}"),
            ],
            &["token=x"],
        );
        let p = Flavor::default_flavor().profile();
        let reqs = requests(&i, &p, "terraform@1.15");
        let port = &reqs["port"];
        assert_eq!(
            (port.type_src.as_deref(), port.value.as_str(), port.value_format),
            (Some("number"), "\"80\"", ValueFormat::Tfvars)
        );
        let tags = &reqs["tags"];
        assert_eq!(
            (tags.type_src.as_deref(), tags.value.as_str(), tags.value_format),
            (Some("map(string)"), "{\"b\": true}", ValueFormat::Json)
        );
        let token = &reqs["token"];
        assert_eq!((token.value.as_str(), token.value_format, token.sensitive), ("x", ValueFormat::Cli, true));
        assert_eq!(token.flavor.as_deref(), Some("terraform@1.15"));
    }

    /// A failing variable's diagnostic carries a link that opens its
    /// evaluation; a sensitive one's never does (the link would hold it).
    #[test]
    fn failures_get_links_and_sensitive_values_never_do() {
        let i = input(&[("variables.tf", VARS), ("terraform.tfvars", "tags = [1]\n")], &["token=x", "port=eighty"]);
        let p = Flavor::default_flavor().profile();
        let r = super::super::check(&i, &p);
        let a = annotate(&r, &i, &p, "terraform@1.15", Some("https://x/"), Some(Lang::En));
        let linked: Vec<(&str, &str)> = r
            .diagnostics
            .iter()
            .zip(&a.links)
            .filter_map(|(d, l)| l.as_deref().map(|l| (d.summary.as_str(), l)))
            .collect();
        assert_eq!(linked.len(), 2, "{linked:?}");
        assert!(linked.iter().any(|(_, l)| l.contains("value=eighty") && l.contains("format=cli")), "{linked:?}");
        assert!(linked.iter().any(|(_, l)| l.contains("name=tags")), "{linked:?}");
        assert!(matches!(a.stories["token"], VarStory::Hidden));
        let VarStory::Told(tags) = &a.stories["tags"] else { panic!("no story for tags") };
        let failure = r.diagnostics.iter().find(|d| d.detail.contains("var.tags")).expect("tags fails");
        assert_eq!(
            tags.verbatim.as_ref().map(|v| (&v.summary, &v.detail)),
            Some((&failure.summary, &failure.detail)),
            "the story quotes the check's own message"
        );
        // A value too large for an address gets no link.
        let big = format!("tags = {{ a = [{}] }}\n", "1, ".repeat(MAX_LINK));
        let i = input(&[("variables.tf", VARS), ("terraform.tfvars", &big)], &["token=x"]);
        let r = super::super::check(&i, &p);
        let a = annotate(&r, &i, &p, "terraform@1.15", Some("https://x/"), None);
        assert!(!r.ok && a.links.iter().all(Option::is_none), "{:?}", a.links);
    }

    /// words-5: a value that converts but fails a validation rule is never
    /// told as accepted; its story ends with the type it converts to. A
    /// value that passes its rules still ends with "accepted".
    #[test]
    fn a_value_a_rule_rejects_is_told_as_converted_not_accepted() {
        let decl = "variable \"region\" {\n  type = string\n  validation {\n    condition     = contains([\"eu-1\"], var.region)\n    error_message = \"Unknown region.\"\n  }\n}\n";
        let p = Flavor::default_flavor().profile();
        let table = [
            ("mars-1", Lang::En, "The value converts: its type is string."),
            ("mars-1", Lang::Zh, "值可以转换，类型为 string。"),
            ("mars-1", Lang::Ja, "値は変換できます。型は string です。"),
            ("eu-1", Lang::En, "Accepted: the variable's value has the type string."),
        ];
        for (value, lang, want) in table {
            let i = input(&[("variables.tf", decl)], &[&format!("region={value}")]);
            let r = super::super::check(&i, &p);
            let a = annotate(&r, &i, &p, "terraform@1.15", None, Some(lang));
            let VarStory::Told(s) = &a.stories["region"] else { panic!("no story for region") };
            let last = s.steps.last().expect("a step");
            assert_eq!(last.text, want, "{value} {lang:?}");
        }
    }

    /// A declaration's own error is the module's matter: the one-variable
    /// view cannot show it, so no link opens it there.
    #[test]
    fn a_declaration_error_gets_no_link() {
        let decl = "variable \"a\" {\n  type = number\n  default = 1\n  validation {\n    condition     = var.a > local.min\n    error_message = \"Too small.\"\n  }\n}\n";
        let i = input(&[("variables.tf", decl)], &[]);
        let p = Flavor::lookup("terraform@1.8").expect("a flavor").profile();
        let r = super::super::check(&i, &p);
        assert!(
            r.diagnostics.iter().any(|d| d.summary == "Invalid reference in variable validation"),
            "{:?}",
            r.diagnostics
        );
        let a = annotate(&r, &i, &p, "terraform@1.8", Some("https://x/"), None);
        assert!(a.links.iter().all(Option::is_none), "{:?}", a.links);
    }

    /// A check tells a variable's story for its notes only when its type and
    /// its value can have notes ([`crate::why::type_may_note`], [`value_may_note`]): every
    /// value of the single-variable corpora (and values made to have each
    /// kind of note) whose story has a note is admitted by both.
    #[test]
    fn only_types_that_may_note_have_notes() {
        let p = Profile::default();
        let mut reqs: Vec<Request> = Vec::new();
        for (ty, value) in [
            ("object({a = string})", "{a = \"x\", b = 1}"),
            ("list(object({a = optional(string, \"d\")}))", "[{a = null}]"),
            ("list(any)", "[1, \"x\", true]"),
            ("set(string)", "[\"b\", \"a\", \"a\"]"),
            ("map(set(number))", "{k = [2, 1, 1]}"),
            ("tuple([object({a = number})])", "[{a = 1, bb = 2}]"),
            ("any", "{a = [1, \"x\"]}"),
            ("list(string)", "[1, true]"),
            ("map(number)", "{a = \"1\"}"),
        ] {
            reqs.push(Request::new(Some(ty), value));
        }
        for file in ["docs", "upstream_tests", "gen_public", "regressions"] {
            let path = format!("{}/tests/conformance/{file}.jsonl", env!("CARGO_MANIFEST_DIR"));
            for line in std::fs::read_to_string(path).unwrap().lines() {
                if let Ok(req) = serde_json::from_slice::<Request>(line.as_bytes()) {
                    reqs.push(req);
                }
            }
        }
        let (mut noted, mut admitted, mut passed_over) = (0, 0, 0);
        for req in &reqs {
            let Ok(tc) = crate::typeexpr::parse_variable_type_in(req.type_src.as_deref(), &p) else { continue };
            let may = crate::why::type_may_note(&tc.ty);
            admitted += usize::from(may);
            let given =
                crate::valueparse::parse_value_spans(&req.value, req.value_format, tc.cli_literal, false, &p).ok();
            if !crate::why::story(req, Lang::En).notes.is_empty() {
                noted += 1;
                assert!(may, "{:?} = {:?} has notes", req.type_src, req.value);
                if let Some(g) = &given {
                    assert!(value_may_note(&g.value, &tc.ty), "{:?} = {:?} has notes", req.type_src, req.value);
                }
            } else if may && given.as_ref().is_some_and(|g| !value_may_note(&g.value, &tc.ty)) {
                passed_over += 1;
            }
        }
        assert!(
            noted >= 5 && admitted < reqs.len() && passed_over > 0,
            "{noted} with notes, {admitted} of {} admitted, {passed_over} passed over by their value",
            reqs.len()
        );
    }
}
