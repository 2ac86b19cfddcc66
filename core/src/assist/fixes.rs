//! Quick fixes (code actions) and applying their edits.

use super::*;
use crate::hcl::lex::Tok;

/// A change to a file's text: a byte range and what replaces it.
pub type Edit = (Range<usize>, String);

/// A quick fix: its title and its edits of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
}

/// A value of `ty` to fill in (HCL, or JSON with `json`): the required
/// attributes of an object, each with its own placeholder.
pub(super) fn placeholder(ty: &Type, json: bool, depth: usize) -> String {
    match ty {
        Type::String => "\"\"".into(),
        Type::Number => "0".into(),
        Type::Bool => "false".into(),
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => "[]".into(),
        Type::Map(_) => "{}".into(),
        Type::Object(o) if depth < 8 => {
            let items: Vec<String> = o
                .attrs
                .iter()
                .filter(|(k, _)| !o.optional.contains(*k))
                .map(|(k, t)| {
                    if json {
                        format!("\"{k}\": {}", placeholder(t, json, depth + 1))
                    } else {
                        format!("{k} = {}", placeholder(t, json, depth + 1))
                    }
                })
                .collect();
            if items.is_empty() {
                "{}".into()
            } else {
                format!("{{ {} }}", items.join(", "))
            }
        }
        _ => "null".into(),
    }
}

/// Quick fixes at `range` of the value file `file`: the fixes of the notes
/// there; the required variables no source sets, added with placeholders;
/// inside an object value, its required attributes not yet written.
pub fn actions(input: &CheckInput, file: &str, range: Range<usize>, p: &Profile, lang: Lang) -> Vec<Fix> {
    let Some(src) = input.files.get(file) else { return Vec::new() };
    if !crate::editor::is_value_file(file) {
        return Vec::new();
    }
    let json = is_json(file);
    let mut out: Vec<Fix> = notes(input, &[file.to_string()], p, lang)
        .into_iter()
        .filter(|n| n.range.start <= range.end && range.start <= n.range.end)
        .filter_map(|n| n.fix)
        .collect();
    let ctx = Ctx::new(input, p);
    out.extend(add_variables(input, &ctx, src, json, p, lang));
    out.extend(add_attributes(&ctx, src, json, range.start, lang));
    out
}

/// The quick fix that adds the required variables no source sets, with
/// placeholders: at the end of the file (in JSON, before the outer
/// object's closing brace).
fn add_variables(input: &CheckInput, ctx: &Ctx, src: &str, json: bool, p: &Profile, lang: Lang) -> Option<Fix> {
    // Required variables without a value from any source.
    // A file that does not parse sets no value for the check, but what it
    // writes at its top level is not missing: it needs fixing, not adding.
    let mut set: Vec<String> =
        module::sources::collect(input, &ctx.texts, p).map(|c| c.values.into_keys().collect()).unwrap_or_default();
    set.extend(top_keys(src, json));
    let missing: Vec<&Variable> = ctx.module.vars.iter().filter(|v| v.required() && !set.contains(&v.name)).collect();
    if missing.is_empty() {
        return None;
    }
    let names: Vec<&str> = missing.iter().map(|v| v.name.as_str()).collect();
    let title = fill(lang, "assist.fix_add_variables", &[("names", &crate::i18n::join(lang, &names))]);
    let lines: Vec<String> = missing
        .iter()
        .map(|v| {
            if json {
                format!("\"{}\": {}", v.name, placeholder(&v.tc.ty, true, 0))
            } else {
                format!("{} = {}\n", v.name, placeholder(&v.tc.ty, false, 0))
            }
        })
        .collect();
    let edit = if json {
        // Before the outer object's closing brace.
        match src.rfind('}') {
            Some(close) => {
                let has_items = src[..close].trim_end().trim_end_matches('{').trim_end().len()
                    > src[..close].find('{').unwrap_or(0);
                let sep = if has_items { ",\n  " } else { "\n  " };
                let body: Vec<String> = lines.clone();
                let at = src[..close].trim_end().len();
                Some((at..at, format!("{sep}{}", body.join(",\n  "))))
            }
            None => Some((src.len()..src.len(), format!("{{\n  {}\n}}\n", lines.join(",\n  ")))),
        }
    } else {
        let nl = if src.is_empty() || src.ends_with('\n') { "" } else { "\n" };
        Some((src.len()..src.len(), format!("{nl}{}", lines.concat())))
    };
    // Offered only where the text lands as top-level attributes (not
    // inside an unterminated comment, string or heredoc at the end).
    edit.filter(|e| {
        let after = apply(src, std::slice::from_ref(e));
        let keys = top_keys(&after, json);
        names.iter().all(|n| keys.iter().any(|k| k == n))
    })
    .map(|e| Fix { title, edits: vec![e] })
}

/// The quick fix that adds the object at `at`'s required attributes not
/// yet written, with placeholders.
fn add_attributes(ctx: &Ctx, src: &str, json: bool, at: usize, lang: Lang) -> Option<Fix> {
    let loc = locate(src, at, json);
    // The object's path: a value's path ends with its own key.
    let obj_path = if loc.at == At::Key { &loc.path[..] } else { &loc.path[..loc.path.len().saturating_sub(1)] };
    let (Some(Seg::Key(var)), Some(close)) = (obj_path.first(), loc.close) else { return None };
    let v = ctx.module.get(var)?;
    let Some((Type::Object(o), _)) = type_at(&v.tc.ty, v.tc.defaults.as_ref(), &obj_path[1..]) else { return None };
    let written = loc.written_names();
    let need: Vec<(&String, &Type)> =
        o.attrs.iter().filter(|(k, _)| !o.optional.contains(*k) && !written.contains(k.as_str())).collect();
    if need.is_empty() {
        return None;
    }
    let items: Vec<String> = need
        .iter()
        .map(|(k, t)| {
            if json {
                format!("\"{k}\": {}", placeholder(t, true, 1))
            } else {
                format!("{k} = {}", placeholder(t, false, 1))
            }
        })
        .collect();
    let open = loc.open.unwrap_or(close);
    let multiline = src.get(open..close).is_some_and(|s| s.contains('\n'));
    let edit = if multiline {
        let line_start = src[..close].rfind('\n').map_or(0, |i| i + 1);
        let indent: String = src[line_start..close].chars().take_while(|c| c.is_whitespace()).collect();
        let sep = if json && !loc.written.is_empty() { "," } else { "" };
        let body: Vec<String> = items.iter().map(|i| format!("{indent}  {i}")).collect();
        let joiner = if json { ",\n" } else { "\n" };
        if json && !loc.written.is_empty() {
            let at = src[..close].trim_end().len();
            (at..at, format!("{sep}\n{}", body.join(joiner)))
        } else {
            (line_start..line_start, format!("{}\n", body.join(joiner)))
        }
    } else {
        let sep = if loc.written.is_empty() { "" } else { ", " };
        let at = src[..close].trim_end().len();
        (at..at, format!("{sep}{}", items.join(", ")))
    };
    let names: Vec<&str> = need.iter().map(|(k, _)| k.as_str()).collect();
    Some(Fix {
        title: fill(lang, "assist.fix_add_attributes", &[("names", &crate::i18n::join(lang, &names))]),
        edits: vec![edit],
    })
}

/// Applies edits (non-overlapping) to a text.
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    crate::sort::by_key(&mut sorted, |e| std::cmp::Reverse(e.0.start));
    let mut out = text.to_string();
    for (r, new) in sorted {
        if r.start <= r.end && r.end <= out.len() && out.is_char_boundary(r.start) && out.is_char_boundary(r.end) {
            out.replace_range(r.clone(), new);
        }
    }
    out
}

/// A line of an HCL text that `terraform fmt` aligns (hclwrite's "assign"
/// cell): an attribute written on one line, an `=` after its first token
/// with the brackets after the `=` balanced by the line's end. Columns
/// are counted in characters from the line's start.
#[derive(Clone, Copy, Debug)]
struct AssignLine {
    /// Where the last token before the `=` ends, and its column.
    lead_end: usize,
    lead_col: usize,
    /// The `=`, and its column.
    eq: usize,
    eq_col: usize,
}

/// The lines of an HCL text as `terraform fmt` groups them to align `=`
/// signs: read once per file, each rename then looks at its own group.
pub(super) struct Layout {
    /// Where each line starts, and its `=` when it is a single-line attribute.
    lines: Vec<(usize, Option<AssignLine>)>,
}

/// A rename re-aligns the `=` signs of a group of at most this many lines;
/// a longer group keeps its padding (the fix stays small).
const MAX_ALIGNED_GROUP: usize = 200;

impl Layout {
    /// The lines of `text` (HCL native syntax), split as hclwrite splits
    /// them: at newline tokens (a line comment holds its newline; a
    /// heredoc's lines are one line with the attribute it starts).
    pub(super) fn new(text: &str) -> Layout {
        let mut lx = crate::hcl::lex::Lexer::new(text);
        let mut lines = Vec::new();
        let mut toks: Vec<crate::hcl::lex::Token> = Vec::new();
        let mut start = 0;
        loop {
            let t = lx.next_token();
            let ends_line = match t.kind {
                Tok::Newline | Tok::QuotedNewline | Tok::Eof => true,
                Tok::Comment => text[t.range()].ends_with('\n'),
                _ => false,
            };
            if t.kind != Tok::Eof {
                toks.push(t);
            }
            if ends_line {
                lines.push((start, assign_line(text, start, &toks)));
                toks.clear();
                start = t.end;
            }
            if t.kind == Tok::Eof {
                break;
            }
        }
        Layout { lines }
    }

    /// The edits that rename the name written at `key` to `to`: the name,
    /// and, when its line is one of a group of consecutive single-line
    /// attributes whose `=` signs stand as `terraform fmt` puts them (one
    /// column after the longest name), the spaces before each `=` of the
    /// group that must change for them to stand so after the rename. A group
    /// not aligned keeps its spacing; nothing else is touched.
    pub(super) fn rename(&self, text: &str, key: Range<usize>, to: &str) -> Vec<Edit> {
        let name = (key.clone(), to.to_string());
        let i = self.lines.partition_point(|(s, _)| *s <= key.start).saturating_sub(1);
        let Some((_, Some(own))) = self.lines.get(i) else { return vec![name] };
        if key.end > own.lead_end {
            return vec![name];
        }
        let in_group = |j: &usize| self.lines.get(*j).is_some_and(|(_, a)| a.is_some());
        let first = (0..=i).rev().take_while(in_group).last().unwrap_or(i);
        let last = (i..self.lines.len()).take_while(in_group).last().unwrap_or(i);
        if last - first + 1 > MAX_ALIGNED_GROUP {
            return vec![name];
        }
        let group: Vec<(usize, AssignLine)> = (first..=last).filter_map(|j| Some((j, self.lines[j].1?))).collect();
        let widest = group.iter().map(|(_, a)| a.lead_col).max().unwrap_or(0);
        let aligned = group.iter().all(|(_, a)| {
            a.eq_col == widest + 1 && text.get(a.lead_end..a.eq).is_some_and(|s| s.bytes().all(|b| b == b' '))
        });
        if !aligned {
            return vec![name];
        }
        let from = text.get(key.clone()).map_or(0, |s| s.chars().count());
        let grown = |j: usize, a: &AssignLine| {
            if j == i {
                a.lead_col + to.chars().count() - from.min(a.lead_col)
            } else {
                a.lead_col
            }
        };
        let widest = group.iter().map(|(j, a)| grown(*j, a)).max().unwrap_or(0);
        let mut edits = vec![name];
        for (j, a) in &group {
            let spaces = widest + 1 - grown(*j, a);
            if spaces != a.eq - a.lead_end {
                edits.push((a.lead_end..a.eq, " ".repeat(spaces)));
            }
        }
        edits
    }
}

/// The line of `text` starting at `start` with tokens `toks` (its newline
/// or line comment last), if it is a single-line attribute: hclwrite's
/// rule (a trailing comment set aside; the first `=` after the first
/// token; the brackets from it to the end balanced).
fn assign_line(text: &str, start: usize, toks: &[crate::hcl::lex::Token]) -> Option<AssignLine> {
    let mut toks = toks;
    if toks.len() > 1 && toks.last().is_some_and(|t| t.kind == Tok::Comment) {
        toks = &toks[..toks.len() - 1];
    }
    let at = toks.iter().skip(1).position(|t| t.kind == Tok::Equal)? + 1;
    let net: i64 = toks[at..]
        .iter()
        .map(|t| match t.kind {
            Tok::OBrace | Tok::OBrack | Tok::OParen | Tok::TemplateControl | Tok::TemplateInterp => 1,
            Tok::CBrace | Tok::CBrack | Tok::CParen | Tok::TemplateSeqEnd => -1,
            _ => 0,
        })
        .sum();
    if net != 0 {
        return None;
    }
    let (lead_end, eq) = (toks[at - 1].end, toks[at].start);
    let col = |b: usize| text.get(start..b).map_or(0, |s| s.chars().count());
    // A lead over several text lines (a block comment) is not aligned.
    if text.get(start..eq).is_none_or(|s| s.contains('\n')) {
        return None;
    }
    Some(AssignLine { lead_end, lead_col: col(lead_end), eq, eq_col: col(eq) })
}
