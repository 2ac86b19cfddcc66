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
use super::{CheckDiag, Subject, Texts, VarState};
use crate::flavor::{Profile, Validation};
use crate::goprint::go_quote;
use crate::hcl::traversals::references;
use crate::i18n::{fill, Lang};
use crate::types::Type;
use crate::value::{AttrMap, Marks, Value};

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
    OfflineCall {
        name: String,
        why: &'static str,
    },
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
    /// The rules of the variables refer to each other in a cycle.
    Cycle,
    /// The rule at this place raised an error, and the version evaluates
    /// no further rules of the variable.
    StoppedBy(String),
    /// Another rule of the variable refers to an undeclared variable, so
    /// the one evaluation context of its rules could not be built.
    ContextNotBuilt,
    /// The rules of this referenced variable failed or were skipped.
    DependencyFailed(String),
    /// It runs only if the rule at this place, which tftype does not
    /// evaluate, raises no error.
    AfterNotEvaluated(String),
    /// It runs only if the rules of this referenced variable, which tftype
    /// does not all evaluate, pass.
    DependencyNotEvaluated(String),
}

impl Reason {
    /// The reason in `lang` (the JSON schemas use English).
    pub fn text(&self, lang: Lang) -> String {
        let key = |k: &str| format!("validation.reason.{k}");
        match self {
            Reason::Undeclared(n) => fill(lang, &key("undeclared"), &[("name", n)]),
            Reason::Offline(n) => fill(lang, &key("offline_reference"), &[("name", n)]),
            Reason::OfflineCall { name, why } => {
                fill(lang, &key("offline_call"), &[("name", name), ("why", &offline_why(why, lang))])
            }
            Reason::Panicked => fill(lang, &key("panicked"), &[]),
            Reason::Failed => fill(lang, &key("failed"), &[]),
            Reason::NullResult => fill(lang, &key("null_result"), &[]),
            Reason::NotBool => fill(lang, &key("not_bool"), &[]),
            Reason::UnknownMessage => fill(lang, &key("unknown_message"), &[]),
            Reason::NoValue => fill(lang, &key("no_value"), &[]),
            Reason::OtherNoValue(n) => fill(lang, &key("other_no_value"), &[("name", n)]),
            Reason::EarlierError => fill(lang, &key("earlier_error"), &[]),
            Reason::ValidateWalkError => fill(lang, &key("validate_walk_error"), &[]),
            Reason::Cycle => fill(lang, &key("cycle"), &[]),
            Reason::StoppedBy(at) => fill(lang, &key("stopped"), &[("rule", at)]),
            Reason::ContextNotBuilt => fill(lang, &key("context_not_built"), &[]),
            Reason::DependencyFailed(n) => fill(lang, &key("dependency_failed"), &[("name", n)]),
            Reason::AfterNotEvaluated(at) => fill(lang, &key("after_not_evaluated"), &[("rule", at)]),
            Reason::DependencyNotEvaluated(n) => fill(lang, &key("dependency_not_evaluated"), &[("name", n)]),
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
        RuleReport {
            rule: r.decl_range.range_string(),
            result: RuleResult::Skipped,
            in_validate_walk: false,
            error_message: None,
            reason: Some(Reason::EarlierError),
        }
    }

    fn outcome(&mut self, o: Outcome) {
        self.result = o.result;
        self.error_message = o.message;
        self.reason = o.reason;
        self.in_validate_walk = false;
    }

    fn set(&mut self, result: RuleResult, reason: Option<Reason>, in_validate_walk: bool) {
        self.outcome(Outcome::new(result, reason));
        self.in_validate_walk = in_validate_walk;
    }
}

/// What tftype knows of a rule before evaluating it.
#[derive(Clone, Debug, Default)]
pub struct Prepared {
    /// Why the rule is not evaluated.
    not_evaluated: Option<Reason>,
    /// Other declared variables it refers to.
    refs: Vec<String>,
    /// It refers to something other than an input variable (a local, a
    /// resource, `path.module`, …), which tftype does not load: such an
    /// object's own lookup could fail first, or close a dependency cycle.
    other_objects: bool,
    /// Its references to variables the module does not declare (condition,
    /// then error message): the name and where `var.NAME` stands.
    undeclared: Vec<(String, Range<usize>)>,
}

impl Prepared {
    /// The other declared variables the rule refers to.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn refs(&self) -> &[String] {
        &self.refs
    }

    /// Its evaluation context cannot be built: "Reference to undeclared
    /// input variable".
    fn context_fails(&self) -> bool {
        !self.undeclared.is_empty() && self.not_evaluated.is_none()
    }
}

/// Every rule of every variable, prepared (in the module's order).
pub fn prepare(module: &Module, p: &Profile) -> Vec<Vec<Prepared>> {
    let vf = p.validation();
    module
        .vars
        .iter()
        .map(|v| {
            let mut rules: Vec<Prepared> = v.rules.iter().map(|r| prepare_rule(module, v, r, p)).collect();
            if vf.other_variables {
                // A rule whose context cannot be built is never evaluated, so
                // what it calls does not matter; unless it (with one context
                // for all rules: any rule of the variable) also refers to
                // objects whose lookups tftype cannot make.
                let any_object = rules.iter().any(|r| r.other_objects);
                for r in &mut rules {
                    if !(r.undeclared.is_empty() || r.other_objects || (vf.one_context && any_object)) {
                        r.not_evaluated = None;
                    }
                }
            }
            rules
        })
        .collect()
}

fn prepare_rule(module: &Module, v: &Variable, r: &Rule, p: &Profile) -> Prepared {
    let mut prep = Prepared::default();
    for e in [&r.condition, &r.error_message] {
        for t in references(e) {
            match (t.root.as_str(), &t.attr) {
                ("var", Some(a)) if *a == v.name => {}
                ("var", Some(a)) if module.get(a).is_some() => prep.refs.push(a.clone()),
                ("var", Some(a)) => {
                    prep.not_evaluated.get_or_insert_with(|| Reason::Undeclared(a.clone()));
                    prep.undeclared.push((a.clone(), t.head_range.clone()));
                }
                (root, attr) => {
                    prep.other_objects = true;
                    let head = attr.as_ref().map_or_else(|| root.to_string(), |a| format!("{root}.{a}"));
                    prep.not_evaluated.get_or_insert(Reason::Offline(head));
                }
            }
        }
        if prep.not_evaluated.is_none() {
            e.walk(&mut |x| {
                if let crate::hcl::ast::ExprKind::Call(c) = &x.kind {
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
}

/// A rule's outcome and its diagnostics.
#[derive(Clone)]
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

/// What the graph walk knows of each variable's validation node (with
/// [`Validation::other_variables`]): whether it failed (or was skipped), and
/// whether it may have (it depends on a rule tftype does not evaluate).
#[derive(Default)]
struct NodeStates {
    failed: BTreeMap<usize, ()>,
    unsure: BTreeMap<usize, ()>,
}

impl NodeStates {
    fn failed(&self, vi: usize) -> bool {
        self.failed.contains_key(&vi)
    }
    fn unsure(&self, vi: usize) -> bool {
        self.unsure.contains_key(&vi)
    }
    fn fail(&mut self, vi: usize) {
        self.failed.insert(vi, ());
    }
    fn set_unsure(&mut self, vi: usize) {
        self.unsure.insert(vi, ());
    }
}

impl Walk<'_, '_> {
    fn rules(&self) -> Validation {
        self.p.validation()
    }

    /// Whether no variable of the module has a rule.
    fn no_rules(&self) -> bool {
        self.module.vars.iter().all(|v| v.rules.is_empty())
    }

    /// For each variable, the other declared variables its rules mention
    /// (every rule, condition and message: the node's references), in
    /// declaration order; one index of the names serves every lookup.
    fn all_deps(&self) -> Vec<Vec<usize>> {
        let index: crate::NameMap<&str, usize> =
            self.module.vars.iter().enumerate().map(|(i, v)| (v.name.as_str(), i)).collect();
        (0..self.module.vars.len())
            .map(|vi| {
                let mut out: Vec<usize> = self.prepared[vi]
                    .iter()
                    .flat_map(|prep| &prep.refs)
                    .filter_map(|o| index.get(o.as_str()).copied())
                    .filter(|&i| i != vi)
                    .collect();
                crate::sort::natural(&mut out);
                out.dedup();
                out
            })
            .collect()
    }

    /// The order the variables' rules run in: after the variables they
    /// refer to when each variable's rules are a graph node, else
    /// declaration order. Only what is skipped depends on it.
    fn order(&self, deps: &[Vec<usize>]) -> Vec<usize> {
        let n = self.module.vars.len();
        if !self.rules().other_variables {
            return (0..n).collect();
        }
        let mut seen = vec![false; n];
        let mut out = Vec::with_capacity(n);
        // Iterative depth-first post-order (a module may have thousands of
        // variables in one chain).
        for start in 0..n {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![(start, 0usize)];
            while let Some((node, next)) = stack.last_mut() {
                if let Some(&d) = deps[*node].get(*next) {
                    *next += 1;
                    if !seen[d] {
                        seen[d] = true;
                        stack.push((d, 0));
                    }
                } else {
                    out.push(*node);
                    stack.pop();
                }
            }
        }
        out
    }

    /// The graph's cycles ("Cycle: var.a (validation), var.b (validation)";
    /// from Terraform 1.16 one name per line),
    /// found when the graph is built, before anything is evaluated: one
    /// error per strongly connected component of more than one node, its
    /// names in the smallest of the orders Terraform can print them in (the
    /// order depends on Go's map order). Also whether a rule refers to
    /// objects tftype does not load (which could close further cycles).
    fn cycles(&self, deps: &[Vec<usize>]) -> Option<(Vec<CheckDiag>, bool)> {
        let sccs = crate::module::graph::strongly_connected(deps);
        let cyclic: Vec<&Vec<usize>> = sccs.iter().filter(|c| c.len() > 1).collect();
        if cyclic.is_empty() {
            return None;
        }
        let vf = self.rules();
        let suffix = vf.node_suffix;
        let name = |i: usize| format!("var.{} {suffix}", self.module.vars[i].name);
        let text = |names: &[String]| {
            if vf.vertical_cycles {
                format!("Cycle:\n  {}", names.join("\n  "))
            } else {
                format!("Cycle: {}", names.join(", "))
            }
        };
        let mut summaries: Vec<String> = cyclic
            .iter()
            .map(|c| {
                let printed = if vf.vertical_cycles {
                    crate::module::graph::Printed::Vertical
                } else {
                    crate::module::graph::Printed::Tarjan
                };
                let order = crate::module::graph::smallest_cycle_order(c, deps, &|i| name(i), printed);
                text(&order.iter().map(|&i| name(i)).collect::<Vec<_>>())
            })
            .collect();
        crate::sort::natural(&mut summaries);
        let diags = summaries.into_iter().map(|s| CheckDiag::error(s, "", None)).collect();
        let objects = self.prepared.iter().flatten().any(|r| r.other_objects);
        Some((diags, !objects))
    }

    /// "Reference to undeclared input variable" for each undeclared
    /// variable the rules refer to (`GetInputVariable`, once per reference).
    fn undeclared(&self, vi: usize, rules: &[usize]) -> Vec<CheckDiag> {
        let v = &self.module.vars[vi];
        let names: Vec<&str> = self.module.vars.iter().map(|v| v.name.as_str()).collect();
        let mut out = Vec::new();
        for &i in rules {
            for (name, range) in &self.prepared[vi][i].undeclared {
                // Go's map order decides which close name is suggested:
                // tftype names the first in sorted order.
                let mut close: Vec<&str> =
                    names.iter().copied().filter(|c| super::decl::name_suggestion(name, &[c]).is_some()).collect();
                crate::sort::natural(&mut close);
                let detail = match close.first() {
                    Some(s) => format!("An input variable with the name {} has not been declared. Did you mean {}?", go_quote(name), go_quote(s)),
                    None => format!("An input variable with the name {} has not been declared. This variable can be declared with a variable {} {{}} block.", go_quote(name), go_quote(name)),
                };
                out.push(CheckDiag::error(
                    "Reference to undeclared input variable",
                    detail,
                    Some(self.texts.subject(&v.rules[i].file, range)),
                ));
            }
        }
        out
    }

    /// The validate walk: every variable an unknown value of its type. A
    /// rule that raised errors records them (`phase: validate`); the errors
    /// stop the run. Returns the diagnostics and whether every rule that
    /// could matter was evaluated.
    pub fn validate(&self, vars: &mut BTreeMap<String, VarState>) -> (Vec<CheckDiag>, bool) {
        let vf = self.rules();
        // A module without rules: nothing to walk (no rule, no reference,
        // no cycle), as the walk below would find.
        if self.no_rules() {
            return (Vec::new(), true);
        }
        let mut complete = true;
        let all_deps = self.all_deps();
        if vf.other_variables {
            // The graph is checked before it is walked.
            if let Some((diags, sure)) = self.cycles(&all_deps) {
                for v in &self.module.vars {
                    for rep in &mut vars.get_mut(&v.name).expect("every variable has a state").report.validations {
                        rep.set(RuleResult::Skipped, Some(Reason::Cycle), false);
                    }
                }
                return (diags, sure);
            }
        }
        // `GetInputVariable` in the validate walk: each variable's unknown
        // with its sensitive and (where variables can be ephemeral)
        // ephemeral marks; a rule's own variable has the sensitive mark
        // only where the version marks it there too.
        let unknown = |v: &Variable, sensitive: bool| {
            let u = Value::unknown(v.tc.ty.clone());
            let marks = Marks { sensitive: sensitive && v.sensitive, ephemeral: vf.self_ephemeral && v.ephemeral };
            u.with_marks(marks)
        };
        let mut diags = Vec::new();
        let mut nodes = NodeStates::default();
        for vi in self.order(&all_deps) {
            let v = &self.module.vars[vi];
            let deps = &all_deps[vi];
            if vf.other_variables && deps.iter().any(|&d| nodes.failed(d)) {
                nodes.fail(vi);
                continue;
            }
            let dep_unsure = vf.other_variables && deps.iter().any(|&d| nodes.unsure(d));
            let reports = &mut vars.get_mut(&v.name).expect("every variable has a state").report.validations;
            if vf.one_context {
                if let Some(cd) = self.context_errors(vi, reports, true) {
                    diags.extend(cd);
                    nodes.fail(vi);
                    complete &= !dep_unsure;
                    continue;
                }
            }
            let me = unknown(v, vf.validate_walk_marks_self);
            let mut stopped: Option<Reason> = None;
            let mut after_unsure = false;
            for (i, r) in v.rules.iter().enumerate() {
                let prep = &self.prepared[vi][i];
                if let Some(why) = &stopped {
                    reports[i].set(RuleResult::Skipped, Some(why.clone()), false);
                    continue;
                }
                if vf.other_variables && !vf.one_context && prep.context_fails() {
                    diags.extend(self.undeclared(vi, &[i]));
                    reports[i].set(RuleResult::Error, Some(Reason::Undeclared(prep.undeclared[0].0.clone())), true);
                    nodes.fail(vi);
                    complete &= !(dep_unsure || after_unsure);
                    if vf.stop_after_error {
                        stopped = Some(Reason::StoppedBy(r.decl_range.range_string()));
                    }
                    continue;
                }
                if prep.not_evaluated.is_some() {
                    nodes.set_unsure(vi);
                    after_unsure |= vf.stop_after_error;
                    continue;
                }
                let mut scope: AttrMap = AttrMap::new();
                scope.insert(v.name.as_str(), me.clone());
                for o in &prep.refs {
                    if let Some(ov) = self.module.get(o) {
                        scope.insert(o.as_str(), unknown(ov, true));
                    }
                }
                let (out, raw) = self.eval_rule_kept(vi, i, scope, &v.decl_range, true, Some(Vec::new()));
                let raised = raw.iter().any(CheckDiag::is_error);
                // OpenTofu drops the diagnostics caused by unknown values
                // once the node's rules ran; its rule stop saw them.
                let rd: Vec<CheckDiag> = if vf.tofu_unknown_message_refused {
                    raw.into_iter().filter(|d| !is_caused_by_unknown(d)).collect()
                } else {
                    raw
                };
                if rd.iter().any(CheckDiag::is_error) {
                    reports[i].outcome(out);
                    reports[i].in_validate_walk = true;
                    nodes.fail(vi);
                    complete &= !(dep_unsure || after_unsure);
                }
                diags.extend(rd);
                if vf.stop_after_error && raised {
                    stopped = Some(Reason::StoppedBy(r.decl_range.range_string()));
                }
            }
            if dep_unsure {
                nodes.set_unsure(vi);
            }
        }
        (diags, complete)
    }

    /// With one evaluation context for all of a variable's rules: its
    /// rules' references to undeclared variables, which stop every rule.
    /// Sets the outcomes; None when the context builds.
    fn context_errors(&self, vi: usize, reports: &mut [RuleReport], validate_walk: bool) -> Option<Vec<CheckDiag>> {
        let bad: Vec<usize> = (0..self.prepared[vi].len()).filter(|&i| self.prepared[vi][i].context_fails()).collect();
        if bad.is_empty() {
            return None;
        }
        for (i, rep) in reports.iter_mut().enumerate() {
            let prep = &self.prepared[vi][i];
            if prep.context_fails() {
                rep.set(RuleResult::Error, Some(Reason::Undeclared(prep.undeclared[0].0.clone())), validate_walk);
            } else {
                rep.set(RuleResult::Skipped, Some(Reason::ContextNotBuilt), false);
            }
        }
        Some(self.undeclared(vi, &bad))
    }

    /// The plan walk: each rule of each variable with a final value.
    /// Returns the diagnostics and whether every rule was evaluated.
    pub fn plan(&self, vars: &mut BTreeMap<String, VarState>) -> (Vec<CheckDiag>, bool) {
        let vf = self.rules();
        // A module without rules: no rule to evaluate, so no value of
        // another variable to gather (the walk below would find nothing).
        if self.no_rules() {
            return (Vec::new(), true);
        }
        let mut complete = true;
        let mut diags = Vec::new();
        // Other variables are seen with their marks (`GetInputVariable`).
        let others: BTreeMap<&str, Value> = crate::sort::map(self.module.vars.iter().filter_map(|v| {
            let val = vars.get(&v.name)?.final_value.clone()?;
            let marks = Marks { sensitive: v.sensitive, ephemeral: v.ephemeral };
            Some((v.name.as_str(), val.with_marks(marks)))
        }));
        let value_keys: BTreeMap<&str, Option<std::rc::Rc<str>>> = crate::sort::map(
            self.module.vars.iter().map(|v| (v.name.as_str(), vars.get(&v.name).and_then(|st| st.value_key.clone()))),
        );
        let all_deps = self.all_deps();
        let mut nodes = NodeStates::default();
        for vi in self.order(&all_deps) {
            let v = &self.module.vars[vi];
            let (final_value, value_subject) = {
                let st = &vars[&v.name];
                (st.final_value.clone(), st.value_subject.clone())
            };
            let deps = &all_deps[vi];
            let skip = match &final_value {
                None => Some(Reason::NoValue),
                Some(_) if vf.other_variables => deps.iter().find_map(|&d| {
                    let name = &self.module.vars[d].name;
                    if !others.contains_key(name.as_str()) {
                        Some(Reason::OtherNoValue(name.clone()))
                    } else if nodes.failed(d) {
                        Some(Reason::DependencyFailed(name.clone()))
                    } else {
                        None
                    }
                }),
                Some(_) => None,
            };
            if skip.is_some() {
                nodes.fail(vi);
            }
            let dep_unsure = if vf.other_variables && skip.is_none() {
                deps.iter().find(|&&d| nodes.unsure(d)).map(|&d| self.module.vars[d].name.clone())
            } else {
                None
            };
            let reports = &mut vars.get_mut(&v.name).expect("every variable has a state").report.validations;
            if skip.is_none() && vf.one_context {
                if let Some(cd) = self.context_errors(vi, reports, false) {
                    diags.extend(cd);
                    nodes.fail(vi);
                    if dep_unsure.is_some() {
                        complete = false;
                        nodes.set_unsure(vi);
                    }
                    continue;
                }
            }
            let mut stopped: Option<Reason> = None;
            let mut stop_unsure: Option<String> = None;
            for (i, r) in v.rules.iter().enumerate() {
                let prep = &self.prepared[vi][i];
                let mut not_evaluated = |reason: Reason, reports: &mut [RuleReport], nodes: &mut NodeStates| {
                    reports[i].set(RuleResult::NotEvaluated, Some(reason), false);
                    complete = false;
                    nodes.set_unsure(vi);
                };
                if let Some(why) = skip.as_ref().or(stopped.as_ref()) {
                    reports[i].set(RuleResult::Skipped, Some(why.clone()), false);
                    continue;
                }
                if let Some(at) = &stop_unsure {
                    not_evaluated(Reason::AfterNotEvaluated(at.clone()), reports, &mut nodes);
                    continue;
                }
                if let Some(why) = &prep.not_evaluated {
                    not_evaluated(why.clone(), reports, &mut nodes);
                    if vf.stop_after_error {
                        stop_unsure = Some(r.decl_range.range_string());
                    }
                    continue;
                }
                if let Some(d) = &dep_unsure {
                    not_evaluated(Reason::DependencyNotEvaluated(d.clone()), reports, &mut nodes);
                    continue;
                }
                if vf.other_variables && !vf.one_context && prep.context_fails() {
                    // Reached only when the validate walk stopped before this
                    // rule on an error it then dropped.
                    diags.extend(self.undeclared(vi, &[i]));
                    reports[i].set(RuleResult::Error, Some(Reason::Undeclared(prep.undeclared[0].0.clone())), false);
                    nodes.fail(vi);
                    if vf.stop_after_error {
                        stopped = Some(Reason::StoppedBy(r.decl_range.range_string()));
                    }
                    continue;
                }
                let Some(val) = &final_value else { continue };
                if let Some(missing) = prep.refs.iter().rev().find(|o| !others.contains_key(o.as_str())) {
                    reports[i].set(RuleResult::Skipped, Some(Reason::OtherNoValue(missing.clone())), false);
                    continue;
                }
                let mut scope = AttrMap::new();
                scope.insert(v.name.as_str(), self_value(&vf, v, val));
                for o in &prep.refs {
                    scope.insert(o.as_str(), others[o.as_str()].clone());
                }
                let subject = value_subject.clone().unwrap_or_else(|| v.decl_range.clone());
                // What the values in scope were worked out from (see `kept`).
                let keys: Option<Vec<std::rc::Rc<str>>> = std::iter::once(v.name.as_str())
                    .chain(prep.refs.iter().map(String::as_str))
                    .map(|n| value_keys.get(n).cloned().flatten())
                    .collect();
                let (out, rd) = self.eval_rule_kept(vi, i, scope, &subject, false, keys);
                let result = out.result;
                reports[i].outcome(out);
                if rd.iter().any(CheckDiag::is_error) {
                    nodes.fail(vi);
                    if vf.stop_after_error {
                        stopped = Some(Reason::StoppedBy(r.decl_range.range_string()));
                    }
                }
                if result == RuleResult::NotEvaluated {
                    complete = false;
                    nodes.set_unsure(vi);
                    if vf.stop_after_error {
                        stop_unsure = Some(r.decl_range.range_string());
                    }
                }
                diags.extend(rd);
            }
        }
        (diags, complete)
    }

    /// The rules of variable `vi` of a called module, its value and the
    /// other variables' known (`values`: final values, unmarked; a missing
    /// one is not known, so its rules are skipped). `value_subject`: the
    /// call's argument (Terraform 1.9+ points there), else the declaration.
    pub fn module_variable(
        &self,
        vi: usize,
        values: &BTreeMap<String, Value>,
        value_subject: &Subject,
    ) -> (Vec<RuleReport>, Vec<CheckDiag>) {
        let vf = self.rules();
        let v = &self.module.vars[vi];
        let mut diags = Vec::new();
        let marked =
            |o: &Variable, x: &Value| x.clone().with_marks(Marks { sensitive: o.sensitive, ephemeral: o.ephemeral });
        let reports = v
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let prep = &self.prepared[vi][i];
                let mut rep = RuleReport::pending(r);
                let out = match values.get(&v.name) {
                    None => Outcome::new(RuleResult::Skipped, Some(Reason::NoValue)),
                    Some(_) if prep.not_evaluated.is_some() => {
                        Outcome::new(RuleResult::NotEvaluated, prep.not_evaluated.clone())
                    }
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

    /// [`Walk::eval_rule`] for rule `ri` of variable `vi`, kept from an
    /// earlier check of the module (see [`super::kept`]) when `keys` (what
    /// the values in `scope` were worked out from, in its order; None: not
    /// all are named) and where the value was set are the same.
    fn eval_rule_kept(
        &self,
        vi: usize,
        ri: usize,
        scope: AttrMap,
        value_subject: &Subject,
        validate_walk: bool,
        keys: Option<Vec<std::rc::Rc<str>>>,
    ) -> (Outcome, Vec<CheckDiag>) {
        let v = &self.module.vars[vi];
        let r = &v.rules[ri];
        let (Some(mid), Some(keys)) = (super::kept::id_of(self.module), keys) else {
            return self.eval_rule(v, r, scope, value_subject, validate_walk);
        };
        let mut at = String::with_capacity(value_subject.filename.len() + 32);
        super::kept::push_place(&mut at, value_subject);
        let mut inputs: Vec<&str> = vec![&at];
        inputs.extend(keys.iter().map(|k| &**k));
        let kind = if validate_walk { "rule (validate walk)" } else { "rule (plan walk)" };
        crate::valueparse::kept::remember(
            kind,
            &super::kept::name_of(&[mid, vi as u64, ri as u64], self.texts.counting()),
            &inputs,
            self.p,
            |own| {
                let walk = Walk { module: self.module, prepared: self.prepared, texts: self.texts, p: own };
                walk.eval_rule(v, r, scope, value_subject, validate_walk)
            },
        )
    }

    /// `evalVariableValidation` for one rule. `validate_walk`: the values are
    /// the validate walk's unknowns; `value_subject`: where the value was
    /// set (the declaration when not in a file).
    fn eval_rule(
        &self,
        v: &Variable,
        r: &Rule,
        scope: AttrMap,
        value_subject: &Subject,
        validate_walk: bool,
    ) -> (Outcome, Vec<CheckDiag>) {
        let vf = self.rules();
        let p = self.p;
        let at = |range: &Range<usize>| Some(self.texts.subject(&r.file, range));
        let eval = |e: &crate::hcl::ast::Expr| {
            let file = r.file.as_str();
            let (val, raw) = crate::expr::eval_raw(
                e,
                scope.clone(),
                Box::new(move |range| self.texts.subject(file, range).range_string()),
                p,
            );
            let ds: Vec<CheckDiag> =
                raw.into_iter().map(|d| CheckDiag::error(d.summary, d.detail, at(&d.range))).collect();
            (val, ds)
        };
        let (result, mut diags) = eval(&r.condition);
        let (message, message_diags) = match r.json_message.as_ref().and_then(|j| j.unparsed.clone()) {
            Some(ds) => (Value::unknown(Type::Dynamic), ds),
            None => eval(&r.error_message),
        };
        let (message, message_diags) = json_message_fallback(r, message, message_diags, p, &at);
        let message_failed = message_diags.iter().any(CheckDiag::is_error);
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
        let invalid_result =
            |detail: String| CheckDiag::error("Invalid variable validation result", detail, at(&r.condition.range()));
        if result.is_null() {
            diags.push(invalid_result(
                "Validation condition expression must return either true or false, not null.".into(),
            ));
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
        let invalid_message =
            |detail: String| CheckDiag::error("Invalid error message", detail, at(&r.error_message.range()));
        if vf.unknown_message_refused && !message.is_known() {
            if validate_walk && vf.validate_walk_skips_unknown_message {
                out.result = RuleResult::Unknown;
                return (out, diags);
            }
            diags.push(invalid_message("Unsuitable value for error message: expression refers to values that won't be known until the apply phase.".into()));
            out.reason = Some(Reason::UnknownMessage);
            return (out, diags);
        }
        if vf.tofu_unknown_message_refused && !message_failed && !message.is_known() {
            diags.push(invalid_message(
                "Value used in error message is not known and can not be used in error_message until after apply."
                    .into(),
            ));
            out.reason = Some(Reason::UnknownMessage);
            return (out, diags);
        }
        let mut shown = String::new();
        if !message_failed && message.is_known() && !message.is_null() {
            let product = p.product_name();
            match crate::convert::convert(&message, &Type::String, p) {
                Err(e) => {
                    diags.push(invalid_message(format!("Unsuitable value for error message: {}.", with_path(&e))))
                }
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
                    // Terraform's text for it is the sensitive one.
                    shown = if product == crate::flavor::Product::OpenTofu.name() {
                        "The error message included an ephemeral value, so it will not be displayed."
                    } else {
                        "The error message included a sensitive value, so it will not be displayed."
                    }
                    .into();
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

/// A diagnostic OpenTofu marks as caused by unknown values (its validate
/// walk drops them): an error message not known yet.
fn is_caused_by_unknown(d: &CheckDiag) -> bool {
    d.summary == "Invalid error message" && d.detail.contains("not known")
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
pub fn finish(
    module: &Module,
    prepared: &[Vec<Prepared>],
    vars: &mut std::collections::BTreeMap<String, VarState>,
    walks_reached: bool,
) {
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

/// A `.tf.json` rule's error message that does not evaluate is read as
/// the string it holds, with a warning quoting hcl's `Diagnostics.Error()`
/// (`eval_variable.go`, every version); other messages are as evaluated.
fn json_message_fallback(
    r: &Rule,
    message: Value,
    diags: Vec<CheckDiag>,
    p: &Profile,
    at: &dyn Fn(&Range<usize>) -> Option<Subject>,
) -> (Value, Vec<CheckDiag>) {
    let Some(literal) = r.json_message.as_ref().and_then(|j| j.literal.as_ref()) else { return (message, diags) };
    let errors: Vec<&CheckDiag> = diags.iter().filter(|d| d.is_error()).collect();
    let Some(first) = errors.first() else { return (message, diags) };
    let one = |d: &CheckDiag| {
        format!(
            "{}: {}; {}",
            d.subject.as_ref().map_or("<nil>".to_string(), Subject::range_string),
            d.summary,
            d.detail
        )
    };
    let mut error = one(first);
    if errors.len() > 1 {
        error += &format!(", and {} other diagnostic(s)", errors.len() - 1);
    }
    let product = p.product_name();
    let warning = CheckDiag::warning(
        "Validation error message expression is invalid",
        format!("The error message provided could not be evaluated as an expression, so {product} is interpreting it as a string literal.\n\nIn future versions of {product}, this will be considered an error. Please file a GitHub issue if this would break your workflow.\n\n{error}"),
        at(&r.error_message.range()),
    );
    (Value::string(literal.as_str()), vec![warning])
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
            (
                "terraform@1.15",
                "contains([\"a\", \"b\"], var.x)",
                "\"bad\"",
                "\"c\"",
                Fail,
                &["Invalid value for variable"],
            ),
            (
                "terraform@1.15",
                "var.x == null ? null : true",
                "\"bad\"",
                "null",
                Error,
                &["Invalid variable validation result"],
            ),
            ("terraform@1.15", "var.x", "\"bad\"", "\"yes\"", Error, &["Invalid variable validation result"]),
            (
                "terraform@1.15",
                "var.x == \"a\"",
                "[1]",
                "\"b\"",
                Fail,
                &["Invalid error message", "Invalid value for variable"],
            ),
            // A function of the file system is named, not evaluated.
            ("terraform@1.15", "fileexists(var.x)", "\"bad\"", "\"a\"", NotEvaluated, &[]),
            // hcl's short-circuit && / || from Terraform 1.12 on.
            ("terraform@1.12", "var.x == null || length(var.x) > 0", "\"bad\"", "null", Pass, &[]),
            (
                "terraform@1.11",
                "var.x == null || length(var.x) > 0",
                "\"bad\"",
                "null",
                Error,
                &["Invalid function argument"],
            ),
            // alltrue/anytrue of unknown elements stay unknown in the validate walk.
            (
                "terraform@1.5",
                "anytrue([var.x == \"a\", var.x == \"b\"])",
                "\"bad\"",
                "\"c\"",
                Fail,
                &["Invalid value for variable"],
            ),
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

    /// A module of several variables: each variable's rule results (by
    /// name), and the diagnostics' summaries.
    fn run_module(flavor: &str, main_tf: &str, tfvars: &str) -> (Vec<(String, Vec<RuleResult>)>, Vec<String>) {
        let mut input = CheckInput::default();
        input.files.insert("main.tf".into(), main_tf.into());
        input.files.insert("terraform.tfvars".into(), tfvars.into());
        let r = check(&input, &Flavor::lookup(flavor).unwrap().profile());
        let vars =
            r.variables.iter().map(|v| (v.name.clone(), v.validations.iter().map(|x| x.result).collect())).collect();
        (vars, r.diagnostics.iter().map(|d| d.summary.clone()).collect())
    }

    fn var(name: &str, rules: &[(&str, &str)]) -> String {
        let mut s = format!("variable \"{name}\" {{\n  type = number\n");
        for (cond, msg) in rules {
            s += &format!("  validation {{\n    condition = {cond}\n    error_message = {msg}\n  }}\n");
        }
        s + "}\n"
    }

    /// (flavor, main.tf, terraform.tfvars, results per variable, summaries)
    type ModRow = (&'static str, String, &'static str, Vec<(&'static str, Vec<RuleResult>)>, Vec<&'static str>);

    fn check_table(table: Vec<ModRow>) {
        for (flavor, main, vars, want, diags) in table {
            let (got, ds) = run_module(flavor, &main, vars);
            let want: Vec<(String, Vec<RuleResult>)> = want.into_iter().map(|(n, r)| (n.to_string(), r)).collect();
            assert_eq!(got, want, "{flavor}:\n{main}{vars}\n{ds:?}");
            assert_eq!(ds, diags, "{flavor}:\n{main}{vars}");
        }
    }

    #[test]
    fn a_rule_may_refer_to_other_variables_from_terraform_1_9_and_opentofu_1_9() {
        let main = var("a", &[]) + &var("b", &[("var.b > var.a", "\"b must exceed a\"")]);
        let refused = vec!["Invalid reference in variable validation"];
        check_table(vec![
            (
                "terraform@1.8",
                main.clone(),
                "a = 1\nb = 2\n",
                vec![("a", vec![]), ("b", vec![Skipped])],
                refused.clone(),
            ),
            ("opentofu@1.8", main.clone(), "a = 1\nb = 2\n", vec![("a", vec![]), ("b", vec![Skipped])], refused),
            ("terraform@1.9", main.clone(), "a = 1\nb = 2\n", vec![("a", vec![]), ("b", vec![Pass])], vec![]),
            ("opentofu@1.9", main.clone(), "a = 1\nb = 2\n", vec![("a", vec![]), ("b", vec![Pass])], vec![]),
            (
                "opentofu@1.12",
                main,
                "a = 3\nb = 2\n",
                vec![("a", vec![]), ("b", vec![Fail])],
                vec!["Invalid value for variable"],
            ),
        ]);
    }

    #[test]
    fn mutual_references_are_a_cycle_of_the_graph_named_as_each_product_names_its_node() {
        let main = var("a", &[("var.a > var.b", "\"a\"")]) + &var("b", &[("var.b > var.a", "\"b\"")]);
        check_table(vec![
            (
                "terraform@1.9",
                main.clone(),
                "a = 1\nb = 2\n",
                vec![("a", vec![Skipped]), ("b", vec![Skipped])],
                vec!["Cycle: var.a (validation), var.b (validation)"],
            ),
            (
                "opentofu@1.9",
                main.clone(),
                "a = 1\nb = 2\n",
                vec![("a", vec![Skipped]), ("b", vec![Skipped])],
                vec!["Cycle: var.a (expand, reference), var.b (expand, reference)"],
            ),
            (
                "terraform@1.16",
                main,
                "a = 1\nb = 2\n",
                vec![("a", vec![Skipped]), ("b", vec![Skipped])],
                vec!["Cycle:\n  var.a (validation)\n  var.b (validation)"],
            ),
        ]);
    }

    /// Terraform 1.16 lists a cycle one name per line, in reference order
    /// from the shortest name (`dag.Validate`, "render cycle errors
    /// vertically"); before, in one line in Tarjan's order.
    #[test]
    fn terraform_1_16_lists_a_cycle_vertically_from_its_shortest_name() {
        // zz -> abc -> zz: the shorter zz first, though abc sorts first.
        let names = var("zz", &[("var.zz != var.abc", "\"zz\"")]) + &var("abc", &[("var.abc != var.zz", "\"abc\"")]);
        // a -> b -> cc -> a: in reference order from a.
        let ring = var("a", &[("var.a < var.b", "\"a\"")])
            + &var("b", &[("var.b < var.cc", "\"b\"")])
            + &var("cc", &[("var.cc > var.a", "\"cc\"")]);
        let skipped2 = |x: &'static str, y: &'static str| vec![(x, vec![Skipped]), (y, vec![Skipped])];
        let skipped3 = vec![("a", vec![Skipped]), ("b", vec![Skipped]), ("cc", vec![Skipped])];
        check_table(vec![
            (
                "terraform@1.16",
                names.clone(),
                "zz = 1\nabc = 2\n",
                skipped2("abc", "zz"),
                vec!["Cycle:\n  var.zz (validation)\n  var.abc (validation)"],
            ),
            (
                "terraform@1.15",
                names,
                "zz = 1\nabc = 2\n",
                skipped2("abc", "zz"),
                vec!["Cycle: var.abc (validation), var.zz (validation)"],
            ),
            (
                "terraform@1.16",
                ring.clone(),
                "a = 1\nb = 2\ncc = 3\n",
                skipped3.clone(),
                vec!["Cycle:\n  var.a (validation)\n  var.b (validation)\n  var.cc (validation)"],
            ),
            (
                "terraform@1.15",
                ring,
                "a = 1\nb = 2\ncc = 3\n",
                skipped3,
                vec!["Cycle: var.a (validation), var.cc (validation), var.b (validation)"],
            ),
        ]);
    }

    /// Another variable's ephemeral value in an error message is refused
    /// from Terraform 1.10 (`evalVariableValidation`), where Terraform hides
    /// the message with its "sensitive value" text; OpenTofu from 1.11 with
    /// its own "ephemeral value" text. (flavor, diagnostics, message shown)
    #[test]
    fn an_ephemeral_value_in_an_error_message_is_refused_from_terraform_1_10() {
        let main = "variable \"token\" {\n  type = string\n  ephemeral = true\n}\n\
                    variable \"x\" {\n  type = number\n  validation {\n    condition = var.x > 0\n    error_message = \"bad ${var.token}\"\n  }\n}\n";
        let refused = ["Error message refers to ephemeral values", "Invalid value for variable"];
        let table: [(&str, &[&str], &str); 4] = [
            ("terraform@1.10", &refused, "The error message included a sensitive value, so it will not be displayed."),
            ("terraform@1.12", &refused, "The error message included a sensitive value, so it will not be displayed."),
            // OpenTofu reports the failed rule first.
            (
                "opentofu@1.11",
                &["Invalid value for variable", "Error message refers to ephemeral values"],
                "The error message included an ephemeral value, so it will not be displayed.",
            ),
            ("opentofu@1.10", &["Unsupported argument"], ""),
        ];
        for (flavor, diags, shown) in table {
            let mut input = CheckInput::default();
            input.files.insert("main.tf".into(), main.into());
            input.files.insert("terraform.tfvars".into(), "token = \"t\"\nx = -1\n".into());
            let r = check(&input, &Flavor::lookup(flavor).unwrap().profile());
            let summaries: Vec<&str> = r.diagnostics.iter().map(|d| d.summary.as_str()).collect();
            assert_eq!(summaries, diags, "{flavor}");
            if !shown.is_empty() {
                let failed = r.diagnostics.iter().find(|d| d.summary == "Invalid value for variable").unwrap();
                assert!(failed.detail.starts_with(shown), "{flavor}: {}", failed.detail);
            }
        }
    }

    /// The validate walk skips a false rule whose message is not known from
    /// Terraform 1.10 (commit 6146cff55e); Terraform 1.9 refuses it there.
    #[test]
    fn the_validate_walk_skips_an_unknown_message_from_terraform_1_10() {
        // False even for the validate walk's unknown, with a message that is
        // not known there.
        let decl = rule("length([for c in [] : var.x]) > 0", "\"Got ${var.x}.\"");
        let table: [(&str, RuleResult, &[&str]); 3] = [
            ("terraform@1.9", Error, &["Invalid error message"]),
            ("terraform@1.10", Fail, &["Invalid value for variable"]),
            ("terraform@1.12", Fail, &["Invalid value for variable"]),
        ];
        for (flavor, want, diags) in table {
            let (got, ds) = run(flavor, &decl, "\"abc\"");
            assert_eq!(got, vec![want], "{flavor}: {ds:?}");
            assert_eq!(ds, diags, "{flavor}");
        }
    }

    #[test]
    fn a_variable_whose_referenced_variable_failed_skips_all_its_rules() {
        let main = var("a", &[("var.a > 10", "\"a too small\"")])
            + &var("b", &[("var.b > 0", "\"b\""), ("var.b > var.a", "\"b > a\"")]);
        check_table(vec![
            (
                "terraform@1.15",
                main.clone(),
                "a = 1\nb = -1\n",
                vec![("a", vec![Fail]), ("b", vec![Skipped, Skipped])],
                vec!["Invalid value for variable"],
            ),
            (
                "opentofu@1.10",
                main,
                "a = 11\nb = -1\n",
                vec![("a", vec![Pass]), ("b", vec![Fail, Skipped])],
                vec!["Invalid value for variable"],
            ),
        ]);
    }

    #[test]
    fn opentofu_1_7_evaluates_no_further_rules_of_a_variable_after_an_error() {
        let main = var("x", &[("var.x > 10", "\"small\""), ("var.x > 20", "\"smaller\"")]);
        let two = vec!["Invalid value for variable", "Invalid value for variable"];
        check_table(vec![
            ("opentofu@1.6", main.clone(), "x = 1\n", vec![("x", vec![Fail, Fail])], two.clone()),
            (
                "opentofu@1.7",
                main.clone(),
                "x = 1\n",
                vec![("x", vec![Fail, Skipped])],
                vec!["Invalid value for variable"],
            ),
            ("terraform@1.15", main, "x = 1\n", vec![("x", vec![Fail, Fail])], two),
        ]);
    }

    #[test]
    fn a_reference_to_an_undeclared_variable_stops_the_rules_as_each_product_builds_their_context() {
        // Terraform: one context for all rules, so neither rule runs;
        // OpenTofu: the first rule runs (in the validate walk), the
        // second's context fails, and that error stops the run.
        let main = var("x", &[("var.x > 10", "\"small\""), ("var.x > var.y", "\"y\"")]) + &var("yy", &[]);
        let undeclared = "Reference to undeclared input variable";
        check_table(vec![
            (
                "terraform@1.9",
                main.clone(),
                "x = 11\nyy = 1\n",
                vec![("x", vec![Skipped, Error]), ("yy", vec![])],
                vec![undeclared],
            ),
            (
                "opentofu@1.9",
                main.clone(),
                "x = 11\nyy = 1\n",
                vec![("x", vec![Skipped, Error]), ("yy", vec![])],
                vec![undeclared],
            ),
        ]);
        let first_reason = |flavor: &str| {
            let mut input = CheckInput::default();
            input.files.insert("main.tf".into(), main.clone());
            input.files.insert("terraform.tfvars".into(), "x = 11\nyy = 1\n".into());
            let r = check(&input, &Flavor::lookup(flavor).unwrap().profile());
            r.variables.iter().find(|v| v.name == "x").unwrap().validations[0].reason.clone()
        };
        assert_eq!(first_reason("terraform@1.9"), Some(super::Reason::ContextNotBuilt));
        assert_eq!(first_reason("opentofu@1.9"), Some(super::Reason::ValidateWalkError));
    }

    #[test]
    fn a_known_condition_passes_on_its_marks_from_hcl_2_23() {
        let decl = "  type = string\n  sensitive = true\n  validation {\n    condition = var.x == \"a\"\n    error_message = \"%{ if var.x == \"\" }Empty.%{ else }Wrong.%{ endif }\"\n  }";
        let (_, old) = run("opentofu@1.9", decl, "\"b\"");
        assert_eq!(old, ["Invalid value for variable"]);
        let (_, new) = run("opentofu@1.10", decl, "\"b\"");
        assert_eq!(new, ["Invalid value for variable", "Error message refers to sensitive values"]);
    }
}
