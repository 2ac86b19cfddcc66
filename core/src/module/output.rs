//! A check's report in the forms people read it in: Terraform's own
//! diagnostic text (`human`), the shape of `terraform validate -json`
//! (`json`), SARIF 2.1.0 for code scanning (`sarif`) and GitHub Actions
//! workflow commands (`github`). The words of tftype's own lines come from
//! the catalogs.

use serde_json::{json, Value as J};

use super::validate::RuleResult;
use super::explain::{Annotations, VarStory};
use super::report::subject_json;
use super::{CheckDiag, CheckInput, CheckReport, Outcome};
use crate::i18n::{fill, text, Lang};

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
    Some(if base.is_empty() || base == "." || filename.starts_with('/') { filename.to_string() } else { format!("{}/{}", base.trim_end_matches('/'), filename) })
}

/// The most of a source line a diagnostic shows (bytes).
const SNIPPET_BYTES: usize = 240;

/// `i`, or the nearest character boundary of `s` before it.
fn floor_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
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

/// Terraform's diagnostic text: the summary, where it is (`on FILE line
/// N, in BLOCK:` and every line of the range, Terraform's gutter, the
/// range underlined when `color`), the values of a failed rule's references
/// (`├──── │ var.x is 12`), and the detail. With `color` (a terminal) the
/// diagnostic is framed by Terraform's left rule (`╷ │ ╵`).
pub fn human_diag(d: &CheckDiag, input: &CheckInput, color: bool) -> String {
    human_diag_in(d, input, color, &mut super::snippet::Contexts::default(), "")
}

/// `tail`: tftype's lines about the diagnostic ("The part that fails", the
/// playground link), after the detail and inside the frame, so that on a
/// terminal they belong to their diagnostic, not to the next.
fn human_diag_in(d: &CheckDiag, input: &CheckInput, color: bool, contexts: &mut super::snippet::Contexts, tail: &str) -> String {
    let (bold, red, yellow, under, gray, reset) = if color { ("\x1b[1m", "\x1b[31m", "\x1b[33m", "\x1b[4m", "\x1b[90m", "\x1b[0m") } else { ("", "", "", "", "", "") };
    let (word, c) = if d.is_error() { ("Error", red) } else { ("Warning", yellow) };
    let n = |t: &str| neutralize(t, false);
    let mut out = format!("{c}{bold}{word}: {reset}{bold}{}{reset}\n\n", n(&d.summary));
    if let Some(s) = &d.subject {
        match super::snippet::text_of(input, &s.filename).and_then(|t| super::snippet::of(d, t, contexts)) {
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
                    let (x, y, z) = (line.get(from..a).unwrap_or(""), line.get(a..b).unwrap_or(""), line.get(b..to).unwrap_or(""));
                    let shown = if color && !y.is_empty() { format!("{pre}{}{under}{}{reset}{}{post}", n(x), n(y), n(z)) } else { format!("{pre}{}{}{}{post}", n(x), n(y), n(z)) };
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
    let mut contexts = super::snippet::Contexts::default();
    // Terraform's -compact-warnings: only when every diagnostic is a warning.
    let compact = a.compact_warnings.is_some() && !r.diagnostics.is_empty() && !r.diagnostics.iter().any(|d| d.is_error());
    if let Some(product) = a.compact_warnings.filter(|_| compact) {
        diags += &compact_warnings(r, color, product);
        diags.push('\n');
    }
    for (i, d) in r.diagnostics.iter().enumerate().filter(|_| !compact) {
        let mut tail = String::new();
        if let Some(part) = &d.part {
            tail += &neutralize(&fill(lang, "check.failing_part", &[("name", &part.name), ("at", &part.subject.range_string())]), false);
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
            Some(s) if ds.len() > 1 => out += &format!("  on {} line {} (and {} more)\n", n(&s.filename), s.start.line, ds.len() - 1),
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
    out += &super::calls::human_notes_verbose(&r.module_calls, lang, a.verbose);
    if let Some(line) = role_line(r, lang) {
        out += &line;
        out.push('\n');
    }
    for v in &r.variables {
        let Some(story) = a.stories.get(&v.name) else { continue };
        match story {
            VarStory::Told(s) => {
                out += &match &v.source {
                    Some(source) => fill(lang, "check.explain_var", &[("name", &v.name), ("source", &source_words(&v.name, source, lang))]),
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
                        RuleResult::Fail => fill(lang, "check.explain_rule_fail", &[("rule", &rule.rule), ("message", rule.error_message.as_deref().unwrap_or(""))]),
                        other => fill(
                            lang,
                            &format!("check.explain_rule_{}", other.as_str()),
                            &[("rule", &rule.rule), ("reason", &rule.reason.as_ref().map(|w| w.text(lang)).unwrap_or_default())],
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
/// [`super::role`]): said once, before the count.
pub fn role_line(r: &CheckReport, lang: Lang) -> Option<String> {
    let d = r.role.as_ref().filter(|d| d.role == super::role::Role::Child)?;
    let why = match &d.why {
        super::role::Why::NoValues => text(lang, "check.role.why.no_values"),
        _ => "",
    };
    // "Its required variables are the caller's" only when it has some.
    let required = r.variables.iter().any(|v| matches!(&v.outcome, Outcome::Failed { stage, .. } if *stage == super::prepare::CALLER_STAGE));
    let key = if required { "check.role.child" } else { "check.role.child_none_required" };
    // The way out (`--root`) on a line of its own: the line before is long.
    Some(format!("{}\n{}", fill(lang, key, &[("why", why)]), text(lang, "check.role.use_root")))
}

/// Every validation rule tftype did not evaluate: the variable's address
/// (`var.x`, `module.vpc.var.x`) and the rule, the root module's first.
pub fn unevaluated_rules(r: &CheckReport) -> Vec<(String, &super::validate::RuleReport)> {
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
fn unevaluated_text(name: &str, rule: &super::validate::RuleReport, lang: Lang) -> String {
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
    let (mut vars, errors, warnings) = (count(lang, "variables", r.variables.len()), count(lang, "errors", errors), count(lang, "warnings", warnings));
    // What the module calls' check evaluated counts too ("0 variables
    // checked" read wrong beside a dozen arguments checked).
    // Honestly: "0 of 26 module arguments" when the calls' arguments were
    // not checked (a registry source before `init`, a reference …).
    let arguments = super::calls::arguments_checked(&r.module_calls);
    let not_checked = super::calls::arguments_not_checked_count(&r.module_calls);
    if not_checked > 0 {
        let b = fill(lang, "check.count.module_arguments_of", &[("count", &arguments.to_string()), ("total", &(arguments + not_checked).to_string())]);
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
                let key = if *stage == super::prepare::CALLER_STAGE { "check.set_by_caller" } else { "check.not_accepted" };
                let words = text(lang, key);
                let gap = if words.starts_with(crate::i18n::is_cjk) { "" } else { " " };
                out += &format!("var.{}{gap}{words}\n", v.name);
            }
        }
    }
    out += &super::calls::effective(&r.module_calls);
    out
}

fn range_json(d: &CheckDiag) -> J {
    d.subject.as_ref().map_or(J::Null, subject_json)
}

/// Each diagnostic's `snippet`, as `terraform validate -json` gives it
/// (`context`, `code`, `start_line`, `highlight_start_offset`,
/// `highlight_end_offset`, `values`), for a diagnostic whose file is among
/// the input's texts.
pub fn add_snippets(j: &mut J, r: &CheckReport, input: &CheckInput) {
    let mut contexts = super::snippet::Contexts::default();
    let Some(ds) = j["diagnostics"].as_array_mut() else { return };
    for (d, out) in r.diagnostics.iter().zip(ds.iter_mut()) {
        let Some(s) = &d.subject else { continue };
        let Some(sn) = super::snippet::text_of(input, &s.filename).and_then(|t| super::snippet::of(d, t, &mut contexts)) else { continue };
        let values: Vec<J> = sn.values.iter().map(|(t, st)| json!({"traversal": t, "statement": st})).collect();
        out["snippet"] = json!({
            "context": sn.context,
            "code": sn.code,
            "start_line": sn.start_line,
            "highlight_start_offset": sn.highlight_start,
            "highlight_end_offset": sn.highlight_end,
            "values": values,
        });
    }
}

/// [`validate_json`] with each range's UTF-16 offsets too (`start16`,
/// `end16`: what JavaScript strings index by), for the JS API.
pub fn validate_json_utf16(r: &CheckReport, input: &CheckInput) -> J {
    let mut j = validate_json(r);
    add_snippets(&mut j, r, input);
    let mut maps: std::collections::BTreeMap<&str, crate::diag::Utf16Map> = std::collections::BTreeMap::new();
    if let Some(ds) = j["diagnostics"].as_array_mut() {
        for (d, out) in r.diagnostics.iter().zip(ds.iter_mut()) {
            let Some(s) = &d.subject else { continue };
            let Some((name, text)) = input.files.get_key_value(&s.filename).map(|(k, v)| (k.as_str(), v.as_str())).or_else(|| value_text(input, &s.filename)) else { continue };
            let m = maps.entry(name).or_insert_with(|| crate::diag::Utf16Map::new(text));
            out["range"]["start16"] = json!(m.offset(s.start.byte));
            out["range"]["end16"] = json!(m.offset(s.end.byte));
        }
    }
    // The module calls' ranges (the call's `module "x"`, each argument's value).
    if let Some(cs) = j.get_mut("module_calls").and_then(J::as_array_mut) {
        for c in cs {
            let args = c.get_mut("arguments").and_then(J::as_array_mut).map(std::mem::take).unwrap_or_default();
            let mut ranges: Vec<J> = args;
            for r in std::iter::once(&mut *c).chain(ranges.iter_mut()) {
                let (Some(name), Some(a), Some(b)) = (r["range"]["filename"].as_str(), r["range"]["start"]["byte"].as_u64(), r["range"]["end"]["byte"].as_u64()) else { continue };
                let Some((name, text)) = input.files.get_key_value(name) else { continue };
                let m = maps.entry(name.as_str()).or_insert_with(|| crate::diag::Utf16Map::new(text));
                r["range"]["start16"] = json!(m.offset(a as usize));
                r["range"]["end16"] = json!(m.offset(b as usize));
            }
            c["arguments"] = J::Array(ranges);
        }
    }
    j
}

/// The text behind a `<value for var.NAME>` subject (a value Terraform
/// parses as HCL from `-var` or `TF_VAR_NAME`): the last `-var NAME=…`,
/// which wins over the environment, else the environment's.
fn value_text<'a>(input: &'a CheckInput, filename: &'a str) -> Option<(&'a str, &'a str)> {
    let name = filename.strip_prefix("<value for var.")?.strip_suffix('>')?;
    let from_var = input.args.iter().rev().find_map(|a| match a.as_slice() {
        [flag, raw] if flag == "-var" => raw.split_once('=').filter(|(n, _)| *n == name).map(|(_, v)| v),
        _ => None,
    });
    let text = from_var.or_else(|| input.env.get(&format!("TF_VAR_{name}")).map(String::as_str))?;
    Some((filename, text))
}

/// [`validate_json`] with each failure's playground link (`link` on its
/// diagnostic) and, with `--explain`, each variable's story (`why`: the
/// steps and the notes as text; `why_hidden` for a sensitive one).
pub fn validate_json_annotated(r: &CheckReport, a: &Annotations) -> J {
    let mut j = validate_json(r);
    if let Some(ds) = j["diagnostics"].as_array_mut() {
        for (d, link) in ds.iter_mut().zip(&a.links) {
            if let Some(url) = link {
                d["link"] = json!(url);
            }
        }
    }
    for (name, story) in &a.stories {
        let v = &mut j["variables"][name];
        match story {
            VarStory::Told(s) => {
                let texts = |steps: &[crate::story::Step]| steps.iter().map(|x| x.text.clone()).collect::<Vec<_>>();
                v["why"] = json!({"steps": texts(&s.steps), "notes": texts(&s.notes)});
            }
            VarStory::Hidden => v["why_hidden"] = json!(true),
            VarStory::NoValue => {}
        }
    }
    // tftype's notes: never among Terraform's diagnostics.
    j["notes"] = J::Array(a.notes.iter().map(|n| json!({"kind": n.kind, "text": n.text, "range": subject_json(&n.subject)})).collect());
    j
}

/// The shape of `terraform validate -json`, with the variables added.
pub fn validate_json(r: &CheckReport) -> J {
    let errors = r.diagnostics.iter().filter(|d| d.is_error()).count();
    let diags: Vec<J> = r
        .diagnostics
        .iter()
        .map(|d| {
            let mut o = json!({"severity": if d.is_error() { "error" } else { "warning" }, "summary": d.summary, "detail": d.detail});
            if d.subject.is_some() {
                o["range"] = range_json(d);
            }
            // tftype's addition: the part of the value that failed.
            if let Some(part) = &d.part {
                o["part"] = json!({"name": part.name, "range": subject_json(&part.subject)});
            }
            o
        })
        .collect();
    let vars: serde_json::Map<String, J> = r
        .variables
        .iter()
        .map(|v| {
            let o = match &v.outcome {
                Outcome::Accepted { type_string, console, .. } => json!({"ok": true, "type": type_string, "console": console, "source": v.source}),
                Outcome::Failed { stage, summary, .. } => json!({"ok": false, "stage": stage, "summary": summary, "source": v.source}),
            };
            let mut o = o;
            if !v.validations.is_empty() {
                o["validations"] = J::Array(v.validations.iter().map(super::report::rule_json).collect());
            }
            (v.name.clone(), o)
        })
        .collect();
    let mut j = json!({
        "format_version": "1.0",
        "valid": errors == 0,
        "validation_complete": r.validation_complete,
        "error_count": errors,
        "warning_count": r.diagnostics.len() - errors,
        "diagnostics": diags,
        "variables": vars,
    });
    if !r.module_calls.is_empty() {
        j["module_calls"] = super::calls::json(&r.module_calls, Lang::En);
    }
    if let Some(d) = &r.role {
        j["module_role"] = json!(match d.role {
            super::role::Role::Root => "root",
            super::role::Role::Child => "child",
        });
    }
    j
}

/// A stable rule id for a diagnostic summary: `tftype/invalid-value-for-input-variable`.
pub fn rule_id(summary: &str) -> String {
    let mut id = String::from("tftype/");
    let mut dash = false;
    for c in summary.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
            dash = false;
        } else if !dash && !id.ends_with('/') {
            id.push('-');
            dash = true;
        }
    }
    id.trim_end_matches('-').to_string()
}

/// A SARIF `artifactLocation.uri`: a relative reference with every byte
/// outside RFC 3986's unreserved set and `/` percent-encoded (file names
/// may hold spaces, `#`, `%`, non-ASCII letters); absolute paths as
/// `file://` URIs.
fn uri_of(path: &str) -> (String, bool) {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out += &format!("%{b:02X}");
        }
    }
    if path.starts_with('/') {
        (format!("file://{out}"), true)
    } else {
        (out, false)
    }
}

/// SARIF 2.1.0 (one run; a rule per distinct summary). Paths are relative
/// to `base` (`uriBaseId` `%SRCROOT%`).
pub fn sarif(r: &CheckReport, input: &CheckInput, base: &str) -> J {
    sarif_log(vec![sarif_run(r, input, &|f| path_in(base, f), &Annotations::default(), None)])
}

/// A SARIF column (`columnKind` `utf16CodeUnits`, the default, which code
/// scanning reads): UTF-16 code units from the line's start to `byte`, plus
/// one. hcl counts characters as they look (a letter with a combining mark
/// is one), so the column is worked out from the text.
fn sarif_column(text: Option<&String>, byte: usize, hcl_column: usize) -> usize {
    let Some(text) = text else { return hcl_column.max(1) };
    let Some(before) = text.get(..byte.min(text.len())) else { return hcl_column.max(1) };
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    before[line_start..].encode_utf16().count() + 1
}

/// The SARIF location of `s` in the file at `path` (a relative path is
/// relative to `%SRCROOT%`).
fn sarif_location(path: &str, s: &super::Subject, text: Option<&String>) -> J {
    let (uri, absolute) = uri_of(path);
    let mut artifact = json!({"uri": uri});
    if !absolute {
        artifact["uriBaseId"] = json!("%SRCROOT%");
    }
    json!({
        "physicalLocation": {
            "artifactLocation": artifact,
            "region": {
                "startLine": s.start.line.max(1),
                "startColumn": sarif_column(text, s.start.byte, s.start.column),
                "endLine": s.end.line.max(s.start.line).max(1),
                "endColumn": sarif_column(text, s.end.byte, s.end.column),
            }
        }
    })
}

/// A SARIF 2.1.0 log of `runs` (`tftype check --all-flavors` gives one run
/// per group of versions that answer alike).
pub fn sarif_log(runs: Vec<J>) -> J {
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": runs,
    })
}

/// One SARIF run of a report: a rule per distinct summary, a result per
/// diagnostic (a location where it has a file; a failure's playground link
/// as the property `playground`). `flavors`: the versions this run answers
/// for (`automationDetails` tells runs of one log apart).
pub fn sarif_run(r: &CheckReport, input: &CheckInput, path_of: PathOf, a: &Annotations, flavors: Option<&[&str]>) -> J {
    let mut rules: Vec<J> = Vec::new();
    let mut results = Vec::new();
    for (i, d) in r.diagnostics.iter().enumerate() {
        let id = rule_id(&d.summary);
        let index = match rules.iter().position(|x| x["id"] == id.as_str()) {
            Some(k) => k,
            None => {
                rules.push(json!({"id": id, "name": d.summary, "shortDescription": {"text": d.summary}}));
                rules.len() - 1
            }
        };
        let mut res = json!({
            "ruleId": id,
            "ruleIndex": index,
            "level": if d.is_error() { "error" } else { "warning" },
            "message": {"text": if d.detail.is_empty() { d.summary.clone() } else { format!("{}: {}", d.summary, d.detail) }},
        });
        if let Some((s, path)) = d.subject.as_ref().and_then(|s| path_of(&s.filename).map(|p| (s, p))) {
            res["locations"] = json!([sarif_location(&path, s, input.files.get(&s.filename))]);
        }
        if let Some(Some(url)) = a.links.get(i) {
            res["properties"] = json!({"playground": url});
        }
        results.push(res);
    }
    // A rule tftype did not evaluate is a note: never passed silently.
    let lang = Lang::En;
    for (name, rule) in unevaluated_rules(r) {
        let id = "tftype/validation-rule-not-evaluated";
        let index = match rules.iter().position(|x| x["id"] == id) {
            Some(k) => k,
            None => {
                let title = text(lang, "check.rule_not_evaluated_title");
                rules.push(json!({"id": id, "name": title, "shortDescription": {"text": title}, "defaultConfiguration": {"level": "note"}}));
                rules.len() - 1
            }
        };
        let mut res = json!({
            "ruleId": id,
            "ruleIndex": index,
            "level": "note",
            "message": {"text": unevaluated_text(&name, rule, lang)},
        });
        if let Some((file, (sl, sc), (el, ec))) = rule_place(&rule.rule) {
            if let Some(path) = path_of(file) {
                let (uri, absolute) = uri_of(&path);
                let mut artifact = json!({"uri": uri});
                if !absolute {
                    artifact["uriBaseId"] = json!("%SRCROOT%");
                }
                // hcl's columns count characters; a rule's keyword is ASCII.
                res["locations"] = json!([{
                    "physicalLocation": {
                        "artifactLocation": artifact,
                        "region": {"startLine": sl.max(1), "startColumn": sc.max(1), "endLine": el.max(sl).max(1), "endColumn": ec.max(1)}
                    }
                }]);
            }
        }
        results.push(res);
    }
    // tftype's notes: note-level results, each kind a rule of its own.
    for n in &a.notes {
        let id = format!("tftype/{}", n.kind);
        let index = match rules.iter().position(|x| x["id"] == id.as_str()) {
            Some(k) => k,
            None => {
                let title = text(lang, "check.note_title");
                rules.push(json!({"id": id, "name": title, "shortDescription": {"text": title}, "defaultConfiguration": {"level": "note"}}));
                rules.len() - 1
            }
        };
        let mut res = json!({"ruleId": id, "ruleIndex": index, "level": "note", "message": {"text": n.text}});
        if let Some(path) = path_of(&n.subject.filename) {
            res["locations"] = json!([sarif_location(&path, &n.subject, input.files.get(&n.subject.filename))]);
        }
        results.push(res);
    }
    let mut run = json!({
        "tool": {"driver": {"name": "tftype", "version": env!("CARGO_PKG_VERSION"), "informationUri": env!("CARGO_PKG_REPOSITORY"), "rules": rules}},
        "results": results,
    });
    if let Some(names) = flavors {
        run["automationDetails"] = json!({"id": format!("tftype-check/{}/", names.join("+"))});
        run["properties"] = json!({"flavors": names});
    }
    run
}

/// GitHub's escaping of a workflow command's message (`%`, CR, LF) and,
/// with `property`, of a property value (also `:` and `,`).
fn gh_escape(s: &str, property: bool) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '%' => out += "%25",
            '\r' => out += "%0D",
            '\n' => out += "%0A",
            ':' if property => out += "%3A",
            ',' if property => out += "%2C",
            c => out.push(c),
        }
    }
    out
}

/// GitHub Actions annotations: `::error file=…,line=…,col=…::detail`.
pub fn github(r: &CheckReport, base: &str) -> String {
    github_annotated(r, &|f| path_in(base, f), &Annotations::default(), None, Lang::En)
}

/// [`github`] with each failure's playground link after its detail, and
/// `group` (the versions of `--all-flavors`) before each title.
pub fn github_annotated(r: &CheckReport, path_of: PathOf, a: &Annotations, group: Option<&str>, lang: Lang) -> String {
    let mut out = String::new();
    for (i, d) in r.diagnostics.iter().enumerate() {
        let level = if d.is_error() { "error" } else { "warning" };
        let mut props = Vec::new();
        if let Some((s, file)) = d.subject.as_ref().and_then(|s| path_of(&s.filename).map(|p| (s, p))) {
            props.push(format!("file={}", gh_escape(&file, true)));
            props.push(format!("line={}", s.start.line));
            props.push(format!("col={}", s.start.column));
            props.push(format!("endLine={}", s.end.line));
            props.push(format!("endColumn={}", s.end.column));
        }
        let title = match group {
            Some(g) => format!("{g}: {}", d.summary),
            None => d.summary.clone(),
        };
        props.push(format!("title={}", gh_escape(&title, true)));
        let mut message = if d.detail.is_empty() { d.summary.clone() } else { d.detail.clone() };
        if let Some(Some(url)) = a.links.get(i) {
            message += "\n\n";
            message += &fill(lang, "check.try_it", &[("url", url)]);
        }
        out += &format!("::{level} {}::{}\n", props.join(","), gh_escape(&message, false));
    }
    // A rule tftype did not evaluate is a notice: never passed silently.
    for (name, rule) in unevaluated_rules(r) {
        let mut props = Vec::new();
        if let Some((file, (sl, sc), (el, ec))) = rule_place(&rule.rule).and_then(|(f, a, b)| path_of(f).map(|p| (p, a, b))) {
            props.push(format!("file={}", gh_escape(&file, true)));
            props.push(format!("line={sl}"));
            props.push(format!("col={sc}"));
            props.push(format!("endLine={el}"));
            props.push(format!("endColumn={ec}"));
        }
        let title = text(lang, "check.rule_not_evaluated_title");
        let title = match group {
            Some(g) => format!("{g}: {title}"),
            None => title.to_string(),
        };
        props.push(format!("title={}", gh_escape(&title, true)));
        out += &format!("::notice {}::{}\n", props.join(","), gh_escape(&unevaluated_text(&name, rule, lang), false));
    }
    // tftype's notes: notices at their place.
    for n in &a.notes {
        let mut props = Vec::new();
        if let Some(file) = path_of(&n.subject.filename) {
            let s = &n.subject;
            props.push(format!("file={}", gh_escape(&file, true)));
            props.push(format!("line={}", s.start.line));
            props.push(format!("col={}", s.start.column));
            props.push(format!("endLine={}", s.end.line));
            props.push(format!("endColumn={}", s.end.column));
        }
        let title = text(lang, "check.note_title");
        let title = match group {
            Some(g) => format!("{g}: {title}"),
            None => title.to_string(),
        };
        props.push(format!("title={}", gh_escape(&title, true)));
        out += &format!("::notice {}::{}\n", props.join(","), gh_escape(&n.text, false));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::{Pos, Subject};

    fn diag() -> CheckDiag {
        CheckDiag::error(
            "Invalid value for input variable",
            "a number is required, 100%\nsee: here",
            Some(Subject { filename: "prod.tfvars".into(), start: Pos { line: 2, column: 8, byte: 15 }, end: Pos { line: 2, column: 16, byte: 23 } }),
        )
    }

    #[test]
    fn github_annotations_escape_messages_and_properties() {
        let r = CheckReport { diagnostics: vec![diag()], ..Default::default() };
        assert_eq!(
            github(&r, "envs"),
            "::error file=envs/prod.tfvars,line=2,col=8,endLine=2,endColumn=16,title=Invalid value for input variable::a number is required, 100%25%0Asee: here\n"
        );
    }

    /// A value given with `-var` (or `TF_VAR_`) is parsed from its own
    /// text, `<value for var.NAME>`: its ranges get UTF-16 offsets in that
    /// text, from the source that won.
    #[test]
    fn utf16_offsets_of_values_given_on_the_command_line_or_in_the_environment() {
        let vars = "variable \"v\" {\n  type = list(string)\n}\n".to_string();
        type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], u64);
        let cases: [Case; 3] = [
            (&["v=[\"é\"", "v=[\"😀\","], &[], 6),
            (&[], &[("TF_VAR_v", "[\"😀\",")], 6),
            (&["v=[1,"], &[("TF_VAR_v", "[\"😀\",")], 3),
        ];
        for (vars_given, env, want) in cases {
            let input = CheckInput {
                files: [("variables.tf".to_string(), vars.clone())].into(),
                args: vars_given.iter().map(|v| vec!["-var".to_string(), v.to_string()]).collect(),
                env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            };
            let r = crate::module::check(&input, &crate::flavor::Flavor::default_flavor().profile());
            let j = validate_json_utf16(&r, &input);
            let range = &j["diagnostics"][0]["range"];
            assert_eq!(range["filename"], "<value for var.v>", "{vars_given:?}: {j}");
            assert_eq!(range["start16"], want, "{vars_given:?}: {j}");
        }
    }

    /// A long line (minified JSON, a binary file) is shown around the
    /// range, cut with an ellipsis on each side it lost.
    #[test]
    fn long_source_lines_are_shown_around_the_range() {
        let line = format!("{}port = \"eighty\"{}", "x".repeat(1000), "y".repeat(1000));
        let input = CheckInput { files: [("a.tfvars".to_string(), line)].into(), ..Default::default() };
        let d = CheckDiag::error("S", "D", Some(Subject { filename: "a.tfvars".into(), start: Pos { line: 1, column: 1008, byte: 1007 }, end: Pos { line: 1, column: 1016, byte: 1015 } }));
        let text = human_diag(&d, &input, false);
        let shown = text.lines().find(|l| l.contains("eighty")).expect("the line is shown");
        assert!(shown.starts_with("   1: …x") && shown.ends_with("y…") && shown.len() < SNIPPET_BYTES + 20, "{shown}");
    }

    /// A rule tftype did not evaluate is a notice annotation and a
    /// note-level SARIF result at the rule, as the human form names it (ux-4
    /// finding 4).
    #[test]
    fn tftypes_notes_follow_terraforms_diagnostics_in_every_form() {
        let vars = "variable \"region\" {\n  type = string\n}\n";
        let input = CheckInput {
            files: [("variables.tf".to_string(), vars.to_string()), ("terraform.tfvars".to_string(), "region = \"a\"\nregoin = \"b\"\n".to_string())].into(),
            ..Default::default()
        };
        let p = crate::flavor::Flavor::default_flavor().profile();
        let r = crate::module::check(&input, &p);
        let a = Annotations { notes: crate::module::explain::check_notes(&input, &p, Lang::En), ..Default::default() };
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
        assert_eq!(run["tool"]["driver"]["rules"][res["ruleIndex"].as_u64().unwrap() as usize]["defaultConfiguration"]["level"], "note");
        assert_eq!(res["locations"][0]["physicalLocation"]["region"]["startLine"], 2);
        // GitHub: a notice at its place.
        let gh = github_annotated(&r, &|f| path_in("infra", f), &a, None, Lang::En);
        assert!(gh.ends_with(&format!("::notice file=infra/terraform.tfvars,line=2,col=1,endLine=2,endColumn=7,title=tftype note::{note}\n")), "{gh}");
    }

    #[test]
    fn rules_left_unevaluated_are_notices_and_notes() {
        let vars = "variable \"token\" {\n  type = string\n  validation {\n    condition     = fileexists(var.token)\n    error_message = \"No such file.\"\n  }\n}\n";
        let input = CheckInput { files: [("variables.tf".to_string(), vars.to_string()), ("terraform.tfvars".to_string(), "token = \"x\"\n".to_string())].into(), ..Default::default() };
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
        assert_eq!(run["tool"]["driver"]["rules"][res["ruleIndex"].as_u64().unwrap() as usize]["id"], "tftype/validation-rule-not-evaluated");
        assert_eq!(res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "infra/variables.tf");
        assert_eq!(res["locations"][0]["physicalLocation"]["region"]["startLine"], 3);
        let table: [(&str, Option<Place>); 3] =
            [("variables.tf:21,3-13", Some(("variables.tf", (21, 3), (21, 13)))), ("a:b.tf:1,3-2,4", Some(("a:b.tf", (1, 3), (2, 4)))), ("nonsense", None)];
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

    #[test]
    fn rule_ids_are_slugs_of_the_summary() {
        assert_eq!(rule_id("Invalid value for input variable"), "tftype/invalid-value-for-input-variable");
        assert_eq!(rule_id("Invalid `deprecated` value"), "tftype/invalid-deprecated-value");
    }

    #[test]
    fn human_text_shows_the_source_line_and_underlines_on_a_terminal() {
        let input = CheckInput { files: [("prod.tfvars".to_string(), "env = 1\nport = \"eighty\"\n".to_string())].into(), ..Default::default() };
        let plain = human_diag(&diag(), &input, false);
        assert_eq!(plain, "Error: Invalid value for input variable\n\n  on prod.tfvars line 2:\n   2: port = \"eighty\"\n\na number is required, 100%\nsee: here\n");
        let colored = human_diag(&diag(), &input, true);
        assert!(colored.contains("port = \x1b[4m\"eighty\"\x1b[0m"), "{colored:?}");
        // On a terminal, Terraform's left rule frames the diagnostic.
        let rule = |s: &str| format!("\x1b[31m{s}\x1b[0m");
        assert!(colored.starts_with(&format!("{}\n{} \x1b[31m\x1b[1mError: ", rule("╷"), rule("│"))), "{colored:?}");
        assert!(colored.ends_with(&format!("{} see: here\n{}\n", rule("│"), rule("╵"))), "{colored:?}");
        assert!(colored.contains(&format!("\n{}\n", rule("│"))), "an empty line has no space after the rule: {colored:?}");
    }

    /// On a terminal, tftype's lines about a diagnostic ("The part that
    /// fails", the playground link) are inside Terraform's frame, before
    /// its closing `╵`; without colours they follow the detail as before
    /// (ux-5 M14).
    #[test]
    fn the_part_that_fails_is_inside_the_frame_on_a_terminal() {
        let input = CheckInput { files: [("prod.tfvars".to_string(), "env = 1\nport = \"eighty\"\n".to_string())].into(), ..Default::default() };
        let mut d = diag();
        let subject = d.subject.clone().unwrap();
        d.part = Some(super::super::Part { name: "var.port".into(), subject });
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
