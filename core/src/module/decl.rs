//! The module's `variable` blocks, decoded as Terraform's
//! `decodeVariableBlock` (`internal/configs/named_values.go`) decodes them
//! in each version: the arguments the flavor knows, the name rules, `type`
//! ([`crate::typeexpr`]), `default` (evaluated with no context, the type's
//! defaults applied, converted), the gohcl-decoded flags, and `validation`
//! blocks (kept; their reference rules checked). Files are read in name
//! order; duplicates are found after every file is decoded (`module.go`).

use std::collections::BTreeMap;

use super::{CheckDiag, Subject, Texts};
use crate::flavor::{Profile, VariableBlock};
use crate::hcl::ast::{Expr, Span};
use crate::hcl::parse::{Block, Body, BodyItem, RawDiag};
use crate::hcl::traversals::references;
use crate::render::go_quote;
use crate::typeexpr::{self, TypeConstraint, TypeFailure};
use crate::types::Type;
use crate::value::Value;

/// One validation rule: its block's range and expressions.
#[derive(Clone, Debug)]
pub struct Rule {
    /// The `validation` block's range (`FILE:L,C-C`, as upstream names it).
    pub decl_range: Subject,
    pub condition: Expr,
    pub error_message: Expr,
    pub file: String,
    /// A JSON file's message: see [`JsonRuleMessage`].
    pub json_message: Option<JsonRuleMessage>,
}

/// A `.tf.json` rule's error message, for Terraform's fallback when it does
/// not evaluate (`eval_variable.go`): the string gohcl decodes it to
/// without a context, and the template's syntax errors when it did not
/// parse (evaluating it gives those).
#[derive(Clone, Debug)]
pub struct JsonRuleMessage {
    pub literal: Option<String>,
    pub unparsed: Option<Vec<CheckDiag>>,
}

/// One decoded `variable` block.
#[derive(Clone, Debug)]
pub struct Variable {
    pub name: String,
    pub file: String,
    /// The block's `DefRange`: `variable "NAME"`.
    pub decl_range: Subject,
    pub tc: TypeConstraint,
    /// The `type` argument's expression, as bytes of the file.
    pub type_range: Option<std::ops::Range<usize>>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
    pub constant: bool,
    pub description: Option<String>,
    pub deprecated: Option<String>,
    /// The converted default; None: the variable is required.
    pub default: Option<Value>,
    pub validations: usize,
    pub rules: Vec<Rule>,
    /// The diagnostics of this block (and of its duplicate declaration).
    pub diags: Vec<CheckDiag>,
}

impl Variable {
    pub fn required(&self) -> bool {
        self.default.is_none()
    }
}

/// The root module as check mode reads it.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// In declaration order; a duplicate declaration is not listed again.
    pub vars: Vec<Variable>,
    /// Where each name is in `vars` (hashed: a check looks names up
    /// several times per value source).
    index: crate::NameMap<String, usize>,
    /// Every configuration diagnostic, in the order found.
    pub diags: Vec<CheckDiag>,
}

impl Module {
    pub fn get(&self, name: &str) -> Option<&Variable> {
        self.index.get(name).map(|&i| &self.vars[i])
    }

    /// Where `name` is in `vars`.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn position(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// A module of the variables at `keep` (positions in `vars`, in
    /// order) alone, without the configuration's diagnostics: the kept
    /// check works out a few variables' part of a check with it
    /// ([`super::kept_check`]).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn only(&self, keep: &[usize]) -> Module {
        let mut m = Module { vars: Vec::with_capacity(keep.len()), index: Default::default(), diags: Vec::new() };
        for &i in keep {
            m.index.insert(self.vars[i].name.clone(), m.vars.len());
            m.vars.push(self.vars[i].clone());
        }
        m
    }
}

/// Whether `name` is one of the module's configuration files: a top-level
/// `.tf`, `.tf.json`, `.tofu` or `.tofu.json` file (see [`super::files`]).
pub fn is_config_file(name: &str) -> bool {
    !name.contains('/') && super::files::is_config_name(name)
}

/// Whether `name` is a configuration file of the module in directory `dir`
/// ("" for the root module, else a path such as `modules/vpc`).
pub fn is_config_file_in(name: &str, dir: &str) -> bool {
    if dir.is_empty() {
        return is_config_file(name);
    }
    name.strip_prefix(dir).and_then(|rest| rest.strip_prefix('/')).is_some_and(is_config_file)
}

/// Reads the root module's configuration files (see [`super::files`]):
/// the primary files in name order, then the override files merged in.
pub fn load(files: &BTreeMap<String, String>, texts: &Texts, p: &Profile) -> std::rc::Rc<Module> {
    load_dir(files, "", texts, p)
}

/// Reads the configuration files of the module in directory `dir` (see
/// [`is_config_file_in`]), in name order.
pub fn load_dir(files: &BTreeMap<String, String>, dir: &str, texts: &Texts, p: &Profile) -> std::rc::Rc<Module> {
    if crate::valueparse::kept::on() {
        // The same configuration files give the same module.
        let inputs: Vec<&str> =
            super::files::module_files(files, dir, p).all().flat_map(|(n, t)| [n.as_str(), t.as_str()]).collect();
        return crate::valueparse::kept::remember("declarations", dir, &inputs, p, |own| {
            std::rc::Rc::new(load_dir_now(files, dir, texts, own))
        });
    }
    std::rc::Rc::new(load_dir_now(files, dir, texts, p))
}

fn load_dir_now(files: &BTreeMap<String, String>, dir: &str, texts: &Texts, p: &Profile) -> Module {
    let mut m = Module::default();
    let chosen = super::files::module_files(files, dir, p);
    // Every primary file, then every override file (`NewModule`).
    let read = |list: &[(&String, &String)],
                override_mode: bool,
                diags: &mut Vec<CheckDiag>|
     -> Vec<(Variable, Vec<&'static str>)> {
        let mut out = Vec::new();
        for &(name, text) in list {
            if super::files::is_json(name) {
                let f = super::json_config::read(name, text, p);
                diags.extend(f.diags);
                let r = FileReader {
                    file: name,
                    text,
                    texts,
                    p,
                    schema: p.variable_block(),
                    json: Some(&f.extras),
                    override_mode,
                };
                for jv in f.variables {
                    let set = set_arguments(&jv.block);
                    if let Some(v) = r.block_with(&jv.block, jv.pre, diags) {
                        diags.extend(v.diags.iter().cloned());
                        out.push((v, set));
                    }
                }
                continue;
            }
            let (body, ds) = crate::valueparse::parse_config(text, name, false, p);
            diags.extend(raw(ds, name, texts));
            let Some(body) = body else { continue };
            let r = FileReader { file: name, text, texts, p, schema: p.variable_block(), json: None, override_mode };
            for block in variable_blocks(&body) {
                if let Some(v) = r.block(block, diags) {
                    diags.extend(v.diags.iter().cloned());
                    out.push((v, set_arguments(block)));
                }
            }
        }
        out
    };
    let all = read(&chosen.primary, false, &mut m.diags);
    let overrides = read(&chosen.overrides, true, &mut m.diags);
    for (mut v, _) in all {
        if let Some(&i) = m.index.get(&v.name) {
            let first = &m.vars[i];
            let d = CheckDiag::error(
                "Duplicate variable declaration",
                format!(
                    "A variable named {} was already declared at {}. Variable names must be unique within a module.",
                    go_quote(&v.name),
                    first.decl_range.range_string()
                ),
                Some(v.decl_range.clone()),
            );
            m.diags.push(d.clone());
            // The later declaration replaces the earlier one's state.
            v.diags.push(d);
            m.vars[i] = v;
        } else {
            m.index.insert(v.name.clone(), m.vars.len());
            m.vars.push(v);
        }
    }
    // `mergeFile`, one override block after the other.
    for (ov, set) in overrides {
        let Some(&i) = m.index.get(&ov.name) else {
            m.diags.push(CheckDiag::error(
                "Missing base variable declaration to override",
                format!(
                    "There is no variable named {}. An override file can only override a variable that was already declared in a primary configuration file.",
                    go_quote(&ov.name)
                ),
                Some(ov.decl_range.clone()),
            ));
            continue;
        };
        let ds = super::merge::merge(&mut m.vars[i], ov, &set, p);
        m.diags.extend(ds);
    }
    m
}

/// The arguments a block sets (an override changes only those).
fn set_arguments(b: &Block) -> Vec<&'static str> {
    const NAMES: [&str; 8] =
        ["description", "default", "type", "sensitive", "ephemeral", "nullable", "const", "deprecated"];
    NAMES.into_iter().filter(|n| b.body.items.iter().any(|i| matches!(i, BodyItem::Attr(a) if a.name == *n))).collect()
}

fn variable_blocks(body: &Body) -> impl Iterator<Item = &Block> {
    body.items.iter().filter_map(|i| match i {
        BodyItem::Block(b) if b.kind == "variable" => Some(b),
        _ => None,
    })
}

/// Raw parser diagnostics of a file, placed.
pub(super) fn raw(ds: impl IntoIterator<Item = RawDiag>, file: &str, texts: &Texts) -> Vec<CheckDiag> {
    ds.into_iter().map(|d| CheckDiag::error(d.summary, d.detail, Some(texts.subject(file, &d.range)))).collect()
}

struct FileReader<'a, 't> {
    file: &'a str,
    text: &'a str,
    texts: &'a Texts<'t>,
    p: &'a Profile,
    schema: VariableBlock,
    /// A JSON file's block: what its expressions were parsed from.
    json: Option<&'a super::json_config::JsonExtras>,
    /// An override file's block (`decodeVariableBlock(…, override)`).
    override_mode: bool,
}

/// A block's content against a schema (hclsyntax `Body.Content`).
struct Content<'b> {
    attrs: BTreeMap<&'static str, &'b Expr>,
    blocks: Vec<&'b Block>,
}

impl FileReader<'_, '_> {
    fn at(&self, r: &Span) -> Option<Subject> {
        // A JSON file's own ranges have hcl's JSON positions.
        if let Some(j) = self.json {
            if let Some(s) = j.subject(r).or_else(|| j.placed_subject(self.file, r, self.p.unicode_of(self.text))) {
                return Some(s);
            }
        }
        Some(self.texts.subject(self.file, r))
    }

    fn raw(&self, ds: impl IntoIterator<Item = RawDiag>) -> Vec<CheckDiag> {
        ds.into_iter().map(|d| CheckDiag::error(d.summary, d.detail, self.at(&d.range))).collect()
    }

    /// hclsyntax's `Body.Content`: the schema's attributes and blocks, and
    /// diagnostics for what is missing or not expected.
    fn content<'b>(
        &self,
        body: &'b Body,
        open: &Span,
        attrs: &[&'static str],
        required: &[&'static str],
        block_types: &[&str],
        diags: &mut Vec<CheckDiag>,
    ) -> Content<'b> {
        let mut c = Content { attrs: BTreeMap::new(), blocks: Vec::new() };
        let mut unsupported = Vec::new();
        for item in &body.items {
            match item {
                BodyItem::Attr(a) => match attrs.iter().find(|n| **n == a.name) {
                    Some(n) => {
                        c.attrs.entry(n).or_insert(&a.expr);
                    }
                    None => unsupported.push(item),
                },
                BodyItem::Block(b) if block_types.contains(&b.kind.as_str()) => {
                    if let Some((_, r)) = b.labels.first() {
                        diags.push(CheckDiag::error(
                            format!("Extraneous label for {}", b.kind),
                            format!("No labels are expected for {} blocks.", b.kind),
                            self.at(r),
                        ));
                        continue;
                    }
                    c.blocks.push(b);
                }
                BodyItem::Block(_) => unsupported.push(item),
            }
        }
        for name in required {
            if !c.attrs.contains_key(name) {
                diags.push(CheckDiag::error(
                    "Missing required argument",
                    format!("The argument {} is required, but no definition was found.", go_quote(name)),
                    // hcl json's `MissingItemRange` is the whole range given.
                    self.at(&if self.json.is_some() { open.clone() } else { open.start..open.start }),
                ));
            }
        }
        for item in unsupported {
            match item {
                BodyItem::Attr(a) => {
                    let unset: Vec<&str> = attrs.iter().copied().filter(|n| !c.attrs.contains_key(n)).collect();
                    let suggestion = match name_suggestion(&a.name, &unset) {
                        Some(s) => format!(" Did you mean {}?", go_quote(s)),
                        None if block_types.contains(&a.name.as_str()) => {
                            format!(" Did you mean to define a block of type {}?", go_quote(&a.name))
                        }
                        None => String::new(),
                    };
                    diags.push(CheckDiag::error(
                        "Unsupported argument",
                        format!("An argument named {} is not expected here.{suggestion}", go_quote(&a.name)),
                        self.at(&a.name_range),
                    ));
                }
                BodyItem::Block(b) => {
                    let suggestion = match name_suggestion(&b.kind, block_types) {
                        Some(s) => format!(" Did you mean {}?", go_quote(s)),
                        None if attrs.contains(&b.kind.as_str()) => {
                            format!(
                                " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
                                go_quote(&b.kind)
                            )
                        }
                        None => String::new(),
                    };
                    diags.push(CheckDiag::error(
                        "Unsupported block type",
                        format!("Blocks of type {} are not expected here.{suggestion}", go_quote(&b.kind)),
                        self.at(&b.kind_range),
                    ));
                }
            }
        }
        c
    }

    /// One `variable` block, or None when its labels are wrong (hcl does
    /// not hand such a block to Terraform; `file_diags` gets the reason).
    fn block(&self, b: &Block, file_diags: &mut Vec<CheckDiag>) -> Option<Variable> {
        self.block_with(b, Vec::new(), file_diags)
    }

    /// [`FileReader::block`] after the diagnostics `pre` of its body.
    fn block_with(&self, b: &Block, pre: Vec<CheckDiag>, file_diags: &mut Vec<CheckDiag>) -> Option<Variable> {
        match b.labels.len() {
            0 => {
                file_diags.push(CheckDiag::error(
                    "Missing name for variable",
                    "All variable blocks must have 1 labels (name).",
                    self.at(&b.open_range),
                ));
                return None;
            }
            1 => {}
            _ => {
                file_diags.push(CheckDiag::error(
                    "Extraneous label for variable",
                    "Only 1 labels (name) are expected for variable blocks.",
                    self.at(&b.labels[1].1),
                ));
                return None;
            }
        }
        let (name, name_range) = b.labels[0].clone();
        // A JSON block's definition range is its body's opening brace.
        let decl_range =
            if self.json.is_some() { self.at(&b.open_range) } else { self.at(&(b.kind_range.start..name_range.end)) }
                .expect("a subject");
        let mut diags = pre;
        let c = self.content(&b.body, &b.open_range, &self.schema.arguments, &[], &["validation"], &mut diags);
        if !crate::hclsrc::is_identifier(&name) {
            diags.push(CheckDiag::error(
                "Invalid variable name",
                "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.",
                self.at(&name_range),
            ));
        }
        if self.schema.reserved.contains(&name.as_str()) {
            diags.push(CheckDiag::error(
                "Invalid variable name",
                format!(
                    "The variable name {} is reserved due to its special meaning inside module blocks.",
                    go_quote(&name)
                ),
                self.at(&name_range),
            ));
        }
        let mut v = Variable {
            name: name.clone(),
            file: self.file.to_string(),
            decl_range: decl_range.clone(),
            tc: TypeConstraint { ty: Type::Dynamic, defaults: None, spans: Default::default(), cli_literal: true },
            type_range: c.attrs.get("type").map(|e| e.range()),
            nullable: true,
            sensitive: false,
            ephemeral: false,
            constant: false,
            description: None,
            deprecated: None,
            default: None,
            validations: 0,
            rules: Vec::new(),
            diags: Vec::new(),
        };
        if let Some(e) = c.attrs.get("description") {
            v.description = self.decode_string(e, &mut diags);
        }
        // An argument that did not parse has no value to decode (its syntax
        // error is reported already).
        if let Some(e) = c.attrs.get("type").filter(|e| !e.is_syntax_error()) {
            let text = self.json.and_then(|j| j.type_text(&e.range())).unwrap_or(self.text);
            match typeexpr::decode_variable_type_expr(text, e, self.p) {
                Ok(tc) => v.tc = tc,
                Err(TypeFailure::Invalid(ds)) => {
                    diags.extend(
                        ds.into_iter()
                            .map(|d| CheckDiag::error(d.summary, d.detail, d.range.and_then(|r| self.at(&r)))),
                    );
                    // A failed type reads -var values as HCL.
                    v.tc.cli_literal = false;
                }
                Err(TypeFailure::Crash(d)) => {
                    diags.push(CheckDiag::error(d.summary, d.detail, d.range.and_then(|r| self.at(&r))))
                }
            }
        }
        if let Some(e) = c.attrs.get("sensitive") {
            v.sensitive = self.decode_bool(e, &mut diags).unwrap_or(false);
        }
        let deprecated = |v: &mut Variable, diags: &mut Vec<CheckDiag>| {
            if let Some(e) = c.attrs.get("deprecated") {
                let before = diags.len();
                let s = self.decode_string(e, diags).unwrap_or_default();
                if self.schema.deprecated_must_not_be_empty && diags.len() == before && s.trim().is_empty() {
                    diags.push(CheckDiag::error(
                        "Invalid `deprecated` value",
                        "The \"deprecated\" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated variable.",
                        self.at(&name_range),
                    ));
                }
                v.deprecated = Some(s);
            }
        };
        let constant = |v: &mut Variable, diags: &mut Vec<CheckDiag>| {
            if let Some(e) = c.attrs.get("const") {
                v.constant = self.decode_bool(e, diags).unwrap_or(false);
            }
        };
        if self.schema.deprecated_early {
            deprecated(&mut v, &mut diags);
        }
        if let Some(e) = c.attrs.get("ephemeral") {
            v.ephemeral = self.decode_bool(e, &mut diags).unwrap_or(false);
        }
        if self.schema.const_after_ephemeral {
            constant(&mut v, &mut diags);
        }
        if self.schema.const_excludes_sensitive_and_ephemeral {
            for (flag, what) in [(v.sensitive, "sensitive"), (v.ephemeral, "ephemeral")] {
                if v.constant && flag {
                    diags.push(CheckDiag::error(
                        format!("Const variable cannot be {what}"),
                        format!("A variable that is marked as \"const\" cannot also be marked as \"{what}\"."),
                        Some(decl_range.clone()),
                    ));
                }
            }
        }
        if let Some(e) = c.attrs.get("nullable") {
            v.nullable = self.decode_bool(e, &mut diags).unwrap_or(true);
        }
        if !self.schema.const_after_ephemeral {
            constant(&mut v, &mut diags);
        }
        if let Some(e) = c.attrs.get("default").filter(|e| !e.is_syntax_error()) {
            v.default = Some(if self.override_mode && !c.attrs.contains_key("type") {
                // No type to convert to: merged first, converted then.
                let val = crate::hcl::eval_const(e, self.p).unwrap_or_else(|ds| {
                    diags.extend(self.raw(ds));
                    Value::null(Type::Dynamic)
                });
                if !v.nullable && val.is_null() {
                    diags.push(CheckDiag::error(
                        "Invalid default value for variable",
                        "A null default value is not valid when nullable=false.",
                        self.at(&e.range()),
                    ));
                }
                val
            } else {
                self.decode_default(&v, e, &mut diags)
            });
        }
        if !self.schema.deprecated_early {
            deprecated(&mut v, &mut diags);
        }
        for vb in &c.blocks {
            if self.override_mode {
                diags.push(CheckDiag::error(
                    "Can't override validation blocks",
                    "Override files cannot override \"validation\" blocks.",
                    self.at(&self.def_range(vb)),
                ));
                continue;
            }
            v.validations += 1;
            if let Some(rule) = self.validation(&name, vb, &mut diags) {
                v.rules.push(rule);
            }
        }
        v.diags = diags;
        Some(v)
    }

    /// `default`: evaluated with no context, the type's defaults applied,
    /// converted. A value that fails gives the null of no type (the run
    /// stops at the configuration's errors anyway).
    fn decode_default(&self, v: &Variable, e: &Expr, diags: &mut Vec<CheckDiag>) -> Value {
        let failed = Value::null(Type::Dynamic);
        let given = match crate::hcl::eval_const(e, self.p) {
            Ok(x) => x,
            Err(ds) => {
                diags.extend(self.raw(ds));
                return failed;
            }
        };
        let with = crate::pipeline::with_defaults(&given, &v.tc, self.p);
        let val = match crate::convert::convert(&with, &v.tc.ty, self.p) {
            Ok(x) => x,
            Err(err) => {
                let path = crate::path::format_path(&err.path);
                let msg = if path.is_empty() { err.message } else { format!("{path}: {}", err.message) };
                diags.push(CheckDiag::error(
                    "Invalid default value for variable",
                    format!("This default value is not compatible with the variable's type constraint: {msg}."),
                    self.at(&e.range()),
                ));
                return failed;
            }
        };
        if !v.nullable && val.is_null() {
            diags.push(CheckDiag::error(
                "Invalid default value for variable",
                "A null default value is not valid when nullable=false.",
                self.at(&e.range()),
            ));
        }
        val
    }

    /// gohcl's `DecodeExpression` into a Go value of type `ty`.
    fn decode(&self, e: &Expr, ty: &Type, diags: &mut Vec<CheckDiag>) -> Option<Value> {
        if e.is_syntax_error() {
            return None;
        }
        let unsuitable = |msg: &str| {
            CheckDiag::error("Unsuitable value type", format!("Unsuitable value: {msg}"), self.at(&e.start_range()))
        };
        let v = match crate::hcl::eval_const(e, self.p) {
            Ok(v) => v,
            Err(ds) => {
                diags.extend(self.raw(ds));
                // What fails to evaluate is unknown, which gocty refuses too.
                diags.push(unsuitable("value must be known"));
                return None;
            }
        };
        match crate::convert::conv(&v, ty, self.p) {
            Ok(v) if v.is_null() => {
                diags.push(unsuitable("value must not be null"));
                None
            }
            Ok(v) => Some(v),
            Err(msg) => {
                diags.push(unsuitable(&msg));
                None
            }
        }
    }

    fn decode_string(&self, e: &Expr, diags: &mut Vec<CheckDiag>) -> Option<String> {
        self.decode(e, &Type::String, diags).and_then(|v| v.as_str().map(str::to_string))
    }

    fn decode_bool(&self, e: &Expr, diags: &mut Vec<CheckDiag>) -> Option<bool> {
        self.decode(e, &Type::Bool, diags).and_then(|v| v.as_bool())
    }

    /// A `validation` block: its required arguments and the references its
    /// condition and message may make.
    /// A block's definition range: `validation`, or a JSON body's opening brace.
    fn def_range(&self, b: &Block) -> Span {
        b.kind_range.start..b.labels.last().map_or(b.kind_range.end, |l| l.1.end)
    }

    fn validation(&self, name: &str, b: &Block, diags: &mut Vec<CheckDiag>) -> Option<Rule> {
        if let Some(j) = self.json {
            diags.extend(j.validation_pre(&b.kind_range));
        }
        let c = self.content(
            &b.body,
            &b.open_range,
            &["condition", "error_message"],
            &["condition", "error_message"],
            &[],
            diags,
        );
        let self_only = !self.p.validation_refers_to_other_variables();
        let is_self = |r: &crate::hcl::traversals::Reference| r.root == "var" && r.attr.as_deref() == Some(name);
        if let Some(cond) = c.attrs.get("condition") {
            let refs = references(cond);
            if refs.is_empty() {
                // decodeCheckRuleBlock (`internal/configs/checks.go`), which
                // every version runs on a validation block first.
                diags.push(CheckDiag::error(
                    "Invalid validation expression",
                    "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
                    self.at(&cond.range()),
                ));
            }
            for r in refs.iter().filter(|r| !is_self(r)) {
                if self_only {
                    diags.push(CheckDiag::error(
                        "Invalid reference in variable validation",
                        format!(
                            "The condition for variable {} can only refer to the variable itself, using var.{name}.",
                            go_quote(name)
                        ),
                        self.at(&r.range),
                    ));
                }
            }
            if !refs.iter().any(is_self) {
                diags.push(CheckDiag::error(
                    "Invalid variable validation condition",
                    format!(
                        "The condition for variable {} must refer to var.{name} in order to test incoming values.",
                        go_quote(name)
                    ),
                    self.at(&cond.range()),
                ));
            }
        }
        if let Some(msg) = c.attrs.get("error_message") {
            if self_only {
                for r in references(msg).iter().filter(|r| !is_self(r)) {
                    diags.push(CheckDiag::error(
                        "Invalid reference in variable validation",
                        format!("The error message for variable {} can only refer to the variable itself, using var.{name}.", go_quote(name)),
                        self.at(&r.range),
                    ));
                }
            }
        }
        let (cond, msg) = (c.attrs.get("condition")?, c.attrs.get("error_message")?);
        Some(Rule {
            decl_range: self.at(&self.def_range(b)).expect("a subject"),
            condition: (*cond).clone(),
            error_message: (*msg).clone(),
            file: self.file.to_string(),
            json_message: self.json.and_then(|j| j.message(&msg.range())).map(|m| JsonRuleMessage {
                literal: m.literal.clone(),
                unparsed: m.unparsed.clone().map(|ds| self.raw(ds)),
            }),
        })
    }
}

/// hcl's `nameSuggestion`: the first of `candidates` within Levenshtein
/// distance 2 of `given`.
pub fn name_suggestion<'a>(given: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates.iter().copied().find(|c| levenshtein(given, c) < 3)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_suggestion_takes_the_first_name_within_distance_two() {
        let names = ["description", "default", "type", "sensitive", "nullable"];
        assert_eq!(name_suggestion("typ", &names), Some("type"));
        assert_eq!(name_suggestion("defualt", &names), Some("default"));
        assert_eq!(name_suggestion("ephemeral", &names), None);
    }

    /// hcl reads on after a syntax error (later errors unreported), so the
    /// variables around a broken block are still declared (checked against
    /// the oracle on 2,400 mutated real modules and `provider::` calls in
    /// every position under hcl < 2.20).
    #[test]
    fn a_syntax_error_elsewhere_keeps_the_variables_and_reports_only_itself() {
        let p = crate::flavor::Flavor::lookup("terraform@1.5").unwrap().profile();
        let table: [(&str, &[&str], &[&str]); 4] = [
            (
                "variable \"a\" {}\nresource \"r\" \"n\" {\n  x = provider::aws::f(1)\n  y = [1, 2 3]\n}\nvariable \"b\" {}\n",
                &["a", "b"],
                &["Missing newline after argument"],
            ),
            // A broken type: the variable stays, with no error of its own.
            ("variable \"a\" {\n  type = object({ x = string y })\n  default = null\n}\nvariable \"b\" {}\n", &["a", "b"], &["Missing attribute separator"]),
            // What the broken condition read before the error still counts.
            (
                "variable \"a\" {\n  validation {\n    condition = var.a == } 1\n    error_message = \"m\"\n  }\n}\n",
                &["a"],
                &["Invalid expression"],
            ),
            // A block that does not end its line is kept.
            ("variable \"a\" {\n} x\nvariable \"b\" {}\n", &["a", "b"], &["Missing newline after block definition"]),
        ];
        for (text, vars, summaries) in table {
            let mut files = BTreeMap::new();
            files.insert("main.tf".to_string(), text.to_string());
            let mut texts = Texts::default();
            texts.add("main.tf", text);
            let m = load(&files, &texts, &p);
            assert_eq!(m.vars.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(), vars, "{text}");
            assert_eq!(m.diags.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>(), summaries, "{text}");
        }
    }

    /// A condition that refers to nothing (iteration symbols of a `for` do
    /// not count) is "Invalid validation expression" in every version
    /// (`decodeCheckRuleBlock`), followed by the variable's own "Invalid
    /// variable validation condition". (condition, summaries)
    #[test]
    fn a_condition_that_refers_to_nothing_is_an_invalid_validation_expression() {
        let constant = ["Invalid validation expression", "Invalid variable validation condition"];
        let table: [(&str, &[&str]); 6] = [
            ("true", &constant),
            ("1 + 1 == 2", &constant),
            ("length(\"abc\") > 0", &constant),
            ("alltrue([for n in [1] : n > 0])", &constant),
            ("\"${1 > 0}\"", &constant),
            ("var.a > 0", &[]),
        ];
        for flavor in ["terraform@1.5", "terraform@1.9", "terraform@1.16", "opentofu@1.6", "opentofu@1.12"] {
            let p = crate::flavor::Flavor::lookup(flavor).unwrap().profile();
            for (cond, summaries) in table {
                let text = format!("variable \"a\" {{\n  type = number\n  validation {{\n    condition = {cond}\n    error_message = \"m\"\n  }}\n}}\n");
                let mut files = BTreeMap::new();
                files.insert("main.tf".to_string(), text.clone());
                let mut texts = Texts::default();
                texts.add("main.tf", &text);
                let m = load(&files, &texts, &p);
                assert_eq!(
                    m.diags.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>(),
                    summaries,
                    "{flavor}: {cond}"
                );
                // Both point at the condition.
                for d in &m.diags {
                    assert_eq!(
                        d.subject.as_ref().map(|s| s.range_string()),
                        Some(format!("main.tf:4,17-{}", 17 + cond.len())),
                        "{flavor}: {cond}"
                    );
                }
            }
        }
    }
}
