//! Hover, completion, tftype's notes and quick fixes in an editor, for the
//! language server (`tftype lsp`) and the page alike: one implementation,
//! from the module's declarations and the check's own answer.
//!
//! Where the cursor is comes from a tolerant scan of the text ([`locate`]),
//! not from the parser: a file being typed is seldom complete. The scan
//! knows the top-level attribute (the variable), the object keys and list
//! indexes down to the cursor, whether a key or a value is written there,
//! and which keys the enclosing object already has.
//!
//! Rules (each has a test of its name):
//! - completion at the top level of a value file: the module's declared
//!   variables not yet set in that file, required ones first; the type as
//!   written is the detail, the description the documentation;
//! - completion inside an object value: the attributes of the object type
//!   not yet written, required first, `optional(T)` with its default;
//! - completion of a value: `true` / `false` for a bool, the literals of a
//!   `contains([...], var.NAME)` rule; `.tfvars.json` the same, in JSON;
//! - hover on a variable's name in a value file: its declaration (type as
//!   written, description, default, nullable / sensitive / ephemeral), the
//!   value that wins as `terraform console` prints it with where it comes
//!   from (`(sensitive value)` for a sensitive variable), and the first
//!   line of its Why story;
//! - hover on an attribute inside a value: its type from the constraint,
//!   optional or required, and its default;
//! - hover on `variable "NAME"` in a configuration file: the value that
//!   wins and from where; a variable the module's errors kept from being
//!   evaluated has no value that wins: the hover says so (with the value
//!   its source gives once they are fixed, when the run read one);
//! - hover on a name a value file sets that the module does not declare:
//!   the note of `check --explain` with its "did you mean", and
//!   Terraform's warning on the value;
//! - notes: the same notes as `tftype check --explain`, placed where the
//!   value says it; quick fixes: rename a dropped attribute to its "did you
//!   mean", remove one the type drops, add the required variables no source
//!   sets and an object's required attributes, with placeholders; a rename
//!   keeps the `=` signs of its group aligned as `terraform fmt` does;
//! - one variable's value (the page's value editor: its type constraint,
//!   its value in the format it is written in): the same completion of
//!   attributes and bools ([`complete_value`]) and hover on an attribute
//!   ([`hover_value`]), the value read as the value file `v = VALUE`.

mod complete;
pub mod editor;
mod fixes;
mod hover;
mod locate;
mod notes;

pub use complete::*;
pub use fixes::*;
pub use hover::*;
pub use locate::*;
pub use notes::*;

use std::collections::BTreeMap;
use std::ops::Range;

use crate::defaults::Defaults;
use crate::flavor::Profile;
use crate::hcl::ast::{Expr, ExprKind};
use crate::i18n::{fill, text, Lang};
use crate::module::decl::{self, Variable};
use crate::module::{self, CheckInput, Outcome, Texts};
use crate::types::Type;
use crate::valueparse::ValueFormat;
use crate::Request;
use serde::Serialize;

/// A declared variable as an editor shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    pub name: String,
    /// The `type` argument as written.
    pub type_text: Option<String>,
    pub description: Option<String>,
    pub required: bool,
    /// The default as `terraform console` prints it (`(sensitive value)` for
    /// a sensitive variable).
    pub default: Option<String>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
}

/// The module's declarations, read once for a hover, a completion or the
/// quick fixes.
struct Ctx<'a> {
    input: &'a CheckInput,
    texts: Texts<'a>,
    module: std::rc::Rc<decl::Module>,
}

impl<'a> Ctx<'a> {
    fn new(input: &'a CheckInput, p: &Profile) -> Ctx<'a> {
        let mut texts = Texts::default();
        for (name, text) in &input.files {
            texts.add(name, text);
        }
        let module = decl::load(&input.files, &texts, p);
        Ctx { input, texts, module }
    }

    /// The declared variables, in declaration order (kept while the
    /// module's configuration files are unchanged, when the thread keeps
    /// work: see [`crate::valueparse::kept`]).
    fn declared(&self, p: &Profile) -> Vec<Declared> {
        if !crate::valueparse::kept::on() {
            return self.declared_now(p);
        }
        let inputs: Vec<&str> = module::files::module_files(&self.input.files, "", p)
            .all()
            .flat_map(|(n, t)| [n.as_str(), t.as_str()])
            .collect();
        crate::valueparse::kept::remember("assist declared", "", &inputs, p, |own| self.declared_now(own))
    }

    fn declared_now(&self, p: &Profile) -> Vec<Declared> {
        let mut bodies = BTreeMap::new();
        self.module
            .vars
            .iter()
            .map(|v| {
                let type_text = self.input.files.get(&v.file).and_then(|text| {
                    let blocks = bodies
                        .entry(v.file.clone())
                        .or_insert_with(|| module::explain::VarBlocks::parse(text, &v.file, p));
                    let block = blocks.block(v)?;
                    module::explain::attr_text(block, text, "type").map(str::to_string)
                });
                let default = v.default.as_ref().map(|d| {
                    if v.sensitive {
                        "(sensitive value)".to_string()
                    } else {
                        crate::render::console(d)
                    }
                });
                Declared {
                    name: v.name.clone(),
                    type_text,
                    description: v.description.clone(),
                    required: v.required(),
                    default,
                    nullable: v.nullable,
                    sensitive: v.sensitive,
                    ephemeral: v.ephemeral,
                }
            })
            .collect()
    }

    /// The literals of `contains([...], var.NAME)` in `v`'s rules, as
    /// written (a string without interpolation, a number, a bool: the same
    /// text in HCL and in JSON).
    fn rule_literals(&self, v: &Variable) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for r in &v.rules {
            let text = self.input.files.get(&r.file).map(String::as_str).unwrap_or("");
            walk(&r.condition, &mut |e| {
                let ExprKind::Call(c) = &e.kind else { return };
                if c.name != "contains"
                    || c.args.len() != 2
                    || text.get(c.args[1].range()).map(str::trim) != Some(&format!("var.{}", v.name))
                {
                    return;
                }
                let written: Vec<String> = match &c.args[0].kind {
                    ExprKind::Const(cv) => {
                        cv.value.elements().unwrap_or_default().iter().map(crate::render::console).collect()
                    }
                    ExprKind::Tuple { elems } => {
                        elems.iter().filter_map(|e| text.get(e.range()).map(str::to_string)).collect()
                    }
                    _ => Vec::new(),
                };
                for w in written {
                    let string = w.len() >= 2
                        && w.starts_with('"')
                        && w.ends_with('"')
                        && !w.contains("${")
                        && !w.contains("%{");
                    let literal =
                        string || w == "true" || w == "false" || crate::number::Number::parse_literal(&w).is_ok();
                    if literal && !out.contains(&w) {
                        out.push(w);
                    }
                }
            });
        }
        out
    }
}

/// Calls `f` on `e` and every expression below it that a rule's condition
/// can hold a call in.
fn walk(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Call(c) => c.args.iter().for_each(|a| walk(a, f)),
        ExprKind::Binary { lhs, rhs, .. } => {
            walk(lhs, f);
            walk(rhs, f);
        }
        ExprKind::Unary { val, .. } => walk(val, f),
        ExprKind::Parens(x) => walk(x, f),
        ExprKind::Conditional { cond, t, f: g } => {
            walk(cond, f);
            walk(t, f);
            walk(g, f);
        }
        _ => {}
    }
}

/// `work` on the whole module `input` (its files, arguments and
/// environment): when the thread keeps work ([`crate::valueparse::kept`]:
/// the language server, the page's engine worker), the answer of the last
/// call of this kind for the same module and flavor is given again, so
/// that a hover or a completion after a check does not check the module
/// again; else worked out now.
fn for_module<T: Clone + 'static>(
    kind: &'static str,
    input: &CheckInput,
    p: &Profile,
    work: impl FnOnce(&Profile) -> T,
) -> T {
    if !crate::valueparse::kept::on() {
        return work(p);
    }
    let args: Vec<String> = input.args.iter().map(|a| a.join("\u{0}")).collect();
    let counts = format!("{} {} {}", input.files.len(), args.len(), input.env.len());
    let mut inputs: Vec<&str> = vec![&counts];
    inputs.extend(input.files.iter().flat_map(|(n, t)| [n.as_str(), t.as_str()]));
    inputs.extend(args.iter().map(String::as_str));
    inputs.extend(input.env.iter().flat_map(|(k, v)| [k.as_str(), v.as_str()]));
    crate::valueparse::kept::remember(kind, "", &inputs, p, work)
}

/// The module's check as a root module ([`module::check_with`]), with its
/// module calls checked when `calls` (the Module view: local and installed
/// modules, as `tftype check`), shared: kept from the last check of the
/// same module when the thread keeps work (see [`for_module`]). Where work
/// is kept the one kept check always has the calls, so that the view's
/// check and the hover after it are one: the calls add diagnostics and
/// leave the variables alone, and the variables are all a hover reads.
pub fn checked(input: &CheckInput, p: &Profile, calls: bool) -> std::rc::Rc<module::CheckReport> {
    let module_calls = calls || crate::valueparse::kept::on();
    let options = module::CheckOptions { module_calls, role: None };
    for_module("assist check", input, p, |own| std::rc::Rc::new(module::check_with(input, own, options)))
}

/// Each variable's single-variable request ([`module::explain::requests`]),
/// kept as [`checked`] is.
fn requests(input: &CheckInput, p: &Profile) -> std::rc::Rc<BTreeMap<String, Request>> {
    for_module("assist requests", input, p, |own| {
        std::rc::Rc::new(module::explain::requests(input, own, own.flavor().name))
    })
}

/// The module's declared variables, in declaration order.
pub fn declarations(files: &BTreeMap<String, String>, p: &Profile) -> Vec<Declared> {
    let input = CheckInput { files: files.clone(), ..Default::default() };
    Ctx::new(&input, p).declared(p)
}

/// The type (and its defaults, and whether the last step is an optional
/// attribute) at `path` below a variable's constraint.
fn type_at<'a>(ty: &Type, defaults: Option<&'a Defaults>, path: &[Seg]) -> Option<(Type, Option<&'a Defaults>)> {
    let mut ty = ty.clone();
    let mut d = defaults;
    for seg in path {
        let next = match (&ty, seg) {
            (Type::Object(o), Seg::Key(k)) => {
                d = d.and_then(|d| d.children.get(k));
                o.attrs.get(k)?.clone()
            }
            (Type::Map(e), Seg::Key(_)) | (Type::List(e) | Type::Set(e), Seg::Index(_)) => {
                d = d.and_then(|d| d.children.get(""));
                (**e).clone()
            }
            (Type::Tuple(es), Seg::Index(i)) => {
                d = d.and_then(|d| d.children.get(&i.to_string()));
                es.get(*i)?.clone()
            }
            (Type::Dynamic, _) => return Some((Type::Dynamic, None)),
            _ => return None,
        };
        ty = next;
    }
    Some((ty, d))
}

/// The default of attribute `name` at a defaults node, as the console shows it.
fn attr_default(d: Option<&Defaults>, name: &str) -> Option<String> {
    d?.values.get(name).map(crate::render::console)
}

fn is_json(file: &str) -> bool {
    file.ends_with(".json")
}

/// The input that reads `file` as its editor does (the language server, the
/// page's Module view): `input` itself for a configuration file, an
/// automatic value file or a value file its command line names already;
/// another value file is added as the last `-var-file`, so that a hover
/// tells what that file's values do.
pub fn reading(mut input: CheckInput, file: &str) -> CheckInput {
    let named = input.args.iter().any(|a| a.len() == 2 && a[0] == "-var-file" && a[1] == file);
    if crate::editor::is_value_file(file) && !crate::editor::is_auto_value_file(file) && !named {
        input.args.push(vec!["-var-file".into(), file.to_string()]);
    }
    input
}

/// One variable's value as the page's value editor holds it (the text of
/// a request in its format) read as a value file: `v = VALUE`, or
/// `{"v": VALUE}` for JSON, so that [`locate`] finds the cursor in it; and
/// how many bytes come before the value. Blank lines before the value stay,
/// as spaces (the same bytes): a line end would end the `v = ` attribute.
fn value_as_file(value: &str, format: ValueFormat) -> (String, usize, bool) {
    let json = matches!(format, ValueFormat::Json | ValueFormat::Ctyjson);
    let head = if json { "{\"v\": " } else { "v = " };
    let lead = value.len() - value.trim_start().len();
    (format!("{head}{}{}", value[..lead].replace('\n', " "), &value[lead..]), head.len(), json)
}

/// The type constraint of `req`, read as its flavor does (None when it
/// cannot be read, or the flavor is unknown).
fn constraint(req: &Request) -> Option<crate::typeexpr::TypeConstraint> {
    let p = crate::pipeline::profile(req).ok()?;
    crate::typeexpr::parse_variable_type_in(req.type_src.as_deref(), &p).ok()
}

/// The type of a called module's variable as written in its file.
fn callee_type(input: &CheckInput, v: &module::decl::Variable) -> Option<String> {
    let r = v.type_range.clone()?;
    let t = input.files.get(&v.file)?.get(r)?;
    Some(t.split_whitespace().collect::<Vec<_>>().join(" "))
}
#[cfg(test)]
mod tests {
    use super::*;

    fn p() -> Profile {
        crate::flavor::Flavor::default_flavor().profile()
    }

    /// `(text with a | for the cursor, json)` → where the cursor is.
    fn at(marked: &str, json: bool) -> Located {
        let byte = marked.find('|').expect("a cursor");
        locate(&marked.replacen('|', "", 1), byte, json)
    }

    fn segs(p: &[&str]) -> Vec<Seg> {
        p.iter().map(|k| k.parse::<usize>().map_or_else(|_| Seg::Key(k.to_string()), Seg::Index)).collect()
    }

    #[test]
    fn locate_finds_the_path_and_whether_a_key_or_a_value_is_written() {
        type Row<'a> = (&'a str, bool, &'a [&'a str], At, Option<&'a str>, &'a [&'a str]);
        let rows: &[Row] = &[
            // The top level of a native file.
            ("|", false, &[], At::Key, None, &[]),
            ("a = 1\nre|", false, &[], At::Key, Some("re"), &["a"]),
            ("  re|", false, &[], At::Key, Some("re"), &[]),
            ("a = 1\n|\nc = 2\n", false, &[], At::Key, None, &["a", "c"]),
            ("a = {\n}\n|", false, &[], At::Key, None, &["a"]),
            ("a = \"}\"\n|", false, &[], At::Key, None, &["a"]),
            ("a = \"open\nb = 1\n|", false, &[], At::Key, None, &["a", "b"]),
            ("a = <<EOF\n{\nEOF\n|", false, &[], At::Key, None, &["a"]),
            ("# { \n|", false, &[], At::Key, None, &[]),
            ("/* { */\n|", false, &[], At::Key, None, &[]),
            // Inside values.
            ("a = {\n  |\n}", false, &["a"], At::Key, None, &[]),
            ("a = {\n  x = 1\n  p|\n  y = 2\n}\nb = 3", false, &["a"], At::Key, Some("p"), &["x", "y"]),
            ("a = { x = 1, | }", false, &["a"], At::Key, None, &["x"]),
            ("a = 1\nsvc = {\n  net = {\n    |\n  }\n}", false, &["svc", "net"], At::Key, None, &[]),
            ("a = [{ x = 1 }, {|}]", false, &["a", "1"], At::Key, None, &[]),
            ("a = { \"k-1\" = { | } }", false, &["a", "k-1"], At::Key, None, &[]),
            ("flag = |", false, &["flag"], At::Value, None, &["flag"]),
            ("svc = { on = t| }", false, &["svc", "on"], At::Value, None, &["on"]),
            ("a = [|]", false, &["a", "0"], At::Value, None, &[]),
            // Where no variable's value is at a known place.
            ("a = f({|})", false, &[], At::Other, None, &[]),
            ("a = f(|)", false, &[], At::Other, None, &[]),
            // JSON: the outer object is the top level.
            ("{|}", true, &[], At::Key, None, &[]),
            ("{\"a\": 1, |}", true, &[], At::Key, None, &["a"]),
            ("{\"a\": 1, \"re|\"}", true, &[], At::Key, Some("re"), &["a"]),
            ("{\n  \"a\": 1,\n  \"|\"\n}", true, &[], At::Key, Some(""), &["a"]),
            ("{\"svc\": {\"name\": \"x\", |}}", true, &["svc"], At::Key, None, &["name"]),
            ("{\"flag\": |}", true, &["flag"], At::Value, None, &["flag"]),
            ("|{}", true, &[], At::Other, None, &[]),
        ];
        for (marked, json, path, at_, key, written) in rows {
            let l = at(marked, *json);
            assert_eq!((l.path.clone(), l.at, l.key.as_deref()), (segs(path), *at_, *key), "{marked:?}");
            if *at_ != At::Other {
                assert_eq!(l.written, written.iter().map(|s| s.to_string()).collect::<Vec<_>>(), "{marked:?}");
            }
        }
        // Inside strings and heredocs: quoted.
        for marked in ["a = \"x ${ {|", "a = <<EOF\n|\nEOF\n", "# a = {\nx = \"{ |\"", "{\"a\": \"x|\"}"] {
            assert!(at(marked, marked.starts_with('{')).quoted, "{marked:?}");
        }
    }

    #[test]
    fn locate_never_panics_on_broken_text() {
        for text in [
            "\"",
            "<<EOF\n",
            "<<",
            "a = \"${",
            "}}}]]",
            "/*",
            "{\"a\":",
            "a = [[[[",
            "é = ü",
            "a = <<-X\nfoo\n  X\nb",
            "\u{0}\u{1}",
            "(((",
            "a = \"\\",
        ] {
            for b in 0..=text.len() + 2 {
                let _ = locate(text, b, false);
                let _ = locate(text, b, true);
            }
        }
    }

    fn files(list: &[(&str, &str)]) -> BTreeMap<String, String> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    const MAIN: &str = "variable \"region\" {\n  type        = string\n  description = \"Where it runs\"\n}\nvariable \"tags\" {\n  type    = map(string)\n  default = {}\n}\nvariable \"count_\" {\n  type = number\n}\nvariable \"token\" {\n  type      = string\n  sensitive = true\n  default   = \"s3cret\"\n}\n";

    /// The module `decls` with value file `file` holding `marked` (a `|` for
    /// the cursor): the input, and the cursor.
    fn module_at(decls: &str, file: &str, marked: &str) -> (CheckInput, usize) {
        let byte = marked.find('|').expect("a cursor");
        let mut i = CheckInput {
            files: files(&[("variables.tf", decls), (file, &marked.replacen('|', "", 1))]),
            ..Default::default()
        };
        if !crate::editor::is_auto_value_file(file) && !file.ends_with(".tf") {
            i.args.push(vec!["-var-file".into(), file.into()]);
        }
        (i, byte)
    }

    fn complete_in(decls: &str, file: &str, marked: &str) -> Vec<Completion> {
        let (i, byte) = module_at(decls, file, marked);
        complete(&i, file, byte, &p(), Lang::En)
    }

    fn labels(c: &[Completion]) -> Vec<&str> {
        c.iter().map(|c| c.label.as_str()).collect()
    }

    #[test]
    fn completion_at_the_top_level_offers_unset_variables_required_first() {
        let got = complete_in(MAIN, "prod.tfvars", "tags = {}\n\n|");
        assert_eq!(
            got.iter().map(|c| (c.label.as_str(), c.required)).collect::<Vec<_>>(),
            [("region", true), ("count_", true), ("token", false)]
        );
        assert_eq!(got[0].detail.as_deref(), Some("string"));
        assert_eq!(got[0].documentation.as_deref(), Some("Where it runs"));
        assert_eq!((got[0].insert_text.as_str(), got[0].kind), ("region = ", ItemKind::Variable));
        // Typed: only those that start so.
        assert_eq!(labels(&complete_in(MAIN, "prod.tfvars", "r|")), ["region"]);
        // Inside a map's value: nothing.
        assert!(complete_in(MAIN, "prod.tfvars", "tags = {\n  |\n}").is_empty());
        // Inside a call: nothing.
        assert!(complete_in(MAIN, "prod.tfvars", "tags = merge({|})").is_empty());
    }

    #[test]
    fn completion_in_tfvars_json_uses_json_syntax() {
        let got = complete_in(MAIN, "prod.tfvars.json", "{\"region\": \"x\", |}");
        assert_eq!(
            got.iter().map(|c| c.insert_text.as_str()).collect::<Vec<_>>(),
            ["\"count_\": ", "\"tags\": ", "\"token\": "]
        );
        // Inside the quotes: the name alone.
        let got = complete_in(MAIN, "prod.tfvars.json", "{\"re|\"}");
        assert_eq!(
            got.iter().map(|c| (c.label.as_str(), c.insert_text.as_str())).collect::<Vec<_>>(),
            [("region", "region")]
        );
        let got = complete_in(SVC, "prod.tfvars.json", "{\"svc\": {\"|\"}}");
        assert_eq!((labels(&got), got[0].insert_text.as_str()), (vec!["name", "port", "tls"], "name"));
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars.json", "{\"debug\": |}")), ["true", "false"]);
    }

    const SVC: &str = r#"variable "region" {
  type        = string
  description = "Where it runs."
  validation {
    condition     = contains(["eu-west-1", "us-east-1"], var.region)
    error_message = "Unknown region."
  }
}

variable "svc" {
  type = object({
    name = string
    port = optional(number, 8080)
    tls  = optional(bool)
  })
}

variable "debug" {
  type    = bool
  default = false
}

variable "token" {
  type      = string
  sensitive = true
}
"#;

    #[test]
    fn completion_inside_an_object_offers_unwritten_attributes_with_defaults() {
        let main = "variable \"svc\" {\n  type = list(object({\n    name = string\n    port = optional(number, 80)\n    net  = optional(object({ cidr = string }))\n  }))\n}\n";
        let got = complete_in(main, "x.tfvars", "svc = [{\n  port = 1\n  |\n}]\n");
        let rows: Vec<_> = got
            .iter()
            .map(|c| (c.label.as_str(), c.detail.as_deref().unwrap_or(""), c.documentation.as_deref(), c.required))
            .collect();
        assert_eq!(rows, [("name", "string", None, true), ("net", "optional(object({cidr=string}))", None, false)]);
        let got = complete_in(main, "x.tfvars", "svc = [{\n  name = \"a\"\n  |\n}]\n");
        let rows: Vec<_> = got.iter().map(|c| (c.label.as_str(), c.documentation.as_deref())).collect();
        assert_eq!(rows, [("net", None), ("port", Some("```hcl\n80\n```"))]);
        let got = complete_in(main, "x.tfvars", "svc = [{ net = { | } }]\n");
        assert_eq!(
            got.iter().map(|c| (c.label.as_str(), c.required, c.kind)).collect::<Vec<_>>(),
            [("cidr", true, ItemKind::Attribute)]
        );
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "svc = { | }")), ["name", "port", "tls"]);
    }

    #[test]
    fn completion_of_a_value_offers_bools_and_the_literals_of_a_contains_rule() {
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "debug = |")), ["true", "false"]);
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "debug = f|")), ["false"]);
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "svc = { tls = | }")), ["true", "false"]);
        let got = complete_in(SVC, "prod.tfvars", "region = |");
        assert_eq!(labels(&got), ["\"eu-west-1\"", "\"us-east-1\""]);
        assert_eq!(got[0].detail.as_deref(), Some("allowed by a validation rule"));
        assert!(complete_in(SVC, "prod.tfvars", "svc = { name = | }").is_empty());
        // Inside a string already: nothing (the quotes are the user's).
        assert!(complete_in(SVC, "prod.tfvars", "region = \"|\"").is_empty());
    }

    fn hover_in(decls: &str, file: &str, marked: &str, extra: &[(&str, &str)], lang: Lang) -> Option<Hover> {
        let (mut i, byte) = module_at(decls, file, marked);
        for (k, v) in extra {
            i.files.insert(k.to_string(), v.to_string());
        }
        hover(&i, file, byte, &p(), lang)
    }

    #[test]
    fn hover_on_a_variable_in_a_value_file_shows_its_declaration_and_the_value_that_wins() {
        // Every required variable has a value: nothing stops the run.
        let later = [("b.auto.tfvars", "region = \"us\"\ncount_ = 1\n")];
        let h =
            hover_in(MAIN, "terraform.tfvars", "re|gion = \"eu\"\ntoken = \"x\"\n", &later, Lang::En).expect("a hover");
        assert_eq!(h.range, 0..6);
        assert!(h.markdown.starts_with("**var.region** `string`\n\nWhere it runs\n"), "{}", h.markdown);
        assert!(h.markdown.contains("Required: no default."), "{}", h.markdown);
        assert!(
            h.markdown.contains("Final value (from b.auto.tfvars:1,10-14):\n```hcl\n\"us\"\n```"),
            "{}",
            h.markdown
        );
        // The first line of the Why story.
        assert!(h.markdown.trim_end().ends_with("string."), "{}", h.markdown);
        let h =
            hover_in(MAIN, "terraform.tfvars", "region = \"eu\"\nto|ken = \"x\"\n", &later, Lang::En).expect("a hover");
        assert!(h.markdown.starts_with("**var.token** `string` (sensitive)"), "{}", h.markdown);
        assert!(!h.markdown.contains("s3cret") && !h.markdown.contains("\"x\""), "{}", h.markdown);
        assert!(hover_in(MAIN, "terraform.tfvars", "region = \"e|u\"\n", &[], Lang::En).is_none());
        // JSON, in Japanese.
        let region = [("terraform.tfvars", "region = \"eu\"\n")];
        let h = hover_in(MAIN, "x.auto.tfvars.json", "{\"cou|nt_\": 3}", &region, Lang::Ja).expect("a hover");
        assert_eq!(h.range, 2..8);
        assert!(h.markdown.contains("必須") && h.markdown.contains("\n3\n"), "{}", h.markdown);
    }

    /// ux-5 L17: when the module's errors stop the run before the variables
    /// are evaluated (a value file's duplicated attribute, a file that does
    /// not parse, a broken declaration, a required variable unset), the
    /// hover claims no final value: it says the run stopped; when the run
    /// read the variable's value, that value follows as what it will be once
    /// the errors are fixed (never a default the run may not have
    /// overridden). A variable that was evaluated shows the value that wins.
    #[test]
    fn hover_claims_no_final_value_when_errors_stopped_the_run_before_the_variables() {
        let stopped = [
            (Lang::En, "Not evaluated: errors in the module stopped the run before this variable was evaluated, so it has no final value."),
            (Lang::Zh, "未求值：模块中的错误在求值此变量之前就中止了运行，因此没有最终值。"),
            (Lang::Ja, "未評価：この変数を評価する前にモジュールのエラーで実行が中止されたため、最終的な値はありません。"),
        ];
        let wins = [(Lang::En, "Final value ("), (Lang::Zh, "最终值（"), (Lang::Ja, "最終的な値（")];
        let once_fixed = [
            (
                Lang::En,
                "Its value once the errors are fixed (from terraform.tfvars:1,10-21):\n```hcl\n\"eu-west-1\"\n```\n",
            ),
            (Lang::Zh, "修正错误后的值（来自 terraform.tfvars:1,10-21）：\n```hcl\n\"eu-west-1\"\n```\n"),
            (Lang::Ja, "エラーを修正した後の値（terraform.tfvars:1,10-21 から）：\n```hcl\n\"eu-west-1\"\n```\n"),
        ];
        // (value file, declarations, stopped, its value read): the hover on `region` there.
        let table: [(&str, &str, bool, bool); 5] = [
            // "Attribute redefined": the file's values are never read.
            ("reg|ion = \"eu-west-1\"\nregion = \"us-east-1\"\n", SVC, true, false),
            // The file does not parse.
            ("reg|ion = \"eu-west-1\"\nsvc = { name = \n", SVC, true, false),
            // Another declaration's error stops the run before any value is read.
            (
                "reg|ion = \"eu-west-1\"\n",
                "variable \"region\" {\n  type = string\n}\nvariable \"x\" {\n  type = strin\n}\n",
                true,
                false,
            ),
            // A required variable unset (`token`): the values were read.
            ("reg|ion = \"eu-west-1\"\nsvc = { name = \"a\" }\n", SVC, true, true),
            // Nothing stops the run: the value that wins.
            ("reg|ion = \"eu-west-1\"\nsvc = { name = \"a\" }\ntoken = \"t\"\n", SVC, false, false),
        ];
        for (marked, decls, want_stopped, read) in table {
            for (((lang, no_value), (_, final_value)), (_, fixed)) in stopped.iter().zip(wins).zip(once_fixed) {
                let h = hover_in(decls, "terraform.tfvars", marked, &[], *lang)
                    .unwrap_or_else(|| panic!("{marked:?}: no hover"));
                let what = format!("{marked:?} {lang:?}: {}", h.markdown);
                assert!(h.markdown.starts_with("**var.region**"), "{what}");
                assert_eq!(h.markdown.contains(no_value), want_stopped, "{what}");
                assert_eq!(h.markdown.contains(final_value), !want_stopped, "{what}");
                assert_eq!(h.markdown.ends_with(&format!("{no_value}\n\n{fixed}")), read, "{what}");
                if want_stopped && !read {
                    assert!(h.markdown.ends_with(&format!("{no_value}\n")), "{what}");
                }
            }
        }
        // The declaration's hover is the same.
        let decls = SVC.replacen("variable \"region\"", "variable \"re|gion\"", 1);
        let byte = decls.find('|').unwrap();
        let i = CheckInput {
            files: files(&[
                ("variables.tf", &decls.replacen('|', "", 1)),
                ("terraform.tfvars", "region = \"eu-west-1\"\nregion = \"us-east-1\"\n"),
            ]),
            ..Default::default()
        };
        let h = hover(&i, "variables.tf", byte, &p(), Lang::En).expect("a hover");
        assert_eq!(h.markdown, format!("**var.region**\n\n{}\n", stopped[0].1));
    }

    /// ux-5 L8: hover on a name a value file sets that the module does not
    /// declare: the note of `check --explain` (with the same "did you mean"
    /// as the rename fix) and the warning Terraform gives for the value,
    /// in its words (it has no other language); the label in the reader's.
    #[test]
    fn hover_on_an_undeclared_name_says_the_module_declares_none_and_quotes_terraforms_warning() {
        let detail = |name: &str, file: &str| {
            format!("The root module does not declare a variable named \"{name}\" but a value was found in file \"{file}\". If you meant to use this value, add a \"variable\" block to the configuration.")
        };
        let warning = |name: &str, file: &str| format!("**Value for undeclared variable**\n\n{}\n", detail(name, file));
        let table: [(Lang, &str, &str, &str, &str); 5] = [
            (
                Lang::En,
                "envs/prod.tfvars",
                "region = \"eu-west-1\"\nenable_private|_nodes = true\n",
                "enable_private_nodes",
                "`enable_private_nodes` is not a variable of this module: its value is not used.\n\nTerraform's warning on this value:\n\n",
            ),
            (
                Lang::En,
                "terraform.tfvars",
                "reg|oin = \"eu-west-1\"\n",
                "regoin",
                "`regoin` is not a variable of this module: its value is not used. Did you mean `region`?\n\nTerraform's warning on this value:\n\n",
            ),
            (
                Lang::En,
                "x.auto.tfvars.json",
                "{\"deb|gu\": true}",
                "debgu",
                "`debgu` is not a variable of this module: its value is not used. Did you mean `debug`?\n\nTerraform's warning on this value:\n\n",
            ),
            (
                Lang::Zh,
                "terraform.tfvars",
                "reg|oin = \"eu-west-1\"\n",
                "regoin",
                "`regoin` 不是该模块的变量：它的值不会被使用。你是想写 `region` 吗？\n\nTerraform 对该值的警告：\n\n",
            ),
            (
                Lang::Ja,
                "terraform.tfvars",
                "reg|oin = \"eu-west-1\"\n",
                "regoin",
                "`regoin` はこのモジュールの変数ではありません。その値は使われません。`region` のつもりでしたか？\n\nこの値に対する Terraform の警告：\n\n",
            ),
        ];
        for (lang, file, marked, name, head) in table {
            let h = hover_in(SVC, file, marked, &[], lang).unwrap_or_else(|| panic!("{marked:?}: no hover"));
            let text = marked.replacen('|', "", 1);
            assert_eq!(&text[h.range.clone()], name, "{marked:?}");
            assert_eq!(h.markdown, format!("{head}{}", warning(name, file)), "{marked:?}");
        }
        // The check gives the same warning, with its hint after it.
        let (i, _) = module_at(
            SVC,
            "envs/prod.tfvars",
            "svc = { name = \"a\" }\nregion = \"eu-west-1\"\nenable_private_nodes = true\n|",
        );
        let r = module::check(&i, &p());
        let w = r.diagnostics.iter().find(|d| d.summary == "Value for undeclared variable").expect("the warning");
        assert!(
            w.detail.starts_with(&format!("{}\n\nTo silence", detail("enable_private_nodes", "envs/prod.tfvars"))),
            "{}",
            w.detail
        );
    }

    #[test]
    fn hover_on_an_attribute_shows_its_type_and_default() {
        let h = hover_in(SVC, "prod.tfvars", "svc = { name = \"a\", po|rt = 1 }", &[], Lang::En).expect("a hover");
        assert_eq!(h.markdown, "`port`: `number` — optional, default `8080`");
        let h = hover_in(SVC, "prod.tfvars.json", "{\"svc\": {\"na|me\": \"a\"}}", &[], Lang::En).expect("a hover");
        assert_eq!(h.markdown, "`name`: `string` — required");
    }

    #[test]
    fn hover_on_a_variable_block_shows_the_value_that_wins() {
        let decls = SVC.replacen("variable \"region\"", "variable \"re|gion\"", 1);
        let byte = decls.find('|').unwrap();
        let i = CheckInput {
            files: files(&[
                ("variables.tf", &decls.replacen('|', "", 1)),
                ("terraform.tfvars", "region = \"eu-west-1\"\ntoken = \"s3cret\"\nsvc = { name = \"a\" }\n"),
            ]),
            ..Default::default()
        };
        let h = hover(&i, "variables.tf", byte, &p(), Lang::En).expect("a hover");
        assert!(
            h.markdown.contains("\"eu-west-1\"") && h.markdown.contains("terraform.tfvars:1,10-21"),
            "{}",
            h.markdown
        );
        // A default that wins.
        let byte = i.files["variables.tf"].find("\"debug\"").unwrap();
        let h = hover(&i, "variables.tf", byte, &p(), Lang::En).expect("a hover");
        assert!(h.markdown.contains("Final value (from its default):\n```hcl\nfalse\n```"), "{}", h.markdown);
        // Elsewhere in the file: nothing.
        assert!(hover(&i, "variables.tf", decls.find("type").unwrap(), &p(), Lang::En).is_none());
    }

    /// issue 37 item 4: `var.NAME` anywhere in a `.tf` file shows the
    /// variable and the value that wins for the value files in use.
    #[test]
    fn hover_on_a_var_reference_shows_the_value_that_wins() {
        let main = "output \"where\" {\n  value = \"${var.region}-${var.debug}\"\n}\nlocals {\n  p = var.svc.port\n  # u = var.nope (undeclared: in an expression, an error that stops the run)\n}\n";
        let i = CheckInput {
            files: files(&[
                ("variables.tf", SVC),
                ("main.tf", main),
                ("terraform.tfvars", "region = \"eu-west-1\"\nsvc = { name = \"a\" }\ntoken = \"t\"\n"),
            ]),
            ..Default::default()
        };
        let table: [(&str, Option<(&str, &str)>); 5] = [
            ("var.reg", Some(("var.region", "terraform.tfvars:1,10-21"))),
            ("var.debug", Some(("var.debug", "from its default"))),
            ("svc.po", Some(("var.svc", "**var.svc**"))),
            ("var.nope", None),
            ("output", None),
        ];
        for (at, want) in table {
            let byte = main.find(at).unwrap() + at.len() - 1;
            let h = hover(&i, "main.tf", byte, &p(), Lang::En);
            match want {
                None => assert!(h.is_none(), "{at}: {h:?}"),
                Some((range, contains)) => {
                    let h = h.unwrap_or_else(|| panic!("{at}: no hover"));
                    assert_eq!(&main[h.range.clone()], range, "{at}");
                    assert!(h.markdown.contains(contains), "{at}: {}", h.markdown);
                }
            }
        }
    }

    fn fixes_at(file: &str, marked: &str) -> Vec<(String, String)> {
        let (i, byte) = module_at(SVC, file, marked);
        let text = &i.files[file];
        actions(&i, file, byte..byte, &p(), Lang::En).into_iter().map(|f| (f.title, apply(text, &f.edits))).collect()
    }

    /// A file's value for a variable the module does not declare is a note
    /// at its name (Terraform's warning has no place), with the closest
    /// declared name and a rename to it; a name close to none gets the note
    /// alone; JSON names are placed inside their quotes.
    #[test]
    fn an_undeclared_name_is_placed_with_did_you_mean_and_a_rename() {
        let cases: [(&str, &str, &str, Option<&str>); 6] = [
            (
                "prod.tfvars",
                "token = \"t\"\n\nregoin = \"us-east-1\"\n",
                "note.undeclared_suggest",
                Some("token = \"t\"\n\nregion = \"us-east-1\"\n"),
            ),
            // The file already sets the suggested name: no rename (it would be a duplicate).
            ("prod.tfvars", "region = \"eu-west-1\"\n\nregoin = \"us-east-1\"\n", "note.undeclared_suggest", None),
            ("d.tfvars.json", "{\"region\": \"x\", \"regoin\": \"y\"}", "note.undeclared_suggest", None),
            (
                "terraform.tfvars",
                "svcs    = { name = \"a\" }\n",
                "note.undeclared_suggest",
                Some("svc    = { name = \"a\" }\n"),
            ),
            ("prod.tfvars", "enable_private_nodes = true\n", "note.undeclared", None),
            (
                "x.auto.tfvars.json",
                "{\"regoin\": \"eu-west-1\"}",
                "note.undeclared_suggest",
                Some("{\"region\": \"eu-west-1\"}"),
            ),
        ];
        for (file, text, kind, renamed) in cases {
            let (i, _) = module_at(SVC, file, &format!("{text}|"));
            let ns: Vec<Note> = notes(&i, &[file.to_string()], &p(), Lang::En)
                .into_iter()
                .filter(|n| n.kind.starts_with("note.undeclared"))
                .collect();
            assert_eq!(ns.len(), 1, "{file}: {ns:?}");
            let n = &ns[0];
            let name = &text[n.range.clone()];
            assert!(
                !name.contains('"') && !name.contains(' ') && text[n.range.end..].trim_start().starts_with(['=', '"']),
                "{file}: {name:?}"
            );
            assert_eq!(n.kind, kind, "{file}");
            assert_eq!(n.fix.as_ref().map(|f| apply(text, &f.edits)).as_deref(), renamed, "{file}");
            // The quick fix at the name is the rename.
            let fixes = actions(&i, file, n.range.start..n.range.start, &p(), Lang::En);
            assert_eq!(fixes.iter().any(|f| f.title.starts_with("Rename")), renamed.is_some(), "{file}: {fixes:?}");
        }
        let (i, _) = module_at(SVC, "prod.tfvars", "regoin = \"x\"\n|");
        let n = &notes(&i, &["prod.tfvars".into()], &p(), Lang::En)[0];
        assert!(n.text.ends_with("Did you mean `region`?"), "{}", n.text);
    }

    /// A whole check's notes are every value file's, in file order.
    #[test]
    fn a_checks_notes_are_those_of_every_value_file() {
        let (mut i, _) = module_at(SVC, "terraform.tfvars", "svc = { nmae = \"a\", name = \"b\" }\n|");
        i.files.insert("envs/prod.tfvars".into(), "regoin = \"x\"\n".into());
        i.args.push(vec!["-var-file".into(), "envs/prod.tfvars".into()]);
        let ns = check_notes(&i, &p(), Lang::En);
        assert_eq!(
            ns.iter().map(|n| (n.file.as_str(), n.kind.as_str())).collect::<Vec<_>>(),
            [("envs/prod.tfvars", "note.undeclared_suggest"), ("terraform.tfvars", "note.dropped_top")]
        );
    }

    #[test]
    fn a_dropped_attribute_is_a_note_with_a_rename_or_a_removal() {
        let text = "svc = {\n  nmae = \"api\"\n  extra = 1\n}\n";
        let (i, _) = module_at(SVC, "prod.tfvars", &format!("{text}|"));
        let ns = notes(&i, &["prod.tfvars".into()], &p(), Lang::En);
        let kinds: Vec<(&str, &str)> = ns.iter().map(|n| (n.kind.as_str(), &text[n.range.clone()])).collect();
        assert!(kinds.contains(&("note.dropped_suggest_top", "nmae = \"api\"")), "{kinds:?}");
        assert!(kinds.contains(&("note.dropped_top", "extra = 1")), "{kinds:?}");
        let f = fixes_at("prod.tfvars", "svc = {\n  name = \"api\"\n  ex|tra = 1\n}\n");
        let remove = f.iter().find(|(t, _)| t.contains("Remove")).expect("a removal");
        assert_eq!(remove.1, "svc = {\n  name = \"api\"\n}\n");
        let f = fixes_at("prod.tfvars", "svc = {\n  nm|ae = \"api\"\n}\n");
        let rename = f.iter().find(|(t, _)| t.contains("Rename")).expect("a rename");
        assert_eq!(rename.1, "svc = {\n  name = \"api\"\n}\n");
    }

    /// ux-5 L7: a rename keeps the `=` signs of its group where `terraform
    /// fmt` puts them (hclwrite: a group is consecutive lines each an
    /// attribute on one line; its `=` signs stand one column after the
    /// longest name). A group aligned before is re-padded; one not aligned
    /// keeps its spacing; only the name and the spaces before `=` change.
    #[test]
    fn a_rename_keeps_the_equals_signs_of_its_group_aligned_as_terraform_fmt_does() {
        const NET: &str = "variable \"net\" {\n  type = object({\n    display_name = string\n    cidr_block   = optional(string)\n    network_name = optional(string)\n  })\n}\nvariable \"display_name\" {\n  default = \"\"\n}\nvariable \"cidr\" {\n  default = \"\"\n}\n";
        let table: [(&str, &str, &str); 11] = [
            // The renamed name becomes the longest: every `=` moves.
            (
                "prod.tfvars",
                "net = {\n  display_nme = \"a\"\n  cidr_block  = \"b\"\n}\n",
                "net = {\n  display_name = \"a\"\n  cidr_block   = \"b\"\n}\n",
            ),
            // A longer name in the group already (ux-5's case): only its own padding.
            (
                "prod.tfvars",
                "net = {\n  display_nme  = \"a\"\n  cidr_block   = \"b\"\n  network_name = \"c\"\n}\n",
                "net = {\n  display_name = \"a\"\n  cidr_block   = \"b\"\n  network_name = \"c\"\n}\n",
            ),
            // It was the longest and gets shorter: every `=` moves back.
            (
                "prod.tfvars",
                "net = {\n  display_namee = \"a\"\n  cidr_block    = \"b\"\n}\n",
                "net = {\n  display_name = \"a\"\n  cidr_block   = \"b\"\n}\n",
            ),
            // A group not aligned keeps its spacing.
            (
                "prod.tfvars",
                "net = {\n  display_nme = \"a\"\n  cidr_block = \"b\"\n}\n",
                "net = {\n  display_name = \"a\"\n  cidr_block = \"b\"\n}\n",
            ),
            // A blank line or a comment line ends a group.
            (
                "prod.tfvars",
                "net = {\n  display_nme = \"a\"\n\n  cidr_block  = \"b\"\n}\n",
                "net = {\n  display_name = \"a\"\n\n  cidr_block  = \"b\"\n}\n",
            ),
            (
                "prod.tfvars",
                "net = {\n  display_nme = \"a\"\n  # why\n  cidr_block  = \"b\"\n}\n",
                "net = {\n  display_name = \"a\"\n  # why\n  cidr_block  = \"b\"\n}\n",
            ),
            // A comment after the value keeps the line in the group (the comment is not moved).
            (
                "prod.tfvars",
                "net = {\n  cidr_block  = \"b\" # why\n  display_nme = \"a\"\n}\n",
                "net = {\n  cidr_block   = \"b\" # why\n  display_name = \"a\"\n}\n",
            ),
            // A quoted name counts with its quotes.
            (
                "prod.tfvars",
                "net = {\n  \"display_nme\" = \"a\"\n  cidr_block    = \"b\"\n}\n",
                "net = {\n  \"display_name\" = \"a\"\n  cidr_block     = \"b\"\n}\n",
            ),
            // An object on one line: the name is not the line's lead, nothing else moves.
            (
                "prod.tfvars",
                "net = { display_nme = \"a\", cidr_block = \"b\" }\ncidr = \"x\"\n",
                "net = { display_name = \"a\", cidr_block = \"b\" }\ncidr = \"x\"\n",
            ),
            // An undeclared variable's rename at the top level; a multi-line value ends the group.
            (
                "prod.tfvars",
                "cidr        = \"x\"\ndisplay_nme = \"y\"\nnet = {\n  display_name = \"a\"\n}\n",
                "cidr         = \"x\"\ndisplay_name = \"y\"\nnet = {\n  display_name = \"a\"\n}\n",
            ),
            // JSON: the name alone.
            (
                "prod.tfvars.json",
                "{\n  \"cidr\":        \"x\",\n  \"display_nme\": \"y\"\n}\n",
                "{\n  \"cidr\":        \"x\",\n  \"display_name\": \"y\"\n}\n",
            ),
        ];
        for (file, text, want) in table {
            let (i, _) = module_at(NET, file, &format!("{text}|"));
            let fixes: Vec<Fix> = notes(&i, &[file.to_string()], &p(), Lang::En)
                .into_iter()
                .filter_map(|n| n.fix)
                .filter(|f| f.title.starts_with("Rename"))
                .collect();
            assert_eq!(fixes.len(), 1, "{text:?}: {fixes:?}");
            assert_eq!(apply(text, &fixes[0].edits), want, "{text:?}");
            // The name first; every other edit puts spaces where only spaces were.
            for (r, new) in &fixes[0].edits[1..] {
                assert!(text[r.clone()].bytes().chain(new.bytes()).all(|b| b == b' '), "{text:?}: {r:?}");
            }
        }
    }

    /// reliability-5 #1: the removal deletes the attribute it names (its
    /// name, value and one separator) and nothing else, or is not offered.
    #[test]
    fn a_removal_deletes_exactly_the_attribute_it_names() {
        let table: [(&str, Option<&str>); 10] = [
            ("svc = {\n  name = \"api\"\n  ex|tra = 1\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = {\n  ex|tra = 1, name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = {\n  ex|tra = \"}{\", name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            (
                "svc = {\n  extraa = 1, ex|tra = 2\n  name = \"api\"\n}\n",
                Some("svc = {\n  extraa = 1\n  name = \"api\"\n}\n"),
            ),
            ("svc = {\n  ex|tra = <<EOT\nhello\nEOT\n  name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = { name = \"api\", ex|tra = 1 }\n", Some("svc = { name = \"api\" }\n")),
            ("svc = { ex|tra = 1, name = \"api\" }\n", Some("svc = { name = \"api\" }\n")),
            ("svc = {\n  \"ex|tra\" = 1\n  name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = {\n  ex|tra = 1,\n  name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            // A comment after it on the line: no removal (it would go too, or stay orphaned).
            ("svc = {\n  ex|tra = 1 # why\n  name = \"api\"\n}\n", None),
        ];
        for (marked, want) in table {
            let f = fixes_at("prod.tfvars", marked);
            let got = f.iter().find(|(t, _)| t.contains("Remove")).map(|(_, text)| text.as_str());
            assert_eq!(got, want, "{marked:?}");
        }
    }

    /// reliability-5 #16: a note on a quoted name starts at its opening quote.
    #[test]
    fn a_note_on_a_quoted_name_marks_the_name_with_its_quotes() {
        let text = "svc = { \"extra\" = \"x\", name = \"api\" }\n";
        let (i, _) = module_at(SVC, "prod.tfvars", &format!("{text}|"));
        let ns = notes(&i, &["prod.tfvars".into()], &p(), Lang::En);
        let marked: Vec<&str> =
            ns.iter().filter(|n| n.kind.starts_with("note.dropped")).map(|n| &text[n.range.clone()]).collect();
        assert_eq!(marked, ["\"extra\" = \"x\""]);
    }

    #[test]
    fn notes_are_the_same_as_check_explain_and_none_for_sensitive_values() {
        let (i, _) = module_at(SVC, "prod.tfvars", "token = 1|\nsvc = { name = 1 }\n");
        let ns = notes(&i, &["prod.tfvars".into()], &p(), Lang::En);
        let reqs = module::explain::requests(&i, &p(), p().flavor().name);
        let want: Vec<String> = crate::why::story(&reqs["svc"], Lang::En).notes.into_iter().map(|n| n.text).collect();
        assert_eq!(ns.iter().map(|n| n.text.clone()).collect::<Vec<_>>(), want);
        assert!(ns.iter().all(|n| !n.text.contains("token")));
    }

    #[test]
    fn the_required_variables_no_source_sets_are_added_with_placeholders() {
        let f = fixes_at("prod.tfvars", "debug = true|");
        let add = f.iter().find(|(t, _)| t.contains("region, svc, token")).expect("an addition");
        assert_eq!(add.1, "debug = true\nregion = \"\"\nsvc = { name = \"\" }\ntoken = \"\"\n");
        let f = fixes_at("prod.tfvars.json", "{\"debug\": true|}");
        let add = f.iter().find(|(t, _)| t.contains("region")).expect("an addition");
        assert!(serde_json::from_str::<serde_json::Value>(&add.1).is_ok(), "{}", add.1);
    }

    /// reliability-5 #13: the added variables are the ones the file does
    /// not write (even when it does not parse), and the fix is offered only
    /// where the text lands as attributes (not inside an unterminated
    /// comment, string or heredoc at the end).
    #[test]
    fn the_variables_fix_never_adds_one_the_file_sets_nor_text_inside_a_trailing_comment() {
        let table: [(&str, &str, Option<&str>); 6] = [
            // A syntax error elsewhere in the file: `svc` is written, so not missing.
            ("prod.tfvars", "svc = { name = \"a\" }\ndebug = = 1|\n", Some("region, token")),
            // An unclosed bracket at the end: the text would land inside it.
            ("prod.tfvars", "svc = { name = \"a\" }\ndebug = [|\n", None),
            ("prod.tfvars", "debug = true|\n/* trailing", None),
            ("prod.tfvars", "debug = true|\nx = <<EOT\nopen\n", None),
            ("prod.tfvars.json", "{\"svc\": {\"name\": 1}, \"debug\": |}", Some("region, token")),
            ("prod.tfvars.json", "{\"svc\": {\"name\": \"a\"}, \"debug\": \"}|", None),
        ];
        for (file, marked, want) in table {
            let f = fixes_at(file, marked);
            let got: Vec<&str> =
                f.iter().filter_map(|(t, _)| t.strip_prefix("Add the required variables without a value: ")).collect();
            assert_eq!(got.first().copied(), want, "{marked:?}: {f:?}");
            for (_, text) in f.iter().filter(|(t, _)| t.starts_with("Add the required variables")) {
                let keys = top_keys(text, file.ends_with(".json"));
                assert!(["region", "token"].iter().all(|n| keys.iter().any(|k| k == n)), "{text:?}");
            }
        }
    }

    /// words-5: a fix's title lists the names as the reader's language
    /// lists things (`、` in zh and ja).
    #[test]
    fn fix_titles_list_names_in_the_readers_language() {
        let table = [
            (Lang::En, "Add the required variables without a value: region, svc, token"),
            (Lang::Zh, "添加尚未赋值的必需变量：region、svc、token"),
            (Lang::Ja, "値が未設定の必須変数を追加：region、svc、token"),
        ];
        for (lang, want) in table {
            let (i, byte) = module_at(SVC, "prod.tfvars", "debug = true|");
            let titles: Vec<String> =
                actions(&i, "prod.tfvars", byte..byte, &p(), lang).into_iter().map(|f| f.title).collect();
            assert!(titles.iter().any(|t| t == want), "{lang:?}: {titles:?}");
        }
        let table = [
            (Lang::En, "Add the required attributes: name, port"),
            (Lang::Zh, "添加必需属性：name、port"),
            (Lang::Ja, "必須属性を追加：name、port"),
        ];
        let main = "variable \"o\" {\n  type = object({ name = string, port = number })\n}\n";
        for (lang, want) in table {
            let (i, byte) = module_at(main, "prod.tfvars", "o = { | }");
            let titles: Vec<String> =
                actions(&i, "prod.tfvars", byte..byte, &p(), lang).into_iter().map(|f| f.title).collect();
            assert!(titles.iter().any(|t| t == want), "{lang:?}: {titles:?}");
        }
    }

    /// words-5: the hover names where the value comes from in the words of
    /// `check --explain` (`TF_VAR_name` for the environment, never `env`).
    #[test]
    fn hover_names_the_source_as_check_explain_does() {
        let table = [
            (Lang::En, "Final value (from TF_VAR_region):"),
            (Lang::Zh, "最终值（来自 TF_VAR_region）："),
            (Lang::Ja, "最終的な値（TF_VAR_region から）："),
        ];
        for (lang, want) in table {
            let (mut i, _) = module_at(MAIN, "terraform.tfvars", "count_ = 1\n|");
            i.env.insert("TF_VAR_region".into(), "eu".into());
            let decl = i.files["variables.tf"].find("\"region\"").unwrap() + 1;
            let h = hover(&i, "variables.tf", decl, &p(), lang).expect("a hover");
            assert!(h.markdown.contains(want) && !h.markdown.contains("env"), "{lang:?}: {}", h.markdown);
        }
    }

    #[test]
    fn the_required_attributes_not_written_are_added_with_placeholders() {
        let f = fixes_at("prod.tfvars", "svc = { port = 1| }");
        let add = f.iter().find(|(t, _)| t.contains("name")).expect("an addition");
        assert_eq!(add.1, "svc = { port = 1, name = \"\" }");
        let f = fixes_at("prod.tfvars", "svc = {\n  port = 1|\n}\n");
        let add = f.iter().find(|(t, _)| t.contains("name")).expect("an addition");
        assert_eq!(add.1, "svc = {\n  port = 1\n  name = \"\"\n}\n");
    }

    /// One variable (type, value with a `|` for the cursor, format): the request and the cursor.
    fn one(ty: &str, marked: &str, format: ValueFormat) -> (Request, usize) {
        let byte = marked.find('|').expect("a cursor");
        let mut r = Request::new(Some(ty), &marked.replacen('|', "", 1));
        r.value_format = format;
        (r, byte)
    }

    const ONE: &str = "object({name = string, port = optional(number, 80)})";

    fn complete_one(ty: &str, marked: &str, format: ValueFormat) -> ValueCompletions {
        let (r, byte) = one(ty, marked, format);
        complete_value(&r, byte)
    }

    #[test]
    fn completion_in_one_value_offers_unwritten_attributes_required_first_with_defaults() {
        let got = complete_one(ONE, "{ | }", ValueFormat::Hcl);
        let rows: Vec<_> = got
            .items
            .iter()
            .map(|c| {
                (
                    c.label.as_str(),
                    c.detail.as_deref().unwrap_or(""),
                    c.documentation.as_deref(),
                    c.required,
                    c.insert_text.as_str(),
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("name", "string", None, true, "name = "),
                ("port", "optional(number)", Some("```hcl\n80\n```"), false, "port = ")
            ]
        );
        assert_eq!((got.from, got.to), (2, 2));
        // Written already: left out; typed: only those that start so, and the word is replaced.
        assert_eq!(labels(&complete_one(ONE, "{\n  name = \"a\"\n  |\n}", ValueFormat::Hcl).items), ["port"]);
        let got = complete_one(ONE, "{ p| }", ValueFormat::Tfvars);
        assert_eq!((labels(&got.items), got.from, got.to), (vec!["port"], 2, 3));
        // Lines before the value, and the -var form: the same.
        assert_eq!(labels(&complete_one(ONE, "\n\n{ | }", ValueFormat::Hcl).items), ["name", "port"]);
        assert_eq!(labels(&complete_one(ONE, "{|}", ValueFormat::Cli).items), ["name", "port"]);
        // Outside the object, inside a value, with a type that cannot be read: nothing.
        assert!(complete_one(ONE, "| { }", ValueFormat::Hcl).items.is_empty());
        assert!(complete_one(ONE, "{ name = | }", ValueFormat::Hcl).items.is_empty());
        assert!(complete_one("object({", "{ | }", ValueFormat::Hcl).items.is_empty());
    }

    #[test]
    fn completion_in_one_json_value_uses_json_syntax() {
        let got = complete_one(ONE, "{|}", ValueFormat::Json);
        assert_eq!(got.items.iter().map(|c| c.insert_text.as_str()).collect::<Vec<_>>(), ["\"name\": ", "\"port\": "]);
        let got = complete_one(ONE, "{\"name\": \"a\", \"p|\"}", ValueFormat::Json);
        assert_eq!(
            got.items.iter().map(|c| (c.label.as_str(), c.insert_text.as_str())).collect::<Vec<_>>(),
            [("port", "port")]
        );
        assert_eq!((got.from, got.to), (15, 16));
    }

    #[test]
    fn completion_in_one_value_descends_into_maps_and_lists_and_offers_bools() {
        let ty = "map(list(object({on = bool, cidr = string})))";
        assert_eq!(labels(&complete_one(ty, "{ a = [{ | }] }", ValueFormat::Hcl).items), ["cidr", "on"]);
        assert_eq!(labels(&complete_one(ty, "{ a = [{ on = | }] }", ValueFormat::Hcl).items), ["true", "false"]);
        assert_eq!(labels(&complete_one(ty, "{ a = [{ on = f| }] }", ValueFormat::Hcl).items), ["false"]);
        assert_eq!(labels(&complete_one("bool", "|", ValueFormat::Hcl).items), ["true", "false"]);
        // The list has an accessible name, in the request's language.
        assert_eq!(complete_one("bool", "|", ValueFormat::Hcl).label, "Suggestions");
        assert_eq!(labels(&complete_one("bool", "|", ValueFormat::Json).items), ["true", "false"]);
        // Inside a string: nothing.
        assert!(complete_one(ty, "{ a = [{ cidr = \"|\" }] }", ValueFormat::Hcl).items.is_empty());
    }

    #[test]
    fn hover_in_one_value_shows_an_attributes_type_and_default() {
        let (r, byte) = one(ONE, "{ po|rt = 1 }", ValueFormat::Hcl);
        let h = hover_value(&r, byte).expect("a hover");
        assert_eq!((h.range, h.markdown.as_str()), (2..6, "`port`: `number` — optional, default `80`"));
        let (r, byte) = one(ONE, "{\"na|me\": \"a\"}", ValueFormat::Json);
        assert_eq!(hover_value(&r, byte).expect("a hover").markdown, "`name`: `string` — required");
        // On a value, or with a type that cannot be read: none.
        let (r, byte) = one(ONE, "{ port = 1| }", ValueFormat::Hcl);
        assert!(hover_value(&r, byte).is_none());
        let (r, byte) = one("object({port = number", "{ po|rt = 1 }", ValueFormat::Hcl);
        assert!(hover_value(&r, byte).is_none());
        // The type as written in the type editor, not as tftype prints it.
        let written = "object({ tags = map( string ), ports = list(object({ p = optional( number ) })) })";
        let (r, byte) = one(written, "{ ta|gs = {} }", ValueFormat::Hcl);
        assert_eq!(hover_value(&r, byte).expect("a hover").markdown, "`tags`: `map( string )` — required");
        let (r, byte) = one(written, "{ ports = [{ |p = 1 }] }", ValueFormat::Hcl);
        assert_eq!(hover_value(&r, byte).expect("a hover").markdown, "`p`: `number` — optional");
        let (r, byte) =
            one("object({ a = optional(list( string ), [\"x\", \"y\"]) })", "{ |a = [] }", ValueFormat::Hcl);
        assert!(hover_value(&r, byte).expect("a hover").markdown.starts_with("`a`: `list( string )` — optional"));
        // In the request's language.
        let (mut r, byte) = one(ONE, "{ |port = 1 }", ValueFormat::Hcl);
        r.lang = Some(Lang::Ja);
        let md = hover_value(&r, byte).expect("a hover").markdown;
        assert!(md.starts_with("`port`: `number`") && md.contains("`80`") && !md.contains("optional,"), "{md}");
    }

    /// issue #38: where work is kept (the page's engine worker, the language
    /// server), a hover or a completion after the check of the same module
    /// takes the check's report, the variables' requests and the declared
    /// variables from that check instead of working them out again, and
    /// answers as a fresh thread does; an edit of the module makes them
    /// worked out anew.
    #[test]
    fn hover_and_completion_after_a_check_reuse_its_work_where_work_is_kept() {
        let cases: [(&str, &str); 3] = [
            ("region", "reg|ion = \"eu-west-1\"\nsvc = { name = \"a\" }\n"),
            ("svc", "region = \"eu-west-1\"\nsv|c = { name = 1 }\n"),
            ("top", "region = \"eu-west-1\"\n|"),
        ];
        for (what, marked) in cases {
            let (i, byte) = module_at(SVC, "terraform.tfvars", marked);
            let answers = |i: CheckInput, keep: bool| {
                std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn(move || {
                        if keep {
                            crate::module::kept::keep_variables();
                        }
                        let view = crate::module_view::view(&i, crate::flavor::DEFAULT, Lang::En);
                        let p = crate::flavor::Flavor::lookup(crate::flavor::DEFAULT).unwrap().profile();
                        let h = hover(&i, "terraform.tfvars", byte, &p, Lang::En);
                        let c = complete(&i, "terraform.tfvars", byte, &p, Lang::En);
                        let c2 = complete(&i, "terraform.tfvars", byte, &p, Lang::En);
                        let kept = (
                            crate::valueparse::kept::hits_of("assist check"),
                            crate::valueparse::kept::hits_of("assist declared"),
                        );
                        // An edit: the check is worked out again for the new text.
                        let mut edited = i.clone();
                        edited.files.insert("terraform.tfvars".into(), "region = \"nowhere\"\n".into());
                        let again = hover(&edited, "terraform.tfvars", 1, &p, Lang::En);
                        let after_edit = crate::valueparse::kept::hits_of("assist check");
                        (view.summary, h, c, c2, again, kept, after_edit)
                    })
                    .unwrap()
                    .join()
                    .unwrap()
            };
            let fresh = answers(i.clone(), false);
            let kept = answers(i, true);
            assert_eq!(
                (&kept.0, &kept.1, &kept.2, &kept.3, &kept.4),
                (&fresh.0, &fresh.1, &fresh.2, &fresh.3, &fresh.4),
                "{what}"
            );
            assert_eq!(fresh.5, (0, 0), "{what}: nothing is kept where work is not");
            if what == "top" {
                // Completion asks for the declarations only; the second from the first.
                assert!(!kept.2.is_empty() && kept.5 .1 >= 1, "{what}: {:?}", kept.5);
            } else {
                // The hover took the view's check.
                assert!(kept.1.is_some() && kept.5 .0 >= 1, "{what}: {:?}", kept.5);
                assert_eq!(kept.6, kept.5 .0, "{what}: an edited module is checked anew");
            }
        }
    }

    /// The Module view checks the module's calls (local and installed
    /// modules, as `tftype check`); where work is kept, its check and the
    /// hovers' are one, whichever asks first. Either way the view names the
    /// call's error and the hover answers as a thread that keeps nothing.
    #[test]
    fn the_views_check_has_the_module_calls_and_the_hover_after_it_takes_it_where_work_is_kept() {
        let main = "module \"app\" {\n  source = \"./m\"\n  port   = \"eighty\"\n}\n";
        let callee = "variable \"port\" {\n  type = number\n}\n";
        let i = CheckInput {
            files: files(&[
                ("variables.tf", SVC),
                ("main.tf", main),
                ("m/variables.tf", callee),
                ("terraform.tfvars", "region = \"eu-west-1\"\nsvc = { name = \"a\" }\n"),
            ]),
            ..Default::default()
        };
        let answers = |keep: bool| {
            let i = i.clone();
            std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn(move || {
                    if keep {
                        crate::module::kept::keep_variables();
                    }
                    let p = crate::flavor::Flavor::lookup(crate::flavor::DEFAULT).unwrap().profile();
                    // A hover first: the view after it still has the calls.
                    let before = hover(&i, "terraform.tfvars", 1, &p, Lang::En);
                    let view = crate::module_view::view(&i, crate::flavor::DEFAULT, Lang::En);
                    let call_errors: Vec<(String, Option<String>)> = view
                        .diagnostics
                        .iter()
                        .filter(|d| d.detail.contains("module.app.var.port"))
                        .map(|d| (d.severity.clone(), d.filename.clone()))
                        .collect();
                    let h = hover(&i, "terraform.tfvars", 1, &p, Lang::En);
                    assert_eq!(before, h, "the hover before the view's check and after it");
                    (view.ok, call_errors, h, crate::valueparse::kept::hits_of("assist check"))
                })
                .unwrap()
                .join()
                .unwrap()
        };
        let fresh = answers(false);
        let kept = answers(true);
        assert_eq!(
            (fresh.0, &fresh.1),
            (false, &vec![("error".to_string(), Some("main.tf".to_string()))]),
            "the call's error"
        );
        assert!(fresh.2.as_ref().is_some_and(|h| h.markdown.contains("var.region")), "{:?}", fresh.2);
        assert_eq!((&kept.0, &kept.1, &kept.2), (&fresh.0, &fresh.1, &fresh.2), "kept work answers as fresh work");
        assert_eq!((fresh.3, kept.3), (0, 2), "the view took the first hover's check, the second hover the view's");
    }
}
