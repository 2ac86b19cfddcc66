//! Check mode: a whole root module's input variables against every value
//! source, as `terraform plan -input=false` (or `tofu plan`) reports them
//! before any provider is contacted.
//!
//! One file per step Terraform takes, in its order:
//! - [`files`]: which files make the module (`configs/parser_config_dir.go`
//!   `dirFiles`); [`json_config`]: a `.tf.json` file as hcl's JSON syntax
//!   reads it;
//! - [`decl`]: the module's `variable` blocks (`configs/named_values.go`
//!   `decodeVariableBlock`, `module.go`'s duplicate check), [`merge`]: the
//!   override files' blocks merged into them (`module_merge.go`);
//! - [`sources`]: collecting raw values (`command/meta_vars.go`
//!   `collectVariableValues`: `TF_VAR_*`, `terraform.tfvars[.json]`,
//!   `*.auto.tfvars[.json]`, then `-var` / `-var-file` in command-line order);
//! - [`prepare`]: parsing them (`backend/unparsed_value.go`) and preparing
//!   each final value (`terraform/eval_variable.go`
//!   `PrepareFinalInputVariableValue`);
//! - [`report`]: diagnostics in the order the CLI prints them and the
//!   oracle's JSON schema.
//!
//! Every version difference is asked of the flavor's [`Profile`].
//!
//! A variable's report while the check runs ([`VarState`]) is kept here,
//! where [`prepare`] fills it and [`validate`] adds its rules' results:
//! neither of the two uses the other.

pub mod block;
pub mod calls;
pub mod decl;
pub mod explain;
pub mod files;
pub mod graph;
pub mod groups;
pub mod installed;
pub mod json_config;
pub mod kept;
// The kept check answers the language server's edits; in the browser's
// Module view the variables' kept work alone serves (the check's code is
// smaller without it).
#[cfg(not(target_arch = "wasm32"))]
pub mod kept_check;
pub mod merge;
pub mod output;
pub mod prepare;
pub mod report;
pub mod role;
pub mod snippet;
pub mod sources;
pub mod validate;

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;

use crate::diag::Severity;
use crate::flavor::Profile;
use crate::hcl::pos::PosMap;
use crate::value::Value;
use decl::Variable;

/// What `tftype check` reads: the module's files (relative paths; the
/// module is its top-level configuration files as [`files`] selects them,
/// other files are read only as `-var-file`s), the command-line arguments
/// in order, and the environment.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct CheckInput {
    #[serde(default)]
    pub files: BTreeMap<String, String>,
    #[serde(default)]
    pub args: Vec<Vec<String>>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
}

/// A position as hcl counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
    pub byte: usize,
}

/// Where a diagnostic points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    pub filename: String,
    pub start: Pos,
    pub end: Pos,
}

impl Subject {
    /// `hcl.Range.String()`: `main.tf:1,1-13`.
    pub fn range_string(&self) -> String {
        crate::hcl::pos::format_range(
            &self.filename,
            (self.start.line, self.start.column),
            (self.end.line, self.end.column),
        )
    }
}

/// One diagnostic of a check.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckDiag {
    pub severity: Severity,
    pub summary: String,
    pub detail: String,
    pub subject: Option<Subject>,
    /// The values of the expression's references, as Terraform shows them
    /// under the source (`("var.x", "is 12")`): a failed rule's condition.
    pub values: Vec<(String, String)>,
    /// tftype's own addition to a conversion error Terraform reports on the
    /// whole value: the part of the value that failed, when it is deeper.
    pub part: Option<Part>,
}

/// The part of a value a conversion error is about (see [`CheckDiag::part`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The variable and the cty path in it: `var.subnets[2].nat_gateway`.
    pub name: String,
    pub subject: Subject,
}

impl CheckDiag {
    pub fn error(summary: impl Into<String>, detail: impl Into<String>, subject: Option<Subject>) -> CheckDiag {
        CheckDiag {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject,
            values: Vec::new(),
            part: None,
        }
    }

    pub fn warning(summary: impl Into<String>, detail: impl Into<String>, subject: Option<Subject>) -> CheckDiag {
        CheckDiag {
            severity: Severity::Warning,
            summary: summary.into(),
            detail: detail.into(),
            subject,
            values: Vec::new(),
            part: None,
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Texts whose positions diagnostics need: each file's line starts are
/// found once.
#[derive(Default)]
pub struct Texts<'a> {
    texts: BTreeMap<String, &'a str>,
    maps: std::cell::RefCell<BTreeMap<String, std::rc::Rc<PosMap<'a>>>>,
    /// The Unicode version columns are counted in (None: 15.0.0).
    unicode: Option<crate::unicode::Unicode>,
}

impl Texts<'_> {
    /// How columns are counted (a key of [`kept`] work).
    pub(super) fn counting(&self) -> Option<crate::unicode::Unicode> {
        self.unicode
    }
}

impl<'a> Texts<'a> {
    /// The texts of a module's files, columns counted as the flavor counts
    /// them.
    pub(super) fn of(files: &'a BTreeMap<String, String>, p: &Profile) -> Texts<'a> {
        let mut texts = Texts::default();
        for (name, text) in files {
            texts.add(name, text);
        }
        texts.count_as(p);
        texts
    }

    pub fn add(&mut self, filename: &str, text: &'a str) {
        self.texts.insert(filename.to_string(), text);
    }

    /// Columns counted in grapheme clusters of the flavor's Unicode version
    /// (hcl 2.16 counts with go-textseg v13): asked only when a text is not
    /// all ASCII. Call after the texts are added.
    pub fn count_as(&mut self, p: &Profile) {
        if self.texts.values().any(|t| !t.is_ascii()) {
            self.unicode = Some(p.unicode());
        }
    }

    /// The text of `filename`.
    pub fn text(&self, filename: &str) -> Option<&'a str> {
        self.texts.get(filename).copied()
    }

    fn map(&self, filename: &str) -> Option<std::rc::Rc<PosMap<'a>>> {
        if let Some(m) = self.maps.borrow().get(filename) {
            return Some(m.clone());
        }
        let text = *self.texts.get(filename)?;
        let m = std::rc::Rc::new(PosMap::new_as(text, self.unicode.unwrap_or(crate::unicode::Unicode::V15_0)));
        self.maps.borrow_mut().insert(filename.to_string(), m.clone());
        Some(m)
    }

    /// The subject of a byte range of a native-syntax text.
    pub fn subject(&self, filename: &str, r: &Range<usize>) -> Subject {
        let pos = |b: usize, m: &Option<std::rc::Rc<PosMap<'a>>>| {
            let (line, column) = m.as_ref().map_or((1, b + 1), |m| m.pos(b));
            Pos { line, column, byte: b }
        };
        let m = self.map(filename);
        Subject { filename: filename.to_string(), start: pos(r.start, &m), end: pos(r.end, &m) }
    }
}

/// How a variable ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    Accepted { type_string: String, console: String, json: Option<String> },
    Failed { stage: &'static str, summary: String, detail: String },
}

/// One variable of the report.
#[derive(Clone, Debug)]
pub struct VarReport {
    pub name: String,
    pub outcome: Outcome,
    /// `FILE:L,C-L,C`, `-var`, `env`, `default`, or None.
    pub source: Option<String>,
    pub sensitive: bool,
    pub nullable: bool,
    pub ephemeral: bool,
    pub constant: bool,
    pub description: Option<String>,
    pub deprecated: Option<String>,
    /// Each `validation` rule (a block with its condition and error
    /// message) and what became of it.
    pub validations: Vec<validate::RuleReport>,
}

/// A variable's report while the check runs.
#[derive(Clone, Debug)]
pub struct VarState {
    pub report: VarReport,
    done: bool,
    /// The final value (converted, defaults applied), once prepared.
    pub final_value: Option<Value>,
    /// Where the value was set: its expression in a file, else the
    /// declaration (what Terraform 1.9+ points a failed validation at).
    pub value_subject: Option<Subject>,
    /// What the final value was worked out from, as [`kept`] names it
    /// (None: not named, its work is never kept).
    pub(crate) value_key: Option<std::rc::Rc<str>>,
}

impl VarState {
    pub fn new(v: &Variable) -> VarState {
        VarState {
            report: VarReport {
                name: v.name.clone(),
                outcome: Outcome::Failed { stage: "skipped", summary: String::new(), detail: String::new() },
                source: None,
                sensitive: v.sensitive,
                nullable: v.nullable,
                ephemeral: v.ephemeral,
                constant: v.constant,
                description: v.description.clone().filter(|d| !d.is_empty()),
                deprecated: v.deprecated.clone(),
                validations: v.rules.iter().map(validate::RuleReport::pending).collect(),
            },
            done: false,
            final_value: None,
            value_subject: None,
            value_key: None,
        }
    }

    pub fn fail(&mut self, stage: &'static str, d: &CheckDiag) {
        self.report.outcome = Outcome::Failed { stage, summary: d.summary.clone(), detail: d.detail.clone() };
        self.done = true;
    }

    /// An earlier error stopped the run before this variable. The report's
    /// summary and detail are the words the oracle's report has (its JSON
    /// is compared with it); what people read of a skipped variable comes
    /// from the catalogs (`ui.module.skipped_*`, see `crate::module_view::var_view`).
    pub fn skip(&mut self) {
        self.report.outcome = Outcome::Failed {
            stage: "skipped",
            summary: "Not evaluated".into(),
            detail: "An earlier error stopped the run before this variable was evaluated.".into(),
        };
        self.done = true;
    }
}

/// What a check found.
#[derive(Clone, Debug)]
pub struct CheckReport {
    pub ok: bool,
    /// By name.
    pub variables: Vec<VarReport>,
    /// In the order the CLI prints them.
    pub diagnostics: Vec<CheckDiag>,
    /// The input cannot be checked (an unknown flavor, a malformed argument).
    pub input_error: Option<String>,
    /// False when a rule was not evaluated (see [`validate::Reason`]): what it
    /// would add is missing.
    pub validation_complete: bool,
    /// The module calls, when [`CheckOptions::module_calls`] asked for them.
    pub module_calls: Vec<calls::CallReport>,
    /// How the module was checked, when [`CheckOptions::role`] decided it
    /// (None: as a root module, the oracle's schema).
    pub role: Option<role::Decision>,
}

impl Default for CheckReport {
    fn default() -> CheckReport {
        CheckReport {
            ok: false,
            variables: Vec::new(),
            diagnostics: Vec::new(),
            input_error: None,
            validation_complete: true,
            module_calls: Vec::new(),
            role: None,
        }
    }
}

/// What a check looks at beyond the oracle's schema.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Check `module` blocks against the local modules they call
    /// ([`calls`]); off for the oracle's schema (`tftype batch`).
    pub module_calls: bool,
    /// Check it as a root or a child module ([`role::decide`]; None: a
    /// root module, and the report names no role).
    pub role: Option<role::Decision>,
}

/// The texts of an accepted variable's value ([`Outcome::Accepted`]) that a
/// caller prints: a text not asked for is left empty (`console`) or None
/// (`json`) and is not rendered. Whether a value is too large to show (the
/// warning "Result too large to show") is decided exactly as when both are
/// rendered.
pub use crate::pipeline::ShownForms;

/// [`check`] with the options.
pub fn check_with(input: &CheckInput, p: &Profile, options: CheckOptions) -> CheckReport {
    check_with_forms(input, p, options, ShownForms::ALL)
}

/// [`check_with`], rendering only the value texts in `forms`.
pub fn check_with_forms(input: &CheckInput, p: &Profile, options: CheckOptions, forms: ShownForms) -> CheckReport {
    let as_role = options.role.as_ref().map_or(role::Role::Root, |d| d.role);
    let mut r = check_as_forms(input, p, as_role, forms);
    if options.module_calls && r.input_error.is_none() {
        calls::attach(&mut r, &input.files, p);
    }
    if r.input_error.is_none() {
        r.role = options.role;
    }
    r
}

/// [`check_with`], shared: where work is kept ([`kept::keep_variables`]),
/// the report of the last check of the module when nothing it is worked
/// out from changed ([`kept_check`]), without a copy of it.
pub fn check_with_shared(input: &CheckInput, p: &Profile, options: CheckOptions) -> std::rc::Rc<CheckReport> {
    #[cfg(not(target_arch = "wasm32"))]
    if kept::on() {
        return kept_check::check_with(input, p, options);
    }
    std::rc::Rc::new(check_with(input, p, options))
}

/// Checks a root module as the profile's flavor does.
pub fn check(input: &CheckInput, p: &Profile) -> CheckReport {
    check_as(input, p, role::Role::Root)
}

/// Checks a module as the profile's flavor does, as a root module (as
/// `plan`) or as a child module (as `validate`: a required variable without
/// a value is the caller's to set, not an error; its rules are skipped).
pub fn check_as(input: &CheckInput, p: &Profile, as_role: role::Role) -> CheckReport {
    check_as_forms(input, p, as_role, ShownForms::ALL)
}

/// [`check_as`], rendering only the value texts in `forms`.
fn check_as_forms(input: &CheckInput, p: &Profile, as_role: role::Role, forms: ShownForms) -> CheckReport {
    // Where work is kept, a check that can show that no variable's value
    // changed since its last check answers that check's report (kept_check).
    #[cfg(not(target_arch = "wasm32"))]
    if kept::on() && forms == ShownForms::ALL {
        return kept_check::check_as(input, p, as_role);
    }
    let texts = Texts::of(&input.files, p);
    match configuration_and_values(input, &texts, p) {
        Ok((module, collected, run)) => values_checked(&module, &collected, run, &texts, p, as_role, forms),
        Err(report) => *report,
    }
}

/// The states of a module's variables before the check.
fn states(module: &decl::Module) -> BTreeMap<String, VarState> {
    crate::sort::map(module.vars.iter().map(|v| (v.name.clone(), VarState::new(v))))
}

/// A check's steps 1 (the configuration) and 2 (collecting the raw
/// values). Err: the report, when the check ends there.
pub(super) fn configuration_and_values(
    input: &CheckInput,
    texts: &Texts,
    p: &Profile,
) -> Result<(std::rc::Rc<decl::Module>, sources::Collected, report::Run), Box<CheckReport>> {
    let mut run = report::Run::default();

    // 1. The configuration.
    let module = decl::load(&input.files, texts, p);
    kept::register(&module);
    let declared_ok = !module.diags.iter().any(CheckDiag::is_error);
    run.batch(module.diags.clone());
    if !declared_ok {
        let mut vars = states(&module);
        for v in &module.vars {
            let st = vars.get_mut(&v.name).expect("every variable has a state");
            match v.diags.iter().find(|d| d.is_error()) {
                Some(d) => st.fail("declaration", d),
                None => st.skip(),
            }
        }
        return Err(Box::new(run.finish(vars)));
    }

    // 2. Collecting the raw values.
    let collected = match sources::collect(input, texts, p) {
        Ok(c) => c,
        Err(e) => return Err(Box::new(CheckReport { input_error: Some(e), ..CheckReport::default() })),
    };
    let collect_failed = collected.diags.iter().any(CheckDiag::is_error);
    run.extend_first(collected.diags.clone());
    if collect_failed {
        let mut vars = states(&module);
        for st in vars.values_mut() {
            st.skip();
        }
        return Err(Box::new(run.finish(vars)));
    }
    Ok((module, collected, run))
}

/// A check's steps 3 to 5, from the collected values: what it finds
/// depends on nothing else than its arguments (the texts only at the
/// places of the module's declarations and of the values collected).
pub(super) fn values_checked(
    module: &std::rc::Rc<decl::Module>,
    collected: &sources::Collected,
    run: report::Run,
    texts: &Texts,
    p: &Profile,
    as_role: role::Role,
    forms: ShownForms,
) -> CheckReport {
    values_checked_ended(module, collected, run, texts, p, as_role, forms).0
}

/// [`values_checked`], and whether the check ran to its end (no value
/// failed to parse, no default failed its conversion again, the validate
/// walk found no error): then every variable's part of the report is its
/// own, which the kept check works out variable by variable
/// ([`kept_check`]).
pub(super) fn values_checked_ended(
    module: &std::rc::Rc<decl::Module>,
    collected: &sources::Collected,
    mut run: report::Run,
    texts: &Texts,
    p: &Profile,
    as_role: role::Role,
    forms: ShownForms,
) -> (CheckReport, bool) {
    let module = &**module;
    let mut vars = states(module);

    // 3. Parsing them.
    let (parsed, mut diags) =
        prepare::parse_values(module, &collected.values, &mut vars, texts, p, as_role == role::Role::Child);
    if diags.iter().any(CheckDiag::is_error) {
        run.batch(diags);
        return (run.finish(vars), false);
    }

    // 4. The validate walk: each default converted to its type once more
    // (a conversion go-cty cannot repeat stops the run), then the rules
    // against unknown values.
    let again = merge::default_converted_again(module, &mut vars, p);
    if !again.is_empty() {
        parsed.skip_rest(&mut vars);
        diags.extend(again);
        run.batch(diags);
        return (run.finish(vars), false);
    }
    let prepared = kept::prepared(module, p);
    let walk = validate::Walk { module, prepared: &prepared, texts, p };
    let (walk_diags, walk_complete) = walk.validate(&mut vars);
    let walk_failed = walk_diags.iter().any(CheckDiag::is_error);
    diags.extend(walk_diags);
    if walk_failed {
        parsed.skip_rest(&mut vars);
        for st in vars.values_mut() {
            for r in st.report.validations.iter_mut().filter(|r| r.reason == Some(validate::Reason::EarlierError)) {
                r.reason = Some(validate::Reason::ValidateWalkError);
            }
        }
        validate::finish(module, &prepared, &mut vars, true);
        run.batch(diags);
        let mut report = run.finish(vars);
        report.validation_complete = walk_complete;
        return (report, false);
    }

    // 5. The plan walk: the final values, then the rules.
    diags.extend(prepare::prepare_all(module, parsed, &mut vars, texts, p, forms));
    let (mut rule_diags, complete) = walk.plan(&mut vars);
    snippet::rule_values(&mut rule_diags, module, &vars, texts, p);
    diags.extend(rule_diags);
    validate::finish(module, &prepared, &mut vars, true);
    run.batch(diags);
    let mut report = run.finish(vars);
    report.validation_complete = complete && walk_complete;
    (report, true)
}

/// The value arguments of a check as the command line spells them, as
/// [`CheckInput::args`] holds them (`[["-var", "x=1"], ["-var-file", "f"]]`):
/// pairs or a flat argv (`["-var-file", "f", "--var=x=1"]`), with one dash
/// or two, the value after `=` or as the next word. Err: what is wrong.
pub fn args_from_json(v: &serde_json::Value) -> Result<Vec<Vec<String>>, String> {
    use serde_json::Value as J;
    let items = match v {
        J::Null => return Ok(Vec::new()),
        J::Array(a) => a,
        _ => return Err("args: expected an array such as [\"-var-file\", \"prod.tfvars\"]".into()),
    };
    // A flat argv: the pairs' words one after another.
    let mut words: Vec<&str> = Vec::new();
    for item in items {
        match item {
            J::String(s) => words.push(s),
            J::Array(pair) if !pair.is_empty() && pair.len() <= 2 && pair.iter().all(J::is_string) => {
                words.extend(pair.iter().filter_map(J::as_str))
            }
            other => return Err(format!("args: expected a string or a [flag, value] pair, not {other}")),
        }
    }
    let mut out = Vec::new();
    let mut it = words.into_iter();
    while let Some(w) = it.next() {
        let flag = w.strip_prefix("--").or_else(|| w.strip_prefix('-')).unwrap_or("");
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (flag, None),
        };
        if name != "var" && name != "var-file" {
            return Err(format!("args: expected -var or -var-file, not {}", crate::render::go_quote(w)));
        }
        let value = match inline {
            Some(v) => v,
            None => it.next().ok_or_else(|| format!("args: {w} needs a value"))?,
        };
        out.push(vec![format!("-{name}"), value.to_string()]);
    }
    Ok(out)
}

/// `tftype check --format json` (with UTF-16 offsets) for a module given as
/// JSON text `{files, args, env, flavor}` (the JS API's `check`; `args` as
/// [`args_from_json`] reads them). Input it cannot read gives
/// `{"error": …}`.
pub fn check_json(input: &str) -> String {
    #[derive(Deserialize)]
    struct WithFlavor {
        #[serde(default)]
        files: BTreeMap<String, String>,
        #[serde(default)]
        args: serde_json::Value,
        #[serde(default)]
        env: BTreeMap<String, String>,
        #[serde(default)]
        flavor: Option<String>,
    }
    let err = |e: String| serde_json::json!({ "error": e }).to_string();
    let w: WithFlavor = match serde_json::from_slice(input.as_bytes()) {
        Ok(w) => w,
        Err(e) => return err(e.to_string()),
    };
    let args = match args_from_json(&w.args) {
        Ok(a) => a,
        Err(e) => return err(e),
    };
    let w = Wf { input: CheckInput { files: w.files, args, env: w.env }, flavor: w.flavor };
    struct Wf {
        input: CheckInput,
        flavor: Option<String>,
    }
    let name = w.flavor.as_deref().unwrap_or(crate::flavor::DEFAULT);
    let Some(f) = crate::flavor::Flavor::lookup(name) else {
        return err(format!("unknown flavor {name}; known flavors: {}", crate::flavor::Flavor::names().join(", ")));
    };
    let r = check_with(&w.input, &f.profile(), CheckOptions { module_calls: true, role: None });
    match &r.input_error {
        Some(e) => err(e.clone()),
        None => output::validate_json_utf16(&r, &w.input).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{check, CheckInput, Outcome};
    use crate::flavor::Flavor;

    /// A value that fails to parse leaves its variable out of the parsed
    /// values (`ParseVariableValues`), so a required variable also gets "No
    /// value for required variable" (pointing at its declaration), while its
    /// own outcome stays the parse error; a variable with a default (even
    /// `default = null`) gets only the parse error.
    /// (declaration, value file, args, summaries, the variable's stage)
    #[test]
    fn a_required_variable_whose_value_fails_to_parse_is_also_unset() {
        const NO_VALUE: &str = "No value for required variable";
        type Row = (&'static str, &'static str, &'static [&'static str], &'static [&'static str], &'static str);
        let table: [Row; 6] = [
            ("  type = string", "v = upper(\"x\")\n", &[], &["Function calls not allowed", NO_VALUE], "value"),
            ("  type = list(string)", "", &["v=toset([\"a\"])"], &["Function calls not allowed", NO_VALUE], "value"),
            ("  type = string\n  default = \"d\"", "v = upper(\"x\")\n", &[], &["Function calls not allowed"], "value"),
            ("  type = list(number)\n  default = null", "", &["v=[1,"], &["Missing expression"], "value"),
            // A later -var replaces the broken value before it is parsed.
            ("  type = string", "v = upper(\"x\")\n", &["v=ok"], &[], "accepted"),
            // A file that does not parse stops the run before the values
            // are read.
            ("  type = number", "v = [1,\n", &[], &["Missing expression"], "skipped"),
        ];
        for flavor in ["terraform@1.5", "terraform@1.16", "opentofu@1.12"] {
            let p = Flavor::lookup(flavor).unwrap().profile();
            for (decl, tfvars, cli, summaries, want_stage) in table {
                let mut input = CheckInput::default();
                input.files.insert("main.tf".into(), format!("variable \"v\" {{\n{decl}\n}}\n"));
                if !tfvars.is_empty() {
                    input.files.insert("terraform.tfvars".into(), tfvars.into());
                }
                input.args = cli.iter().map(|a| vec!["-var".to_string(), a.to_string()]).collect();
                let r = check(&input, &p);
                let mut got: Vec<&str> = r.diagnostics.iter().map(|d| d.summary.as_str()).collect();
                got.sort_unstable();
                let mut want = summaries.to_vec();
                want.sort_unstable();
                assert_eq!(got, want, "{flavor}: {decl} {tfvars:?} {cli:?}");
                if let Some(d) = r.diagnostics.iter().find(|d| d.summary == NO_VALUE) {
                    assert_eq!(
                        d.subject.as_ref().map(|s| s.range_string()).as_deref(),
                        Some("main.tf:1,1-13"),
                        "{flavor}"
                    );
                }
                let stage = match &r.variables[0].outcome {
                    Outcome::Failed { stage, .. } => *stage,
                    Outcome::Accepted { .. } => "accepted",
                };
                assert_eq!(stage, want_stage, "{flavor}: {decl} {tfvars:?} {cli:?}");
            }
        }
    }

    /// npm `check()` takes the arguments as the command line spells them
    /// (ux-4 finding 9): pairs or a flat argv, one dash or two.
    #[test]
    fn check_arguments_are_read_as_the_command_line_spells_them() {
        let want = |pairs: &[(&str, &str)]| -> Args {
            Ok(pairs.iter().map(|(a, b)| vec![a.to_string(), b.to_string()]).collect())
        };
        type Args = Result<Vec<Vec<String>>, String>;
        let table: [(&str, Args); 8] = [
            (r#"[["-var-file", "a.tfvars"], ["-var", "x=1"]]"#, want(&[("-var-file", "a.tfvars"), ("-var", "x=1")])),
            (r#"[["--var-file", "a.tfvars"], ["--var=x=1"]]"#, want(&[("-var-file", "a.tfvars"), ("-var", "x=1")])),
            (
                r#"["-var-file", "a.tfvars", "--var", "x=-1", "-var-file=b.tfvars"]"#,
                want(&[("-var-file", "a.tfvars"), ("-var", "x=-1"), ("-var-file", "b.tfvars")]),
            ),
            ("null", want(&[])),
            ("[]", want(&[])),
            (r#"["-var"]"#, Err("args: -var needs a value".into())),
            (r#"["--flavor", "x"]"#, Err("args: expected -var or -var-file, not \"--flavor\"".into())),
            (r#"[5]"#, Err("args: expected a string or a [flag, value] pair, not 5".into())),
        ];
        for (given, want) in table {
            let v: serde_json::Value = serde_json::from_str(given).unwrap();
            assert_eq!(super::args_from_json(&v), want, "{given}");
        }
        let out = super::check_json(
            r#"{"files": {"main.tf": "variable \"x\" {\n  type = number\n}\n", "a.tfvars": "x = \"y\"\n"}, "args": ["--var-file", "a.tfvars"]}"#,
        );
        let j: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(j["diagnostics"][0]["range"]["filename"], "a.tfvars", "{j}");
    }
}
