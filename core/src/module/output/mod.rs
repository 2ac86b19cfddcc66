//! A check's report in the forms people read it in: Terraform's own
//! diagnostic text (`human`), the shape of `terraform validate -json`
//! (`json`), SARIF 2.1.0 for code scanning (`sarif`) and GitHub Actions
//! workflow commands (`github`). The words of tftype's own lines come from
//! the catalogs.
//!
//! One file per form; this file holds what the forms share (paths, the
//! neutralising of text from the module, the rules left unevaluated, the
//! count). The module calls' lines are their form's (`calls.rs` decides,
//! these files present).

mod github;
mod human;
mod json;
mod sarif;

pub use github::{github, github_annotated};
pub use human::{
    effective, human, human_annotated, human_diag, human_notes, human_notes_verbose, role_line, source_words,
};
pub use json::{add_snippets, validate_json, validate_json_annotated, validate_json_utf16};
pub use sarif::{rule_id, sarif, sarif_log, sarif_run};

use super::calls::{ArgStatus, CallReport};
use super::validate::RuleResult;
use super::CheckReport;
use crate::i18n::{fill, Lang};

/// Where a diagnostic's file is, for the formats read by other tools: its
/// path from the working directory, or None for a text that is no file
/// (`<value for var.NAME>`, a value given with `-var`).
pub type PathOf<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The path of `filename` for a module checked in `base`: files of the
/// module directory joined to it; texts in angle brackets are no file.
pub fn path_in(base: &str, filename: &str) -> Option<String> {
    if filename.starts_with('<') {
        return None;
    }
    Some(if base.is_empty() || base == "." || filename.starts_with('/') {
        filename.to_string()
    } else {
        format!("{}/{}", base.trim_end_matches('/'), filename)
    })
}

/// Text from the module (messages, file names, source lines, values) made
/// safe for a terminal or a CI log: control characters (C0 but tab and, with
/// `newlines`, line ends; DEL; C1) are written as Go's escapes (`\x1b`,
/// `\a`, `\u009b`), so none clears the screen, moves the cursor, rings or
/// hides a link. [`no_command_lines`] then keeps lines from reading as CI
/// workflow commands.
pub fn neutralize(text: &str, newlines: bool) -> String {
    if !text.chars().any(|c| c.is_control() && c != '\t' && !(newlines && matches!(c, '\n' | '\r'))) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\t' => out.push(c),
            '\n' if newlines => out.push(c),
            '\r' if newlines && chars.peek() == Some(&'\n') => out.push(c),
            '\x07' => out += "\\a",
            '\x08' => out += "\\b",
            '\x0c' => out += "\\f",
            '\n' => out += "\\n",
            '\r' => out += "\\r",
            '\x0b' => out += "\\v",
            c if (c as u32) < 0x20 || c == '\x7f' => out += &format!("\\x{:02x}", c as u32),
            c if c.is_control() => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out
}

/// `text` with a backslash before a line's leading `::` (after any
/// blanks): a CI runner reads such a line of a log as a workflow command
/// (GitHub's `::error …::`, `::add-mask::`), whoever wrote it.
pub fn no_command_lines(text: String) -> String {
    if !text.contains("::") {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for line in text.split_inclusive('\n') {
        let rest = line.trim_start();
        if rest.starts_with("::") {
            out += &line[..line.len() - rest.len()];
            out.push('\\');
            out += rest;
        } else {
            out += line;
        }
    }
    out
}

/// Every validation rule tftype did not evaluate: the variable's address
/// (`var.x`, `module.vpc.var.x`) and the rule, the root module's first.
pub fn unevaluated_rules(r: &CheckReport) -> Vec<(String, &crate::module::validate::RuleReport)> {
    let mut out = Vec::new();
    for v in &r.variables {
        for rule in v.validations.iter().filter(|x| x.result == RuleResult::NotEvaluated) {
            out.push((format!("var.{}", v.name), rule));
        }
    }
    for c in &r.module_calls {
        for (name, rule) in c.validations.iter().filter(|(_, x)| x.result == RuleResult::NotEvaluated) {
            out.push((format!("{}.var.{name}", c.address), rule));
        }
    }
    out
}

/// The sentence that names a rule left unevaluated and why.
fn unevaluated_text(name: &str, rule: &crate::module::validate::RuleReport, lang: Lang) -> String {
    let why = rule.reason.as_ref().map(|w| w.text(lang)).unwrap_or_default();
    fill(lang, "check.rule_not_evaluated", &[("name", name), ("rule", &rule.rule), ("reason", &why)])
}

/// The place of a rule named by its range (`variables.tf:21,3-13`,
/// `a.tf:1,3-2,4`): the file and the start and end (line, column).
/// A file and a range's start and end (line, column).
type Place<'a> = (&'a str, (usize, usize), (usize, usize));

fn rule_place(range: &str) -> Option<Place<'_>> {
    let (file, nums) = range.rsplit_once(':')?;
    let (start, end) = nums.split_once('-')?;
    let (sl, sc) = start.split_once(',')?;
    let (sl, sc): (usize, usize) = (sl.parse().ok()?, sc.parse().ok()?);
    let (el, ec) = match end.split_once(',') {
        Some((l, c)) => (l.parse().ok()?, c.parse().ok()?),
        None => (sl, end.parse().ok()?),
    };
    Some((file, (sl, sc), (el, ec)))
}

/// "2 variables checked: 1 error, 0 warnings." in the reader's language.
pub fn summary_line(r: &CheckReport, lang: Lang) -> String {
    let errors = r.diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = r.diagnostics.len() - errors;
    let key = if errors == 0 { "check.summary_ok" } else { "check.summary_failed" };
    let (mut vars, errors, warnings) =
        (count(lang, "variables", r.variables.len()), count(lang, "errors", errors), count(lang, "warnings", warnings));
    // What the module calls' check evaluated counts too ("0 variables
    // checked" read wrong beside a dozen arguments checked).
    // Honestly: "0 of 26 module arguments" when the calls' arguments were
    // not checked (a registry source before `init`, a reference …).
    let arguments = arguments_checked(&r.module_calls);
    let not_checked = arguments_not_checked_count(&r.module_calls);
    if not_checked > 0 {
        let b = fill(
            lang,
            "check.count.module_arguments_of",
            &[("count", &arguments.to_string()), ("total", &(arguments + not_checked).to_string())],
        );
        vars = fill(lang, "check.count.and", &[("a", &vars), ("b", &b)]);
    } else if arguments > 0 {
        vars = fill(lang, "check.count.and", &[("a", &vars), ("b", &count(lang, "module_arguments", arguments))]);
    }
    fill(lang, key, &[("vars", &vars), ("errors", &errors), ("warnings", &warnings)])
}

/// "1 error", "2 errors": `check.count.WHAT` (`_one` for one) in the
/// reader's language.
pub fn count(lang: Lang, what: &str, n: usize) -> String {
    let key = if n == 1 { format!("check.count.{what}_one") } else { format!("check.count.{what}") };
    fill(lang, &key, &[("count", &n.to_string())])
}

/// How many arguments of the calls were evaluated and prepared (accepted or
/// refused), for the check's summary line.
pub fn arguments_checked(calls: &[CallReport]) -> usize {
    calls
        .iter()
        .flat_map(|c| &c.arguments)
        .filter(|a| matches!(a.status, ArgStatus::Accepted { .. } | ArgStatus::Failed { .. }))
        .count()
}

/// How many arguments of the calls were not checked: not evaluated, or
/// written in a call that was not checked (a remote source before `init`,
/// a stale manifest …).
pub fn arguments_not_checked_count(calls: &[CallReport]) -> usize {
    calls.iter().flat_map(|c| &c.arguments).filter(|a| matches!(a.status, ArgStatus::NotChecked(_))).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::text;
    use crate::module::explain::Annotations;
    use crate::module::{CheckDiag, CheckInput, Pos, Subject};

    pub(super) fn diag() -> CheckDiag {
        CheckDiag::error(
            "Invalid value for input variable",
            "a number is required, 100%\nsee: here",
            Some(Subject {
                filename: "prod.tfvars".into(),
                start: Pos { line: 2, column: 8, byte: 15 },
                end: Pos { line: 2, column: 16, byte: 23 },
            }),
        )
    }

    /// A rule tftype did not evaluate is a notice annotation and a
    /// note-level SARIF result at the rule, as the human form names it (ux-4
    /// finding 4).
    #[test]
    fn tftypes_notes_follow_terraforms_diagnostics_in_every_form() {
        let vars = "variable \"region\" {\n  type = string\n}\n";
        let input = CheckInput {
            files: [
                ("variables.tf".to_string(), vars.to_string()),
                ("terraform.tfvars".to_string(), "region = \"a\"\nregoin = \"b\"\n".to_string()),
            ]
            .into(),
            ..Default::default()
        };
        let p = crate::flavor::Flavor::default_flavor().profile();
        let r = crate::module::check(&input, &p);
        let a = Annotations { notes: crate::assist::check_notes_placed(&input, &p, Lang::En), ..Default::default() };
        assert_eq!(a.notes.len(), 1, "{:?}", a.notes);
        let note = "`regoin` is not a variable of this module: its value is not used. Did you mean `region`?";
        // Human: after the diagnostics, under tftype's heading, before the count.
        let human = human_annotated(&r, &input, false, Lang::En, &a);
        let (warning, heading, line, summary) = (
            human.find("Warning: Value for undeclared variable").expect("Terraform's warning"),
            human.find(text(Lang::En, "check.notes_heading")).expect("the heading"),
            human.find(&format!("  terraform.tfvars:2,1-7: {note}")).expect("the note, placed"),
            human.find("1 variable checked").expect("the count"),
        );
        assert!(warning < heading && heading < line && line < summary, "{human}");
        // JSON: a `notes` array, never a diagnostic.
        let j = validate_json_annotated(&r, &a);
        assert_eq!(j["diagnostics"].as_array().map(Vec::len), Some(1));
        assert_eq!(j["notes"][0]["kind"], "note.undeclared_suggest");
        assert_eq!(j["notes"][0]["range"]["start"]["line"], 2);
        // SARIF: a note-level result with a rule of its own.
        let run = sarif_run(&r, &input, &|f| path_in("infra", f), &a, None);
        let res = run["results"].as_array().unwrap().iter().find(|x| x["level"] == "note").expect("a note");
        assert_eq!(res["ruleId"], "tftype/note.undeclared_suggest");
        assert_eq!(
            run["tool"]["driver"]["rules"][res["ruleIndex"].as_u64().unwrap() as usize]["defaultConfiguration"]
                ["level"],
            "note"
        );
        assert_eq!(res["locations"][0]["physicalLocation"]["region"]["startLine"], 2);
        // GitHub: a notice at its place.
        let gh = github_annotated(&r, &|f| path_in("infra", f), &a, None, Lang::En);
        assert!(
            gh.ends_with(&format!(
                "::notice file=infra/terraform.tfvars,line=2,col=1,endLine=2,endColumn=7,title=tftype note::{note}\n"
            )),
            "{gh}"
        );
    }

    #[test]
    fn rules_left_unevaluated_are_notices_and_notes() {
        let vars = "variable \"token\" {\n  type = string\n  validation {\n    condition     = fileexists(var.token)\n    error_message = \"No such file.\"\n  }\n}\n";
        let input = CheckInput {
            files: [
                ("variables.tf".to_string(), vars.to_string()),
                ("terraform.tfvars".to_string(), "token = \"x\"\n".to_string()),
            ]
            .into(),
            ..Default::default()
        };
        let r = crate::module::check(&input, &crate::flavor::Flavor::default_flavor().profile());
        assert!(r.ok && !r.validation_complete);
        let gh = github(&r, "infra");
        assert_eq!(
            gh,
            "::notice file=infra/variables.tf,line=3,col=3,endLine=3,endColumn=13,title=Validation rule not evaluated::var.token: the validation rule at variables.tf:3,3-13 was not evaluated: it calls fileexists() (reads files).\n"
        );
        let log = sarif(&r, &input, "infra");
        let run = &log["runs"][0];
        let res = &run["results"][0];
        assert_eq!(res["level"], "note");
        assert_eq!(res["ruleId"], "tftype/validation-rule-not-evaluated");
        assert_eq!(
            run["tool"]["driver"]["rules"][res["ruleIndex"].as_u64().unwrap() as usize]["id"],
            "tftype/validation-rule-not-evaluated"
        );
        assert_eq!(res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "infra/variables.tf");
        assert_eq!(res["locations"][0]["physicalLocation"]["region"]["startLine"], 3);
        let table: [(&str, Option<Place>); 3] = [
            ("variables.tf:21,3-13", Some(("variables.tf", (21, 3), (21, 13)))),
            ("a:b.tf:1,3-2,4", Some(("a:b.tf", (1, 3), (2, 4)))),
            ("nonsense", None),
        ];
        for (range, want) in table {
            assert_eq!(rule_place(range), want, "{range}");
        }
    }

    /// Counts agree with their number in every language (ux-4 finding 14).
    #[test]
    fn counts_are_singular_for_one() {
        let table: [(Lang, &str, usize, &str); 7] = [
            (Lang::En, "errors", 1, "1 error"),
            (Lang::En, "errors", 2, "2 errors"),
            (Lang::En, "warnings", 0, "0 warnings"),
            (Lang::En, "variables", 1, "1 variable"),
            (Lang::En, "calls", 1, "1 module call"),
            (Lang::Zh, "errors", 1, "1 个错误"),
            (Lang::Ja, "calls", 1, "モジュール呼び出し 1 件"),
        ];
        for (lang, what, n, want) in table {
            assert_eq!(count(lang, what, n), want);
        }
        let one = CheckReport { variables: Vec::new(), diagnostics: vec![diag()], ..Default::default() };
        assert_eq!(summary_line(&one, Lang::En), "0 variables checked: 1 error, 0 warnings.");
        assert_eq!(summary_line(&one, Lang::Ja), "変数 0 個をチェックしました。エラー 1 件、警告 0 件。");
    }
}
