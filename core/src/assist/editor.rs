//! What an editor shows for a module (`tftype lsp`): `tftype check`'s
//! diagnostics, file by file, and positions in the editor's units.
//!
//! A module is checked with its own files (configuration and the value files
//! Terraform loads by itself: `terraform.tfvars[.json]`, `*.auto.tfvars[.json]`);
//! each other value file the editor has open (`envs/prod.tfvars`) is checked
//! as a `-var-file` on top of them, on its own, so an environment's
//! diagnostics are that environment's. A module with no value file at all is
//! a child module: "No value for required variable" is not said there.

use std::collections::BTreeMap;

use crate::flavor::Profile;
use crate::i18n::{fill, Lang};
use crate::module::{self, CheckDiag, CheckInput, CheckOptions};

/// The value-file predicates live with the value sources (the check reads
/// them there too); the editor's callers name them here.
pub use crate::module::sources::{is_auto_value_file, is_value_file};

/// The summary of Terraform's warning for a file's value of an undeclared variable.
const UNDECLARED: &str = crate::module::prepare::UNDECLARED_IN_FILE;

/// The summary of the diagnostic a child module does not get.
pub const REQUIRED: &str = "No value for required variable";

/// A diagnostic for one file, with the stable code SARIF names it by.
#[derive(Clone, Debug)]
pub struct FileDiag {
    pub diag: CheckDiag,
    /// The SARIF `ruleId` (`tftype/invalid-value-for-input-variable`), or
    /// for one of tftype's notes `tftype/` and the note's kind
    /// (`tftype/note.dropped_suggest_top`).
    pub code: String,
    /// The playground link `tftype check` gives the diagnostic.
    pub link: Option<String>,
    /// One of tftype's notes (a silent surprise), not the tool's output.
    pub note: bool,
    /// Places the diagnostic is about: the variable's declaration for a
    /// value that does not convert, the rule for a value a rule refuses.
    pub related: Vec<Related>,
}

/// A related place and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub subject: module::Subject,
    pub message: String,
}

/// The related places of a check's diagnostic about a value in a value file.
/// `by_source`: the report's variables by the place of their value (the
/// first one for a place).
fn related_of(
    d: &CheckDiag,
    by_source: &std::collections::HashMap<&str, &module::VarReport>,
    m: &module::decl::Module,
    lang: Lang,
) -> Vec<Related> {
    let Some(s) = &d.subject else { return Vec::new() };
    if !is_value_file(&s.filename) {
        return Vec::new();
    }
    let here = s.range_string();
    let Some(v) = by_source.get(here.as_str()) else { return Vec::new() };
    let Some(decl) = m.get(&v.name) else { return Vec::new() };
    match d.summary.as_str() {
        "Invalid value for input variable" => vec![Related {
            subject: decl.decl_range.clone(),
            message: fill(lang, "lsp.related_declaration", &[("name", &v.name)]),
        }],
        "Invalid value for variable" => decl
            .rules
            .iter()
            .filter(|rule| d.detail.contains(&rule.decl_range.range_string()))
            .map(|rule| Related {
                subject: rule.decl_range.clone(),
                message: fill(lang, "lsp.related_rule", &[("name", &v.name)]),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The file a diagnostic without a place is shown on: an environment's own
/// value file; else the module's first automatic value file, else its first
/// configuration file.
pub fn home_file(input: &CheckInput, env: Option<&str>) -> Option<String> {
    if let Some(e) = env {
        return Some(e.to_string());
    }
    let keys = || input.files.keys();
    keys().find(|k| is_auto_value_file(k)).or_else(|| keys().find(|k| module::decl::is_config_file(k))).cloned()
}

/// What an editor asks beyond the diagnostics themselves, and what it
/// keeps between checks.
#[derive(Default)]
pub struct Extras {
    /// The playground's address for the diagnostics' links (None: no link).
    pub link_base: Option<String>,
    /// The value files (names as `base.files` has them) whose values get
    /// tftype's notes: the ones the editor has open.
    pub notes_on: std::collections::BTreeSet<String>,
    pub note_cache: crate::assist::NoteCache,
}

/// What makes two diagnostics the same one (severity, summary, detail,
/// place), hashable.
#[derive(PartialEq, Eq, Hash)]
struct DiagKey {
    error: bool,
    summary: String,
    detail: String,
    subject: Option<(String, [usize; 6])>,
}

impl DiagKey {
    fn of(d: &CheckDiag) -> DiagKey {
        let subject = d.subject.as_ref().map(|s| {
            (s.filename.clone(), [s.start.line, s.start.column, s.start.byte, s.end.line, s.end.column, s.end.byte])
        });
        DiagKey { error: d.is_error(), summary: d.summary.clone(), detail: d.detail.clone(), subject }
    }
}

/// The diagnostics of a module, by file name (relative to the module
/// directory, as `base.files` names them). `base`: the module's files and
/// automatic value files (and `TF_VAR_*`); `envs`: the other open value
/// files, each checked on its own. `problems`: files that could not be read
/// (they stop the check, as in Terraform). Every file of `base` and `envs`
/// has an entry, empty when nothing is said about it. A diagnostic without
/// a place, or placed in no file of the module, is the [`home_file`]'s,
/// without a place.
///
/// With `extras`: each diagnostic's playground link, and tftype's notes on
/// the values of the open value files (as `check --explain` tells them).
pub fn diagnostics(
    base: &CheckInput,
    envs: &[(String, String)],
    problems: &[CheckDiag],
    p: &Profile,
    options: CheckOptions,
    lang: Lang,
    extras: &mut Extras,
) -> BTreeMap<String, Vec<FileDiag>> {
    let mut out: BTreeMap<String, Vec<FileDiag>> = BTreeMap::new();
    for k in base.files.keys() {
        out.entry(k.clone()).or_default();
    }
    for (k, _) in envs {
        out.entry(k.clone()).or_default();
    }
    let known: std::collections::BTreeSet<String> = out.keys().cloned().collect();
    // The diagnostics already added, by file: a duplicate is found in the
    // set, not by a scan of the file's list (reliability-5 #3).
    let mut seen: std::collections::HashSet<(String, DiagKey)> = std::collections::HashSet::new();
    let mut add =
        |home: Option<&String>, mut d: CheckDiag, related: Vec<Related>, link: Option<String>, note: Option<String>| {
            // A place in no file (a `TF_VAR_` value's `<value for var.x>`): the home file's.
            if d.subject.as_ref().is_some_and(|s| !known.contains(&s.filename)) {
                d.subject = None;
            }
            let file = d.subject.as_ref().map(|s| s.filename.clone()).or_else(|| home.cloned());
            let Some(file) = file else { return };
            if seen.insert((file.clone(), DiagKey::of(&d))) {
                let list = out.entry(file).or_default();
                let code = match &note {
                    Some(kind) => format!("tftype/{kind}"),
                    None => module::output::rule_id(&d.summary),
                };
                list.push(FileDiag { code, diag: d, related, link, note: note.is_some() });
            }
        };
    if !problems.is_empty() {
        let home = home_file(base, None);
        for d in problems {
            add(home.as_ref(), d.clone(), Vec::new(), None, None);
        }
        return out;
    }
    let child = envs.is_empty() && !base.files.keys().any(|k| is_auto_value_file(k));
    let runs: Vec<Option<&(String, String)>> =
        if envs.is_empty() { vec![None] } else { envs.iter().map(Some).collect() };
    for (i, env) in runs.into_iter().enumerate() {
        let mut input;
        let run_input = match env {
            None => base,
            Some((name, text)) => {
                input = base.clone();
                input.files.insert(name.clone(), text.clone());
                input.args.push(vec!["-var-file".into(), name.clone()]);
                &input
            }
        };
        // A root or a child module by `tftype check`'s own rule (`role::decide`).
        let run_options = CheckOptions { module_calls: options.module_calls, role: Some(run_input.role(false)) };
        let r = module::check_with_shared(run_input, p, run_options);
        let home = home_file(base, env.map(|e| e.0.as_str()));
        if let Some(e) = &r.input_error {
            add(home.as_ref(), CheckDiag::error(e.clone(), "", None), Vec::new(), None, None);
            continue;
        }
        let links = match &extras.link_base {
            Some(b) if !r.ok => module::explain::annotate(&r, run_input, p, p.flavor().name, Some(b), None).links,
            _ => Vec::new(),
        };
        let mut decls = None;
        // Terraform's warning for a file's value of an undeclared variable
        // has no place: the editor shows it at the name (tftype's note's place).
        let undeclared = if r.diagnostics.iter().any(|d| d.subject.is_none() && d.summary == UNDECLARED) {
            let files: Vec<String> = run_input.files.keys().filter(|k| is_value_file(k)).cloned().collect();
            let mut texts = module::Texts::default();
            for (name, text) in &run_input.files {
                texts.add(name, text);
            }
            crate::assist::undeclared_notes(run_input, &files, p, lang)
                .into_iter()
                .filter_map(|n| {
                    let name = run_input.files.get(&n.file)?.get(n.range.clone())?.to_string();
                    let words = format!(
                        "named {} but a value was found in file {}",
                        crate::render::go_quote(&name),
                        crate::render::go_quote(&n.file)
                    );
                    Some((words, texts.subject(&n.file, &n.range)))
                })
                .collect()
        } else {
            Vec::new()
        };
        for (k, d) in r.diagnostics.iter().enumerate() {
            if child && d.summary == REQUIRED {
                continue;
            }
            let mut d = d.clone();
            if d.subject.is_none() && d.summary == UNDECLARED {
                d.subject =
                    undeclared.iter().find(|(words, _)| d.detail.contains(words.as_str())).map(|(_, s)| s.clone());
            }
            let d = &d;
            let mut related = if d.summary.starts_with("Invalid value for") {
                let (m, by_source) = decls.get_or_insert_with(|| {
                    let mut texts = module::Texts::default();
                    for (name, text) in &run_input.files {
                        texts.add(name, text);
                    }
                    let mut by_source: std::collections::HashMap<&str, &module::VarReport> =
                        std::collections::HashMap::new();
                    for v in &r.variables {
                        if let Some(s) = v.source.as_deref() {
                            by_source.entry(s).or_insert(v);
                        }
                    }
                    (module::decl::load(&run_input.files, &texts, p), by_source)
                });
                related_of(d, by_source, m, lang)
            } else {
                Vec::new()
            };
            if let Some(part) = &d.part {
                related.insert(
                    0,
                    Related {
                        subject: part.subject.clone(),
                        message: fill(lang, "lsp.related_part", &[("name", &part.name)]),
                    },
                );
            }
            add(home.as_ref(), d.clone(), related, links.get(k).cloned().flatten(), None);
        }
        // The notes: on the automatic value files the editor has open (in
        // the first run), and on the environment's own file.
        // Only files that hold a value that won can have notes.
        let winners: std::collections::BTreeSet<&str> =
            r.variables.iter().filter_map(|v| v.source.as_deref()?.rsplit_once(':').map(|s| s.0)).collect();
        let open: Vec<String> = run_input
            .files
            .keys()
            .filter(|k| {
                extras.notes_on.contains(*k)
                    && (i == 0 || !is_auto_value_file(k))
                    && (is_auto_value_file(k) || env.is_some_and(|e| &e.0 == *k))
            })
            .cloned()
            .collect();
        let (on, others): (Vec<String>, Vec<String>) = open.into_iter().partition(|k| winners.contains(k.as_str()));
        if !on.is_empty() || !others.is_empty() {
            let mut texts = module::Texts::default();
            for (name, text) in &run_input.files {
                texts.add(name, text);
            }
            // A file that gives no declared variable its value can still
            // give an undeclared one.
            let mut ns = crate::assist::notes_cached(run_input, &on, p, lang, &mut extras.note_cache);
            ns.extend(crate::assist::undeclared_notes(run_input, &others, p, lang));
            for n in ns {
                let d = CheckDiag::warning(n.text, "", Some(texts.subject(&n.file, &n.range)));
                add(None, d, Vec::new(), None, Some(n.kind));
            }
        }
    }
    out
}

/// A text's lines, to turn byte offsets into an editor's positions and
/// back: the 0-based line and the offset in the line in UTF-8 bytes or in
/// UTF-16 code units (counted by [`crate::diag::Utf16Map`], as the
/// engine's own UTF-16 offsets are). Built once per text.
pub struct Lines<'a> {
    text: &'a str,
    /// The byte offset of each line's start.
    starts: Vec<usize>,
    units: crate::diag::Utf16Map<'a>,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        // Lines end at `\n`, `\r\n` and a lone `\r`, as LSP 3.17 counts them.
        let b = text.as_bytes();
        let ends = b.iter().enumerate().filter(|&(i, &c)| c == b'\n' || (c == b'\r' && b.get(i + 1) != Some(&b'\n')));
        let starts = std::iter::once(0).chain(ends.map(|(i, _)| i + 1)).collect();
        Lines { text, starts, units: crate::diag::Utf16Map::new(text) }
    }

    /// The position of a byte offset (clamped to the text and to a
    /// character boundary).
    pub fn position(&self, byte: usize, utf8: bool) -> (u32, u32) {
        let mut b = byte.min(self.text.len());
        while !self.text.is_char_boundary(b) {
            b -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= b).saturating_sub(1);
        let start = self.starts[line];
        let character = if utf8 { b - start } else { self.units.offset(b) - self.units.offset(start) };
        (line as u32, character as u32)
    }

    /// The byte offset of a position (the inverse of [`Self::position`];
    /// past the end of a line: the line's end; past the last line: the
    /// text's end; inside a character: its start).
    pub fn byte_of(&self, line: u32, character: u32, utf8: bool) -> usize {
        let Some(&start) = self.starts.get(line as usize) else { return self.text.len() };
        let end = self.starts.get(line as usize + 1).map_or(self.text.len(), |&n| n - 1);
        if utf8 {
            let mut b = (start + character as usize).min(end);
            while !self.text.is_char_boundary(b) {
                b -= 1;
            }
            return b;
        }
        self.units.byte(self.units.offset(start) + character as usize).min(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_in_both_units() {
        let text = "a = \"é😀x\"\nb = 1\n";
        let l = Lines::new(text);
        // é is 2 bytes / 1 unit, 😀 4 bytes / 2 units.
        let x = text.find('x').unwrap();
        assert_eq!(l.position(x, true), (0, 11));
        assert_eq!(l.position(x, false), (0, 8));
        assert_eq!(l.position(text.find('b').unwrap(), false), (1, 0));
        assert_eq!(l.position(10_000, false), (2, 0));
        // Inside a character: its start.
        assert_eq!(l.position(x - 1, true), (0, 7));
        for utf8 in [true, false] {
            for b in 0..=text.len() {
                if text.is_char_boundary(b) {
                    let (line, c) = l.position(b, utf8);
                    assert_eq!(l.byte_of(line, c, utf8), b, "{b} {utf8}");
                }
            }
        }
        assert_eq!(l.byte_of(0, 99, false), text.find('\n').unwrap());
        assert_eq!(l.byte_of(9, 0, true), text.len());
        // Inside the surrogate pair: the character's start.
        assert_eq!(l.byte_of(0, 7, false), text.find('😀').unwrap());
        // Large non-ASCII texts across the map's blocks.
        let big: String = (0..3000).map(|i| if i % 7 == 0 { "é\n" } else { "😀a" }).collect();
        let l = Lines::new(&big);
        for b in (0..=big.len()).filter(|b| big.is_char_boundary(*b)).step_by(13) {
            let (line, c) = l.position(b, false);
            let start = big[..b].rfind('\n').map_or(0, |i| i + 1);
            assert_eq!(c as usize, big[start..b].encode_utf16().count());
            assert_eq!(l.byte_of(line, c, false), b);
        }
    }

    /// reliability-5 #14: a lone CR ends a line, as LSP 3.17 counts lines
    /// (`\n`, `\r\n`, `\r`); a CRLF is one line end.
    #[test]
    fn lines_end_at_lf_crlf_and_a_lone_cr() {
        let table: [(&str, char, (u32, u32)); 4] = [
            ("a = 1\rb = \"x\"", 'b', (1, 0)),
            ("a = 1\r\nb = 1", 'b', (1, 0)),
            ("a = 1\r\rb = 1", 'b', (2, 0)),
            ("a = 1\nb = 1\rc = 2", 'c', (2, 0)),
        ];
        for (text, at, want) in table {
            let l = Lines::new(text);
            let b = text.find(at).unwrap();
            assert_eq!(l.position(b, false), want, "{text:?}");
            assert_eq!(l.byte_of(want.0, want.1, false), b, "{text:?}");
        }
    }

    fn input(files: &[(&str, &str)]) -> CheckInput {
        CheckInput { files: files.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), ..Default::default() }
    }

    #[test]
    fn a_refused_value_points_at_its_rule() {
        let p = crate::flavor::Flavor::default_flavor().profile();
        let main = "variable \"a\" {\n  type = number\n  validation {\n    condition     = var.a > 1\n    error_message = \"Too small.\"\n  }\n}\n";
        let base = input(&[("main.tf", main), ("terraform.tfvars", "a = 0\n")]);
        let d = diagnostics(&base, &[], &[], &p, CheckOptions::default(), Lang::En, &mut Extras::default());
        let f = &d["terraform.tfvars"];
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].related.iter().map(|r| (r.subject.range_string(), r.message.as_str())).collect::<Vec<_>>(),
            [("main.tf:3,3-13".to_string(), "The validation rule of var.a")]
        );
    }

    /// A nested conversion error names the part that fails, first among
    /// the related places.
    #[test]
    fn a_nested_failure_relates_the_part_that_fails() {
        let p = crate::flavor::Flavor::default_flavor().profile();
        let main = "variable \"s\" {\n  type = list(object({ nat = bool }))\n}\n";
        let tfvars = "s = [\n  { nat = true },\n  { nat = \"yes\" },\n]\n";
        let base = input(&[("main.tf", main), ("terraform.tfvars", tfvars)]);
        let d = diagnostics(&base, &[], &[], &p, CheckOptions::default(), Lang::En, &mut Extras::default());
        let rel = &d["terraform.tfvars"][0].related;
        assert_eq!(
            rel.iter().map(|r| (r.subject.range_string(), r.message.as_str())).collect::<Vec<_>>(),
            [
                ("terraform.tfvars:3,11-16".to_string(), "The part that fails: var.s[1].nat"),
                ("main.tf:1,1-13".to_string(), "The declaration of var.s")
            ]
        );
    }

    /// Terraform's warning for an undeclared variable's value in a file is
    /// shown at the name (it has no place of its own); an open value file
    /// also gets tftype's note there, even when it sets nothing declared.
    #[test]
    fn an_undeclared_variables_warning_sits_on_its_name() {
        let p = crate::flavor::Flavor::default_flavor().profile();
        let main = "variable \"region\" {\n  type    = string\n  default = \"a\"\n}\n";
        for tfvars in ["region = \"c\"\n\nregoin = \"b\"\n", "regoin = \"b\"\n"] {
            let base = input(&[("main.tf", main), ("terraform.tfvars", tfvars)]);
            let mut extras = Extras { notes_on: ["terraform.tfvars".to_string()].into(), ..Default::default() };
            let d = diagnostics(&base, &[], &[], &p, CheckOptions::default(), Lang::En, &mut extras);
            let places: Vec<(String, bool)> = d["terraform.tfvars"]
                .iter()
                .filter(|x| x.diag.summary == UNDECLARED || x.code.starts_with("tftype/note.undeclared"))
                .filter(|x| x.diag.detail.contains("\"regoin\"") || x.note)
                .map(|x| (x.diag.subject.as_ref().map(|s| s.range_string()).unwrap_or_default(), x.note))
                .collect();
            let line = tfvars.lines().position(|l| l.starts_with("regoin")).unwrap() + 1;
            let at = format!("terraform.tfvars:{line},1-7");
            assert_eq!(places, [(at.clone(), false), (at, true)], "{tfvars:?}");
        }
    }

    #[test]
    fn a_child_module_needs_no_values() {
        let p = crate::flavor::Flavor::default_flavor().profile();
        let o = CheckOptions::default();
        let base = input(&[("main.tf", "variable \"a\" { type = number }\n")]);
        let d = diagnostics(&base, &[], &[], &p, o.clone(), Lang::En, &mut Extras::default());
        assert!(d["main.tf"].is_empty(), "{d:?}");
        // An environment's value file: its own diagnostics, and the root's.
        let envs = [
            ("envs/prod.tfvars".to_string(), "a = \"x\"\n".to_string()),
            ("envs/dev.tfvars".to_string(), "b = 1\n".to_string()),
        ];
        let d = diagnostics(&base, &envs, &[], &p, o.clone(), Lang::En, &mut Extras::default());
        assert_eq!(
            d["envs/prod.tfvars"].iter().map(|x| x.diag.summary.as_str()).collect::<Vec<_>>(),
            ["Invalid value for input variable"]
        );
        assert_eq!(d["envs/prod.tfvars"][0].code, "tftype/invalid-value-for-input-variable");
        let rel = &d["envs/prod.tfvars"][0].related;
        assert_eq!(
            rel.iter().map(|r| (r.subject.range_string(), r.message.as_str())).collect::<Vec<_>>(),
            [("main.tf:1,1-13".to_string(), "The declaration of var.a")]
        );
        let dev: Vec<_> = d["envs/dev.tfvars"].iter().map(|x| x.diag.summary.as_str()).collect();
        assert!(dev.iter().all(|s| s.starts_with("Value for undeclared variable")), "{dev:?}");
        assert_eq!(d["main.tf"].iter().map(|x| x.diag.summary.as_str()).collect::<Vec<_>>(), [REQUIRED]);
        // With terraform.tfvars the module is a root module.
        let base = input(&[("main.tf", "variable \"a\" { type = number }\n"), ("terraform.tfvars", "")]);
        let d = diagnostics(&base, &[], &[], &p, o.clone(), Lang::En, &mut Extras::default());
        assert_eq!(d["main.tf"].len(), 1);
        assert!(d["terraform.tfvars"].is_empty());
    }
}
