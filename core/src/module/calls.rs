//! Module calls (beyond the oracle, which decodes only `variable` blocks):
//! each `module "x" { source = "./path" … }` block whose callee is a local
//! directory among the check's files is checked the way Terraform's
//! validate walk (which `plan` runs first) checks it:
//!
//! - the block itself as `configs/module_call.go` `decodeModuleBlock` and
//!   `module.go` read it (its name, `source`, `count` with `for_each`, the
//!   `_` escaping block, duplicate calls);
//! - its arguments against the callee's variables
//!   (`terraform/transform_module_variable.go`: an hcl body schema with one
//!   attribute per variable, required when it has no default; hcl's
//!   "Unsupported argument" / "Missing required argument");
//! - each argument whose expression refers to nothing is evaluated (any
//!   function of the flavor's library) and prepared as
//!   `PrepareFinalInputVariableValue` prepares a module variable
//!   (`module.x.var.y` in the texts; the validate walk gives every call one
//!   instance, whatever its `count` or `for_each`); then OpenTofu 1.11's
//!   "Object attribute is ignored" lint (`tofu/node_module_variable.go`
//!   `warningDiags`) and the deprecated-variable warnings.
//!
//! An argument that refers to anything (`var.`, `module.`, a resource,
//! `each.`, `path.` …) or calls a function tftype does not evaluate offline
//! is listed as not checked, never guessed; inside a called module,
//! `var.NAME` is known when the call gave it a value that was checked (or
//! the variable's default), as in the validate walk. A `local.NAME` is known
//! when its own expression is (it refers only to known variables and known
//! locals, calls only functions tftype evaluates, and evaluates without an
//! error to a wholly known value): such constant locals are evaluated when
//! an argument names them, once per calling module instance. Calls of a
//! remote source (registry, `git::`, `https://` …) are listed as skipped.
//!
//! Terraform stops at the first stage with errors (and at the first call
//! whose arguments do not match); this check reports every call, so each of
//! its diagnostics is one Terraform gives once the earlier ones are fixed.
//! Not read: override files' changes to a call (such a call is listed as not
//! checked), `.tf.json` files, the reserved block types inside `module`.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use super::decl::{self, Module, Variable};
use super::{CheckDiag, CheckReport, Subject, Texts};
use crate::flavor::{DeprecatedArgument, ModuleCallRules, Profile};
use crate::funcs::FuncTable;
use crate::hcl::ast::{Expr, ExprKind, Span};
use crate::hcl::parse::{Block, BodyItem};
use crate::hcl::traversals::references;
use crate::i18n::{fill, Lang};
use crate::render::go_quote;
use crate::value::{Kind, Marks, Value};

/// Calls inside called modules are followed this many levels deep.
pub const MAX_NESTING: usize = 16;
/// At most this many calls are checked in one run (calls nested in modules
/// called more than once multiply).
pub const MAX_CALLS: usize = 10_000;

/// Why a call or an argument was not checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The expression refers to something known only during plan.
    RefersTo(String),
    /// It calls a function tftype does not evaluate offline.
    Calls(String),
    /// Its value is not wholly known.
    NotKnown,
    /// The call has no `source`.
    NoSource,
    /// The `source` is not a constant string.
    SourceNotLiteral,
    /// A local `source` with `version` (a registry address is expected).
    VersionWithLocalSource,
    /// No configuration file of the directory is among the check's files.
    NoFiles(String),
    /// The called module's configuration has errors.
    CalleeErrors(String),
    /// The called module is one of its own callers.
    Recursive(String),
    /// Past [`MAX_NESTING`] or [`MAX_CALLS`].
    Limit,
    /// An override file changes the call.
    Overridden,
    /// The module manifest has no record of the call ("Module not
    /// installed").
    NotInstalled,
    /// The manifest and the configuration disagree (source or version).
    Stale,
    /// The manifest's `Dir` for the call is absolute or leaves the root
    /// module's directory: not read.
    DirRefused,
    /// The installed source is written in a form tftype does not normalise
    /// and differs from the configured text.
    SourceUnknownForm,
    /// The call itself was not checked (its arguments are listed with this).
    CallNotChecked,
    /// The `version` argument is not a constraint tftype reads (not a
    /// constant string, or not go-version's syntax).
    VersionUnread,
    /// The module manifest could not be read (why, in no language).
    ManifestUnreadable(String),
}

impl Note {
    /// A stable code for the JSON report.
    pub fn code(&self) -> &'static str {
        match self {
            Note::RefersTo(_) => "refers_to",
            Note::Calls(_) => "calls_function",
            Note::NotKnown => "not_known",
            Note::NoSource => "no_source",
            Note::SourceNotLiteral => "source_not_literal",
            Note::VersionWithLocalSource => "version_with_local_source",
            Note::NoFiles(_) => "no_files",
            Note::CalleeErrors(_) => "callee_errors",
            Note::Recursive(_) => "recursive",
            Note::Limit => "limit",
            Note::Overridden => "overridden",
            Note::NotInstalled => "not_installed",
            Note::Stale => "stale",
            Note::DirRefused => "dir_refused",
            Note::SourceUnknownForm => "source_unknown_form",
            Note::CallNotChecked => "call_not_checked",
            Note::VersionUnread => "version_unread",
            Note::ManifestUnreadable(_) => "manifest_unreadable",
        }
    }

    /// The reason in the reader's language.
    pub fn text(&self, lang: Lang) -> String {
        let key = format!("check.call.reason.{}", self.code());
        let nesting = MAX_NESTING.to_string();
        let calls = MAX_CALLS.to_string();
        let args: Vec<(&str, &str)> = match self {
            Note::RefersTo(s) => vec![("what", s)],
            Note::Calls(s) => vec![("name", s)],
            Note::NoFiles(d) | Note::CalleeErrors(d) | Note::Recursive(d) => vec![("dir", d)],
            Note::Limit => vec![("depth", &nesting), ("calls", &calls)],
            Note::ManifestUnreadable(w) => vec![("file", super::installed::MANIFEST), ("why", w)],
            _ => vec![],
        };
        fill(lang, &key, &args)
    }
}

/// How a call ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallStatus {
    /// Its arguments were checked (each one's outcome is listed).
    Checked,
    NotChecked(Note),
    /// A remote source: not read.
    Remote,
}

/// How an argument ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgStatus {
    /// The variable's final value.
    Accepted {
        type_string: String,
        console: String,
    },
    /// An error diagnostic (the first one's summary).
    Failed {
        summary: String,
    },
    NotChecked(Note),
    /// The called module has no variable of this name.
    Unsupported,
}

/// One argument of a call.
#[derive(Clone, Debug)]
pub struct ArgReport {
    pub name: String,
    /// The argument's expression.
    pub subject: Subject,
    pub status: ArgStatus,
}

/// One module call.
#[derive(Clone, Debug)]
pub struct CallReport {
    /// `module.x`, `module.a.module.b` for a call inside a called module.
    pub address: String,
    pub name: String,
    /// The `source` when it is a constant string.
    pub source: Option<String>,
    /// The called module's directory, relative to the root module's.
    pub dir: Option<String>,
    /// `module "x"`.
    pub decl: Subject,
    pub status: CallStatus,
    /// In the order they are written.
    pub arguments: Vec<ArgReport>,
    /// The called module's validation rules: (variable, what became of the
    /// rule), for the variables whose value the call decides.
    pub validations: Vec<(String, super::validate::RuleReport)>,
}

/// Checks the module calls of the root module (and of the local modules it
/// calls) and adds what was found to `r`: the calls to `module_calls`, the
/// diagnostics (sorted as a batch of their own) after the others.
pub fn attach(r: &mut CheckReport, files: &BTreeMap<String, String>, p: &Profile) {
    let (calls, diags) = attached(files, p);
    r.ok &= !diags.iter().any(CheckDiag::is_error);
    r.diagnostics.extend(diags);
    r.module_calls = calls;
}

/// What [`attach`] adds to a report: the calls, and the diagnostics in
/// order.
pub(super) fn attached(files: &BTreeMap<String, String>, p: &Profile) -> (Vec<CallReport>, Vec<CheckDiag>) {
    let texts = Texts::of(files, p);
    let (calls, mut diags) = check_calls(files, &texts, p);
    crate::sort::by(&mut diags, super::report::order);
    let mut seen = BTreeSet::new();
    diags.retain(|d| {
        seen.insert((
            d.severity == crate::diag::Severity::Error,
            d.summary.clone(),
            d.detail.clone(),
            d.subject.as_ref().map(|s| (s.filename.clone(), s.start.byte, s.end.byte)),
        ))
    });
    (calls, diags)
}

/// The module calls of the root module in `files` (and of the local modules
/// they call, among `files`), and the diagnostics found.
pub fn check_calls(files: &BTreeMap<String, String>, texts: &Texts, p: &Profile) -> (Vec<CallReport>, Vec<CheckDiag>) {
    let manifest = match super::installed::read(files) {
        None => Manifest::None,
        Some(Ok(m)) => Manifest::Read(Rc::new(m)),
        Some(Err(e)) => Manifest::Unreadable(manifest_error(&e)),
    };
    let mut c = Checker {
        files,
        texts,
        p,
        rules: p.module_call(),
        modules: BTreeMap::new(),
        calls: Vec::new(),
        diags: Vec::new(),
        counted: 0,
        stopped: false,
        manifest,
    };
    if let Manifest::Unreadable(why) = &c.manifest {
        // `configload.NewLoader` fails: plan reads no configuration at all.
        c.diags.push(CheckDiag::error(
            format!("failed to read module manifest: {why}"),
            format!("{}: {why}.", super::installed::MANIFEST),
            None,
        ));
    }
    let root = c.load("");
    let frame = Frame {
        dir: String::new(),
        key: String::new(),
        prefix: String::new(),
        vars: BTreeMap::new(),
        locals: root.clone(),
        known_locals: Default::default(),
        stack: vec![String::new()],
    };
    for call in &root.calls {
        if c.stopped {
            break;
        }
        c.call(call, &frame);
    }
    (c.calls, c.diags)
}

/// What `init` left: no manifest, a manifest, or one that cannot be read.
enum Manifest {
    None,
    Read(Rc<super::installed::Manifest>),
    Unreadable(String),
}

/// Why the manifest cannot be read, in no language (a JSON place, a key).
fn manifest_error(e: &super::installed::ManifestError) -> String {
    use super::installed::ManifestError as E;
    match e {
        E::TooLarge => format!("larger than {} MiB", super::installed::MAX_MANIFEST_BYTES >> 20),
        E::TooManyRecords => format!("more than {} records", super::installed::MAX_RECORDS),
        E::Malformed { line, column } => format!("not the manifest's JSON shape (line {line}, column {column})"),
        E::BadVersion(k) => format!("invalid version for {}", go_quote(k)),
        E::Duplicate(k) => format!("two records for path {}", go_quote(k)),
    }
}

/// The local module directories the module in `dir` calls (relative to the
/// root module's directory), for a reader that loads them: each `module`
/// block whose `source` is a constant local path.
pub fn local_module_dirs(files: &BTreeMap<String, String>, dir: &str, p: &Profile) -> Vec<String> {
    let mut texts = Texts::default();
    for (name, text) in super::files::module_files(files, dir, p).all() {
        texts.add(name, text);
    }
    let rules = p.module_call();
    let mut out = Vec::new();
    for call in module_blocks(files, dir, &texts, p, &rules, &mut Vec::new()).0 {
        if let Ok(Source::Local(d)) = call.source(dir, p) {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// The module call at a byte of a root module's configuration file, for an
/// editor: the called module's variables (a local directory, or the
/// installed one the manifest records), the argument whose name is at the
/// byte, the arguments written, and whether the byte is where a new
/// argument's name goes.
pub struct CallSite {
    /// `module.NAME`.
    pub address: String,
    pub callee: Rc<Module>,
    /// The argument whose name holds the byte, and that name's byte range.
    pub argument: Option<(String, std::ops::Range<usize>)>,
    pub written: Vec<String>,
    /// The byte is in the block's body, on a line holding only the name
    /// being typed: the word typed so far and its byte range.
    pub typing: Option<(String, std::ops::Range<usize>)>,
}

/// See [`CallSite`]. None: no call there, or its module is not among the
/// files (not installed, a remote source before `init`).
pub fn call_at(files: &BTreeMap<String, String>, file: &str, byte: usize, p: &Profile) -> Option<CallSite> {
    if file.contains('/') {
        return None;
    }
    let text = files.get(file)?;
    let (body, _) = crate::valueparse::parse_config(text, file, false, p);
    let body = body?;
    let b = body.items.iter().find_map(|i| match i {
        BodyItem::Block(b)
            if b.kind == "module" && b.labels.len() == 1 && b.open_range.end <= byte && byte < b.range.end =>
        {
            Some(b)
        }
        _ => None,
    })?;
    let mut texts = Texts::default();
    for (n, t) in files {
        texts.add(n, t);
    }
    let rules = p.module_call();
    let call = decode_block(b, file, &texts, &rules, &mut Vec::new());
    let dir = match super::installed::read(files) {
        Some(Ok(m)) => {
            let dir = m.records.get(&call.name)?.dir.clone().ok()?;
            if files.contains_key(&format!("{dir}/{}", super::installed::OUTSIDE_MARKER)) {
                return None;
            }
            dir
        }
        _ => match call.source("", p).ok()? {
            Source::Local(d) => d,
            Source::Remote => return None,
        },
    };
    if dir.is_empty() || !files.keys().any(|n| decl::is_config_file_in(n, &dir)) {
        return None;
    }
    let callee = decl::load_dir(files, &dir, &texts, p);
    let mut argument = None;
    let mut written = Vec::new();
    for item in call.bodies.iter().flatten() {
        if let Item::Attr { name, name_range, .. } = item {
            if name_range.start <= byte && byte <= name_range.end {
                argument = Some((name.clone(), name_range.clone()));
            }
            written.push(name.clone());
        }
    }
    // The line up to the byte holds only an identifier being typed.
    let line_start = text[..byte.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let before = text.get(line_start..byte).unwrap_or("");
    let word_start = line_start + before.len() - before.trim_start().len();
    let word = text.get(word_start..byte).unwrap_or("");
    let after = text.get(byte..).unwrap_or("");
    let word_end = byte + after.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).unwrap_or(after.len());
    let typing = (word.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') && byte > b.open_range.end)
        .then(|| (word.to_string(), word_start..word_end));
    Some(CallSite { address: format!("module.{}", call.name), callee, argument, written, typing })
}

/// Whether a `source` is a local path (`moduleaddrs.isModuleSourceLocal`).
pub fn is_local_source(s: &str) -> bool {
    ["./", "../", ".\\", "..\\"].iter().any(|p| s.starts_with(p))
}

/// `base` joined with a local `source`, cleaned as Go's `path.Clean` does
/// (backslashes read as slashes); "" is the root module's directory.
pub fn join_dir(base: &str, source: &str) -> String {
    let joined = super::sources::clean(format!("{base}/{}", source.replace('\\', "/")).trim_start_matches('/'));
    if joined == "." {
        String::new()
    } else {
        joined
    }
}

/// An argument item of a call's body: an attribute, or a block (never
/// expected: variables are attributes).
#[derive(Clone, Debug)]
enum Item {
    Attr { name: String, name_range: Span, expr: Expr },
    Block { kind: String, kind_range: Span },
}

/// A decoded `module` block.
#[derive(Clone, Debug)]
struct CallBlock {
    name: String,
    file: String,
    decl: Subject,
    /// The body's opening brace (hcl's `MissingItemRange`).
    open: Span,
    source: Option<Expr>,
    /// The `version` argument's expression.
    version: Option<Expr>,
    /// The block's own body (less its meta-arguments), then the `_`
    /// escaping block's.
    bodies: Vec<Vec<Item>>,
    overridden: bool,
}

enum Source {
    Local(String),
    Remote,
}

impl CallBlock {
    /// The callee: a local directory (joined with the caller's), or a remote
    /// address; or why it is not known.
    fn source(&self, dir: &str, p: &Profile) -> Result<Source, Note> {
        let e = self.source.as_ref().ok_or(Note::NoSource)?;
        if !references(e).is_empty() {
            return Err(Note::SourceNotLiteral);
        }
        let v = crate::hcl::eval_const(e, p).map_err(|_| Note::SourceNotLiteral)?;
        let s = v.as_str().ok_or(Note::SourceNotLiteral)?;
        if !is_local_source(s) {
            return Ok(Source::Remote);
        }
        if self.version.is_some() {
            return Err(Note::VersionWithLocalSource);
        }
        Ok(Source::Local(join_dir(dir, s)))
    }

    fn source_text(&self, p: &Profile) -> Option<String> {
        let e = self.source.as_ref()?;
        if !references(e).is_empty() {
            return None;
        }
        crate::hcl::eval_const(e, p).ok()?.as_str().map(str::to_string)
    }
}

fn is_override_file(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    let stem = [".tf.json", ".tofu.json", ".tf", ".tofu"].iter().find_map(|e| base.strip_suffix(e)).unwrap_or(base);
    stem == "override" || stem.ends_with("_override")
}

/// The `module` blocks of the module in `dir`, decoded as
/// `decodeModuleBlock` decodes them; a later call of the same name replaces
/// an earlier one ("Duplicate module call"). `diags` gets the blocks' own
/// errors (the files' syntax errors are the declarations' to report).
/// The module's local values come along: each name defined once and not
/// changed by an override file (Terraform reports the others; they stay
/// unknown here).
fn module_blocks(
    files: &BTreeMap<String, String>,
    dir: &str,
    texts: &Texts,
    p: &Profile,
    rules: &ModuleCallRules,
    diags: &mut Vec<CheckDiag>,
) -> (Vec<CallBlock>, BTreeMap<String, LocalDef>) {
    let mut calls: Vec<CallBlock> = Vec::new();
    let mut overridden = BTreeSet::new();
    let mut locals: BTreeMap<String, LocalDef> = BTreeMap::new();
    let mut unusable_locals = BTreeSet::new();
    for (name, text) in super::files::module_files(files, dir, p).all() {
        // Most files call no module and define no local: do not parse them again.
        if !text.contains("module") && !text.contains("locals") {
            continue;
        }
        let body = if super::files::is_json(name) {
            std::rc::Rc::new(super::json_config::call_blocks(name, text, p))
        } else {
            let (body, _) = crate::valueparse::parse_config(text, name, false, p);
            let Some(body) = body else { continue };
            body
        };
        let at = |r: &Span| Some(texts.subject(name, r));
        for b in body.items.iter().filter_map(|i| match i {
            BodyItem::Block(b) if b.kind == "locals" && b.labels.is_empty() => Some(b),
            _ => None,
        }) {
            for a in b.body.items.iter().filter_map(|i| match i {
                BodyItem::Attr(a) => Some(a),
                BodyItem::Block(_) => None,
            }) {
                if is_override_file(name)
                    || locals
                        .insert(a.name.clone(), LocalDef { expr: a.expr.clone(), file: name.to_string() })
                        .is_some()
                {
                    unusable_locals.insert(a.name.clone());
                }
            }
        }
        for b in body.items.iter().filter_map(|i| match i {
            BodyItem::Block(b) if b.kind == "module" => Some(b),
            _ => None,
        }) {
            if is_override_file(name) {
                if let Some((l, _)) = b.labels.first() {
                    overridden.insert(l.clone());
                }
                continue;
            }
            match b.labels.len() {
                0 => {
                    diags.push(CheckDiag::error(
                        "Missing name for module",
                        "All module blocks must have 1 labels (name).",
                        at(&b.open_range),
                    ));
                    continue;
                }
                1 => {}
                _ => {
                    diags.push(CheckDiag::error(
                        "Extraneous label for module",
                        "Only 1 labels (name) are expected for module blocks.",
                        at(&b.labels[1].1),
                    ));
                    continue;
                }
            }
            let call = decode_block(b, name, texts, rules, diags);
            match calls.iter().position(|c| c.name == call.name) {
                Some(i) => {
                    diags.push(CheckDiag::error(
                        "Duplicate module call",
                        format!(
                            "A module call named {} was already defined at {}. Module calls must have unique names within a module.",
                            go_quote(&call.name),
                            calls[i].decl.range_string()
                        ),
                        Some(call.decl.clone()),
                    ));
                    calls[i] = call;
                }
                None => calls.push(call),
            }
        }
    }
    for c in &mut calls {
        c.overridden = overridden.contains(&c.name);
    }
    locals.retain(|k, _| !unusable_locals.contains(k));
    (calls, locals)
}

/// One `module` block with one label.
fn decode_block(
    b: &Block,
    file: &str,
    texts: &Texts,
    rules: &ModuleCallRules,
    diags: &mut Vec<CheckDiag>,
) -> CallBlock {
    let (name, name_range) = b.labels[0].clone();
    let at = |r: &Span| Some(texts.subject(file, r));
    if !crate::hclsrc::is_identifier(&name) {
        diags.push(CheckDiag::error(
            "Invalid module instance name",
            "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.",
            at(&name_range),
        ));
    }
    let mut call = CallBlock {
        name,
        file: file.to_string(),
        decl: texts.subject(file, &(b.kind_range.start..name_range.end)),
        open: b.open_range.clone(),
        source: None,
        version: None,
        bodies: vec![Vec::new()],
        overridden: false,
    };
    let mut count = false;
    let mut escape: Option<Subject> = None;
    for item in &b.body.items {
        match item {
            BodyItem::Attr(a) if rules.meta_arguments.contains(&a.name.as_str()) => match a.name.as_str() {
                "source" => call.source = Some(a.expr.clone()),
                "version" => call.version = Some(a.expr.clone()),
                "count" => count = true,
                "for_each" if count => diags.push(CheckDiag::error(
                    "Invalid combination of \"count\" and \"for_each\"",
                    "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.",
                    at(&a.name_range),
                )),
                _ => {}
            },
            BodyItem::Attr(a) => call.bodies[0].push(Item::Attr { name: a.name.clone(), name_range: a.name_range.clone(), expr: a.expr.clone() }),
            BodyItem::Block(e) if e.kind == "_" => {
                let def = texts.subject(file, &(e.kind_range.start..e.labels.last().map_or(e.kind_range.end, |l| l.1.end)));
                if let Some(first) = &escape {
                    diags.push(CheckDiag::error(
                        "Duplicate escaping block",
                        format!(
                            "The special block type \"_\" can be used to force particular arguments to be interpreted as module input variables rather than as meta-arguments, but each module block can have only one such block. The first escaping block was at {}.",
                            first.range_string()
                        ),
                        Some(def),
                    ));
                    continue;
                }
                escape = Some(def);
                call.bodies.push(
                    e.body
                        .items
                        .iter()
                        .map(|i| match i {
                            BodyItem::Attr(a) => Item::Attr { name: a.name.clone(), name_range: a.name_range.clone(), expr: a.expr.clone() },
                            BodyItem::Block(x) => Item::Block { kind: x.kind.clone(), kind_range: x.kind_range.clone() },
                        })
                        .collect(),
                );
            }
            // Reserved for Terraform's later use (OpenTofu 1.11 reads
            // `lifecycle`); not variables either way.
            BodyItem::Block(e) if ["lifecycle", "locals", "provider"].contains(&e.kind.as_str()) => {}
            BodyItem::Block(e) => call.bodies[0].push(Item::Block { kind: e.kind.clone(), kind_range: e.kind_range.clone() }),
        }
    }
    if call.source.is_none() {
        diags.push(CheckDiag::error(
            "Missing required argument",
            "The argument \"source\" is required, but no definition was found.",
            at(&(b.open_range.start..b.open_range.start)),
        ));
    }
    call
}

/// A module read for its calls: its variables, its `module` blocks and its
/// local values.
struct Loaded {
    module: Rc<Module>,
    calls: Vec<CallBlock>,
    locals: BTreeMap<String, LocalDef>,
    /// Some configuration file of the directory is among the files.
    has_files: bool,
    /// Its configuration has no error.
    ok: bool,
}

/// One `NAME = EXPR` of a `locals` block.
struct LocalDef {
    expr: Expr,
    file: String,
}

/// Where calls are checked: the calling module's directory, its address
/// (`module.a.`), the values of its variables known in the validate walk,
/// its local values, and the directories of the modules above it.
struct Frame {
    dir: String,
    /// The module's key in the manifest (`vpc.subnets`; "" for the root).
    key: String,
    prefix: String,
    vars: BTreeMap<String, Value>,
    locals: Rc<Loaded>,
    /// Each local value evaluated so far: its value when it is known.
    known_locals: std::cell::RefCell<BTreeMap<String, Option<Value>>>,
    stack: Vec<String>,
}

/// How deep one local may lean on others before tftype stops following.
const MAX_LOCAL_DEPTH: usize = 64;

struct Checker<'a, 't> {
    files: &'a BTreeMap<String, String>,
    texts: &'a Texts<'t>,
    p: &'a Profile,
    rules: ModuleCallRules,
    modules: BTreeMap<String, Rc<Loaded>>,
    calls: Vec<CallReport>,
    diags: Vec<CheckDiag>,
    counted: usize,
    /// Past a limit: the first call past it is listed, no further one.
    stopped: bool,
    manifest: Manifest,
}

impl Checker<'_, '_> {
    /// The module in `dir`, read once; its diagnostics are reported the
    /// first time (the root module's declarations are the main check's).
    fn load(&mut self, dir: &str) -> Rc<Loaded> {
        if let Some(l) = self.modules.get(dir) {
            return l.clone();
        }
        let has_files = self.files.keys().any(|n| decl::is_config_file_in(n, dir));
        let module = if dir.is_empty() {
            std::rc::Rc::new(Module::default())
        } else {
            decl::load_dir(self.files, dir, self.texts, self.p)
        };
        let mut diags = module.diags.clone();
        let (calls, locals) = module_blocks(self.files, dir, self.texts, self.p, &self.rules, &mut diags);
        let ok = !diags.iter().any(CheckDiag::is_error);
        self.diags.extend(diags);
        let l = Rc::new(Loaded { module, calls, locals, has_files, ok });
        self.modules.insert(dir.to_string(), l.clone());
        l
    }

    fn call(&mut self, call: &CallBlock, frame: &Frame) {
        let address = format!("{}module.{}", frame.prefix, call.name);
        let mut report = CallReport {
            address: address.clone(),
            name: call.name.clone(),
            source: call.source_text(self.p),
            dir: None,
            decl: call.decl.clone(),
            status: CallStatus::Checked,
            arguments: Vec::new(),
            validations: Vec::new(),
        };
        self.counted += 1;
        let key = super::installed::key(&frame.key, &call.name);
        let dir = match call.source(&frame.dir, self.p) {
            _ if self.counted > MAX_CALLS || frame.stack.len() > MAX_NESTING => {
                Err(CallStatus::NotChecked(Note::Limit))
            }
            _ if call.overridden => Err(CallStatus::NotChecked(Note::Overridden)),
            Err(n) => Err(CallStatus::NotChecked(n)),
            Ok(src) => match &self.manifest {
                Manifest::Read(m) => {
                    let m = m.clone();
                    self.installed(call, &key, &m)
                }
                Manifest::Unreadable(why) => Err(CallStatus::NotChecked(Note::ManifestUnreadable(why.clone()))),
                Manifest::None => match src {
                    Source::Remote => Err(CallStatus::Remote),
                    Source::Local(d) => Ok(d),
                },
            },
        };
        self.stopped = dir == Err(CallStatus::NotChecked(Note::Limit)) && self.counted > MAX_CALLS;
        let dir = match dir {
            Ok(d) => d,
            Err(status) => {
                report.status = status;
                report.arguments = call_arguments(call, self.texts);
                self.calls.push(report);
                return;
            }
        };
        report.dir = Some(dir.clone());
        let shown_dir = if dir.is_empty() { ".".to_string() } else { dir.clone() };
        if frame.stack.contains(&dir) {
            report.status = CallStatus::NotChecked(Note::Recursive(shown_dir));
            report.arguments = call_arguments(call, self.texts);
            self.calls.push(report);
            return;
        }
        let callee = self.load(&dir);
        if !callee.has_files {
            report.status = CallStatus::NotChecked(Note::NoFiles(shown_dir));
            report.arguments = call_arguments(call, self.texts);
            self.calls.push(report);
            return;
        }
        if !callee.ok {
            report.status = CallStatus::NotChecked(Note::CalleeErrors(shown_dir));
            report.arguments = call_arguments(call, self.texts);
            self.calls.push(report);
            return;
        }

        let args = self.content(call, &callee.module);
        let mut given: BTreeMap<String, Option<Value>> = BTreeMap::new();
        let mut arg_subjects: BTreeMap<String, Subject> = BTreeMap::new();
        for (name, expr) in args {
            let subject = self.texts.subject(&call.file, &expr.range());
            arg_subjects.entry(name.clone()).or_insert_with(|| subject.clone());
            let status = match callee.module.get(&name) {
                None => ArgStatus::Unsupported,
                Some(v) => {
                    let (status, value) = self.argument(&address, v, expr, &call.file, frame);
                    given.insert(name.clone(), value);
                    status
                }
            };
            report.arguments.push(ArgReport { name, subject, status });
        }
        // The called module's validation rules, once the values they see are
        // final: a checked argument, or the default when the call gives none.
        if callee.module.vars.iter().any(|v| !v.rules.is_empty()) {
            let known: BTreeMap<String, Value> =
                crate::sort::map(callee.module.vars.iter().filter_map(|v| match given.get(&v.name) {
                    Some(x) => x.clone().map(|x| (v.name.clone(), x)),
                    None if v.required() => None,
                    None => v.default.clone().map(|d| (v.name.clone(), d)),
                }));
            let prepared = super::validate::prepare(&callee.module, self.p);
            let walk =
                super::validate::Walk { module: &callee.module, prepared: &prepared, texts: self.texts, p: self.p };
            for (vi, v) in callee.module.vars.iter().enumerate().filter(|(_, v)| !v.rules.is_empty()) {
                // Terraform 1.9+ points at the argument; older versions (and
                // a default) at the declaration.
                let subject = arg_subjects
                    .get(&v.name)
                    .filter(|_| self.p.validation().points_at_value)
                    .cloned()
                    .unwrap_or_else(|| v.decl_range.clone());
                let (reports, diags) = walk.module_variable(vi, &known, &subject);
                self.diags.extend(diags);
                report.validations.extend(reports.into_iter().map(|r| (v.name.clone(), r)));
            }
        }
        self.calls.push(report);

        // The calls inside: each variable's value as the validate walk knows
        // it (a checked argument's final value, or the default when the call
        // gives none).
        let mut vars = BTreeMap::new();
        for v in &callee.module.vars {
            let value = match given.remove(&v.name) {
                Some(x) => x,
                None => v.default.clone(),
            };
            if let Some(x) = value.filter(|_| !v.ephemeral) {
                vars.insert(v.name.clone(), if v.sensitive { x.with_marks(Marks::SENSITIVE) } else { x });
            }
        }
        let mut stack = frame.stack.clone();
        stack.push(dir.clone());
        let inner = Frame {
            dir,
            key,
            prefix: format!("{address}."),
            vars,
            locals: callee.clone(),
            known_locals: Default::default(),
            stack,
        };
        for c in &callee.calls {
            if self.stopped {
                break;
            }
            self.call(c, &inner);
        }
    }

    /// The installed directory of a call, as `plan` finds it in the
    /// manifest (`configload/loader_load.go` `moduleWalkerLoad`, the same
    /// at every pinned Terraform and OpenTofu tag but for
    /// [`Profile::source_changed_names_addresses`]): "Module not installed"
    /// for no record, "Module source has changed" / "Module version
    /// requirements have changed" when the configuration moved on since
    /// `init` (then nothing of the call is checked), and the directory when
    /// it is inside the root module's and holds configuration files.
    fn installed(&mut self, call: &CallBlock, key: &str, m: &super::installed::Manifest) -> Result<String, CallStatus> {
        use super::installed as inst;
        let init = self.p.init_command();
        let not_installed = Err(CallStatus::NotChecked(Note::NotInstalled));
        let Some(rec) = m.records.get(key) else {
            self.diags.push(CheckDiag::error(
                "Module not installed",
                format!("This module is not yet installed. Run \"{init}\" to install all modules required by this configuration."),
                Some(call.decl.clone()),
            ));
            return not_installed;
        };
        let configured = call.source_text(self.p).unwrap_or_default();
        let at_source = call.source.as_ref().map(|e| self.texts.subject(&call.file, &e.range()));
        let mut stale = false;
        match inst::same_source(&configured, &rec.source, self.p) {
            Some(true) => {}
            Some(false) => {
                stale = true;
                let detail = if self.p.source_changed_names_addresses() {
                    let shown = inst::normalize_source(&configured, self.p).unwrap_or(configured.clone());
                    let was = inst::normalize_source(&rec.source, self.p).unwrap_or(rec.source.clone());
                    format!("The source address was changed from {} to {} since this module was installed. Run \"{init}\" to install all modules required by this configuration.", go_quote(&was), go_quote(&shown))
                } else {
                    format!("The source address was changed since this module was installed. Run \"{init}\" to install all modules required by this configuration.")
                };
                self.diags.push(CheckDiag::error("Module source has changed", detail, at_source.clone()));
            }
            None => return Err(CallStatus::NotChecked(Note::SourceUnknownForm)),
        }
        if let Some(v) = &call.version {
            let constraint = if references(v).is_empty() {
                crate::hcl::eval_const(v, self.p).ok().and_then(|x| x.as_str().map(str::to_string))
            } else {
                None
            };
            let Some(constraint) = constraint else { return Err(CallStatus::NotChecked(Note::VersionUnread)) };
            let changed = |installed: &str| {
                CheckDiag::error(
                    "Module version requirements have changed",
                    format!("The version requirements have changed since this module was installed and the installed version{installed} is no longer acceptable. Run \"{init}\" to install all modules required by this configuration."),
                    at_source.clone(),
                )
            };
            if !constraint.trim().is_empty() {
                match &rec.version {
                    None => {
                        stale = true;
                        self.diags.push(changed(""));
                    }
                    Some(installed) => match inst::allows(&constraint, installed) {
                        Some(true) => {}
                        Some(false) => {
                            stale = true;
                            self.diags.push(changed(&format!(" ({installed})")));
                        }
                        None => return Err(CallStatus::NotChecked(Note::VersionUnread)),
                    },
                }
            }
        }
        if stale {
            return Err(CallStatus::NotChecked(Note::Stale));
        }
        let dir = rec.dir.clone().map_err(|_| CallStatus::NotChecked(Note::DirRefused))?;
        if self.files.contains_key(&format!("{dir}/{}", inst::OUTSIDE_MARKER)) {
            return Err(CallStatus::NotChecked(Note::DirRefused));
        }
        if !self.files.keys().any(|n| decl::is_config_file_in(n, &dir)) {
            // `LoadConfigDir` found no directory (Terraform reads an empty
            // one as an empty module; the files given here cannot tell).
            let shown = if dir.is_empty() { ".".to_string() } else { dir.clone() };
            self.diags.push(CheckDiag::error(
                "Module not installed",
                format!("This module's local cache directory {shown} could not be read. Run \"{init}\" to install all modules required by this configuration."),
                Some(call.decl.clone()),
            ));
            return not_installed;
        }
        Ok(dir)
    }

    /// The call's arguments against the callee's variables (hcl's `Content`
    /// of the call's body, merged with the `_` block's when there is one):
    /// diagnostics for what does not match, and every argument written, in
    /// order (unsupported ones too).
    fn content<'c>(&mut self, call: &'c CallBlock, callee: &Module) -> Vec<(String, &'c Expr)> {
        let at = |r: &Span| Some(self.texts.subject(&call.file, r));
        let names: Vec<&str> = callee.vars.iter().map(|v| v.name.as_str()).collect();
        let mut out: Vec<(String, &Expr)> = Vec::new();
        let mut set: BTreeMap<&str, Span> = BTreeMap::new();
        let mut diags = Vec::new();
        for body in &call.bodies {
            let here: BTreeSet<&str> = crate::sort::set(body.iter().filter_map(|i| match i {
                Item::Attr { name, .. } if names.contains(&name.as_str()) => Some(name.as_str()),
                _ => None,
            }));
            for item in body {
                match item {
                    Item::Attr { name, name_range, expr } if names.contains(&name.as_str()) => {
                        if let Some(first) = set.get(name.as_str()) {
                            diags.push(CheckDiag::error(
                                "Duplicate argument",
                                format!(
                                    "Argument {} was already set at {}",
                                    go_quote(name),
                                    self.texts.subject(&call.file, first).range_string()
                                ),
                                at(name_range),
                            ));
                            continue;
                        }
                        set.insert(name, name_range.clone());
                        out.push((name.clone(), expr));
                    }
                    Item::Attr { name, name_range, expr } => {
                        let unset: Vec<&str> = names.iter().copied().filter(|n| !here.contains(n)).collect();
                        let hint = match decl::name_suggestion(name, &unset) {
                            Some(s) => format!(" Did you mean {}?", go_quote(s)),
                            None => String::new(),
                        };
                        diags.push(CheckDiag::error(
                            "Unsupported argument",
                            format!("An argument named {} is not expected here.{hint}", go_quote(name)),
                            at(name_range),
                        ));
                        out.push((name.clone(), expr));
                    }
                    Item::Block { kind, kind_range } => {
                        let hint = if names.contains(&kind.as_str()) {
                            format!(
                                " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
                                go_quote(kind)
                            )
                        } else {
                            String::new()
                        };
                        diags.push(CheckDiag::error(
                            "Unsupported block type",
                            format!("Blocks of type {} are not expected here.{hint}", go_quote(kind)),
                            at(kind_range),
                        ));
                    }
                }
            }
        }
        let merged = call.bodies.len() > 1;
        for v in callee.vars.iter().filter(|v| v.required() && !set.contains_key(v.name.as_str())) {
            diags.push(if merged {
                CheckDiag::error(
                    "Missing required argument",
                    format!("The argument {} is required, but was not set.", go_quote(&v.name)),
                    None,
                )
            } else {
                CheckDiag::error(
                    "Missing required argument",
                    format!("The argument {} is required, but no definition was found.", go_quote(&v.name)),
                    at(&(call.open.start..call.open.start)),
                )
            });
        }
        self.diags.extend(diags);
        out
    }

    /// One argument for variable `v`: evaluated when it refers to nothing
    /// unknown, then prepared. The final value when it was accepted.
    fn argument(
        &mut self,
        call: &str,
        v: &Variable,
        expr: &Expr,
        file: &str,
        frame: &Frame,
    ) -> (ArgStatus, Option<Value>) {
        if let Some(n) = self.unevaluable(expr, frame, 0) {
            return (ArgStatus::NotChecked(n), None);
        }
        let given = {
            let mut ev = evaluator(self.p, self.texts, expr, file, frame);
            let value = ev.eval(expr);
            let raw = std::mem::take(&mut ev.diags);
            if !raw.is_empty() {
                let ds: Vec<CheckDiag> = raw
                    .into_iter()
                    .map(|d| CheckDiag::error(d.summary, d.detail, Some(self.texts.subject(file, &d.range))))
                    .collect();
                let summary = ds[0].summary.clone();
                self.diags.extend(ds);
                return (ArgStatus::Failed { summary }, None);
            }
            value
        };
        if !wholly_known(&given) {
            return (ArgStatus::NotChecked(Note::NotKnown), None);
        }
        let src = self.texts.subject(file, &expr.range());
        let addr = format!("{call}.var.{}", v.name);
        let deprecated = self.rules.deprecated_argument;
        if let (Some(DeprecatedArgument::WarnUnlessNull), Some(text)) = (deprecated, &v.deprecated) {
            if !given.is_null() {
                self.diags.push(CheckDiag::warning("Deprecated variable got a value", text.clone(), Some(src.clone())));
            }
        }
        let value = match prepare(&addr, v, &given, &src, self.texts, self.p) {
            Ok(x) => x,
            Err(d) => {
                let summary = d.summary.clone();
                self.diags.push(*d);
                return (ArgStatus::Failed { summary }, None);
            }
        };
        if self.p.warns_ignored_object_attributes() {
            for w in crate::lint::ignored_in_expr(expr, &v.tc.ty, self.p).iter() {
                self.diags.push(CheckDiag::warning(
                    crate::lint::Ignored::SUMMARY,
                    w.detail(&v.name),
                    Some(self.texts.subject(file, &w.range)),
                ));
            }
        }
        if let (Some(DeprecatedArgument::WarnWhenAccepted), Some(text)) =
            (deprecated, v.deprecated.as_ref().filter(|t| !t.is_empty()))
        {
            self.diags.push(CheckDiag::warning(
                "Variable marked as deprecated by the module author",
                format!("Variable {} is marked as deprecated with the following message:\n{text}", go_quote(&v.name)),
                Some(src),
            ));
        }
        // As the variable's console shows it (optional-attribute markers
        // never reach a result type); a text past tftype's output limit is
        // not written.
        let console = if v.sensitive {
            "(sensitive value)".to_string()
        } else {
            crate::render::console_within_as(&value, crate::render::MAX_OUTPUT_BYTES, self.p).unwrap_or_default()
        };
        let type_string = if value.ty.has_optional_attrs_deep() {
            value.ty.without_optional_attrs_deep().type_string()
        } else {
            value.ty.type_string()
        };
        (ArgStatus::Accepted { type_string, console }, Some(value))
    }

    /// The value of the local `name` of `frame`'s module when tftype knows
    /// it: evaluated once, on first use (`depth`: how many locals lean on
    /// this one; a cycle or a chain past [`MAX_LOCAL_DEPTH`] stays unknown).
    fn local(&self, name: &str, frame: &Frame, depth: usize) -> Option<Value> {
        if let Some(known) = frame.known_locals.borrow().get(name) {
            return known.clone();
        }
        let def = frame.locals.locals.get(name)?;
        // Unknown while it is being evaluated: a local that leans on itself
        // (Terraform's cycle error) is never known.
        frame.known_locals.borrow_mut().insert(name.to_string(), None);
        let value = if depth >= MAX_LOCAL_DEPTH || self.unevaluable(&def.expr, frame, depth + 1).is_some() {
            None
        } else {
            let mut ev = evaluator(self.p, self.texts, &def.expr, &def.file, frame);
            let value = ev.eval(&def.expr);
            (ev.diags.is_empty() && wholly_known(&value)).then_some(value)
        };
        frame.known_locals.borrow_mut().insert(name.to_string(), value.clone());
        value
    }

    /// Why an argument is not evaluated: a reference to anything but a
    /// known variable or a known local of the calling module, or a function
    /// tftype does not evaluate offline (or an unknown namespaced one, whose
    /// texts are product-specific).
    fn unevaluable(&self, expr: &Expr, frame: &Frame, depth: usize) -> Option<Note> {
        for r in references(expr) {
            match (r.root.as_str(), r.attr) {
                ("var", Some(a)) if frame.vars.contains_key(&a) => {}
                ("local", Some(a)) if self.local(&a, frame, depth).is_some() => {}
                (root, Some(a)) => return Some(Note::RefersTo(format!("{root}.{a}"))),
                (root, None) => return Some(Note::RefersTo(root.to_string())),
            }
        }
        let mut why = None;
        expr.walk(&mut |x| {
            let ExprKind::Call(c) = &x.kind else { return };
            if why.is_some() {
                return;
            }
            let unknown_namespaced = c.name.contains("::")
                && crate::funcs::lookup(&c.name, self.p).is_none()
                && !crate::funcs::AllFunctions.is_try_or_can(&c.name, self.p);
            if crate::funcs::offline_reason(&c.name, self.p).is_some() || unknown_namespaced {
                why = Some(Note::Calls(c.name.clone()));
            }
        });
        why
    }
}

/// An evaluator for an expression of `file` in `frame`'s module: the known
/// variables and the known locals the expression names are bound.
fn evaluator<'e>(
    p: &'e Profile,
    texts: &'e Texts<'_>,
    expr: &Expr,
    file: &'e str,
    frame: &Frame,
) -> crate::hcl::eval::Evaluator<'e> {
    let mut ev = crate::hcl::eval::Evaluator::with_functions(Some(&crate::funcs::AllFunctions), p);
    ev.range_text = Some(Box::new(move |r: &Span| texts.subject(file, r).range_string()));
    if !frame.vars.is_empty() {
        ev.bind_root("var", Value::object(frame.vars.iter().map(|(k, x)| (k.as_str(), x.clone())).collect()));
    }
    let known = frame.known_locals.borrow();
    let named: BTreeMap<String, Value> = crate::sort::map(
        references(expr)
            .into_iter()
            .filter(|r| r.root == "local")
            .filter_map(|r| r.attr)
            .filter_map(|a| known.get(&a).cloned().flatten().map(|x| (a, x))),
    );
    if !named.is_empty() {
        ev.bind_root("local", Value::object(named.iter().map(|(k, x)| (k.as_str(), x.clone())).collect()));
    }
    ev
}

/// The arguments of a call that was not checked, each listed as such (the
/// summary counts them among the arguments not checked).
fn call_arguments(call: &CallBlock, texts: &Texts) -> Vec<ArgReport> {
    let mut out: Vec<ArgReport> = Vec::new();
    for item in call.bodies.iter().flatten() {
        if let Item::Attr { name, expr, .. } = item {
            if out.iter().all(|a| a.name != *name) {
                out.push(ArgReport {
                    name: name.clone(),
                    subject: texts.subject(&call.file, &expr.range()),
                    status: ArgStatus::NotChecked(Note::CallNotChecked),
                });
            }
        }
    }
    out
}

fn wholly_known(v: &Value) -> bool {
    match &v.kind {
        Kind::Unknown => false,
        Kind::Seq(xs) => xs.iter().all(wholly_known),
        Kind::Attrs(m) => m.values().all(wholly_known),
        _ => true,
    }
}

/// `PrepareFinalInputVariableValue` for a module variable given a value in
/// the call (a source range always: the argument's expression).
fn prepare(
    addr: &str,
    v: &Variable,
    given: &Value,
    src: &Subject,
    texts: &Texts,
    p: &Profile,
) -> Result<Value, Box<CheckDiag>> {
    let decl = v.decl_range.range_string();
    let with = crate::pipeline::with_defaults(given, &v.tc, p);
    let val = match crate::convert::convert(&with, &v.tc.ty, p) {
        Ok(x) => x,
        Err(e) => {
            let msg = e.message;
            let at_decl = p.conversion_error_at_declaration();
            let src_text = src.range_string();
            let (detail, subject) = if at_decl && v.ephemeral {
                (format!("The given value is not suitable for {addr}, which is ephemeral: {msg}. Invalid value defined at {src_text}."), v.decl_range.clone())
            } else if v.sensitive {
                (format!("The given value is not suitable for {addr}, which is sensitive: {msg}. Invalid value defined at {src_text}."), v.decl_range.clone())
            } else {
                (
                    format!("The given value is not suitable for {addr} declared at {decl}: {msg}."),
                    if at_decl { v.decl_range.clone() } else { src.clone() },
                )
            };
            let mut d = CheckDiag::error("Invalid value for input variable", detail, Some(subject));
            d.part = super::prepare::failing_part(
                addr,
                &with.ty,
                &v.tc.ty,
                &e.path,
                (src, crate::ValueFormat::Hcl),
                texts,
                p,
            );
            return Err(Box::new(d));
        }
    };
    if val.is_null() && !v.nullable {
        return match &v.default {
            Some(d) => Ok(d.clone()),
            None => Err(Box::new(CheckDiag::error(
                "Required variable not set",
                format!("The given value is not suitable for {addr} defined at {decl}: required variable may not be set to null."),
                Some(src.clone()),
            ))),
        };
    }
    Ok(val)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flavor::Flavor;
    use crate::module::output::{human_notes, human_notes_verbose};
    use crate::module::{check, check_with, CheckInput, CheckOptions};

    const CALLEE: &str = "variable \"name\" {\n  type = string\n}\n\nvariable \"port\" {\n  type    = number\n  default = 80\n}\n\nvariable \"tags\" {\n  type    = map(string)\n  default = {}\n}\n";

    fn input(files: &[(&str, &str)]) -> CheckInput {
        CheckInput { files: files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect(), ..Default::default() }
    }

    fn run(flavor: &str, files: &[(&str, &str)]) -> (Vec<CallReport>, Vec<String>) {
        let p = Flavor::lookup(flavor).unwrap().profile();
        let r = check_with(&input(files), &p, CheckOptions { module_calls: true, role: None });
        let diags = r
            .diagnostics
            .iter()
            .map(|d| {
                let at = d.subject.as_ref().map_or("-".to_string(), |s| s.range_string());
                format!("{} {}: {} @{at}", if d.is_error() { "E" } else { "W" }, d.summary, d.detail)
            })
            .collect();
        (r.module_calls, diags)
    }

    /// `module "app"` calling `./m` (the callee above) with `body`, under
    /// `flavor`.
    fn call(flavor: &str, body: &str) -> (Vec<CallReport>, Vec<String>) {
        let main = format!("module \"app\" {{\n  source = \"./m\"\n{body}\n}}\n");
        run(flavor, &[("main.tf", &main), ("m/variables.tf", CALLEE)])
    }

    fn arg<'a>(calls: &'a [CallReport], name: &str) -> &'a ArgStatus {
        &calls[0]
            .arguments
            .iter()
            .find(|a| a.name == name)
            .unwrap_or_else(|| panic!("no argument {name}: {calls:?}"))
            .status
    }

    #[test]
    fn constant_arguments_are_prepared_as_module_variables() {
        let bad_port = "E Invalid value for input variable: The given value is not suitable for module.app.var.port declared at m/variables.tf:5,1-16: a number is required. @main.tf:4,10-13";
        let cases: [(&str, &str, Option<&str>, Option<&str>); 6] = [
            ("port = \"x\"", "port", None, Some(bad_port)),
            ("port = \"8080\"", "port", Some("8080"), None),
            ("port = tonumber(\"1\") + 1", "port", Some("2"), None),
            ("tags = { a = 1, b = true }", "tags", Some("tomap({\n  \"a\" = \"1\"\n  \"b\" = \"true\"\n})"), None),
            ("tags = jsondecode(\"{\\\"a\\\": \\\"x\\\"}\")", "tags", Some("tomap({\n  \"a\" = \"x\"\n})"), None),
            (
                "port = 1 + \"a\"",
                "port",
                None,
                Some("E Invalid operand: Unsuitable value for right operand: a number is required. @main.tf:4,14-17"),
            ),
        ];
        for (line, name, console, diag) in cases {
            let (calls, diags) = call("terraform@1.15", &format!("  name = \"web\"\n  {line}"));
            assert_eq!(calls[0].status, CallStatus::Checked, "{line}");
            match (console, arg(&calls, name)) {
                (Some(c), ArgStatus::Accepted { console, .. }) => assert_eq!(console, c, "{line}"),
                (None, ArgStatus::Failed { .. }) => {}
                (_, other) => panic!("{line}: {other:?}"),
            }
            assert_eq!(diags, diag.into_iter().map(str::to_string).collect::<Vec<_>>(), "{line}");
        }
    }

    #[test]
    fn arguments_that_refer_to_anything_or_call_offline_functions_are_not_checked() {
        let cases: [(&str, Note); 11] = [
            ("var.port", Note::RefersTo("var.port".into())),
            ("local.port", Note::RefersTo("local.port".into())), // no such local
            ("module.other.port", Note::RefersTo("module.other".into())),
            ("aws_instance.web.port", Note::RefersTo("aws_instance.web".into())),
            ("count.index", Note::RefersTo("count.index".into())),
            ("each.value", Note::RefersTo("each.value".into())),
            ("length(path.module)", Note::RefersTo("path.module".into())),
            ("[for x in local.l : x][0]", Note::RefersTo("local.l".into())),
            ("length(file(\"p\"))", Note::Calls("file".into())),
            ("length(timestamp())", Note::Calls("timestamp".into())),
            ("provider::aws::port(1)", Note::Calls("provider::aws::port".into())),
        ];
        for (expr, note) in cases {
            let (calls, diags) = call("terraform@1.15", &format!("  name = \"web\"\n  port = {expr}"));
            assert_eq!(arg(&calls, "port"), &ArgStatus::NotChecked(note), "{expr}");
            assert!(diags.is_empty(), "{expr}: {diags:?}");
        }
    }

    /// A local whose own expression is known (constants, functions tftype
    /// evaluates, known variables and other known locals) is evaluated when
    /// an argument names it; any other stays unknown and the argument is not
    /// checked.
    #[test]
    fn constant_locals_are_known_to_the_arguments_that_name_them() {
        let cases: [(&str, &str, Result<&str, Note>); 10] = [
            ("https = \"8443\"", "local.https", Ok("8443")),
            ("p = 8000\n  q = local.p + 80", "local.q", Ok("8080")),
            ("ports = [80, 443]", "local.ports[1]", Ok("443")),
            ("p = \"eighty\"", "local.p", Err(Note::NotKnown)),
            ("p = timestamp()", "local.p", Err(Note::RefersTo("local.p".into()))),
            ("p = var.port", "local.p", Err(Note::RefersTo("local.p".into()))),
            ("p = each.value", "local.p", Err(Note::RefersTo("local.p".into()))),
            ("a = local.b\n  b = local.a", "local.a", Err(Note::RefersTo("local.a".into()))),
            ("p = 1 + \"x\"", "local.p", Err(Note::RefersTo("local.p".into()))),
            ("", "local.missing", Err(Note::RefersTo("local.missing".into()))),
        ];
        for (locals, expr, want) in cases {
            let main = format!("locals {{\n  {locals}\n}}\n\nmodule \"app\" {{\n  source = \"./m\"\n  name   = \"web\"\n  port   = {expr}\n}}\n");
            let (calls, diags) = run("terraform@1.15", &[("main.tf", &main), ("m/variables.tf", CALLEE)]);
            match (want, arg(&calls, "port")) {
                (Ok(c), ArgStatus::Accepted { console, .. }) => assert_eq!(console, c, "{locals}"),
                (Err(Note::NotKnown), ArgStatus::Failed { summary }) => {
                    assert_eq!(summary, "Invalid value for input variable", "{locals}: {diags:?}")
                }
                (Err(n), got) => assert_eq!(got, &ArgStatus::NotChecked(n), "{locals}: {diags:?}"),
                (want, got) => panic!("{locals}: {want:?} but {got:?}"),
            }
        }
        // A local defined twice, or changed by an override file, stays unknown.
        for (files, note) in [
            (
                vec![
                    ("main.tf", "locals {\n  p = 1\n}\n\nlocals {\n  p = 2\n}\n"),
                    ("calls.tf", "module \"app\" {\n  source = \"./m\"\n  name   = \"web\"\n  port   = local.p\n}\n"),
                ],
                "duplicate",
            ),
            (
                vec![
                    ("main.tf", "locals {\n  p = 1\n}\n"),
                    ("main_override.tf", "locals {\n  p = 2\n}\n"),
                    ("calls.tf", "module \"app\" {\n  source = \"./m\"\n  name   = \"web\"\n  port   = local.p\n}\n"),
                ],
                "override",
            ),
        ] {
            let mut files = files;
            files.push(("m/variables.tf", CALLEE));
            let (calls, _) = run("terraform@1.15", &files);
            assert_eq!(arg(&calls, "port"), &ArgStatus::NotChecked(Note::RefersTo("local.p".into())), "{note}");
        }
    }

    /// The arguments a call leaves unchecked come one line per reason, with
    /// their names; a lone one keeps its own line. The summary counts the
    /// arguments as well as the calls.
    #[test]
    fn unchecked_arguments_are_grouped_one_line_per_reason() {
        let callee = "variable \"a\" {\n  type = any\n}\nvariable \"b\" {\n  type = any\n}\nvariable \"c\" {\n  type = any\n}\nvariable \"d\" {\n  type = any\n}\nvariable \"e\" {\n  type = number\n}\n";
        let main = "module \"app\" {\n  source = \"./m\"\n  a = each.value\n  b = aws_vpc.main.id\n  c = each.key\n  d = file(\"x\")\n  e = 1\n}\n";
        let p = Flavor::lookup("terraform@1.15").unwrap().profile();
        let r = check_with(
            &input(&[("main.tf", main), ("m/variables.tf", callee)]),
            &p,
            CheckOptions { module_calls: true, role: None },
        );
        let notes = human_notes(&r.module_calls, Lang::En);
        assert_eq!(
            notes,
            "module.app: 3 arguments not checked (a, b, c): they refer to each.value, aws_vpc.main, each.key, whose values tftype does not know.\n\
             module.app.var.d: not checked: it calls file(), which tftype does not evaluate offline.\n\
             1 module call: 1 read, 0 not read, 0 with a remote source skipped; 1 of their 5 arguments checked, 4 not checked.\n"
        );
        assert!(
            crate::module::output::summary_line(&r, Lang::En)
                .starts_with("0 variables and 1 of 5 module arguments checked"),
            "{}",
            crate::module::output::summary_line(&r, Lang::En)
        );
        // Past six names the list ends with an ellipsis.
        let many: String = (0..8).map(|i| format!("variable \"v{i}\" {{\n  type = any\n}}\n")).collect();
        let args: String = (0..8).map(|i| format!("  v{i} = each.value\n")).collect();
        let main = format!("module \"app\" {{\n  source = \"./m\"\n{args}}}\n");
        let r = check_with(
            &input(&[("main.tf", &main), ("m/variables.tf", &many)]),
            &p,
            CheckOptions { module_calls: true, role: None },
        );
        assert!(human_notes(&r.module_calls, Lang::En)
            .starts_with("module.app: 8 arguments not checked (v0, v1, v2, v3, v4, v5, …): they refer to each.value,"));
    }

    /// The calls inside called modules leave their arguments unchecked
    /// together: one line for all of them, each call's line with
    /// `--verbose`; the summary says calls were read, not checked, when
    /// none of their arguments was (ux-5 M6).
    #[test]
    fn inner_calls_unchecked_arguments_are_one_line_unless_verbose() {
        let inner = "variable \"z\" {\n  type = any\n}\n";
        let m = "variable \"x\" {\n  type = any\n}\nmodule \"inner\" {\n  source = \"./inner\"\n  z = var.x\n}\nmodule \"again\" {\n  source = \"./inner\"\n  z = var.x\n}\n";
        let main = "module \"m\" {\n  source = \"./m\"\n  x = each.value\n}\n";
        let p = Flavor::lookup("terraform@1.15").unwrap().profile();
        let r = check_with(
            &input(&[("main.tf", main), ("m/main.tf", m), ("m/inner/main.tf", inner)]),
            &p,
            CheckOptions { module_calls: true, role: None },
        );
        let short = human_notes(&r.module_calls, Lang::En);
        assert_eq!(
            short,
            "module.m.var.x: not checked: it refers to each.value, whose value tftype does not know.\n\
             2 arguments of 2 module calls inside called modules not checked (--verbose lists them).\n\
             3 module calls: 3 read, 0 not read, 0 with a remote source skipped; 0 of their 3 arguments checked, 3 not checked.\n"
        );
        let long = human_notes_verbose(&r.module_calls, Lang::En, true);
        assert!(
            long.contains("module.m.module.inner.var.z: not checked")
                && long.contains("module.m.module.again.var.z: not checked")
                && !long.contains("--verbose"),
            "{long}"
        );
    }

    /// Inside a called module a local may use the variables the call gave.
    #[test]
    fn a_called_modules_locals_see_the_values_the_call_gives() {
        let a = "variable \"n\" {\n  type = number\n}\n\nlocals {\n  twice = var.n * 2\n}\n\nmodule \"b\" {\n  source = \"../b\"\n  n      = local.twice\n}\n";
        let b = "variable \"n\" {\n  type = string\n}\n";
        let (calls, diags) = run(
            "terraform@1.15",
            &[
                ("main.tf", "module \"a\" {\n  source = \"./a\"\n  n      = 21\n}\n"),
                ("a/main.tf", a),
                ("b/main.tf", b),
            ],
        );
        assert_eq!(
            calls[1].arguments[0].status,
            ArgStatus::Accepted { type_string: "string".into(), console: "\"42\"".into() },
            "{diags:?}"
        );
    }

    #[test]
    fn remote_and_unreadable_sources_are_listed_with_the_reason() {
        let cases: [(&str, CallStatus); 8] = [
            ("source = \"hashicorp/consul/aws\"\n  version = \"1.0.0\"", CallStatus::Remote),
            ("source = \"git::https://example.com/vpc.git?ref=v1\"", CallStatus::Remote),
            ("source = \"https://example.com/vpc.zip\"", CallStatus::Remote),
            ("source = \"github.com/org/vpc\"", CallStatus::Remote),
            ("source = \"./m\"\n  version = \"1.0.0\"", CallStatus::NotChecked(Note::VersionWithLocalSource)),
            ("source = \"./${local.dir}\"", CallStatus::NotChecked(Note::SourceNotLiteral)),
            ("source = \"./nope\"", CallStatus::NotChecked(Note::NoFiles("nope".into()))),
            ("source = \"./m/../m\"\n  name = 1", CallStatus::Checked),
        ];
        for (body, status) in cases {
            let main = format!("module \"app\" {{\n  {body}\n}}\n");
            let (calls, diags) = run("terraform@1.15", &[("main.tf", &main), ("m/variables.tf", CALLEE)]);
            assert_eq!(calls[0].status, status, "{body}");
            assert!(diags.is_empty(), "{body}: {diags:?}");
        }
    }

    #[test]
    fn a_call_body_is_read_against_the_callee_variables_as_hcl_content() {
        let cases: [(&str, &[&str]); 5] = [
            ("  nmae = \"web\"", &[
                "E Missing required argument: The argument \"name\" is required, but no definition was found. @main.tf:1,14-14",
                "E Unsupported argument: An argument named \"nmae\" is not expected here. Did you mean \"name\"? @main.tf:3,3-7",
            ]),
            ("  name = \"web\"\n  dynamic \"x\" {}", &["E Unsupported block type: Blocks of type \"dynamic\" are not expected here. @main.tf:4,3-10"]),
            ("  name = \"web\"\n  tags {}", &[
                "E Unsupported block type: Blocks of type \"tags\" are not expected here. Did you mean to define argument \"tags\"? If so, use the equals sign to assign it a value. @main.tf:4,3-7",
            ]),
            ("  port = 1\n  _ {\n    port = 2\n  }", &[
                "E Missing required argument: The argument \"name\" is required, but was not set. @-",
                "E Duplicate argument: Argument \"port\" was already set at main.tf:3,3-7 @main.tf:5,5-9",
            ]),
            ("  name = \"a\"\n  count = 2\n  for_each = {}\n  lifecycle {}", &[
                "E Invalid combination of \"count\" and \"for_each\": The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created. @main.tf:5,3-11",
            ]),
        ];
        for (body, want) in cases {
            let (calls, diags) = call("terraform@1.15", body);
            assert_eq!(diags, want.iter().map(|s| s.to_string()).collect::<Vec<_>>(), "{body}");
            assert_eq!(calls[0].status, CallStatus::Checked, "{body}");
        }
        let (calls, _) = call("terraform@1.15", "  nmae = \"web\"");
        assert_eq!(arg(&calls, "nmae"), &ArgStatus::Unsupported);
    }

    #[test]
    fn ignore_nested_deprecations_is_a_module_block_argument_from_terraform_1_15() {
        let body = "  name = \"a\"\n  ignore_nested_deprecations = true";
        let (_, diags) = call("terraform@1.14", body);
        assert_eq!(diags, ["E Unsupported argument: An argument named \"ignore_nested_deprecations\" is not expected here. @main.tf:4,3-29"]);
        assert!(call("terraform@1.15", body).1.is_empty());
    }

    #[test]
    fn sensitive_and_ephemeral_variables_point_at_the_declaration_as_each_product_does() {
        let callee = "variable \"s\" {\n  type      = number\n  sensitive = true\n}\n\nvariable \"e\" {\n  type      = number\n  ephemeral = true\n}\n\nvariable \"n\" {\n  type = number\n}\n";
        let main = "module \"app\" {\n  source = \"./m\"\n  s = \"x\"\n  e = \"y\"\n  n = \"z\"\n}\n";
        let files = [("main.tf", main), ("m/v.tf", callee)];
        let cases: [(&str, [&str; 3]); 2] = [
            ("terraform@1.15", [
                "E Invalid value for input variable: The given value is not suitable for module.app.var.e declared at m/v.tf:6,1-13: a number is required. @main.tf:4,7-10",
                "E Invalid value for input variable: The given value is not suitable for module.app.var.n declared at m/v.tf:11,1-13: a number is required. @main.tf:5,7-10",
                "E Invalid value for input variable: The given value is not suitable for module.app.var.s, which is sensitive: a number is required. Invalid value defined at main.tf:3,7-10. @m/v.tf:1,1-13",
            ]),
            ("opentofu@1.11", [
                "E Invalid value for input variable: The given value is not suitable for module.app.var.s, which is sensitive: a number is required. Invalid value defined at main.tf:3,7-10. @m/v.tf:1,1-13",
                "E Invalid value for input variable: The given value is not suitable for module.app.var.e, which is ephemeral: a number is required. Invalid value defined at main.tf:4,7-10. @m/v.tf:6,1-13",
                "E Invalid value for input variable: The given value is not suitable for module.app.var.n declared at m/v.tf:11,1-13: a number is required. @m/v.tf:11,1-13",
            ]),
        ];
        for (flavor, want) in cases {
            assert_eq!(run(flavor, &files).1, want, "{flavor}");
        }
    }

    #[test]
    fn null_for_a_non_nullable_variable_takes_the_default_or_is_refused() {
        let callee = "variable \"d\" {\n  type     = number\n  default  = 3\n  nullable = false\n}\n\nvariable \"r\" {\n  type     = number\n  nullable = false\n}\n";
        let main = "module \"app\" {\n  source = \"./m\"\n  d = null\n  r = null\n}\n";
        let (calls, diags) = run("terraform@1.15", &[("main.tf", main), ("m/v.tf", callee)]);
        assert_eq!(arg(&calls, "d"), &ArgStatus::Accepted { type_string: "number".into(), console: "3".into() });
        assert_eq!(diags, ["E Required variable not set: The given value is not suitable for module.app.var.r defined at m/v.tf:7,1-13: required variable may not be set to null. @main.tf:4,7-11"]);
    }

    #[test]
    fn ignored_object_attributes_are_warned_about_from_opentofu_1_11() {
        let callee = "variable \"o\" {\n  type = list(object({ name = string, port = optional(number, 80) }))\n}\n";
        let main = "module \"app\" {\n  source = \"./m\"\n  o = [{ name = \"a\", prot = 1 }]\n}\n";
        let files = [("main.tf", main), ("m/v.tf", callee)];
        let warning = "W Object attribute is ignored: The object type for input variable \"o\" nested value [0] does not include an attribute named \"prot\", so this definition is unused. Did you mean to set attribute \"port\" instead? @main.tf:3,22-26";
        for (flavor, want) in [
            ("opentofu@1.10", None),
            ("opentofu@1.11", Some(warning)),
            ("opentofu@1.12", Some(warning)),
            ("terraform@1.15", None),
        ] {
            let (calls, diags) = run(flavor, &files);
            assert_eq!(diags, want.into_iter().map(str::to_string).collect::<Vec<_>>(), "{flavor}");
            assert!(
                matches!(arg(&calls, "o"), ArgStatus::Accepted { console, .. } if console.contains("\"port\" = 80")),
                "{flavor}"
            );
        }
    }

    #[test]
    fn a_value_for_a_deprecated_variable_is_warned_about_as_each_product_does() {
        let callee = "variable \"old\" {\n  type       = number\n  default    = 1\n  deprecated = \"Use new.\"\n}\n";
        let files = |v: &str| {
            vec![
                ("main.tf".to_string(), format!("module \"app\" {{\n  source = \"./m\"\n  old = {v}\n}}\n")),
                ("m/v.tf".to_string(), callee.to_string()),
            ]
        };
        let tf = "W Deprecated variable got a value: Use new. @main.tf:3,9-10";
        let tofu = "W Variable marked as deprecated by the module author: Variable \"old\" is marked as deprecated with the following message:\nUse new. @main.tf:3,9-10";
        let bad = "E Invalid value for input variable: The given value is not suitable for module.app.var.old declared at m/v.tf:1,1-15: a number is required. @main.tf:3,9-12";
        let tofu_bad = "E Invalid value for input variable: The given value is not suitable for module.app.var.old declared at m/v.tf:1,1-15: a number is required. @m/v.tf:1,1-15";
        let cases: [(&str, &str, &[&str]); 6] = [
            ("terraform@1.15", "2", &[tf]),
            ("terraform@1.15", "null", &[]),
            ("terraform@1.15", "\"x\"", &["W Deprecated variable got a value: Use new. @main.tf:3,9-12", bad]),
            ("opentofu@1.10", "2", &[tofu]),
            ("opentofu@1.12", "\"x\"", &[tofu_bad]),
            ("opentofu@1.9", "2", &[]),
        ];
        for (flavor, value, want) in cases {
            let fs = files(value);
            let refs: Vec<(&str, &str)> = fs.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
            let (calls, diags) = run(flavor, &refs);
            assert_eq!(
                diags.iter().filter(|d| !d.contains("@m/v.tf:4")).cloned().collect::<Vec<_>>(),
                *want,
                "{flavor} {value}"
            );
            if flavor == "opentofu@1.9" {
                // No `deprecated` argument yet: the callee does not decode.
                assert_eq!(calls[0].status, CallStatus::NotChecked(Note::CalleeErrors("m".into())));
            }
        }
    }

    #[test]
    fn nested_calls_know_the_values_the_calling_module_was_given() {
        let a = "variable \"n\" {\n  type = number\n}\n\nvariable \"s\" {\n  type    = string\n  default = \"x\"\n}\n\nmodule \"b\" {\n  source = \"../b\"\n  n      = var.n\n  s      = var.s\n  l      = local.l\n}\n";
        let b = "variable \"n\" {\n  type = string\n}\n\nvariable \"s\" {\n  type = number\n}\n\nvariable \"l\" {\n  default = null\n}\n";
        let cases: [(&str, ArgStatus); 2] = [
            ("1", ArgStatus::Accepted { type_string: "string".into(), console: "\"1\"".into() }),
            ("[]", ArgStatus::NotChecked(Note::RefersTo("var.n".into()))),
        ];
        for (n, want) in cases {
            let main = format!("module \"a\" {{\n  source = \"./a\"\n  n      = {n}\n}}\n");
            let (calls, diags) = run("terraform@1.15", &[("main.tf", &main), ("a/main.tf", a), ("b/main.tf", b)]);
            assert_eq!(calls.iter().map(|c| c.address.as_str()).collect::<Vec<_>>(), ["module.a", "module.a.module.b"]);
            assert_eq!(calls[1].dir.as_deref(), Some("b"));
            assert_eq!(calls[1].arguments.iter().find(|x| x.name == "n").unwrap().status, want, "{n}");
            assert_eq!(
                calls[1].arguments.iter().find(|x| x.name == "l").unwrap().status,
                ArgStatus::NotChecked(Note::RefersTo("local.l".into()))
            );
            assert!(
                diags.contains(&"E Invalid value for input variable: The given value is not suitable for module.a.module.b.var.s declared at b/main.tf:5,1-13: a number is required. @a/main.tf:13,12-17".to_string()),
                "{diags:?}"
            );
        }
    }

    #[test]
    fn calls_that_cannot_be_followed_say_why() {
        // A module among its own callers.
        let m = "variable \"x\" {\n  default = 1\n}\n\nmodule \"again\" {\n  source = \"../m\"\n}\n";
        let (calls, _) =
            run("terraform@1.15", &[("main.tf", "module \"app\" {\n  source = \"./m\"\n}\n"), ("m/main.tf", m)]);
        assert_eq!(calls[1].status, CallStatus::NotChecked(Note::Recursive("m".into())));
        // A callee whose declarations have errors: its diagnostics, no check.
        let (calls, diags) = run(
            "terraform@1.15",
            &[
                ("main.tf", "module \"app\" {\n  source = \"./m\"\n  x = 1\n}\n"),
                ("m/main.tf", "variable \"x\" {\n  tpye = string\n}\n"),
            ],
        );
        assert_eq!(calls[0].status, CallStatus::NotChecked(Note::CalleeErrors("m".into())));
        assert_eq!(diags, ["E Unsupported argument: An argument named \"tpye\" is not expected here. Did you mean \"type\"? @m/main.tf:2,3-7"]);
        // An override file changes the call.
        let (calls, _) = run(
            "terraform@1.15",
            &[
                ("main.tf", "module \"app\" {\n  source = \"./m\"\n}\n"),
                ("override.tf", "module \"app\" {\n  name = 1\n}\n"),
                ("m/variables.tf", CALLEE),
            ],
        );
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].status, CallStatus::NotChecked(Note::Overridden));
    }

    #[test]
    fn a_tree_of_calls_is_followed_up_to_the_limits() {
        // Each level calls the next twice: 2^15 calls in all.
        let mut files = vec![(
            "main.tf".to_string(),
            "module \"a\" {\n  source = \"./l1\"\n}\nmodule \"b\" {\n  source = \"./l1\"\n}\n".to_string(),
        )];
        for level in 1..15 {
            let next = format!("../l{}", level + 1);
            files.push((
                format!("l{level}/main.tf"),
                format!("module \"a\" {{\n  source = \"{next}\"\n}}\nmodule \"b\" {{\n  source = \"{next}\"\n}}\n"),
            ));
        }
        files.push(("l15/main.tf".to_string(), "variable \"x\" {\n  default = 1\n}\n".to_string()));
        let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let (calls, diags) = run("terraform@1.15", &refs);
        assert!(diags.is_empty());
        assert_eq!(calls.len(), MAX_CALLS + 1);
        assert_eq!(calls.last().unwrap().status, CallStatus::NotChecked(Note::Limit));
        assert_eq!(calls.iter().filter(|c| c.status == CallStatus::NotChecked(Note::Limit)).count(), 1);
        assert_eq!(calls[14].address, "module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a.module.a");
        // Deeper than MAX_NESTING: a chain of 20 modules.
        let mut files = vec![("main.tf".to_string(), "module \"m\" {\n  source = \"./c1\"\n}\n".to_string())];
        for level in 1..20 {
            files.push((
                format!("c{level}/main.tf"),
                format!("module \"m\" {{\n  source = \"../c{}\"\n}}\n", level + 1),
            ));
        }
        let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let (calls, _) = run("terraform@1.15", &refs);
        assert_eq!(calls.len(), MAX_NESTING + 1);
        assert_eq!(calls[MAX_NESTING].status, CallStatus::NotChecked(Note::Limit));
    }

    #[test]
    fn module_blocks_are_decoded_as_terraform_decodes_them() {
        let main = "module \"app\" {\n  source = \"./m\"\n  name = 1\n}\n\nmodule \"app\" {\n  source = \"./m\"\n  name = 2\n}\n\nmodule \"1x\" {\n  source = \"./m\"\n  name = 3\n}\n\nmodule {\n}\n\nmodule \"a\" \"b\" {\n}\n\nmodule \"nosrc\" {\n}\n";
        let (calls, diags) = run("terraform@1.15", &[("main.tf", main), ("m/variables.tf", CALLEE)]);
        assert_eq!(
            diags,
            [
                "E Duplicate module call: A module call named \"app\" was already defined at main.tf:1,1-13. Module calls must have unique names within a module. @main.tf:6,1-13",
                "E Invalid module instance name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @main.tf:11,8-12",
                "E Missing name for module: All module blocks must have 1 labels (name). @main.tf:16,8-9",
                "E Extraneous label for module: Only 1 labels (name) are expected for module blocks. @main.tf:19,12-15",
                "E Missing required argument: The argument \"source\" is required, but no definition was found. @main.tf:22,16-16",
            ]
        );
        // The later call replaces the earlier one.
        assert_eq!(
            calls.iter().map(|c| c.address.as_str()).collect::<Vec<_>>(),
            ["module.app", "module.1x", "module.nosrc"]
        );
        assert!(matches!(arg(&calls, "name"), ArgStatus::Accepted { console, .. } if console == "\"2\""));
        assert_eq!(calls[2].status, CallStatus::NotChecked(Note::NoSource));
    }

    #[test]
    fn the_oracle_schema_leaves_module_calls_alone() {
        let files = input(&[
            ("main.tf", "module \"app\" {\n  source = \"./m\"\n  port = \"x\"\n}\n"),
            ("m/variables.tf", CALLEE),
        ]);
        let p = Profile::default();
        let plain = check(&files, &p);
        assert!(plain.ok && plain.diagnostics.is_empty() && plain.module_calls.is_empty());
        let with = check_with(&files, &p, CheckOptions { module_calls: true, role: None });
        assert!(!with.ok);
        assert_eq!(with.module_calls.len(), 1);
    }

    #[test]
    fn local_sources_are_joined_and_cleaned_as_terraform_does() {
        for (base, source, want) in [
            ("", "./m", "m"),
            ("", "./a/../b//c/", "b/c"),
            ("a", "../b", "b"),
            ("a", "../../x", "../x"),
            ("", "../x", "../x"),
            ("", ".\\win\\dir", "win/dir"),
            ("m", "./", "m"),
        ] {
            assert_eq!(join_dir(base, source), want, "{base} + {source}");
        }
        for (s, local) in [
            ("./m", true),
            ("../m", true),
            (".\\m", true),
            ("m", false),
            ("hashicorp/consul/aws", false),
            ("git::./m", false),
        ] {
            assert_eq!(is_local_source(s), local, "{s}");
        }
        let files: BTreeMap<String, String> = [
            ("main.tf".to_string(), "module \"a\" {\n  source = \"./a\"\n}\nmodule \"r\" {\n  source = \"x/y/z\"\n}\nmodule \"a2\" {\n  source = \"./a/\"\n}\n".to_string()),
            ("a/main.tf".to_string(), "module \"b\" {\n  source = \"../b\"\n}\n".to_string()),
        ]
        .into();
        let p = Profile::default();
        assert_eq!(local_module_dirs(&files, "", &p), ["a"]);
        assert_eq!(local_module_dirs(&files, "a", &p), ["b"]);
    }

    #[test]
    fn every_reason_has_a_text_in_every_language() {
        let notes = [
            Note::RefersTo("local.x".into()),
            Note::Calls("file".into()),
            Note::NotKnown,
            Note::NoSource,
            Note::SourceNotLiteral,
            Note::VersionWithLocalSource,
            Note::NoFiles("m".into()),
            Note::CalleeErrors("m".into()),
            Note::Recursive("m".into()),
            Note::Limit,
            Note::Overridden,
            Note::NotInstalled,
            Note::Stale,
            Note::DirRefused,
            Note::SourceUnknownForm,
            Note::CallNotChecked,
            Note::VersionUnread,
            Note::ManifestUnreadable("not the manifest's JSON shape (line 1, column 2)".into()),
        ];
        for lang in [Lang::En, Lang::Zh, Lang::Ja] {
            for n in &notes {
                let t = n.text(lang);
                assert!(!t.is_empty() && !t.contains("check.call") && !t.contains('{'), "{lang:?} {n:?}: {t}");
            }
        }
        assert!(Note::RefersTo("local.x".into()).text(Lang::En).contains("local.x"));
    }

    /// The called module's validation rules run on the values the call
    /// decides; Terraform 1.9+ points a failure at the argument.
    #[test]
    fn a_called_modules_rules_check_the_values_the_call_gives() {
        let callee = "variable \"port\" {\n  type = number\n  validation {\n    condition     = var.port > 0 && var.port < 65536\n    error_message = \"Port ${var.port} is out of range.\"\n  }\n}\n\nvariable \"path\" {\n  type    = string\n  default = \"a\"\n  validation {\n    condition     = fileexists(var.path)\n    error_message = \"No file.\"\n  }\n}\n";
        let main = "module \"app\" {\n  source = \"./m\"\n  port   = 70000\n}\n";
        let results = |calls: &[CallReport]| {
            calls[0].validations.iter().map(|(n, r)| format!("{n}:{}", r.result.as_str())).collect::<Vec<_>>()
        };
        let (calls, diags) = run("terraform@1.9", &[("main.tf", main), ("m/variables.tf", callee)]);
        assert_eq!(results(&calls), ["port:fail", "path:not_evaluated"]);
        assert_eq!(diags, ["E Invalid value for variable: Port 70000 is out of range.\n\nThis was checked by the validation rule at m/variables.tf:3,3-13. @main.tf:3,12-17"]);
        let (_, diags) = run("terraform@1.8", &[("main.tf", main), ("m/variables.tf", callee)]);
        assert!(diags[0].ends_with("@m/variables.tf:1,1-16"), "{diags:?}");
        let (calls, diags) =
            run("terraform@1.9", &[("main.tf", &main.replace("70000", "443")), ("m/variables.tf", callee)]);
        assert_eq!(results(&calls), ["port:pass", "path:not_evaluated"]);
        assert!(diags.is_empty(), "{diags:?}");
    }
}
