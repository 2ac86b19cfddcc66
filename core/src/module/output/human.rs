//! The human form: Terraform's own diagnostic text, then tftype's lines
//! (notes, the module calls', the stories of `--explain`, the count).

use super::{count, neutralize, no_command_lines, summary_line, unevaluated_rules, unevaluated_text};
use crate::i18n::{fill, text, Lang};
use crate::module::calls::{ArgStatus, CallReport, CallStatus, Note};
use crate::module::explain::{Annotations, VarStory};
use crate::module::validate::RuleResult;
use crate::module::{CheckDiag, CheckInput, CheckReport, Outcome};

/// The most of a source line a diagnostic shows (bytes).
const SNIPPET_BYTES: usize = 240;

/// `i`, or the nearest character boundary of `s` before it.
fn floor_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Terraform's diagnostic text: the summary, where it is (`on FILE line
/// N, in BLOCK:` and every line of the range, Terraform's gutter, the
/// range underlined when `color`), the values of a failed rule's references
/// (`├──── │ var.x is 12`), and the detail. With `color` (a terminal) the
/// diagnostic is framed by Terraform's left rule (`╷ │ ╵`).
pub fn human_diag(d: &CheckDiag, input: &CheckInput, color: bool) -> String {
    human_diag_in(d, input, color, &mut crate::module::snippet::Contexts::default(), "")
}

/// `tail`: tftype's lines about the diagnostic ("The part that fails", the
/// playground link), after the detail and inside the frame, so that on a
/// terminal they belong to their diagnostic, not to the next.
fn human_diag_in(
    d: &CheckDiag,
    input: &CheckInput,
    color: bool,
    contexts: &mut crate::module::snippet::Contexts,
    tail: &str,
) -> String {
    let (bold, red, yellow, under, gray, reset) = if color {
        ("\x1b[1m", "\x1b[31m", "\x1b[33m", "\x1b[4m", "\x1b[90m", "\x1b[0m")
    } else {
        ("", "", "", "", "", "")
    };
    let (word, c) = if d.is_error() { ("Error", red) } else { ("Warning", yellow) };
    let n = |t: &str| neutralize(t, false);
    let mut out = format!("{c}{bold}{word}: {reset}{bold}{}{reset}\n\n", n(&d.summary));
    if let Some(s) = &d.subject {
        match crate::module::snippet::text_of(input, &s.filename)
            .and_then(|t| crate::module::snippet::of(d, t, contexts))
        {
            None => out += &format!("  on {} line {}:\n  (source code not available)\n", n(&s.filename), s.start.line),
            Some(sn) => {
                let context = sn.context.as_ref().map(|c| format!(", in {}", n(c))).unwrap_or_default();
                out += &format!("  on {} line {}{context}:\n", n(&s.filename), s.start.line);
                let mut at = 0;
                for (i, line) in sn.code.split('\n').enumerate() {
                    let (ls, le) = (at, at + line.len());
                    at = le + 1;
                    let a = sn.highlight_start.clamp(ls, le) - ls;
                    let b = sn.highlight_end.clamp(ls, le).max(sn.highlight_start.clamp(ls, le)) - ls;
                    // A very long line (minified JSON, a binary file) is
                    // shown around the range only.
                    let (from, to) = if line.len() > SNIPPET_BYTES {
                        let from = floor_boundary(line, a.saturating_sub(SNIPPET_BYTES / 3));
                        (from, floor_boundary(line, (from + SNIPPET_BYTES).min(line.len())))
                    } else {
                        (0, line.len())
                    };
                    let (a, b) = (floor_boundary(line, a.clamp(from, to)), floor_boundary(line, b.clamp(from, to)));
                    let (pre, post) = (if from > 0 { "…" } else { "" }, if to < line.len() { "…" } else { "" });
                    let (x, y, z) =
                        (line.get(from..a).unwrap_or(""), line.get(a..b).unwrap_or(""), line.get(b..to).unwrap_or(""));
                    let shown = if color && !y.is_empty() {
                        format!("{pre}{}{under}{}{reset}{}{post}", n(x), n(y), n(z))
                    } else {
                        format!("{pre}{}{}{}{post}", n(x), n(y), n(z))
                    };
                    // Terraform's gutter: the line number in four columns.
                    out += &format!("{:>4}: {shown}\n", sn.start_line + i);
                }
                if !sn.values.is_empty() {
                    out += &format!("    {gray}├────────────────{reset}\n");
                    for (t, statement) in &sn.values {
                        out += &format!("    {gray}│{reset} {bold}{}{reset} {}\n", n(t), n(statement));
                    }
                }
            }
        }
        out.push('\n');
    }
    if !d.detail.is_empty() {
        out += &neutralize(&d.detail, true);
        out.push('\n');
    }
    out += tail;
    if color {
        // Terraform's left rule, in the severity's colour.
        let mut framed = format!("{c}╷{reset}\n");
        for line in out.lines() {
            if line.is_empty() {
                framed += &format!("{c}│{reset}\n");
            } else {
                framed += &format!("{c}│{reset} {line}\n");
            }
        }
        framed += &format!("{c}╵{reset}\n");
        out = framed;
    }
    no_command_lines(out)
}

/// The whole report as Terraform prints diagnostics, then tftype's count.
pub fn human(r: &CheckReport, input: &CheckInput, color: bool, lang: Lang) -> String {
    human_annotated(r, input, color, lang, &Annotations::default())
}

/// [`human`] with each failure's playground link after its diagnostic and,
/// when `a` has stories (`--explain`), each variable's Why story and notes
/// before the count.
pub fn human_annotated(r: &CheckReport, input: &CheckInput, color: bool, lang: Lang, a: &Annotations) -> String {
    let mut diags = String::new();
    let mut contexts = crate::module::snippet::Contexts::default();
    // Terraform's -compact-warnings: only when every diagnostic is a warning.
    let compact =
        a.compact_warnings.is_some() && !r.diagnostics.is_empty() && !r.diagnostics.iter().any(|d| d.is_error());
    if let Some(product) = a.compact_warnings.filter(|_| compact) {
        diags += &compact_warnings(r, color, product);
        diags.push('\n');
    }
    for (i, d) in r.diagnostics.iter().enumerate().filter(|_| !compact) {
        let mut tail = String::new();
        if let Some(part) = &d.part {
            tail += &neutralize(
                &fill(lang, "check.failing_part", &[("name", &part.name), ("at", &part.subject.range_string())]),
                false,
            );
            tail.push('\n');
        }
        if let Some(Some(url)) = a.links.get(i) {
            tail += &fill(lang, "check.try_it", &[("url", url)]);
            tail.push('\n');
        }
        diags += &human_diag_in(d, input, color, &mut contexts, &tail);
        diags.push('\n');
    }
    // The rest has no colours of its own: all of it is neutralised.
    let rest = human_rest(r, lang, a);
    no_command_lines(diags + &neutralize(&rest, true))
}

/// Terraform's compact form of warnings (`-compact-warnings`, when there
/// are no errors): each summary and where its first occurrence is, then
/// how to see them in full.
fn compact_warnings(r: &CheckReport, color: bool, product: &str) -> String {
    let (bold, yellow, reset) = if color { ("\x1b[1m", "\x1b[33m", "\x1b[0m") } else { ("", "", "") };
    let n = |t: &str| neutralize(t, false);
    // One entry per summary, in the order first seen, with its places.
    let mut groups: Vec<(&str, Vec<&CheckDiag>)> = Vec::new();
    for d in &r.diagnostics {
        match groups.iter_mut().find(|g| g.0 == d.summary) {
            Some(g) => g.1.push(d),
            None => groups.push((&d.summary, vec![d])),
        }
    }
    let mut out = format!("{bold}{yellow}Warnings:{reset}\n\n");
    for (summary, ds) in groups {
        out += &format!("- {}\n", n(summary));
        match ds.iter().find_map(|d| d.subject.as_ref()) {
            Some(s) if ds.len() > 1 => {
                out += &format!("  on {} line {} (and {} more)\n", n(&s.filename), s.start.line, ds.len() - 1)
            }
            Some(s) => out += &format!("  on {} line {}\n", n(&s.filename), s.start.line),
            None if ds.len() > 1 => out += &format!("  ({} occurrences of this warning)\n", ds.len()),
            None => {}
        }
    }
    out += &format!("\nTo see the full warning notes, run {product} without -compact-warnings.\n");
    out
}

/// [`human_annotated`] after the diagnostics.
fn human_rest(r: &CheckReport, lang: Lang, a: &Annotations) -> String {
    let mut out = String::new();
    // tftype's notes, after Terraform's diagnostics and marked as tftype's.
    if !a.notes.is_empty() {
        out += text(lang, "check.notes_heading");
        out.push('\n');
        for n in &a.notes {
            out += &format!("  {}: {}\n", n.subject.range_string(), n.text);
        }
        out.push('\n');
    }
    // A rule tftype did not evaluate is named, never passed silently (a
    // called module's among its call's notes).
    for (name, rule) in unevaluated_rules(r).into_iter().filter(|(n, _)| n.starts_with("var.")) {
        out += &unevaluated_text(&name, rule, lang);
        out.push('\n');
    }
    out += &human_notes_verbose(&r.module_calls, lang, a.verbose);
    if let Some(line) = role_line(r, lang) {
        out += &line;
        out.push('\n');
    }
    for v in &r.variables {
        let Some(story) = a.stories.get(&v.name) else { continue };
        match story {
            VarStory::Told(s) => {
                out += &match &v.source {
                    Some(source) => fill(
                        lang,
                        "check.explain_var",
                        &[("name", &v.name), ("source", &source_words(&v.name, source, lang))],
                    ),
                    None => fill(lang, "check.explain_var_nosource", &[("name", &v.name)]),
                };
                out.push('\n');
                for line in crate::why::to_text(s).lines() {
                    out += format!("  {line}").trim_end();
                    out.push('\n');
                }
                // The story is the value's; the rules come after it.
                for rule in &v.validations {
                    let line = match rule.result {
                        RuleResult::Pass => fill(lang, "check.explain_rule_pass", &[("rule", &rule.rule)]),
                        RuleResult::Fail => fill(
                            lang,
                            "check.explain_rule_fail",
                            &[("rule", &rule.rule), ("message", rule.error_message.as_deref().unwrap_or(""))],
                        ),
                        other => fill(
                            lang,
                            &format!("check.explain_rule_{}", other.as_str()),
                            &[
                                ("rule", &rule.rule),
                                ("reason", &rule.reason.as_ref().map(|w| w.text(lang)).unwrap_or_default()),
                            ],
                        ),
                    };
                    out += &format!("  {line}\n");
                }
            }
            VarStory::Hidden => {
                out += &fill(lang, "check.explain_hidden", &[("name", &v.name)]);
                out.push('\n');
            }
            VarStory::NoValue => {
                out += &fill(lang, "check.explain_no_value", &[("name", &v.name)]);
                out.push('\n');
            }
        }
        out.push('\n');
    }
    out += &summary_line(r, lang);
    out.push('\n');
    out
}

/// Where a variable's value came from (a report's `source`), in the
/// reader's words as the Module view says it: a file's range as it is,
/// `-var`, `TF_VAR_NAME` for the environment, the catalog's word for the
/// default.
pub fn source_words(name: &str, source: &str, lang: Lang) -> String {
    match source {
        "default" => text(lang, "ui.module.source.default").to_string(),
        "env" => format!("TF_VAR_{name}"),
        other => other.to_string(),
    }
}

/// What the check took the module for, when it is a child module (see
/// [`crate::module::role`]): said once, before the count.
pub fn role_line(r: &CheckReport, lang: Lang) -> Option<String> {
    let d = r.role.as_ref().filter(|d| d.role == crate::module::role::Role::Child)?;
    let why = match &d.why {
        crate::module::role::Why::NoValues => text(lang, "check.role.why.no_values"),
        _ => "",
    };
    // "Its required variables are the caller's" only when it has some.
    let required = r
        .variables
        .iter()
        .any(|v| matches!(&v.outcome, Outcome::Failed { stage, .. } if *stage == crate::module::prepare::CALLER_STAGE));
    let key = if required { "check.role.child" } else { "check.role.child_none_required" };
    // The way out (`--root`) on a line of its own: the line before is long.
    Some(format!("{}\n{}", fill(lang, key, &[("why", why)]), text(lang, "check.role.use_root")))
}

/// Each accepted variable's final value as `terraform console` prints it
/// (neutralised as [`human_annotated`] is).
pub fn effective(r: &CheckReport, lang: Lang) -> String {
    no_command_lines(neutralize(&effective_raw(r, lang), true))
}

fn effective_raw(r: &CheckReport, lang: Lang) -> String {
    let mut out = String::new();
    for v in &r.variables {
        match &v.outcome {
            Outcome::Accepted { console, .. } => out += &format!("var.{} = {console}\n", v.name),
            Outcome::Failed { stage, .. } => {
                // A full-width bracket takes no space before it.
                let key = if *stage == crate::module::prepare::CALLER_STAGE {
                    "check.set_by_caller"
                } else {
                    "check.not_accepted"
                };
                let words = text(lang, key);
                let gap = if words.starts_with(crate::i18n::is_cjk) { "" } else { " " };
                out += &format!("var.{}{gap}{words}\n", v.name);
            }
        }
    }
    out += &calls_effective(&r.module_calls);
    out
}

/// tftype's lines about the calls in the reader's language: each call or
/// argument that was not checked, each remote source skipped, and a count.
pub fn human_notes(calls: &[CallReport], lang: Lang) -> String {
    human_notes_verbose(calls, lang, false)
}

/// [`human_notes`]; the unchecked arguments of the calls inside called
/// modules (`module.a.module.b`) are one line for all of them unless
/// `verbose` (their values mostly come from the outer call's, so each
/// instance of an inner module repeats the same lines).
pub fn human_notes_verbose(calls: &[CallReport], lang: Lang, verbose: bool) -> String {
    let mut out = String::new();
    if calls.is_empty() {
        return out;
    }
    let (mut inner_calls, mut inner_args) = (0, 0);
    let (mut checked, mut not_checked, mut remote) = (0, 0, 0);
    for c in calls {
        match &c.status {
            CallStatus::Remote => {
                remote += 1;
                out += &fill(
                    lang,
                    "check.call.remote",
                    &[("call", &c.address), ("source", c.source.as_deref().unwrap_or(""))],
                );
                out.push('\n');
            }
            CallStatus::NotChecked(n) => {
                not_checked += 1;
                out += &fill(lang, "check.call.not_checked", &[("call", &c.address), ("reason", &n.text(lang))]);
                out.push('\n');
            }
            CallStatus::Checked => {
                checked += 1;
                let unchecked = c.arguments.iter().filter(|a| matches!(a.status, ArgStatus::NotChecked(_))).count();
                if !verbose && c.address.contains(".module.") {
                    if unchecked > 0 {
                        inner_calls += 1;
                        inner_args += unchecked;
                    }
                } else {
                    out += &arguments_not_checked(c, lang);
                }
                for (name, rule) in c.validations.iter().filter(|(_, r)| r.result == RuleResult::NotEvaluated) {
                    let why = rule.reason.as_ref().map(|w| w.text(lang)).unwrap_or_default();
                    out += &fill(
                        lang,
                        "check.rule_not_evaluated",
                        &[("name", &format!("{}.var.{name}", c.address)), ("rule", &rule.rule), ("reason", &why)],
                    );
                    out.push('\n');
                }
            }
        }
    }
    if inner_args > 0 {
        let what = [("arguments", count(lang, "arguments", inner_args)), ("calls", count(lang, "calls", inner_calls))];
        out += &fill(lang, "check.call.inner_not_checked", &[("arguments", &what[0].1), ("calls", &what[1].1)]);
        out.push('\n');
    }
    let args = calls.iter().flat_map(|c| &c.arguments);
    let args_checked =
        args.clone().filter(|a| matches!(a.status, ArgStatus::Accepted { .. } | ArgStatus::Failed { .. })).count();
    let args_not_checked = args.filter(|a| matches!(a.status, ArgStatus::NotChecked(_))).count();
    out += &fill(
        lang,
        "check.call.summary",
        &[
            ("calls", &count(lang, "calls", calls.len())),
            ("checked", &checked.to_string()),
            ("not_checked", &not_checked.to_string()),
            ("remote", &remote.to_string()),
            ("arguments", &count(lang, "arguments", args_checked + args_not_checked)),
            ("args_checked", &args_checked.to_string()),
            ("args_not_checked", &args_not_checked.to_string()),
        ],
    );
    out.push('\n');
    if remote > 0 {
        out += &fill(lang, "check.call.init_hint", &[("calls", &count(lang, "calls", remote))]);
        out.push('\n');
    }
    out
}

/// The arguments of a checked call that were not evaluated, one line per
/// reason (a module's calls often pass dozens of `each.value` or resource
/// attributes: one line each would bury the errors). A lone argument keeps
/// its own line, with its exact reason.
fn arguments_not_checked(c: &CallReport, lang: Lang) -> String {
    // At most this many names (of arguments, or of what they refer to) on a line.
    const SHOWN: usize = 6;
    let list = |items: &[String]| {
        let mut shown: Vec<String> = items.iter().take(SHOWN).cloned().collect();
        if items.len() > SHOWN {
            shown.push("…".to_string());
        }
        crate::i18n::join(lang, &shown)
    };
    let mut out = String::new();
    // (kind, the arguments' names, what they name: references or functions)
    let mut groups: Vec<(&str, Vec<String>, Vec<String>)> = Vec::new();
    for a in &c.arguments {
        let ArgStatus::NotChecked(n) = &a.status else { continue };
        let (kind, what) = match n {
            Note::RefersTo(w) => ("check.call.arguments_refer", Some(w.clone())),
            Note::Calls(f) => ("check.call.arguments_call", Some(format!("{f}()"))),
            Note::NotKnown => ("check.call.arguments_not_known", None),
            other => {
                out += &fill(
                    lang,
                    "check.call.argument_not_checked",
                    &[("variable", &format!("{}.var.{}", c.address, a.name)), ("reason", &other.text(lang))],
                );
                out.push('\n');
                continue;
            }
        };
        let i = groups.iter().position(|g| g.0 == kind).unwrap_or_else(|| {
            groups.push((kind, Vec::new(), Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(a.name.clone());
        if let Some(w) = what.filter(|w| !groups[i].2.contains(w)) {
            groups[i].2.push(w);
        }
    }
    for (kind, names, what) in groups {
        if let ([name], Some(first)) = (names.as_slice(), c.arguments.iter().find(|a| a.name == names[0])) {
            if let ArgStatus::NotChecked(n) = &first.status {
                out += &fill(
                    lang,
                    "check.call.argument_not_checked",
                    &[("variable", &format!("{}.var.{name}", c.address)), ("reason", &n.text(lang))],
                );
                out.push('\n');
                continue;
            }
        }
        out += &fill(
            lang,
            kind,
            &[
                ("call", &c.address),
                ("arguments", &count(lang, "arguments", names.len())),
                ("names", &list(&names)),
                ("what", &list(&what)),
            ],
        );
        out.push('\n');
    }
    out
}

/// Each checked argument's final value as `terraform console` prints it
/// (`module.x.var.y = …`), for `--print-effective`.
pub(super) fn calls_effective(calls: &[CallReport]) -> String {
    let mut out = String::new();
    for c in calls {
        for a in &c.arguments {
            if let ArgStatus::Accepted { console, .. } = &a.status {
                out += &format!("{}.var.{} = {console}\n", c.address, a.name);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::diag;
    use super::*;
    use crate::module::{Pos, Subject};

    /// A long line (minified JSON, a binary file) is shown around the
    /// range, cut with an ellipsis on each side it lost.
    #[test]
    fn long_source_lines_are_shown_around_the_range() {
        let line = format!("{}port = \"eighty\"{}", "x".repeat(1000), "y".repeat(1000));
        let input = CheckInput { files: [("a.tfvars".to_string(), line)].into(), ..Default::default() };
        let d = CheckDiag::error(
            "S",
            "D",
            Some(Subject {
                filename: "a.tfvars".into(),
                start: Pos { line: 1, column: 1008, byte: 1007 },
                end: Pos { line: 1, column: 1016, byte: 1015 },
            }),
        );
        let text = human_diag(&d, &input, false);
        let shown = text.lines().find(|l| l.contains("eighty")).expect("the line is shown");
        assert!(shown.starts_with("   1: …x") && shown.ends_with("y…") && shown.len() < SNIPPET_BYTES + 20, "{shown}");
    }

    #[test]
    fn human_text_shows_the_source_line_and_underlines_on_a_terminal() {
        let input = CheckInput {
            files: [("prod.tfvars".to_string(), "env = 1\nport = \"eighty\"\n".to_string())].into(),
            ..Default::default()
        };
        let plain = human_diag(&diag(), &input, false);
        assert_eq!(plain, "Error: Invalid value for input variable\n\n  on prod.tfvars line 2:\n   2: port = \"eighty\"\n\na number is required, 100%\nsee: here\n");
        let colored = human_diag(&diag(), &input, true);
        assert!(colored.contains("port = \x1b[4m\"eighty\"\x1b[0m"), "{colored:?}");
        // On a terminal, Terraform's left rule frames the diagnostic.
        let rule = |s: &str| format!("\x1b[31m{s}\x1b[0m");
        assert!(colored.starts_with(&format!("{}\n{} \x1b[31m\x1b[1mError: ", rule("╷"), rule("│"))), "{colored:?}");
        assert!(colored.ends_with(&format!("{} see: here\n{}\n", rule("│"), rule("╵"))), "{colored:?}");
        assert!(
            colored.contains(&format!("\n{}\n", rule("│"))),
            "an empty line has no space after the rule: {colored:?}"
        );
    }

    /// On a terminal, tftype's lines about a diagnostic ("The part that
    /// fails", the playground link) are inside Terraform's frame, before
    /// its closing `╵`; without colours they follow the detail as before
    /// (ux-5 M14).
    #[test]
    fn the_part_that_fails_is_inside_the_frame_on_a_terminal() {
        let input = CheckInput {
            files: [("prod.tfvars".to_string(), "env = 1\nport = \"eighty\"\n".to_string())].into(),
            ..Default::default()
        };
        let mut d = diag();
        let subject = d.subject.clone().unwrap();
        d.part = Some(crate::module::Part { name: "var.port".into(), subject });
        let r = CheckReport { ok: false, diagnostics: vec![d], ..Default::default() };
        let a = Annotations { links: vec![Some("https://x/?type=number".into())], ..Default::default() };
        let colored = human_annotated(&r, &input, true, Lang::En, &a);
        let rule = |s: &str| format!("\x1b[31m{s}\x1b[0m");
        let framed = format!("{} see: here\n{} The part that fails: var.port, at prod.tfvars:2,8-16\n{} Try it in the playground: https://x/?type=number\n{}\n", rule("│"), rule("│"), rule("│"), rule("╵"));
        assert!(colored.contains(&framed), "{colored:?}");
        let plain = human_annotated(&r, &input, false, Lang::En, &a);
        assert!(plain.contains("see: here\nThe part that fails: var.port, at prod.tfvars:2,8-16\nTry it in the playground: https://x/?type=number\n\n"), "{plain:?}");
    }
}
