//! tftype's notes, placed where the value says it (the same as `tftype
//! check --explain`), with their quick fixes.

use super::*;

/// One of tftype's notes on a value (a silent surprise, not the tool's
/// output), placed in a value file, with its fix when it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub file: String,
    pub range: Range<usize>,
    /// The note's catalog key (`note.dropped_suggest`).
    pub kind: String,
    pub text: String,
    pub fix: Option<Fix>,
}

/// The text to delete to remove exactly the attribute `name = value` whose
/// name is written at `key` (inside its quotes, if quoted) and whose value
/// is `value`: the whole lines when nothing else is written on them, else the
/// item with the comma that follows it. None when the text between the name
/// and the value is not just `=` (or `:`), or when neither shape holds: then
/// no removal is offered rather than one that deletes more than it names.
pub(super) fn item_range(text: &str, key: usize, name: &str, value: Range<usize>) -> Option<Range<usize>> {
    let b = text.as_bytes();
    let word = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-');
    let quoted = key > 0 && b[key - 1] == b'"';
    let start = if quoted { key - 1 } else { key };
    let mut after_name = key + name.len();
    if quoted {
        (b.get(after_name) == Some(&b'"')).then_some(())?;
        after_name += 1;
    } else if (start > 0 && word(start - 1)) || word(after_name) {
        return None;
    }
    let between = text.get(after_name..value.start)?.trim();
    if between != "=" && between != ":" {
        return None;
    }
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let rest = text.get(value.end..)?;
    let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
    let tail = rest[..line_end].trim();
    if text[line_start..start].trim().is_empty() && (tail.is_empty() || tail == ",") {
        return Some(line_start..value.end + line_end);
    }
    let after = rest.trim_start_matches([' ', '\t']);
    if let Some(after) = after.strip_prefix(',') {
        let spaces = after.len() - after.trim_start_matches([' ', '\t']).len();
        return Some(start..value.end + (rest.len() - after.len()) + spaces);
    }
    // The last item of a line: with the comma before it.
    let before = text[..start].trim_end_matches([' ', '\t']);
    before.strip_suffix(',').map(|b| b.len()..value.end)
}

/// tftype's notes on the values that `files` (value files of the input)
/// give: the same notes as `tftype check --explain`, placed where the value
/// says it. Sensitive and ephemeral variables get none.
pub fn notes(input: &CheckInput, files: &[String], p: &Profile, lang: Lang) -> Vec<Note> {
    notes_cached(input, files, p, lang, &mut NoteCache::default())
}

/// The notes of each request already told (a value typed again is not
/// evaluated again): by the request and the language.
#[derive(Default)]
pub struct NoteCache(std::collections::HashMap<String, Vec<crate::story::Step>>);

/// At most this many requests are remembered.
const MAX_CACHED: usize = 20_000;

/// [`notes`], remembering each request's notes in `cache`. Only the
/// variables whose value is in `files` are looked at.
pub fn notes_cached(input: &CheckInput, files: &[String], p: &Profile, lang: Lang, cache: &mut NoteCache) -> Vec<Note> {
    if files.is_empty() {
        return Vec::new();
    }
    let keep = |f: Option<&str>| f.is_some_and(|f| files.iter().any(|x| x == f));
    let placed = module::explain::requests_placed(input, p, p.flavor().name, &keep);
    let mut out = Vec::new();
    let mut layouts = Layouts::default();
    for pl in placed.values() {
        let (Some((file, start)), false, true) = (&pl.at, pl.hidden, pl.may_note) else { continue };
        let (req, start) = (&pl.request, *start);
        let Some(text) = input.files.get(file) else { continue };
        let key = format!("{lang:?}\u{0}{req:?}");
        if !cache.0.contains_key(&key) {
            if cache.0.len() >= MAX_CACHED {
                cache.0.clear();
            }
            #[cfg(not(target_arch = "wasm32"))]
            let told = crate::why::notes(req, lang);
            #[cfg(target_arch = "wasm32")]
            let told = crate::why::story(req, lang).notes;
            cache.0.insert(key.clone(), told);
        }
        let units = crate::diag::Utf16Map::new(&req.value);
        for n in &cache.0[&key] {
            let Some([a, b]) = n.value16 else { continue };
            let value = start + units.byte(a)..start + units.byte(b);
            let attr = n.params.get("attr").cloned().unwrap_or_default();
            // The note is about the attribute's value; its name is before it on the line.
            let line_start = text[..value.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
            let key = text
                .get(line_start..value.start)
                .and_then(|l| l.rfind(attr.as_str()))
                .filter(|_| !attr.is_empty())
                .map(|i| line_start + i);
            // A quoted name is marked from its opening quote.
            let quote = key.filter(|&k| k > 0 && text.as_bytes()[k - 1] == b'"').map_or(0, |_| 1);
            let range = key.map_or(value.start, |k| k - quote)..value.end;
            let fix = match (n.kind.as_str(), n.params.get("suggestion")) {
                ("note.dropped_suggest" | "note.dropped_suggest_top", Some(to)) => key.map(|k| Fix {
                    title: fill(lang, "assist.fix_rename", &[("from", &attr), ("to", to)]),
                    edits: layouts.rename(file, text, k..k + attr.len(), to),
                }),
                ("note.dropped" | "note.dropped_top", _) if !file.ends_with(".json") => {
                    key.and_then(|k| item_range(text, k, &attr, value.clone())).map(|item| Fix {
                        title: fill(lang, "assist.fix_remove", &[("name", &attr)]),
                        edits: vec![(item, String::new())],
                    })
                }
                _ => None,
            };
            out.push(Note { file: file.clone(), range, kind: n.kind.clone(), text: n.text.clone(), fix });
        }
    }
    out.extend(undeclared_notes(input, files, p, lang));
    out
}

/// Each value file's [`Layout`], read when a rename first needs it.
#[derive(Default)]
struct Layouts(std::collections::HashMap<String, Layout>);

impl Layouts {
    /// The edits of renaming the name at `key` of `file` (text `text`) to
    /// `to`: in a native file, with the `=` signs of its group kept aligned
    /// ([`Layout::rename`]); in JSON, the name alone.
    fn rename(&mut self, file: &str, text: &str, key: Range<usize>, to: &str) -> Vec<Edit> {
        if is_json(file) {
            return vec![(key, to.to_string())];
        }
        self.0.entry(file.to_string()).or_insert_with(|| Layout::new(text)).rename(text, key, to)
    }
}

/// At most this many notes on undeclared variables (Terraform itself warns
/// of two, then counts the others).
const MAX_UNDECLARED_NOTES: usize = 100;

/// How far before a value its name is looked for, in bytes.
const NAME_WINDOW: usize = 1024;

/// A note on each value that a file of `files` gives to a variable the
/// module does not declare: placed at its name (Terraform's own warning has
/// no place), with the declared name it is closest to ("Did you mean") and a
/// rename to it.
pub fn undeclared_notes(input: &CheckInput, files: &[String], p: &Profile, lang: Lang) -> Vec<Note> {
    let mut texts = Texts::default();
    for (name, text) in &input.files {
        texts.add(name, text);
    }
    let module = decl::load(&input.files, &texts, p);
    // Nothing to say when no file of `files` sets a name the module does
    // not declare: known from the files' readings kept for the checks,
    // without collecting every source again (the language server asks
    // this of an open value file after every edit).
    let undeclared = |name: &str| module.get(name).is_none();
    if files.iter().all(|f| module::sources::kept_file_sets(input, f, &texts, p, undeclared) == Some(false)) {
        return Vec::new();
    }
    let Ok(collected) = module::sources::collect(input, &texts, p) else { return Vec::new() };
    let names: Vec<&str> = module.vars.iter().map(|v| v.name.as_str()).collect();
    let mut out = Vec::new();
    let mut layouts = Layouts::default();
    for (name, u) in collected.values.iter().filter(|(n, _)| module.get(n).is_none()) {
        let (file, value_start, quoted) = match &u.raw {
            module::sources::Raw::Expr { file, expr } => (&**file, expr.range().start, false),
            module::sources::Raw::Json { subject, .. } => (subject.filename.as_str(), subject.start.byte, true),
            module::sources::Raw::Text(_) => continue,
        };
        if !files.iter().any(|f| f == file) {
            continue;
        }
        let Some(text) = input.files.get(file) else { continue };
        if out.len() >= MAX_UNDECLARED_NOTES {
            break;
        }
        // The name is written just before its value (the last time in the
        // few lines before it: a bounded search keeps the time linear).
        let end = value_start.min(text.len());
        let mut from = end.saturating_sub(NAME_WINDOW + name.len());
        while !text.is_char_boundary(from) {
            from -= 1;
        }
        let before = text.get(from..end).unwrap_or_default();
        let key = if quoted {
            before.rfind(&format!("\"{name}\"")).map(|i| from + i + 1)
        } else {
            before.rfind(name.as_str()).map(|i| from + i)
        };
        let Some(key) = key else { continue };
        let range = key..key + name.len();
        let (kind, words, suggestion) = undeclared_words(name, &names, lang);
        // No rename to a name the file already sets (a duplicate).
        let fix = suggestion.filter(|to| !top_keys(text, is_json(file)).iter().any(|k| k == to)).map(|to| Fix {
            title: fill(lang, "assist.fix_rename", &[("from", name), ("to", to)]),
            edits: layouts.rename(file, text, range.clone(), to),
        });
        out.push(Note { file: file.to_string(), range, kind: kind.into(), text: words, fix });
    }
    out
}

/// The note on a value for `name`, which the module does not declare (its
/// variables are `names`): its kind, its text, and the declared name it is
/// closest to ("Did you mean"), if any.
pub(super) fn undeclared_words<'a>(
    name: &str,
    names: &[&'a str],
    lang: Lang,
) -> (&'static str, String, Option<&'a str>) {
    match decl::name_suggestion(name, names) {
        Some(to) => (
            "note.undeclared_suggest",
            fill(lang, "note.undeclared_suggest", &[("name", name), ("suggestion", to)]),
            Some(to),
        ),
        None => ("note.undeclared", fill(lang, "note.undeclared", &[("name", name)]), None),
    }
}

/// Every note of a whole check (`tftype check`): those on each value file
/// of the input (the notes an editor shows on an open file).
pub fn check_notes(input: &CheckInput, p: &Profile, lang: Lang) -> Vec<Note> {
    let files: Vec<String> = input.files.keys().filter(|k| crate::editor::is_value_file(k)).cloned().collect();
    let mut ns = notes(input, &files, p, lang);
    crate::sort::by(&mut ns, |a, b| (&a.file, a.range.start).cmp(&(&b.file, b.range.start)));
    ns
}

/// Every note of a check of `input` ([`check_notes`]), placed by line and
/// column, for the check's output (`tftype check --explain`).
pub fn check_notes_placed(input: &CheckInput, p: &Profile, lang: Lang) -> Vec<module::explain::CheckNote> {
    let mut texts = Texts::default();
    for (name, text) in &input.files {
        texts.add(name, text);
    }
    check_notes(input, p, lang)
        .into_iter()
        .map(|n| module::explain::CheckNote { subject: texts.subject(&n.file, &n.range), kind: n.kind, text: n.text })
        .collect()
}
