//! go-cty's `stdlib/regexp.go`: `regex` and `regexall`, with Go's RE2
//! semantics (`\d`, `\w`, `\s` and `\b` are ASCII-only in Go, so they are
//! rewritten before the pattern is parsed) and Go's error texts.
//!
//! A pattern is translated, parsed by `regex_syntax` (its syntax tree),
//! read into the VM's form by [`hir`] (`\p{…}` with the release's Unicode
//! tables, case folding by `regex_syntax`'s), sized as Go sizes it and run
//! by [`pikevm`], which matches as Go's regexp does (leftmost-first, Go's
//! groups) at Go's cost, on every target; `replace`'s `$` references are
//! expanded by Go's rules.

mod hir;
mod names;
mod pikevm;
#[cfg(test)]
mod tests;

use super::{call_err, s, text, FuncError, Function, Param};
use crate::flavor::Profile;
use crate::types::Type;
use crate::unicode::Unicode;
use crate::value::{AttrMap, Value};
use std::sync::Arc;

pub(super) const NAMES: &[&str] = &["regex", "regexall"];

pub(super) fn lookup(name: &str) -> Option<Function> {
    let params = vec![Param::new("pattern", Type::String), Param::new("string", Type::String)];
    Some(match name {
        "regex" => Function::new(
            params,
            |a, p| result_type(text(&a[0]), p).map_err(|m| FuncError::Arg(0, m)),
            |a, ty, p| {
                let re =
                    compile(text(&a[0]), p).map_err(|m| FuncError::Arg(0, format!("error parsing pattern: {m}")))?;
                let t = text(&a[1]);
                let Some(caps) = re.captures(t) else {
                    return call_err("pattern did not match any part of the given string");
                };
                Ok(match_value(&re, &caps, ty))
            },
        ),
        "regexall" => Function::new(
            params,
            |a, p| Ok(Type::list(result_type(text(&a[0]), p).map_err(|m| FuncError::Arg(0, m))?)),
            |a, ty, p| {
                let re =
                    compile(text(&a[0]), p).map_err(|m| FuncError::Arg(0, format!("error parsing pattern: {m}")))?;
                let ety = ty.element_type().cloned().unwrap_or(Type::String);
                // Counted (and refused past the budget) before anything is built.
                let n = re.find_iter(text(&a[1])).try_fold(0u64, |n, _| super::allow(n + 1).map(|()| n + 1))?;
                let per = re.groups() as u64;
                super::allow(n.saturating_mul(per))?;
                let all: Vec<Value> = re.captures_iter(text(&a[1])).map(|c| match_value(&re, &c, &ety)).collect();
                Ok(Value::list(ety, all))
            },
        ),
        _ => return None,
    })
}

/// A compiled Go pattern, with each group's name as written (the whole
/// match first).
#[derive(Clone)]
pub(crate) struct Pattern(Arc<pikevm::Program>, Arc<[Option<Box<str>>]>);

/// One match's groups (byte ranges of the text; the whole match is 0).
pub(crate) struct Groups<'t> {
    text: &'t str,
    spans: Vec<Option<(usize, usize)>>,
}

impl<'t> Groups<'t> {
    fn from_slots(text: &'t str, slots: &[usize]) -> Self {
        let spans = slots
            .chunks(2)
            .map(|p| match *p {
                [a, b] if a != pikevm::NONE && b != pikevm::NONE => Some((a, b)),
                _ => None,
            })
            .collect();
        Groups { text, spans }
    }

    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    pub(crate) fn span(&self, i: usize) -> Option<(usize, usize)> {
        self.spans.get(i).copied().flatten()
    }

    pub(crate) fn get(&self, i: usize) -> Option<&'t str> {
        self.span(i).map(|(a, b)| &self.text[a..b])
    }
}

impl Pattern {
    /// How many groups, the whole match (0) included.
    pub(crate) fn groups(&self) -> usize {
        self.1.len()
    }

    /// The memory of the program.
    fn program_bytes(&self) -> usize {
        self.0.program_bytes()
    }

    /// Each group's name (as translated), the whole match first.
    pub(crate) fn names(&self) -> Vec<Option<&str>> {
        self.1.iter().map(|n| n.as_deref()).collect()
    }

    /// A match's groups, one per group written (a group the parse dropped,
    /// under `{0}`, never takes part).
    fn padded<'t>(&self, mut g: Groups<'t>) -> Groups<'t> {
        g.spans.resize(self.groups().max(g.spans.len()), None);
        g
    }

    /// The first match and its groups.
    pub(crate) fn captures<'t>(&self, t: &'t str) -> Option<Groups<'t>> {
        self.0.searcher().captures(t, 0).map(|s| self.padded(Groups::from_slots(t, &s)))
    }

    /// Each match's byte range, as Go's `FindAllStringIndex` (an empty
    /// match right after another is passed over).
    pub(crate) fn find_iter<'a>(&'a self, t: &'a str) -> impl Iterator<Item = (usize, usize)> + 'a {
        pikevm::Matches::new(&self.0, t, false).map(|s| (s[0], s[1]))
    }

    /// Each match with its groups, as [`Pattern::find_iter`] finds them.
    pub(crate) fn captures_iter<'a>(&'a self, t: &'a str) -> impl Iterator<Item = Groups<'a>> + 'a {
        pikevm::Matches::new(&self.0, t, true).map(move |s| self.padded(Groups::from_slots(t, &s)))
    }

    /// Every match replaced, as Go's `ReplaceAllString`: `$1`, `${name}`
    /// and `$$` in the replacement by [`expand`] (names read with the
    /// letters and digits of `unicode`).
    pub(crate) fn replace_all(&self, t: &str, rep: &str, unicode: Unicode) -> String {
        let mut out = String::with_capacity(t.len());
        let mut last = 0;
        if !rep.contains('$') {
            for (a, b) in self.find_iter(t) {
                out.push_str(&t[last..a]);
                out.push_str(rep);
                last = b;
            }
        } else {
            let names = self.names();
            for g in self.captures_iter(t) {
                let (a, b) = g.span(0).unwrap_or((last, last));
                out.push_str(&t[last..a]);
                expand(rep, &g, &names, unicode, &mut out);
                last = b;
            }
        }
        out.push_str(&t[last..]);
        out
    }
}

/// Appends `template` with each `$` reference replaced by what the match
/// `g` has for it, by Go's `Regexp.Expand`: `$$` is a `$`; `$name` and
/// `${name}` take the longest run of letters, digits and `_` (Unicode's,
/// as Go reads them); a name of ASCII digits without a leading zero (and
/// not past Go's 1e8) is a group's number, any other a group's name (the
/// first group of that name that took part); a group that did not take
/// part, or that does not exist, adds nothing; a `$` without a name (or
/// `${name` without its `}`) stays a `$`.
fn expand(template: &str, g: &Groups<'_>, names: &[Option<&str>], unicode: Unicode, out: &mut String) {
    let mut rest = template;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(r) = rest.strip_prefix('$') {
            out.push('$');
            rest = r;
            continue;
        }
        let Some((name, after)) = reference(rest, unicode) else {
            out.push('$');
            continue;
        };
        rest = after;
        let text = match group_number(name) {
            Some(i) => g.get(i),
            None => (0..names.len()).filter(|&i| names[i].is_some_and(|n| go_name(n) == name)).find_map(|i| g.get(i)),
        };
        out.push_str(text.unwrap_or(""));
    }
    out.push_str(rest);
}

/// The name a `$` reference starts with (`name` or `{name}`) and the text
/// after it; None when malformed (Go's `extract`).
fn reference(s: &str, unicode: Unicode) -> Option<(&str, &str)> {
    let (brace, body) = match s.strip_prefix('{') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let end = body.char_indices().find(|&(_, c)| !is_name_char(c, unicode)).map_or(body.len(), |(i, _)| i);
    if end == 0 {
        return None;
    }
    let after = if brace { body[end..].strip_prefix('}')? } else { &body[end..] };
    Some((&body[..end], after))
}

/// A reference's group number: ASCII digits, no leading zero, read while
/// under 1e8 (Go's `extract`); anything else is a name.
fn group_number(name: &str) -> Option<usize> {
    if name.len() > 1 && name.starts_with('0') {
        return None;
    }
    name.bytes()
        .try_fold(0usize, |n, b| (b.is_ascii_digit() && n < 100_000_000).then(|| n * 10 + usize::from(b - b'0')))
}

/// Go's `unicode.IsLetter || unicode.IsDigit || '_'` of the version:
/// general categories L and Nd.
fn is_name_char(c: char, unicode: Unicode) -> bool {
    static LETTERS_DIGITS: [std::sync::OnceLock<Vec<(char, char)>>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    let ranges = LETTERS_DIGITS[unicode as usize].get_or_init(|| {
        let mut r = crate::unicode::class_ranges("L", unicode).unwrap_or_default();
        r.extend(crate::unicode::class_ranges("Nd", unicode).unwrap_or_default());
        r.sort_unstable();
        r
    });
    pikevm::in_ranges(ranges, c)
}

/// The result type of a pattern: a string (no groups), a list of strings
/// (unnamed groups) or an object (named groups).
fn result_type(pattern: &str, p: &Profile) -> Result<Type, String> {
    let re = compile(pattern, p).map_err(|m| match m.strip_prefix("error parsing regexp: ") {
        Some(rest) => match rest.rsplit_once(": `") {
            Some((code, expr)) => format!("invalid regexp pattern: {code} in {}", expr.trim_end_matches('`')),
            None => format!("error parsing pattern: {m}"),
        },
        None => format!("error parsing pattern: {m}"),
    })?;
    let names: Vec<Option<&str>> = re.names().into_iter().skip(1).collect();
    let named = names.iter().filter(|n| n.is_some()).count();
    let unnamed = names.len() - named;
    Ok(match (unnamed, named) {
        (0, 0) => Type::String,
        (_, 0) => Type::tuple(vec![Type::String; unnamed]),
        (0, _) => {
            Type::object(crate::sort::map(names.iter().flatten().map(|n| (go_name(n).to_string(), Type::String))))
        }
        _ => return Err("invalid regexp pattern: cannot mix both named and unnamed capture groups".into()),
    })
}

fn match_value(re: &Pattern, caps: &Groups<'_>, ty: &Type) -> Value {
    let group = |i: usize| caps.get(i).map_or(Value::null(Type::String), s);
    match ty {
        Type::Tuple(_) => Value::tuple((1..caps.len()).map(group).collect()),
        Type::Object(_) => {
            let mut m = AttrMap::new();
            for (i, n) in re.names().into_iter().enumerate() {
                if let Some(n) = n {
                    m.insert(go_name(n), group(i));
                }
            }
            Value::object(m)
        }
        _ => group(0),
    }
}

/// The prefix of a group name's private stand-in (a name written again,
/// or one that starts with a digit).
const DUP: &str = "__tftype_dup";

/// The name a group has in the Go pattern.
fn go_name(n: &str) -> &str {
    match n.strip_prefix(DUP) {
        Some(rest) => rest.split_once('_').map_or(n, |(_, name)| name),
        None => n,
    }
}

/// What Go's `regexp/syntax` accepts where the Go versions releases are
/// built with differ (see [`crate::flavor::Switch::Go122AngleNamedCaptures`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct GoSyntax {
    /// `(?<name>…)` is a named group (Go ≥ 1.22).
    pub angle_names: bool,
    /// The Unicode version of Go's tables (the scripts `\p{…}` knows).
    pub unicode: Unicode,
    /// `\p{…}` names are matched loosely, with aliases (Go ≥ 1.25).
    pub loose_class_names: bool,
}

impl GoSyntax {
    /// The newest Go's syntax (the default flavor's).
    #[cfg(test)]
    pub const NEWEST: GoSyntax = GoSyntax { angle_names: true, unicode: Unicode::V15_0, loose_class_names: true };

    /// The syntax `p`'s release accepts for `pattern`: the flavor is asked
    /// only when the pattern could hold what versions differ on, so that
    /// work kept for one flavor is reused by another where it can be.
    pub(crate) fn for_pattern(pattern: &str, p: &Profile) -> GoSyntax {
        let classes = pattern.contains("\\p") || pattern.contains("\\P");
        GoSyntax {
            angle_names: !pattern.contains("(?<") || p.angle_named_captures(),
            unicode: if classes { p.unicode() } else { Unicode::V15_0 },
            loose_class_names: !classes || p.loose_unicode_class_names(),
        }
    }
}

/// Compiles a Go regular expression as `p`'s release does; the error is
/// Go's (`error parsing regexp: CODE: `EXPR``) where tftype knows it.
pub(crate) fn compile(pattern: &str, p: &Profile) -> Result<Pattern, String> {
    compile_as(pattern, GoSyntax::for_pattern(pattern, p))
}

/// [`compile`] for a given Go syntax.
pub(crate) fn compile_as(pattern: &str, go: GoSyntax) -> Result<Pattern, String> {
    // A rule calls `regex` once per element of a `for` and the type check
    // compiles each pattern again: the last few patterns are kept, the Pike
    // VM's programs only while they take less than `CACHED_PROGRAMS` together.
    if let Some(r) =
        RECENT.with(|c| c.borrow().iter().find(|(p, g, _)| p == pattern && *g == go).map(|(_, _, r)| r.clone()))
    {
        return r;
    }
    let r = compile_uncached(pattern, go);
    RECENT.with(|c| {
        let mut c = c.borrow_mut();
        c.push((pattern.to_string(), go, r.clone()));
        while c.len() > 8 || kept_bytes(&c) > CACHED_PROGRAMS {
            c.drain(..1);
        }
    });
    r
}

/// A pattern compiled for a Go syntax, kept for reuse (see [`compile_as`]).
type Kept = (String, GoSyntax, Result<Pattern, String>);

/// The most memory the Pike VM's programs kept for reuse may take.
const CACHED_PROGRAMS: usize = 64 << 20;

thread_local! {
    /// The patterns compiled last (see [`compile`]).
    static RECENT: std::cell::RefCell<Vec<Kept>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The memory the programs of `kept` take.
fn kept_bytes(kept: &[Kept]) -> usize {
    kept.iter().map(|(_, _, r)| r.as_ref().map_or(0, Pattern::program_bytes)).sum()
}

/// The memory the kept programs take.
#[cfg(test)]
fn cached_program_bytes() -> usize {
    RECENT.with(|c| kept_bytes(&c.borrow()))
}

fn compile_uncached(pattern: &str, go: GoSyntax) -> Result<Pattern, String> {
    let rust = translate(pattern, go)?;
    let too_large = || go_error("expression too large", pattern);
    let unsupported = || go_error("invalid or unsupported Perl syntax", pattern);
    let (ast, hir) = parse(&rust, go.unicode).ok_or_else(unsupported)?;
    if go_too_large(&hir) {
        return Err(too_large());
    }
    match pikevm::Program::new(&hir) {
        Ok(p) => Ok(Pattern(Arc::new(p), declared_groups(&ast).into())),
        Err(pikevm::Refusal::TooLarge) => Err(too_large()),
        Err(pikevm::Refusal::Unsupported) => Err(unsupported()),
    }
}

/// A translated pattern's parse and the form the Pike VM runs, with the
/// `\p{…}` tables of `unicode` (see [`hir::read`]).
fn parse(rust: &str, unicode: Unicode) -> Option<(regex_syntax::ast::Ast, regex_syntax::hir::Hir)> {
    let ast = regex_syntax::ast::parse::Parser::new().parse(rust).ok()?;
    let hir = hir::read(&ast, unicode).ok()?;
    Some((ast, hir))
}

/// Each group's name as written, the whole match first. Go numbers every
/// group written; the parse the VM runs drops a group under `{0}`
/// (`a(b){0}` has one group in Go, none in the parse).
fn declared_groups(ast: &regex_syntax::ast::Ast) -> Vec<Option<Box<str>>> {
    use regex_syntax::ast::{Ast, GroupKind};
    let mut names = vec![None];
    let mut todo = vec![ast];
    while let Some(a) = todo.pop() {
        match a {
            Ast::Group(g) => {
                let (i, name) = match &g.kind {
                    GroupKind::CaptureIndex(i) => (Some(*i), None),
                    GroupKind::CaptureName { name, .. } => (Some(name.index), Some(name.name.as_str())),
                    GroupKind::NonCapturing(_) => (None, None),
                };
                if let Some(i) = i.map(|i| i as usize) {
                    if names.len() <= i {
                        names.resize(i + 1, None);
                    }
                    names[i] = name.map(Into::into);
                }
                todo.push(&g.ast);
            }
            Ast::Repetition(r) => todo.push(&r.ast),
            Ast::Alternation(x) => todo.extend(x.asts.iter()),
            Ast::Concat(x) => todo.extend(x.asts.iter()),
            _ => {}
        }
    }
    names
}

/// Go's `maxSize` (regexp/syntax): 128 MB of 40-byte instructions. A
/// pattern whose `calcSize` is above it is "expression too large" in Go.
const GO_MAX_SIZE: u64 = (128 << 20) / 40;

/// Whether Go refuses a parse as "expression too large": its `calcSize`
/// (a class is one instruction) is past [`GO_MAX_SIZE`] and Go sizes it at
/// all (Go's `checkSize` only starts sizing once the nodes parsed times the
/// product of the counted repeats reach `maxSize`). Iterative: one pass
/// over the nodes, children before parents; saturating.
fn go_too_large(root: &regex_syntax::hir::Hir) -> bool {
    use regex_syntax::hir::HirKind;
    // Post-order: (node, children done).
    let mut todo = vec![(root, false)];
    let mut done: Vec<u64> = Vec::new();
    let (mut nodes, mut repeats) = (0u64, 1u64);
    while let Some((h, visited)) = todo.pop() {
        let subs: &[regex_syntax::hir::Hir] = match h.kind() {
            HirKind::Repetition(r) => std::slice::from_ref(&r.sub),
            HirKind::Capture(c) => std::slice::from_ref(&c.sub),
            HirKind::Concat(v) | HirKind::Alternation(v) => v,
            _ => &[],
        };
        if !visited && !subs.is_empty() {
            todo.push((h, true));
            todo.extend(subs.iter().rev().map(|s| (s, false)));
            continue;
        }
        nodes += 1;
        let kids = done.split_off(done.len() - subs.len());
        let sum = || kids.iter().fold(0u64, |a, &k| a.saturating_add(k));
        let go = match h.kind() {
            HirKind::Empty | HirKind::Look(_) | HirKind::Class(_) => 1,
            HirKind::Literal(l) => std::str::from_utf8(&l.0).map_or(l.0.len(), |t| t.chars().count()) as u64,
            HirKind::Repetition(r) => {
                let g = kids[0];
                // `*`, `+` and `?` are not counted repeats in Go.
                if !matches!((r.min, r.max), (0 | 1, None) | (0, Some(1))) {
                    repeats = repeats.saturating_mul(u64::from(r.max.unwrap_or(r.min)).max(1)).min(GO_MAX_SIZE);
                }
                match r.max {
                    None if r.min == 0 => g.saturating_add(2),
                    None => u64::from(r.min).saturating_mul(g).saturating_add(1),
                    Some(max) => u64::from(max).saturating_mul(g).saturating_add(u64::from(max - r.min)),
                }
            }
            HirKind::Capture(_) => kids[0].saturating_add(2),
            HirKind::Concat(_) => sum(),
            HirKind::Alternation(v) => sum().saturating_add(v.len() as u64 - 1),
        };
        done.push(go.max(1));
    }
    let go = done.pop().unwrap_or(1);
    nodes >= GO_MAX_SIZE / repeats && go > GO_MAX_SIZE
}

/// Go's text for a pattern it refuses: `error parsing regexp: CODE: `EXPR``.
fn go_error(code: &str, expr: &str) -> String {
    format!("error parsing regexp: {code}: `{expr}`")
}

/// A counted repeat `{n}`, `{n,}` or `{n,m}` starting at `b[i]` (Go's
/// form: decimal digits, no leading zero): its counts and where its `}` is.
fn counted_repeat(b: &[char], i: usize) -> Option<(u64, Option<u64>, usize)> {
    let num = |j: &mut usize| -> Option<u64> {
        let start = *j;
        while b.get(*j).is_some_and(char::is_ascii_digit) {
            *j += 1;
        }
        let digits: String = b[start..*j].iter().collect();
        if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
            return None;
        }
        Some(digits.parse().unwrap_or(u64::MAX))
    };
    let mut j = i + 1;
    let lo = num(&mut j)?;
    let hi = if b.get(j) == Some(&',') {
        j += 1;
        if b.get(j) == Some(&'}') {
            None
        } else {
            Some(num(&mut j)?)
        }
    } else {
        Some(lo)
    };
    (b.get(j) == Some(&'}')).then_some((lo, hi, j))
}

/// What Go's parser checks as it reads a pattern, beside what
/// [`translate`] writes: groups opened and closed, group names and flags,
/// and repeats. A repeat applies to the thing on top of Go's stack, so one
/// right after `(`, `|` or at the start has no argument, while a flag group
/// (`(?i)`) or an empty `\Q\E` pushes nothing and a repeat after it applies
/// to what came before it (`a(?i)*` is `a*`); a repeat right after another
/// is a nested repeat, named from the first one's start.
#[derive(Default)]
struct GoStack {
    /// Groups open.
    depth: usize,
    /// Whether something a repeat applies to is on top of the stack.
    repeatable: bool,
    /// Where the repeat read just before started (Go's `lastRepeat`): each
    /// item read takes it.
    last_repeat: Option<usize>,
    /// Go refuses counted repeats nested so that the innermost thing is
    /// copied more than 1000 times (`(a{1000}){1000}`). `need` is how many
    /// copies the group read so far makes at most, `last` how many the item
    /// just read makes (what a repeat applies to); `outer` holds the
    /// enclosing groups' pairs.
    need: u64,
    last: u64,
    outer: Vec<(u64, u64)>,
}

impl GoStack {
    /// A thing a repeat can apply to: a literal, an escape, a class.
    fn atom(&mut self) {
        self.settle();
        self.repeatable = true;
    }

    /// `|`: nothing on top for a repeat.
    fn alternate(&mut self) {
        self.settle();
        self.repeatable = false;
    }

    fn settle(&mut self) {
        self.need = self.need.max(self.last);
        self.last = 0;
    }

    /// A `(` at `c[at]`: Go's error for a bad group name or flags; a group
    /// (not a flag group, which pushes nothing) is opened.
    fn open(&mut self, c: &[char], at: usize, go: GoSyntax) -> Result<(), String> {
        let text = |s: &[char]| s.iter().collect::<String>();
        let i = at + 1;
        if c.get(i) == Some(&'?') {
            // Go reads a name only with something after the `<`.
            let name_at = match (c.get(i + 1), c.get(i + 2)) {
                // Before Go 1.22 `<` is no flag: refused below.
                (Some('<'), _) if go.angle_names && i + 2 < c.len() => Some(i + 2),
                (Some('P'), Some('<')) if i + 3 < c.len() => Some(i + 3),
                _ => None,
            };
            if let Some(open) = name_at {
                // `(?P<name>` / `(?<name>`: Go's name is letters, digits and
                // `_`, not empty.
                let Some(close) = (open..c.len()).find(|&j| c[j] == '>') else {
                    return Err(go_error("invalid named capture", &text(&c[at..])));
                };
                let name = &c[open..close];
                if name.is_empty() || !name.iter().all(|c| c.is_ascii_alphanumeric() || *c == '_') {
                    return Err(go_error("invalid named capture", &text(&c[at..=close])));
                }
            } else {
                // Go's flags: `i`, `m`, `s`, `U`, one `-` (with a flag after
                // it), then `:` (a group) or `)`; Go names what it read up
                // to the first char it refuses.
                let (mut j, mut negated, mut flag) = (i + 1, false, false);
                loop {
                    let Some(&f) = c.get(j) else {
                        return Err(go_error("invalid or unsupported Perl syntax", &text(&c[at..])));
                    };
                    j += 1;
                    match f {
                        'i' | 'm' | 's' | 'U' => flag = true,
                        '-' if !negated => (negated, flag) = (true, false),
                        ':' | ')' if !negated || flag => break,
                        _ => return Err(go_error("invalid or unsupported Perl syntax", &text(&c[at..j]))),
                    }
                }
                if c[j - 1] == ')' {
                    // A flag group: what was on top stays there.
                    return Ok(());
                }
            }
        }
        self.depth += 1;
        self.repeatable = false;
        self.settle();
        self.outer.push((self.need, self.last));
        (self.need, self.last) = (0, 0);
        Ok(())
    }

    /// A `)` closing a group; `false` if no group is open.
    fn close(&mut self) -> bool {
        let Some(depth) = self.depth.checked_sub(1) else { return false };
        self.depth = depth;
        let inner = self.need.max(self.last);
        (self.need, _) = self.outer.pop().unwrap_or((0, 0));
        self.last = inner;
        self.repeatable = true;
        true
    }

    /// A repeat operator at `c[at]` (`*`, `+`, `?` or Go's counted form),
    /// `prev` where the repeat just before it started: where it ends (after
    /// its lazy `?`), or Go's error for it.
    fn repeat(&mut self, c: &[char], at: usize, prev: Option<usize>) -> Result<usize, String> {
        let text = |s: &[char]| s.iter().collect::<String>();
        let counts = if c[at] == '{' { counted_repeat(c, at) } else { None };
        let op_end = counts.map_or(at + 1, |(_, _, e)| e + 1);
        if let Some((lo, hi, e)) = counts {
            if lo > 1000 || hi.is_some_and(|h| h > 1000 || h < lo) {
                return Err(go_error("invalid repeat count", &text(&c[at..=e])));
            }
        }
        let end = if c.get(op_end) == Some(&'?') { op_end + 1 } else { op_end };
        if let Some(s) = prev {
            return Err(go_error("invalid nested repetition operator", &text(&c[s..end])));
        }
        if !self.repeatable {
            return Err(go_error("missing argument to repetition operator", &text(&c[at..end])));
        }
        if let Some((lo, hi, _)) = counts {
            // Go's count: the maximum, or the minimum when unbounded; `{0}`
            // and `{0,0}` make nothing.
            let m = hi.unwrap_or(lo);
            let copies = match hi {
                Some(0) => 0,
                _ if m == 0 => self.last,
                _ => m.saturating_mul(self.last.max(1)),
            };
            if (lo >= 2 || hi.is_some_and(|h| h >= 2)) && copies > 1000 {
                return Err(go_error("invalid repeat count", &text(&c[at..end])));
            }
            self.last = copies;
        }
        self.last_repeat = Some(at);
        Ok(end)
    }
}

/// Go's pattern syntax rewritten for `regex_syntax`, or Go's error
/// (`error parsing regexp: CODE: `EXPR``): `\d`, `\w`, `\s` and `\b` are
/// ASCII classes in Go; `\Q…\E` quotes; a `{` that does not start a
/// repeat is literal; repeat counts stop at 1000; escaped punctuation and
/// `[`, `&`, `~` inside a class are literal; octal escapes; Go's invalid
/// escapes and class ranges are refused with its texts. One pass reads the
/// pattern as Go's parser does, so the error reported is the first Go
/// reads: [`GoStack`] checks groups, names, flags and repeats as it goes.
fn translate(p: &str, go: GoSyntax) -> Result<String, String> {
    let err = |code: &str, expr: &str| Err(go_error(code, expr));
    let text = |s: &[char]| s.iter().collect::<String>();
    let c: Vec<char> = p.chars().collect();
    let mut out = String::with_capacity(p.len() + 8);
    let mut i = 0;
    let mut in_class = false;
    // The last class member (for range checks) and whether a `-` follows it.
    // (Each with where it starts in the pattern: Go names a bad range as written.)
    let mut class_last: Option<(char, usize)> = None;
    let mut class_range_from: Option<(char, usize)> = None;
    // The text of the repetition operator just written, if the last thing
    // written was one.
    let mut last_repeat: Option<String> = None;
    let mut names: Vec<String> = Vec::new();
    let hexc = |ch: char| format!("\\x{{{:X}}}", ch as u32);
    // Whether `U` (lazy repeats) is set, and its setting outside each open
    // group.
    let (mut lazy_mode, mut outside): (bool, Vec<bool>) = (false, Vec::new());
    // Flag groups read but not yet written (`a(?i)*` is `a*`, lazy as the
    // new flags say).
    let mut pending: Option<Pending> = None;
    // What Go's parser checks as it reads, and where the open class starts.
    let mut stack = GoStack::default();
    let mut class_at = 0;
    while i < c.len() {
        let ch = c[i];
        let item_at = i;
        let prev = stack.last_repeat.take();
        if let Some(held) = pending.take() {
            if flag_group_at(&c, i) {
                pending = Some(held);
            } else if c[i..].starts_with(&['\\', 'Q', '\\', 'E']) {
                // `\Q\E` pushes nothing either.
                pending = Some(held);
                i += 4;
                continue;
            } else if let Some(op_end) = repeat_at(&c, i) {
                let end = stack.repeat(&c, i, prev)?;
                let op = text(&c[i..op_end]);
                // A repeat of a repeat: counted, so that `?` is not read
                // as a lazy suffix.
                out += match op.as_str() {
                    "*" if held.after_repeat => "{0,}",
                    "+" if held.after_repeat => "{1,}",
                    "?" if held.after_repeat => "{0,1}",
                    op => op,
                };
                let lazy = end > op_end;
                if lazy != (held.lazy_before != lazy_mode) {
                    out.push('?');
                }
                // The flags stay unwritten: another flag group and a
                // repeat may follow (`a(?i)*(?U)?`).
                pending = Some(Pending { after_repeat: true, ..held });
                i = end;
                last_repeat = Some(if lazy { format!("{op}?") } else { op });
                continue;
            } else {
                out += &held.flags;
            }
        }
        let mut repeat: Option<String> = None;
        // One literal character (from the text or an escape), for class ranges.
        let mut literal: Option<char> = None;
        if ch == '\\' {
            let Some(&n) = c.get(i + 1) else {
                return err("trailing backslash at end of expression", "");
            };
            i += 2;
            match n {
                // Go quotes outside a class only.
                'Q' if in_class => return err("invalid escape sequence", "\\Q"),
                'Q' => {
                    let start = i;
                    while i < c.len() && !(c[i] == '\\' && c.get(i + 1) == Some(&'E')) {
                        i += 1;
                    }
                    for &q in &c[start..i] {
                        out += &hexc(q);
                    }
                    if i == start {
                        // Nothing quoted pushes nothing: a repeat after
                        // it applies to what came before (as after a
                        // flag group).
                        pending = Some(Pending::new(lazy_mode, last_repeat.is_some()));
                    } else {
                        stack.atom();
                    }
                    if i < c.len() {
                        i += 2;
                    }
                    last_repeat = None;
                    continue;
                }
                // A class escape cannot end a range: Go reads the escape
                // as one char and refuses it.
                'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'p' | 'P' if in_class && class_range_from.is_some() => {
                    return err("invalid escape sequence", &format!("\\{n}"))
                }
                'd' | 'D' | 'w' | 'W' | 's' | 'S' => {
                    let cl = match n {
                        'd' => "0-9",
                        'D' => "^0-9",
                        'w' => "0-9A-Za-z_",
                        'W' => "^0-9A-Za-z_",
                        's' => "\\t\\n\\f\\r ",
                        _ => "^\\t\\n\\f\\r ",
                    };
                    if in_class && !cl.starts_with('^') {
                        out += cl;
                    } else {
                        out += &format!("[{cl}]");
                    }
                }
                'b' | 'B' if !in_class => out += if n == 'b' { "(?-u:\\b)" } else { "(?-u:\\B)" },
                'A' | 'z' if !in_class => {
                    out.push('\\');
                    out.push(n);
                }
                'a' | 'f' | 't' | 'n' | 'r' | 'v' => {
                    out.push('\\');
                    out.push(n);
                    literal = Some(match n {
                        'a' => '\u{7}',
                        'f' => '\u{c}',
                        't' => '\t',
                        'n' => '\n',
                        'r' => '\r',
                        _ => '\u{b}',
                    });
                }
                'x' => {
                    let start = i - 2;
                    // Go reads hex digits up to `}` (one at least, at most
                    // U+10FFFF) or exactly two; its error names what it read
                    // up to the char it refused.
                    let mut code = None;
                    if c.get(i) == Some(&'{') {
                        i += 1;
                        let (mut v, mut digits) = (0u32, 0);
                        while let Some(&d) = c.get(i) {
                            i += 1;
                            if d == '}' {
                                code = (digits > 0).then_some(v);
                                break;
                            }
                            match d.to_digit(16) {
                                Some(x) if v * 16 + x <= 0x10FFFF => (v, digits) = (v * 16 + x, digits + 1),
                                _ => break,
                            }
                        }
                    } else {
                        let digit = |j: usize| c.get(j).and_then(|d| d.to_digit(16));
                        if let (Some(h), Some(l)) = (digit(i), digit(i + 1)) {
                            code = Some(h * 16 + l);
                        }
                        i = (i + 2).min(c.len());
                    }
                    let Some(code) = code.and_then(char::from_u32) else {
                        return err("invalid escape sequence", &c[start..i].iter().collect::<String>());
                    };
                    out += &hexc(code);
                    literal = Some(code);
                }
                'p' | 'P' => {
                    let start = i - 2;
                    if c.get(i) == Some(&'{') {
                        let Some(end) = (i..c.len()).find(|&j| c[j] == '}') else {
                            return err("invalid character class range", &c[start..].iter().collect::<String>());
                        };
                        i = end + 1;
                    } else {
                        if i == c.len() {
                            return err("invalid character class range", &c[start..].iter().collect::<String>());
                        }
                        i += 1;
                    }
                    let seq: String = c[start..i].iter().collect();
                    // The name as the release's Go looks it up (`names`);
                    // `\p{^Greek}` is `\P{Greek}`, `\P{^Greek}` is `\p{Greek}`,
                    // and `Assigned` is not `Cn`.
                    let name = seq[2..].strip_prefix('{').map_or(&seq[2..], |b| b.strip_suffix('}').unwrap_or(b));
                    let (negated, name) = match name.strip_prefix('^') {
                        Some(rest) => (n == 'p', rest),
                        None => (n == 'P', name),
                    };
                    let Some(found) = names::class(name, go.unicode, go.loose_class_names) else {
                        return err("invalid character class range", &seq);
                    };
                    let (negated, found) = match found.strip_prefix('^') {
                        Some(rest) => (!negated, rest.to_string()),
                        None => (negated, found),
                    };
                    // Read by `hir::read` with the release's tables.
                    out += &format!("\\{}{{{found}}}", if negated { 'P' } else { 'p' });
                }
                '0'..='7' => {
                    // Octal: `\0`, or two or three digits (a lone `\1`–`\7`
                    // would be a backreference, which Go refuses).
                    let start = i - 2;
                    let mut j = i;
                    while j < c.len() && j < i + 2 && ('0'..='7').contains(&c[j]) {
                        j += 1;
                    }
                    if n != '0' && j == i {
                        return err("invalid escape sequence", &c[start..i].iter().collect::<String>());
                    }
                    let digits: String = c[i - 1..j].iter().collect();
                    i = j;
                    let v = u32::from_str_radix(&digits, 8).unwrap_or(0);
                    let ch = char::from_u32(v).unwrap_or('\0');
                    out += &hexc(ch);
                    literal = Some(ch);
                }
                n if n.is_ascii_punctuation() => {
                    out += &hexc(n);
                    literal = Some(n);
                }
                n => return err("invalid escape sequence", &format!("\\{n}")),
            }
            if !in_class {
                stack.atom();
            }
        } else if in_class {
            i += 1;
            match ch {
                ']' => {
                    in_class = false;
                    out.push(']');
                }
                // `[:name:]` (the `:]` searched after the `[:`), else a
                // literal `[`.
                '[' if c.get(i) == Some(&':')
                    && (i + 1..c.len().saturating_sub(1)).any(|j| c[j] == ':' && c[j + 1] == ']') =>
                {
                    let end = (i + 1..c.len() - 1).find(|&j| c[j] == ':' && c[j + 1] == ']').unwrap_or(i);
                    let class: String = c[i - 1..end + 2].iter().collect();
                    // Go's names (`regexp/syntax`'s POSIX groups), each
                    // also negated with `^`.
                    const POSIX: [&str; 14] = [
                        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
                        "space", "upper", "word", "xdigit",
                    ];
                    let name = &class[2..class.len() - 2];
                    if !POSIX.contains(&name.strip_prefix('^').unwrap_or(name)) {
                        return err("invalid character class range", &class);
                    }
                    out += &class;
                    i = end + 2;
                }
                '[' | '&' | '~' => {
                    out += &hexc(ch);
                    literal = Some(ch);
                }
                '-' if class_last.is_some() && c.get(i).is_some_and(|&x| x != ']') => {
                    class_range_from = class_last.take();
                    out.push('-');
                    continue;
                }
                ch => {
                    out.push(ch);
                    literal = Some(ch);
                }
            }
        } else {
            i += 1;
            match ch {
                '(' => {
                    stack.open(&c, i - 1, go)?;
                    outside.push(lazy_mode);
                }
                ')' => {
                    if !stack.close() {
                        return err("unexpected )", p);
                    }
                    lazy_mode = outside.pop().unwrap_or(lazy_mode);
                }
                '|' => stack.alternate(),
                '*' | '+' | '?' => {}
                '{' if counted_repeat(&c, i - 1).is_some() => {}
                _ => stack.atom(),
            }
            match ch {
                '[' => {
                    in_class = true;
                    class_at = i - 1;
                    out.push('[');
                    if c.get(i) == Some(&'^') {
                        out.push('^');
                        i += 1;
                    }
                    if c.get(i) == Some(&']') {
                        out += "\\]";
                        i += 1;
                        class_last = Some((']', i - 1));
                    } else {
                        class_last = None;
                    }
                    class_range_from = None;
                    last_repeat = None;
                    continue;
                }
                // A repeat (in Go's counted form for `{`), with its lazy `?`;
                // any other `{` is a literal.
                '{' | '*' | '+' | '?' if ch != '{' || counted_repeat(&c, i - 1).is_some() => {
                    let end = stack.repeat(&c, i - 1, prev)?;
                    let op = text(&c[i - 1..end]);
                    i = end;
                    out += &op;
                    repeat = Some(op);
                }
                '{' => out += "\\{",
                '}' => out += "\\}",
                '(' if c.get(i) == Some(&'?') && !matches!(c.get(i + 1), Some('<' | 'P')) => {
                    // Flags (`stack.open` checked them): Go lets a flag
                    // repeat (the last setting wins) and `(?)` set none;
                    // `regex_syntax` wants each flag once and one at least.
                    let (mut on, mut off, mut negated) = (String::new(), String::new(), false);
                    let mut j = i + 1;
                    let end = loop {
                        let Some(&f) = c.get(j) else { break None };
                        j += 1;
                        match f {
                            '-' => negated = true,
                            ':' | ')' => break Some(f),
                            f => {
                                let (set, unset) = if negated { (&mut off, &mut on) } else { (&mut on, &mut off) };
                                unset.retain(|x| x != f);
                                if !set.contains(f) {
                                    set.push(f);
                                }
                            }
                        }
                    };
                    let written = match end {
                        Some(end) if on.is_empty() && off.is_empty() => if end == ':' { "(?:" } else { "" }.to_string(),
                        Some(end) => format!("(?{on}{}{off}{end}", if off.is_empty() { "" } else { "-" }),
                        None => {
                            j = i;
                            "(".to_string()
                        }
                    };
                    if end == Some(')') {
                        // Not a group: its flags hold to the end of the
                        // group around it.
                        lazy_mode = outside.pop().unwrap_or(lazy_mode);
                        let mut held = pending.take().unwrap_or(Pending::new(lazy_mode, last_repeat.is_some()));
                        held.flags += &written;
                        pending = Some(held);
                    } else {
                        out += &written;
                    }
                    if on.contains('U') {
                        lazy_mode = true;
                    } else if off.contains('U') {
                        lazy_mode = false;
                    }
                    i = j;
                }
                '(' if c.get(i) == Some(&'?')
                    && (c.get(i + 1) == Some(&'<') || (c.get(i + 1) == Some(&'P') && c.get(i + 2) == Some(&'<'))) =>
                {
                    // A group name; Go allows a name twice (the later group
                    // wins) and one that starts with a digit, `regex_syntax`
                    // does not: those get a private name that `go_name`
                    // reads back.
                    let open = if c[i + 1] == '<' { i + 2 } else { i + 3 };
                    let close = (open..c.len()).find(|&j| c[j] == '>');
                    match close {
                        Some(close) => {
                            let name: String = c[open..close].iter().collect();
                            let n = names.iter().filter(|x| **x == name).count();
                            let plain = n == 0 && !name.starts_with(|c: char| c.is_ascii_digit());
                            let written = if plain { name.clone() } else { format!("{DUP}{n}_{name}") };
                            names.push(name);
                            out += &format!("(?P<{written}>");
                            i = close + 1;
                        }
                        None => out.push('('),
                    }
                }
                ch => out.push(ch),
            }
        }
        if in_class {
            if let Some(l) = literal {
                if let Some((from, at)) = class_range_from.take() {
                    if from > l {
                        return err("invalid character class range", &c[at..i].iter().collect::<String>());
                    }
                    class_last = None;
                } else {
                    class_last = Some((l, item_at));
                }
            } else {
                class_last = None;
                class_range_from = None;
            }
        }
        last_repeat = repeat;
    }
    if in_class {
        return err("missing closing ]", &text(&c[class_at..]));
    }
    if stack.depth > 0 {
        return err("missing closing )", p);
    }
    if let Some(held) = pending {
        out += &held.flags;
    }
    Ok(out)
}

/// Flag groups `translate` has read but not yet written (in Go a flag
/// group pushes nothing, so a repeat right after it applies to what came
/// before it; `regex_syntax` wants the repeat written before the flags).
struct Pending {
    /// The flag groups' text, as `regex_syntax` reads it.
    flags: String,
    /// Whether `U` (lazy repeats) was set before the first of them.
    lazy_before: bool,
    /// Whether a repeat came just before them (a repeat after them is then
    /// a repeat of a repeat).
    after_repeat: bool,
}

impl Pending {
    fn new(lazy_before: bool, after_repeat: bool) -> Self {
        Pending { flags: String::new(), lazy_before, after_repeat }
    }
}

/// Whether a flag group (`(?i)`, `(?-s)`, `(?)`) starts at `c[i]`.
fn flag_group_at(c: &[char], i: usize) -> bool {
    c.get(i) == Some(&'(')
        && c.get(i + 1) == Some(&'?')
        && c.get(i + 2..).and_then(|r| r.iter().find(|f| !"imsU-".contains(**f))) == Some(&')')
}

/// Where a repeat operator starting at `c[i]` ends (before a lazy `?`).
fn repeat_at(c: &[char], i: usize) -> Option<usize> {
    match c.get(i)? {
        '*' | '+' | '?' => Some(i + 1),
        '{' => counted_repeat(c, i).map(|(_, _, e)| e + 1),
        _ => None,
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    /// reliability-5 #6: a pattern is sized from its parse as Go sizes it
    /// (a class is one instruction): the realistic Unicode patterns and
    /// large repeats Go compiles are compiled, past Go's `maxSize` it is
    /// Go's "expression too large".
    #[test]
    fn a_pattern_past_gos_max_size_is_too_large_and_one_under_it_is_not() {
        let group = "(\\p{L}{0,1000})";
        let table: Vec<(String, bool)> = vec![
            ("^[\\p{L}\\p{N}][\\p{L}\\p{N} _.-]{0,254}[\\p{L}\\p{N}]$".into(), false),
            ("^([\\p{L}\\p{N}]([\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?\\.)+[\\p{L}]{2,63}$".into(), false),
            ("^[\\p{L}\\p{N}._%+-]{1,64}@[\\p{L}\\p{N}.-]{1,253}\\.[\\p{L}]{2,63}$".into(), false),
            ("^([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]{1,128})=([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]{0,256})$".into(), false),
            (format!("^{}$", group.repeat(3)), false),
            (format!("^{}$", group.repeat(200)), false),
            ("a{1000}".repeat(3300), false),
            ("a{1000}".repeat(3400), true),
            ("\\pL{1000}".repeat(3400), true),
            ("(?:ab|cd){1000}".repeat(700), true),
            ("(?:ab|cd){1000}".repeat(600), false),
        ];
        for (p, want) in table {
            let (_, hir) = parse(&translate(&p, GoSyntax::NEWEST).unwrap(), Unicode::V15_0).unwrap();
            assert_eq!(go_too_large(&hir), want, "{}", &p[..p.len().min(60)]);
        }
    }
}
