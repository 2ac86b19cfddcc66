//! A variable's `validation` rules, evaluated as `terraform plan` does for
//! root module variables (`terraform/eval_variable.go`
//! `evalVariableValidation`; OpenTofu `tofu/eval_variable.go`).
//!
//! Two walks, as the CLI runs them: the validate walk first
//! (`Context.Validate`, before the plan), where every variable is an
//! unknown value of its type, so only what does not depend on the value can
//! fail (an unknown function, wrong argument types, a constant regex); its
//! errors stop the run. Then the plan walk, once every final value is known:
//! each rule of each variable whose value (and whose referenced variables'
//! values) came through, its condition and its error message evaluated with
//! the flavor's functions ([`crate::expr`]).
//!
//! What tftype does not evaluate (references to anything but declared
//! variables, functions of the file system, the clock or chance) is reported
//! per rule as not evaluated, never guessed.

use std::collections::BTreeMap;
use std::ops::Range;

use super::decl::{Module, Rule, Variable};
use super::prepare::VarState;
use super::{CheckDiag, Subject, Texts};
use crate::flavor::{Profile, Validation};
use crate::i18n::{fill, Lang};
use crate::types::Type;
use crate::value::{AttrMap, Marks, Value};
use crate::valueparse::traversals::references;

/// What became of one rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleResult {
    /// The condition held.
    Pass,
    /// The condition did not hold: "Invalid value for variable".
    Fail,
    /// The condition or the error message raised diagnostics, or the
    /// result was null or not a bool.
    Error,
    /// The variable's value (or a referenced variable's) failed, or an
    /// earlier error stopped the run.
    Skipped,
    /// tftype does not evaluate it (see [`Reason`]).
    NotEvaluated,
    /// The condition's result is not known.
    Unknown,
}

impl RuleResult {
    /// The oracle's name of the result.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleResult::Pass => "pass",
            RuleResult::Fail => "fail",
            RuleResult::Error => "error",
            RuleResult::Skipped => "skipped",
            RuleResult::NotEvaluated => "not_evaluated",
            RuleResult::Unknown => "unknown",
        }
    }
}

/// Why a rule has the result it has (for results other than pass and fail).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A reference to a variable the module does not declare.
    Undeclared(String),
    /// A reference to something that cannot be known offline (`local.x`,
    /// `aws_instance.web`, `path.module`, …).
    Offline(String),
    /// A call of a function tftype does not evaluate, and why.
    OfflineCall { name: String, why: &'static str },
    /// A function panicked in go-cty (a Go stack trace in its message).
    Panicked,
    Failed,
    NullResult,
    NotBool,
    UnknownMessage,
    NoValue,
    /// A referenced variable has no valid value.
    OtherNoValue(String),
    EarlierError,
    ValidateWalkError,
}

impl Reason {
    /// The reason in `lang` (the JSON schemas use English).
    pub fn text(&self, lang: Lang) -> String {
        let key = |k: &str| format!("validation.reason.{k}");
        match self {
            Reason::Undeclared(n) => fill(lang, &key("undeclared"), &[("name", n)]),
            Reason::Offline(n) => fill(lang, &key("offline_reference"), &[("name", n)]),
            Reason::OfflineCall { name, why } => fill(lang, &key("offline_call"), &[("name", name), ("why", &offline_why(why, lang))]),
            Reason::Panicked => fill(lang, &key("panicked"), &[]),
            Reason::Failed => fill(lang, &key("failed"), &[]),
            Reason::NullResult => fill(lang, &key("null_result"), &[]),
            Reason::NotBool => fill(lang, &key("not_bool"), &[]),
            Reason::UnknownMessage => fill(lang, &key("unknown_message"), &[]),
            Reason::NoValue => fill(lang, &key("no_value"), &[]),
            Reason::OtherNoValue(n) => fill(lang, &key("other_no_value"), &[("name", n)]),
            Reason::EarlierError => fill(lang, &key("earlier_error"), &[]),
            Reason::ValidateWalkError => fill(lang, &key("validate_walk_error"), &[]),
        }
    }
}

/// Why a function is not evaluated offline (`funcs::offline_reason`), in
/// the reader's language.
fn offline_why(why: &str, lang: Lang) -> String {
    let slug = match why {
        "file system" => "file_system",
        "clock" => "clock",
        "random" => "random",
        "random salt" => "random_salt",
        "not ported" => "not_ported",
        "provider function" => "provider_function",
        "compressed bytes depend on the Go version" => "compression",
        _ if why.starts_with("RFC 3339") => "rfc3339",
        _ => return why.to_string(),
    };
    fill(lang, &format!("validation.offline.{slug}"), &[])
}

/// One rule of the report.
#[derive(Clone, Debug)]
pub struct RuleReport {
    /// The `validation` block's range, `FILE:L,C-C`, as upstream names it
    /// ("This was checked by the validation rule at …").
    pub rule: String,
    pub result: RuleResult,
    /// The result came from the validate walk (values unknown).
    pub in_validate_walk: bool,
    /// The message shown for a failed rule.
    pub error_message: Option<String>,
    pub reason: Option<Reason>,
}

impl RuleReport {
    /// A rule before anything ran: an earlier error stops the run unless the
    /// walks get to it.
    pub fn pending(r: &Rule) -> RuleReport {
        RuleReport { rule: r.decl_range.range_string(), result: RuleResult::Skipped, in_validate_walk: false, error_message: None, reason: Some(Reason::EarlierError) }
    }

    fn outcome(&mut self, o: Outcome) {
        self.result = o.result;
        self.error_message = o.message;
        self.reason = o.reason;
    }
}

/// What tftype knows of a rule before evaluating it.
#[derive(Clone, Debug, Default)]
pub struct Prepared {
    /// Why the rule is not evaluated.
    not_evaluated: Option<Reason>,
    /// Other declared variables it refers to.
    refs: Vec<String>,
}

/// Every rule of every variable, prepared (in the module's order).
pub fn prepare(module: &Module, p: &Profile) -> Vec<Vec<Prepared>> {
    module
        .vars
        .iter()
        .map(|v| {
            v.rules
                .iter()
                .map(|r| {
                    let mut prep = Prepared::default();
                    for e in [&r.condition, &r.error_message] {
                        for t in references(e) {
                            match (t.root.as_str(), &t.attr) {
                                ("var", Some(a)) if *a == v.name => {}
                                ("var", Some(a)) if module.get(a).is_some() => prep.refs.push(a.clone()),
                                ("var", Some(a)) => {
                                    prep.not_evaluated.get_or_insert_with(|| Reason::Undeclared(a.clone()));
                                }
                                (root, attr) => {
                                    let head = attr.as_ref().map_or_else(|| root.to_string(), |a| format!("{root}.{a}"));
                                    prep.not_evaluated.get_or_insert(Reason::Offline(head));
                                }
                            }
                        }
                        if prep.not_evaluated.is_none() {
                            e.walk(&mut |x| {
                                if let crate::valueparse::ast::ExprKind::Call(c) = &x.kind {
                                    if prep.not_evaluated.is_none() {
                                        if let Some(why) = crate::funcs::offline_reason(&c.name, p) {
                                            prep.not_evaluated = Some(Reason::OfflineCall { name: c.name.clone(), why });
                                        }
                                    }
                                }
                            });
                        }
                    }
                    prep
                })
                .collect()
        })
        .collect()
}

/// A rule's outcome and its diagnostics.
struct Outcome {
    result: RuleResult,
    message: Option<String>,
    reason: Option<Reason>,
}

impl Outcome {
    fn new(result: RuleResult, reason: Option<Reason>) -> Outcome {
        Outcome { result, message: None, reason }
    }
}

/// The evaluation context of the rules: the module's texts and the flavor.
pub struct Walk<'a, 't> {
    pub module: &'a Module,
    pub prepared: &'a [Vec<Prepared>],
    pub texts: &'a Texts<'t>,
    pub p: &'a Profile,
}

impl Walk<'_, '_> {
    fn rules(&self) -> Validation {
        self.p.validation()
    }

    /// The validate walk: every variable an unknown value of its type. A
    /// rule that raised errors records them (`phase: validate`); the errors
    /// stop the run.
    pub fn validate(&self, vars: &mut std::collections::BTreeMap<String, VarState>) -> Vec<CheckDiag> {
        let vf = self.rules();
        let mut diags = Vec::new();
        let unknown = |v: &Variable| Value::unknown(v.tc.ty.clone());
        for (vi, v) in self.module.vars.iter().enumerate() {
            let mut me = unknown(v);
            if !vf.other_variables && vf.self_sensitive && v.sensitive {
                me = me.with_marks(Marks::SENSITIVE);
            }
            for (i, r) in v.rules.iter().enumerate() {
                let prep = &self.prepared[vi][i];
                if prep.not_evaluated.is_some() {
                    continue;
                }
                let mut scope: AttrMap = AttrMap::new();
                scope.insert(v.name.as_str(), me.clone());
                for o in &prep.refs {
                    if let Some(ov) = self.module.get(o) {
                        let mut u = unknown(ov);
                        if ov.sensitive {
                            u = u.with_marks(Marks::SENSITIVE);
                        }
                        scope.insert(o.as_str(), u);
                    }
                }
                let (out, rd) = self.eval_rule(v, r, scope, &v.decl_range, true);
                if rd.iter().any(CheckDiag::is_error) {
                    let st = vars.get_mut(&v.name).expect("every variable has a state");
                    let rep = &mut st.report.validations[i];
                    rep.outcome(out);
                    rep.in_validate_walk = true;
                }
                diags.extend(rd);
            }
        }
        diags
    }

    /// The plan walk: each rule of each variable with a final value.
    /// Returns the diagnostics and whether every rule was evaluated.
    pub fn plan(&self, vars: &mut std::collections::BTreeMap<String, VarState>) -> (Vec<CheckDiag>, bool) {
        let vf = self.rules();
        let mut complete = true;
        let mut diags = Vec::new();
        // Other variables are seen with their marks (`GetInputVariable`).
        let others: Vec<(&str, Value)> = self
            .module
            .vars
            .iter()
            .filter_map(|v| {
                let val = vars.get(&v.name)?.final_value.clone()?;
                let marks = Marks { sensitive: v.sensitive, ephemeral: v.ephemeral };
                Some((v.name.as_str(), val.with_marks(marks)))
            })
            .collect();
        let other = |n: &str| others.iter().find(|(k, _)| *k == n).map(|(_, v)| v.clone());
        for (vi, v) in self.module.vars.iter().enumerate() {
            let (final_value, value_subject) = {
                let st = &vars[&v.name];
                (st.final_value.clone(), st.value_subject.clone())
            };
            for (i, r) in v.rules.iter().enumerate() {
                let prep = &self.prepared[vi][i];
                let out = match &final_value {
                    None => Outcome::new(RuleResult::Skipped, Some(Reason::NoValue)),
                    Some(_) if prep.not_evaluated.is_some() => {
                        complete = false;
                        Outcome::new(RuleResult::NotEvaluated, prep.not_evaluated.clone())
                    }
                    Some(val) => match prep.refs.iter().rev().find(|o| other(o).is_none()) {
                        Some(missing) => Outcome::new(RuleResult::Skipped, Some(Reason::OtherNoValue(missing.clone()))),
                        None => {
                            let mut scope = AttrMap::new();
                            scope.insert(v.name.as_str(), self_value(&vf, v, val));
                            for o in &prep.refs {
                                scope.insert(o.as_str(), other(o).expect("checked above"));
                            }
                            let subject = value_subject.clone().unwrap_or_else(|| v.decl_range.clone());
                            let (out, rd) = self.eval_rule(v, r, scope, &subject, false);
                            if out.result == RuleResult::NotEvaluated {
                                complete = false;
                            }
                            diags.extend(rd);
                            out
                        }
                    },
                };
                vars.get_mut(&v.name).expect("every variable has a state").report.validations[i].outcome(out);
            }
        }
        (diags, complete)
    }

    /// The rules of variable `vi` of a called module, its value and the
    /// other variables' known (`values`: final values, unmarked; a missing
    /// one is not known, so its rules are skipped). `value_subject`: the
    /// call's argument (Terraform 1.9+ points there), else the declaration.
    pub fn module_variable(&self, vi: usize, values: &BTreeMap<String, Value>, value_subject: &Subject) -> (Vec<RuleReport>, Vec<CheckDiag>) {
        let vf = self.rules();
        let v = &self.module.vars[vi];
        let mut diags = Vec::new();
        let marked = |o: &Variable, x: &Value| x.clone().with_marks(Marks { sensitive: o.sensitive, ephemeral: o.ephemeral });
        let reports = v
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let prep = &self.prepared[vi][i];
                let mut rep = RuleReport::pending(r);
                let out = match values.get(&v.name) {
                    None => Outcome::new(RuleResult::Skipped, Some(Reason::NoValue)),
                    Some(_) if prep.not_evaluated.is_some() => Outcome::new(RuleResult::NotEvaluated, prep.not_evaluated.clone()),
                    Some(val) => match prep.refs.iter().rev().find(|o| !values.contains_key(*o)) {
                        Some(missing) => Outcome::new(RuleResult::Skipped, Some(Reason::OtherNoValue(missing.clone()))),
                        None => {
                            let mut scope = AttrMap::new();
                            scope.insert(v.name.as_str(), self_value(&vf, v, val));
                            for o in &prep.refs {
                                if let (Some(ov), Some(x)) = (self.module.get(o), values.get(o)) {
                                    scope.insert(o.as_str(), marked(ov, x));
                                }
                            }
                            let (out, rd) = self.eval_rule(v, r, scope, value_subject, false);
                            diags.extend(rd);
                            out
                        }
                    },
                };
                rep.outcome(out);
                rep
            })
            .collect();
        (reports, diags)
    }

    /// `evalVariableValidation` for one rule. `validate_walk`: the values are
    /// the validate walk's unknowns; `value_subject`: where the value was
    /// set (the declaration when not in a file).
    fn eval_rule(&self, v: &Variable, r: &Rule, scope: AttrMap, value_subject: &Subject, validate_walk: bool) -> (Outcome, Vec<CheckDiag>) {
        let vf = self.rules();
        let p = self.p;
        let at = |range: &Range<usize>| Some(self.texts.subject(&r.file, range));
        let eval = |e: &crate::valueparse::ast::Expr| {
            let file = r.file.as_str();
            let (val, raw) = crate::expr::eval_raw(e, scope.clone(), Box::new(move |range| self.texts.subject(file, range).range_string()), p);
            let ds: Vec<CheckDiag> = raw.into_iter().map(|d| CheckDiag::error(d.summary, d.detail, at(&d.range))).collect();
            (val, ds)
        };
        let (result, mut diags) = eval(&r.condition);
        let (message, message_diags) = eval(&r.error_message);
        let message_failed = !message_diags.is_empty();
        diags.extend(message_diags);
        if diags.iter().any(|d| d.detail.contains("panic in function implementation")) {
            // go-cty prints a Go stack trace, which no one can reproduce.
            return (Outcome::new(RuleResult::NotEvaluated, Some(Reason::Panicked)), Vec::new());
        }
        let failed = diags.iter().any(CheckDiag::is_error);
        let mut out = Outcome::new(RuleResult::Error, failed.then_some(Reason::Failed));
        if !result.is_known() {
            if !failed {
                out.result = RuleResult::Unknown;
            }
            return (out, diags);
        }
        let invalid_result = |detail: String| CheckDiag::error("Invalid variable validation result", detail, at(&r.condition.range()));
        if result.is_null() {
            diags.push(invalid_result("Validation condition expression must return either true or false, not null.".into()));
            out.reason = Some(Reason::NullResult);
            return (out, diags);
        }
        let holds = match crate::convert::convert(&result, &Type::Bool, p) {
            Ok(b) => b.as_bool() == Some(true),
            Err(e) => {
                diags.push(invalid_result(format!("Invalid validation condition result value: {}.", with_path(&e))));
                out.reason = Some(Reason::NotBool);
                return (out, diags);
            }
        };
        if holds {
            if !failed {
                out.result = RuleResult::Pass;
            }
            return (out, diags);
        }

        // The rule fails: its message.
        let invalid_message = |detail: String| CheckDiag::error("Invalid error message", detail, at(&r.error_message.range()));
        if vf.unknown_message_refused && !message.is_known() {
            if validate_walk && vf.validate_walk_skips_unknown_message {
                out.result = RuleResult::Unknown;
                return (out, diags);
            }
            diags.push(invalid_message("Unsuitable value for error message: expression refers to values that won't be known until the apply phase.".into()));
            out.reason = Some(Reason::UnknownMessage);
            return (out, diags);
        }
        let mut shown = String::new();
        if !message_failed && message.is_known() && !message.is_null() {
            let product = p.product_name();
            match crate::convert::convert(&message, &Type::String, p) {
                Err(e) => diags.push(invalid_message(format!("Unsuitable value for error message: {}.", with_path(&e)))),
                Ok(m) if m.has_sensitive_deep() => {
                    diags.push(CheckDiag::error(
                        "Error message refers to sensitive values",
                        format!("The error expression used to explain this condition refers to sensitive values. {product} will not display the resulting message.\n\nYou can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data."),
                        at(&r.error_message.range()),
                    ));
                    shown = "The error message included a sensitive value, so it will not be displayed.".into();
                }
                Ok(m) if vf.ephemeral_message_refused && m.has_ephemeral_deep() => {
                    let fix = if product == crate::flavor::Product::OpenTofu.name() {
                        "You can correct this by removing references to ephemeral values or by utilizing the builtin ephemeralasnull() function."
                    } else {
                        "You can correct this by removing references to ephemeral values, or by carefully using the ephemeralasnull() function if the expression will not reveal the ephemeral data."
                    };
                    diags.push(CheckDiag::error(
                        "Error message refers to ephemeral values",
                        format!("The error expression used to explain this condition refers to ephemeral values. {product} will not display the resulting message.\n\n{fix}"),
                        at(&r.error_message.range()),
                    ));
                    shown = "The error message included an ephemeral value, so it will not be displayed.".into();
                }
                Ok(m) => shown = m.unmark_deep().0.as_str().unwrap_or_default().trim().to_string(),
            }
        }
        if shown.is_empty() {
            shown = "Failed to evaluate condition error message.".into();
        }
        let subject = if vf.points_at_value && !validate_walk { value_subject.clone() } else { v.decl_range.clone() };
        diags.push(CheckDiag::error(
            "Invalid value for variable",
            format!("{shown}\n\nThis was checked by the validation rule at {}.", r.decl_range.range_string()),
            Some(subject),
        ));
        (Outcome { result: RuleResult::Fail, message: Some(shown), reason: None }, diags)
    }
}

/// The value a rule sees of its own variable: marked as the version marks
/// it (`GetInputVariable` from Terraform 1.13 / OpenTofu 1.8).
fn self_value(vf: &Validation, v: &Variable, val: &Value) -> Value {
    let marks = Marks { sensitive: vf.self_sensitive && v.sensitive, ephemeral: vf.self_ephemeral && v.ephemeral };
    val.clone().with_marks(marks)
}

/// `tfdiags.FormatError`: a conversion error with its path in front.
fn with_path(e: &crate::convert::ConvertError) -> String {
    let path = crate::path::format_path(&e.path);
    if path.is_empty() {
        e.message.clone()
    } else {
        format!("{path}: {}", e.message)
    }
}

/// After the run: a rule the walks did not reach but tftype would not have
/// evaluated anyway says so (once the run got as far as the walks).
pub fn finish(module: &Module, prepared: &[Vec<Prepared>], vars: &mut std::collections::BTreeMap<String, VarState>, walks_reached: bool) {
    if !walks_reached {
        return;
    }
    for (vi, v) in module.vars.iter().enumerate() {
        let st = vars.get_mut(&v.name).expect("every variable has a state");
        for (i, rep) in st.report.validations.iter_mut().enumerate() {
            if rep.result == RuleResult::Skipped {
                if let Some(why) = &prepared[vi][i].not_evaluated {
                    rep.result = RuleResult::NotEvaluated;
                    rep.reason = Some(why.clone());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RuleResult::{self, *};
    use crate::flavor::Flavor;
    use crate::module::{check, CheckInput};

    /// The results of `x`'s rules, and the summaries of the diagnostics.
    fn run(flavor: &str, decl: &str, value: &str) -> (Vec<RuleResult>, Vec<String>) {
        let mut input = CheckInput::default();
        input.files.insert("main.tf".into(), format!("variable \"x\" {{\n{decl}\n}}\n"));
        input.files.insert("terraform.tfvars".into(), format!("x = {value}\n"));
        let r = check(&input, &Flavor::lookup(flavor).unwrap().profile());
        let x = r.variables.iter().find(|v| v.name == "x").unwrap();
        (x.validations.iter().map(|v| v.result).collect(), r.diagnostics.iter().map(|d| d.summary.clone()).collect())
    }

    fn rule(cond: &str, msg: &str) -> String {
        format!("  type = any\n  validation {{\n    condition = {cond}\n    error_message = {msg}\n  }}")
    }

    /// (flavor, condition, error message, value, result, diagnostics' summaries)
    type Row = (&'static str, &'static str, &'static str, &'static str, RuleResult, &'static [&'static str]);

    #[test]
    fn each_rule_gets_the_result_terraform_gives_it() {
        let table: [Row; 9] = [
            ("terraform@1.15", "contains([\"a\", \"b\"], var.x)", "\"bad\"", "\"a\"", Pass, &[]),
            ("terraform@1.15", "contains([\"a\", \"b\"], var.x)", "\"bad\"", "\"c\"", Fail, &["Invalid value for variable"]),
            ("terraform@1.15", "var.x == null ? null : true", "\"bad\"", "null", Error, &["Invalid variable validation result"]),
            ("terraform@1.15", "var.x", "\"bad\"", "\"yes\"", Error, &["Invalid variable validation result"]),
            ("terraform@1.15", "var.x == \"a\"", "[1]", "\"b\"", Fail, &["Invalid error message", "Invalid value for variable"]),
            // A function of the file system is named, not evaluated.
            ("terraform@1.15", "fileexists(var.x)", "\"bad\"", "\"a\"", NotEvaluated, &[]),
            // hcl's short-circuit && / || from Terraform 1.12 on.
            ("terraform@1.12", "var.x == null || length(var.x) > 0", "\"bad\"", "null", Pass, &[]),
            ("terraform@1.11", "var.x == null || length(var.x) > 0", "\"bad\"", "null", Error, &["Invalid function argument"]),
            // alltrue/anytrue of unknown elements stay unknown in the validate walk.
            ("terraform@1.5", "anytrue([var.x == \"a\", var.x == \"b\"])", "\"bad\"", "\"c\"", Fail, &["Invalid value for variable"]),
        ];
        for (flavor, cond, msg, value, want, diags) in table {
            let (got, ds) = run(flavor, &rule(cond, msg), value);
            assert_eq!(got, vec![want], "{flavor}: {cond} with {value}: {ds:?}");
            assert_eq!(ds, diags.iter().map(|s| s.to_string()).collect::<Vec<_>>(), "{flavor}: {cond} with {value}");
        }
    }

    #[test]
    fn errors_that_do_not_depend_on_the_value_stop_the_run_in_the_validate_walk() {
        let (got, ds) = run("terraform@1.5", "  type = list(string)\n  validation {\n    condition = element(var.x, -1) != \"\"\n    error_message = \"e\"\n  }", "[\"a\"]");
        assert_eq!(got, vec![Error]);
        assert_eq!(ds, ["Error in function call"]);
        // go-cty 1.15 counts a negative index from the end.
        let (got, _) = run("terraform@1.10", "  type = list(string)\n  validation {\n    condition = element(var.x, -1) != \"\"\n    error_message = \"e\"\n  }", "[\"a\"]");
        assert_eq!(got, vec![Pass]);
    }

    #[test]
    fn a_sensitive_value_is_hidden_in_the_message_from_terraform_1_13() {
        let decl = "  type = string\n  sensitive = true\n  validation {\n    condition = var.x == \"a\"\n    error_message = \"got ${var.x}\"\n  }";
        let (_, old) = run("terraform@1.12", decl, "\"b\"");
        assert_eq!(old, ["Invalid value for variable"]);
        let (_, new) = run("terraform@1.13", decl, "\"b\"");
        assert_eq!(new, ["Error message refers to sensitive values", "Invalid value for variable"]);
    }
}
