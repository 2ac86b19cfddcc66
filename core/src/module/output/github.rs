//! The GitHub form: GitHub Actions workflow commands (annotations).

use super::{path_in, rule_place, unevaluated_rules, unevaluated_text, PathOf};
use crate::i18n::{fill, text, Lang};
use crate::module::explain::Annotations;
use crate::module::CheckReport;

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
        if let Some((file, (sl, sc), (el, ec))) =
            rule_place(&rule.rule).and_then(|(f, a, b)| path_of(f).map(|p| (p, a, b)))
        {
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
    use super::super::tests::diag;
    use super::*;

    #[test]
    fn github_annotations_escape_messages_and_properties() {
        let r = CheckReport { diagnostics: vec![diag()], ..Default::default() };
        assert_eq!(
            github(&r, "envs"),
            "::error file=envs/prod.tfvars,line=2,col=8,endLine=2,endColumn=16,title=Invalid value for input variable::a number is required, 100%25%0Asee: here\n"
        );
    }
}
