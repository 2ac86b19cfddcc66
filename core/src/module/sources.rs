//! Collecting raw values as Terraform's `collectVariableValues`
//! (`internal/command/meta_vars.go`; Terraform 1.15
//! `internal/command/arguments/vars.go`) does: `TF_VAR_*` first, then
//! `terraform.tfvars`, `terraform.tfvars.json`, the `*.auto.tfvars[.json]`
//! files in byte order, then `-var` and `-var-file` in command-line order.
//! A later source replaces an earlier one. A file whose name ends in
//! `.json` is read as JSON, any other as native syntax.

use std::collections::BTreeMap;
use std::rc::Rc;

use super::{CheckDiag, CheckInput, Pos, Subject, Texts};
use crate::flavor::Profile;
use crate::hcl::ast::Expr;
use crate::hcl::parse::BodyItem;
use crate::json::{self, JPos, JsonFileDiag};
use crate::render::go_quote;
use crate::value::Value;

/// Where a raw value came from (`terraform.ValueSourceType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Env,
    AutoFile,
    NamedFile,
    Cli,
}

/// A raw value: an expression in a file, or a string (`-var`, `TF_VAR_`).
#[derive(Clone, Debug)]
pub enum Raw {
    /// A native-syntax expression in `file` (the name shared by the file's
    /// values: one allocation per file, not per value).
    Expr {
        file: Rc<str>,
        expr: Rc<Expr>,
    },
    /// A JSON property's value, already evaluated (or its diagnostics).
    Json {
        value: Result<Value, Vec<CheckDiag>>,
        subject: Subject,
    },
    Text(String),
}

#[derive(Clone, Debug)]
pub struct Unparsed {
    pub raw: Raw,
    pub kind: Kind,
}

/// The collected values by name, and what collecting them found.
#[derive(Debug, Default)]
pub struct Collected {
    pub values: BTreeMap<String, Unparsed>,
    pub diags: Vec<CheckDiag>,
    /// Each value file read, in order, with its native-syntax reading
    /// (None: a JSON file), for the kept check (native only).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(super) reads: Vec<(String, Option<Rc<HclFile>>)>,
}

/// The values while they are collected: by name in a hash map (a source
/// sets every name it writes, and ten value files of 1,000 names each made
/// 10,000 look-ups in the ordered map, 28 string comparisons each: a
/// quarter of the language server's edit), put in order once at the end.
#[derive(Default)]
struct Collecting {
    values: crate::NameMap<String, Unparsed>,
    diags: Vec<CheckDiag>,
    reads: Vec<(String, Option<Rc<HclFile>>)>,
}

impl Collecting {
    /// Sets `name`'s value, replacing an earlier source's (the key is
    /// allocated once per name, not once per source).
    fn set(&mut self, name: &str, u: Unparsed) {
        match self.values.get_mut(name) {
            Some(slot) => *slot = u,
            None => {
                self.values.insert(name.to_string(), u);
            }
        }
    }

    /// The values in order of their names (each name's last value set):
    /// one insertion per name, not per source.
    fn done(self) -> Collected {
        Collected { values: crate::sort::map(self.values), diags: self.diags, reads: self.reads }
    }
}

/// The value files Terraform reads by itself, in the order their values
/// are collected: `terraform.tfvars`, `terraform.tfvars.json`, then the
/// `*.auto.tfvars[.json]` of the module's directory (its listing is sorted
/// by name).
pub(super) fn value_files(input: &CheckInput) -> impl Iterator<Item = &String> {
    let fixed = ["terraform.tfvars", "terraform.tfvars.json"].into_iter().filter_map(|n| input.files.get_key_value(n));
    let autos = input
        .files
        .keys()
        .filter(|n| !n.contains('/') && (n.ends_with(".auto.tfvars") || n.ends_with(".auto.tfvars.json")));
    fixed.map(|(k, _)| k).chain(autos)
}

/// Whether `name` (a path relative to the module directory) is a value
/// file: `.tfvars` or `.tfvars.json`, loaded by itself or named by
/// `-var-file`.
pub fn is_value_file(name: &str) -> bool {
    name.ends_with(".tfvars") || name.ends_with(".tfvars.json")
}

/// Whether Terraform loads `name` as a value file by itself: a file of the
/// module directory (no `/`) named `terraform.tfvars[.json]` or
/// `*.auto.tfvars[.json]`.
pub fn is_auto_value_file(name: &str) -> bool {
    !name.contains('/')
        && (name == "terraform.tfvars"
            || name == "terraform.tfvars.json"
            || name.ends_with(".auto.tfvars")
            || name.ends_with(".auto.tfvars.json"))
}

/// Collects every value source of `input`. Err: the input itself is
/// malformed (an argument that is neither `-var` nor `-var-file`).
pub fn collect(input: &CheckInput, texts: &Texts, p: &Profile) -> Result<Collected, String> {
    let mut c = Collecting::default();
    for (k, v) in &input.env {
        if let Some(name) = k.strip_prefix("TF_VAR_") {
            if !k.contains('=') {
                c.set(name, Unparsed { raw: Raw::Text(v.clone()), kind: Kind::Env });
            }
        }
    }
    for n in value_files(input) {
        add_file(&mut c, input, n, Kind::AutoFile, texts, p);
    }
    for a in &input.args {
        match a.as_slice() {
            [flag, raw] if flag == "-var" => match raw.split_once('=') {
                None => c.diags.push(CheckDiag::error(
                    "Invalid -var option",
                    format!(
                        "The given -var option {} is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\".",
                        go_quote(raw)
                    ),
                    None,
                )),
                Some((name, _)) if name.ends_with(' ') => {
                    let (name, value) = raw.split_once('=').expect("has '='");
                    c.diags.push(CheckDiag::error(
                        "Invalid -var option",
                        format!(
                            "Variable name {} is invalid due to trailing space. Did you mean -var=\"{}={}\"?",
                            go_quote(name),
                            name.trim_end_matches(' '),
                            value.trim_start_matches(' ')
                        ),
                        None,
                    ));
                }
                Some((name, value)) => {
                    c.set(name, Unparsed { raw: Raw::Text(value.to_string()), kind: Kind::Cli });
                }
            },
            [flag, path] if flag == "-var-file" => add_file(&mut c, input, path, Kind::NamedFile, texts, p),
            [flag, _] => return Err(format!("Unsupported argument {}.", go_quote(flag))),
            _ => return Err("Each entry of \"args\" must be [\"-var\", \"NAME=VALUE\"] or [\"-var-file\", \"PATH\"].".into()),
        }
    }
    Ok(c.done())
}

/// `path.Clean` for the relative, slash-separated names the input holds.
pub fn clean(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    match (path.starts_with('/'), joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        _ => joined,
    }
}

fn jpos(p: JPos) -> Pos {
    Pos { line: p.line, column: p.col, byte: p.byte }
}

fn json_diag(file: &str, d: JsonFileDiag) -> CheckDiag {
    CheckDiag::error(
        d.summary,
        d.detail,
        Some(Subject { filename: file.to_string(), start: jpos(d.start), end: jpos(d.end) }),
    )
}

/// `addVarsFromFile`.
fn add_file(c: &mut Collecting, input: &CheckInput, filename: &str, kind: Kind, texts: &Texts, p: &Profile) {
    let Some(src) = input.files.get(filename).or_else(|| input.files.get(&clean(filename))) else {
        c.diags.push(CheckDiag::error(
            "Failed to read variables file",
            format!("Given variables file {filename} does not exist."),
            None,
        ));
        return;
    };
    if filename.ends_with(".json") {
        c.reads.push((filename.to_string(), None));
        match json::parse_json_file_attributes(src, filename) {
            Err(ds) => c.diags.extend(ds.into_iter().map(|d| json_diag(filename, d))),
            Ok(attrs) => {
                for a in attrs {
                    let subject = Subject { filename: filename.to_string(), start: jpos(a.start), end: jpos(a.end) };
                    let value = a.value.map_err(|ds| ds.into_iter().map(|d| json_diag(filename, d)).collect());
                    c.set(&a.name, Unparsed { raw: Raw::Json { value, subject }, kind });
                }
            }
        }
        return;
    }
    let read = if crate::valueparse::kept::on() {
        crate::valueparse::kept::remember("values", filename, &[src], p, |own| {
            Rc::new(read_hcl(src, filename, texts, own))
        })
    } else {
        Rc::new(read_hcl(src, filename, texts, p))
    };
    c.diags.extend(read.diags.iter().cloned());
    c.reads.push((filename.to_string(), Some(read.clone())));
    let file: Rc<str> = Rc::from(filename);
    for (name, expr) in &read.attrs {
        c.set(name, Unparsed { raw: Raw::Expr { file: file.clone(), expr: expr.clone() }, kind });
    }
}

/// Whether the native-syntax value file `filename` of `input` sets a name
/// that `wanted` accepts, from its reading kept for the checks (see
/// [`crate::valueparse::kept`]). None: not known without reading it anew
/// (work is not kept, the file is JSON, or not in `input`).
pub fn kept_file_sets(
    input: &CheckInput,
    filename: &str,
    texts: &Texts,
    p: &Profile,
    wanted: impl Fn(&str) -> bool,
) -> Option<bool> {
    let read = kept_read(input, filename, texts, p)?;
    Some(read.attrs.iter().any(|(name, _)| wanted(name)))
}

/// The native-syntax value file `filename` of `input` as a check reads it
/// (the same `Rc` while its text is the same, see
/// [`crate::valueparse::kept`]; the flavor is asked what the check's
/// reading asks). None: work is not kept, the file is JSON, or not in
/// `input`.
pub(super) fn kept_read(input: &CheckInput, filename: &str, texts: &Texts, p: &Profile) -> Option<Rc<HclFile>> {
    if !crate::valueparse::kept::on() || filename.ends_with(".json") {
        return None;
    }
    let src = input.files.get(filename)?;
    Some(crate::valueparse::kept::remember("values", filename, &[src], p, |own| {
        Rc::new(read_hcl(src, filename, texts, own))
    }))
}

/// A native-syntax value file as read: its diagnostics, or its attributes.
#[derive(Debug)]
pub(super) struct HclFile {
    pub(super) diags: Vec<CheckDiag>,
    pub(super) attrs: Vec<(String, Rc<Expr>)>,
}

fn read_hcl(src: &str, filename: &str, texts: &Texts, p: &Profile) -> HclFile {
    let mut out = HclFile { diags: Vec::new(), attrs: Vec::new() };
    let c = &mut out;
    let body = match crate::valueparse::parse_config_once(src, filename, true, p) {
        (Some(b), ds) if ds.is_empty() => b,
        (_, ds) => {
            c.diags.extend(super::decl::raw(ds, filename, texts));
            return out;
        }
    };
    let mut diags = Vec::new();
    // A `variable` block here is a declaration in the wrong place.
    for item in &body.items {
        if let BodyItem::Block(b) = item {
            if b.kind == "variable" && b.labels.len() == 1 {
                let name = &b.labels[0].0;
                diags.push(CheckDiag::error(
                    "Variable declaration in .tfvars file",
                    format!(
                        "A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. To declare variable {}, place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this variable in {filename}, use the definition syntax instead:\n    {name} = <value>",
                        go_quote(name)
                    ),
                    Some(texts.subject(filename, &b.kind_range)),
                ));
            }
        }
    }
    if !diags.is_empty() {
        c.diags.extend(diags);
        return out;
    }
    // `JustAttributes`: blocks are not allowed.
    for item in &body.items {
        if let BodyItem::Block(b) = item {
            diags.push(CheckDiag::error(
                format!("Unexpected {} block", go_quote(&b.kind)),
                "Blocks are not allowed here.",
                Some(texts.subject(filename, &b.kind_range)),
            ));
        }
    }
    let failed = !diags.is_empty();
    c.diags.extend(diags);
    if failed {
        return out;
    }
    for item in body.items {
        if let BodyItem::Attr(a) = item {
            c.attrs.push((a.name, Rc::new(a.expr)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_files_by_name() {
        for (name, value, auto) in [
            ("terraform.tfvars", true, true),
            ("terraform.tfvars.json", true, true),
            ("a.auto.tfvars", true, true),
            ("b.auto.tfvars.json", true, true),
            ("prod.tfvars", true, false),
            ("envs/terraform.tfvars", true, false),
            ("main.tf", false, false),
        ] {
            assert_eq!((is_value_file(name), is_auto_value_file(name)), (value, auto), "{name}");
        }
    }

    #[test]
    fn clean_follows_go_path_clean() {
        for (given, want) in [
            ("a/../b.tfvars", "b.tfvars"),
            ("./x.tfvars", "x.tfvars"),
            ("envs//prod.tfvars", "envs/prod.tfvars"),
            ("../x", "../x"),
            ("", "."),
        ] {
            assert_eq!(clean(given), want, "{given}");
        }
    }
}
