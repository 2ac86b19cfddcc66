//! Hover, completion, tftype's notes and quick fixes in an editor, for the
//! language server (`tftype lsp`) and the page alike: one implementation,
//! from the module's declarations and the check's own answer.
//!
//! Where the cursor is comes from a tolerant scan of the text ([`locate`]),
//! not from the parser: a file being typed is seldom complete. The scan
//! knows the top-level attribute (the variable), the object keys and list
//! indexes down to the cursor, whether a key or a value is written there,
//! and which keys the enclosing object already has.
//!
//! Rules (each has a test of its name):
//! - completion at the top level of a value file: the module's declared
//!   variables not yet set in that file, required ones first; the type as
//!   written is the detail, the description the documentation;
//! - completion inside an object value: the attributes of the object type
//!   not yet written, required first, `optional(T)` with its default;
//! - completion of a value: `true` / `false` for a bool, the literals of a
//!   `contains([...], var.NAME)` rule; `.tfvars.json` the same, in JSON;
//! - hover on a variable's name in a value file: its declaration (type as
//!   written, description, default, nullable / sensitive / ephemeral), the
//!   value that wins as `terraform console` prints it with where it comes
//!   from (`(sensitive value)` for a sensitive variable), and the first
//!   line of its Why story;
//! - hover on an attribute inside a value: its type from the constraint,
//!   optional or required, and its default;
//! - hover on `variable "NAME"` in a configuration file: the value that
//!   wins and from where;
//! - notes: the same notes as `tftype check --explain`, placed where the
//!   value says it; quick fixes: rename a dropped attribute to its "did you
//!   mean", remove one the type drops, add the required variables no source
//!   sets and an object's required attributes, with placeholders;
//! - one variable's value (the page's value editor: its type constraint,
//!   its value in the format it is written in): the same completion of
//!   attributes and bools ([`complete_value`]) and hover on an attribute
//!   ([`hover_value`]), the value read as the value file `v = VALUE`.

pub mod editor;

use std::collections::BTreeMap;
use std::ops::Range;

use crate::defaults::Defaults;
use crate::flavor::Profile;
use crate::i18n::{fill, text, Lang};
use crate::module::decl::{self, Variable};
use crate::module::{self, CheckInput, Outcome, Texts};
use crate::types::Type;
use crate::hcl::ast::{Expr, ExprKind};
use crate::valueparse::ValueFormat;
use crate::Request;
use serde::Serialize;

/// A declared variable as an editor shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    pub name: String,
    /// The `type` argument as written.
    pub type_text: Option<String>,
    pub description: Option<String>,
    pub required: bool,
    /// The default as `terraform console` prints it (`(sensitive value)` for
    /// a sensitive variable).
    pub default: Option<String>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
}

/// The module's declarations, read once for a hover, a completion or the
/// quick fixes.
struct Ctx<'a> {
    input: &'a CheckInput,
    texts: Texts<'a>,
    module: std::rc::Rc<decl::Module>,
}

impl<'a> Ctx<'a> {
    fn new(input: &'a CheckInput, p: &Profile) -> Ctx<'a> {
        let mut texts = Texts::default();
        for (name, text) in &input.files {
            texts.add(name, text);
        }
        let module = decl::load(&input.files, &texts, p);
        Ctx { input, texts, module }
    }

    /// The declared variables, in declaration order.
    fn declared(&self, p: &Profile) -> Vec<Declared> {
        let mut bodies = BTreeMap::new();
        self.module
            .vars
            .iter()
            .map(|v| {
                let type_text = self.input.files.get(&v.file).and_then(|text| {
                    let body = bodies.entry(v.file.clone()).or_insert_with(|| crate::valueparse::parse_config(text, &v.file, false, p).0);
                    let block = body.as_ref().and_then(|b| module::explain::block_of(&b.items, v))?;
                    module::explain::attr_text(block, text, "type").map(str::to_string)
                });
                let default = v.default.as_ref().map(|d| if v.sensitive { "(sensitive value)".to_string() } else { crate::render::console(d) });
                Declared {
                    name: v.name.clone(),
                    type_text,
                    description: v.description.clone(),
                    required: v.required(),
                    default,
                    nullable: v.nullable,
                    sensitive: v.sensitive,
                    ephemeral: v.ephemeral,
                }
            })
            .collect()
    }

    /// The literals of `contains([...], var.NAME)` in `v`'s rules, as
    /// written (a string without interpolation, a number, a bool: the same
    /// text in HCL and in JSON).
    fn rule_literals(&self, v: &Variable) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for r in &v.rules {
            let text = self.input.files.get(&r.file).map(String::as_str).unwrap_or("");
            walk(&r.condition, &mut |e| {
                let ExprKind::Call(c) = &e.kind else { return };
                if c.name != "contains" || c.args.len() != 2 || text.get(c.args[1].range()).map(str::trim) != Some(&format!("var.{}", v.name)) {
                    return;
                }
                let written: Vec<String> = match &c.args[0].kind {
                    ExprKind::Const(cv) => cv.value.elements().unwrap_or_default().iter().map(crate::render::console).collect(),
                    ExprKind::Tuple { elems } => elems.iter().filter_map(|e| text.get(e.range()).map(str::to_string)).collect(),
                    _ => Vec::new(),
                };
                for w in written {
                    let string = w.len() >= 2 && w.starts_with('"') && w.ends_with('"') && !w.contains("${") && !w.contains("%{");
                    let literal = string || w == "true" || w == "false" || crate::number::Number::parse_literal(&w).is_ok();
                    if literal && !out.contains(&w) {
                        out.push(w);
                    }
                }
            });
        }
        out
    }
}

/// Calls `f` on `e` and every expression below it that a rule's condition
/// can hold a call in.
fn walk(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Call(c) => c.args.iter().for_each(|a| walk(a, f)),
        ExprKind::Binary { lhs, rhs, .. } => {
            walk(lhs, f);
            walk(rhs, f);
        }
        ExprKind::Unary { val, .. } => walk(val, f),
        ExprKind::Parens(x) => walk(x, f),
        ExprKind::Conditional { cond, t, f: g } => {
            walk(cond, f);
            walk(t, f);
            walk(g, f);
        }
        _ => {}
    }
}

/// The module's declared variables, in declaration order.
pub fn declarations(files: &BTreeMap<String, String>, p: &Profile) -> Vec<Declared> {
    let input = CheckInput { files: files.clone(), ..Default::default() };
    Ctx::new(&input, p).declared(p)
}

/// One step down a value: an object key (or a map key), or a list, set or
/// tuple index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// What is written at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// A name: a variable at the top level, an attribute in an object.
    Key,
    /// A value (of the attribute or element the path ends with).
    Value,
    /// Somewhere no variable's value is at a known place (inside a call,
    /// before a JSON file's object).
    Other,
}

/// Where the cursor is in a value file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// From the variable down to the container the cursor is in (for
    /// [`At::Value`], down to the value itself).
    pub path: Vec<Seg>,
    pub at: At,
    /// The word under the cursor (a name, a literal, a string's inside), or
    /// an empty range at the cursor.
    pub word: Range<usize>,
    /// The key under the cursor, if the cursor is on one.
    pub key: Option<String>,
    /// The keys the enclosing object (or the file) already has, before and
    /// after the cursor.
    pub written: Vec<String>,
    /// The enclosing object's opening and closing braces (None: the file's
    /// top level, or not closed).
    pub open: Option<usize>,
    pub close: Option<usize>,
    /// Whether the cursor is inside a string (or a heredoc).
    pub quoted: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    /// A string's inside (empty for a heredoc), and whether it is closed.
    Str(String, bool),
    Open(u8),
    Close(u8),
    Eq,
    Comma,
    Newline,
    Other,
}

/// Tokens of HCL's native syntax or JSON, with byte ranges: comments are
/// dropped, strings and heredocs are one token, interpolations are skipped.
fn tokens(text: &str, json: bool) -> Vec<(Tok, Range<usize>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b'\n' => {
                i += 1;
                if !json {
                    out.push((Tok::Newline, start..i));
                }
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b'#' => i = text[i..].find('\n').map_or(b.len(), |n| i + n),
            b'/' if b.get(i + 1) == Some(&b'/') => i = text[i..].find('\n').map_or(b.len(), |n| i + n),
            b'/' if b.get(i + 1) == Some(&b'*') => i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2),
            b'"' => {
                i += 1;
                let mut depth = 0usize;
                while i < b.len() {
                    match b[i] {
                        b'\\' => i += 1,
                        b'$' | b'%' if !json && b.get(i + 1) == Some(&b'{') => {
                            depth += 1;
                            i += 1;
                        }
                        b'}' if depth > 0 => depth -= 1,
                        b'"' if depth == 0 => break,
                        b'\n' if depth == 0 => break,
                        _ => {}
                    }
                    i += 1;
                }
                let closed = b.get(i) == Some(&b'"');
                // An unclosed string ends before its line's end.
                let end = if closed { i + 1 } else { i.min(b.len()) };
                let inner = text.get(start + 1..i.min(b.len())).unwrap_or("").to_string();
                i = end;
                out.push((Tok::Str(inner, closed), start..end));
            }
            b'<' if !json && b.get(i + 1) == Some(&b'<') => {
                // A heredoc: up to the line that is its marker.
                let line_end = text[i..].find('\n').map_or(b.len(), |n| i + n);
                let marker = text[i + 2..line_end].trim_start_matches('-').trim().to_string();
                i = line_end;
                let mut closed = false;
                if !marker.is_empty() {
                    while i < b.len() {
                        let next = text[i + 1..].find('\n').map_or(b.len(), |n| i + 1 + n);
                        let line = text.get(i + 1..next).unwrap_or("");
                        i = next;
                        if line.trim() == marker {
                            closed = true;
                            break;
                        }
                    }
                }
                out.push((Tok::Str(String::new(), closed), start..i));
            }
            b'{' | b'[' | b'(' => {
                i += 1;
                out.push((Tok::Open(c), start..i));
            }
            b'}' | b']' | b')' => {
                i += 1;
                out.push((Tok::Close(c), start..i));
            }
            b'=' if b.get(i + 1) != Some(&b'=') && b.get(i + 1) != Some(&b'>') => {
                i += 1;
                out.push((Tok::Eq, start..i));
            }
            b':' => {
                i += 1;
                out.push((Tok::Eq, start..i));
            }
            b',' => {
                i += 1;
                out.push((Tok::Comma, start..i));
            }
            _ if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-' || b[i] == b'.' || b[i] >= 0x80) {
                    i += 1;
                }
                out.push((Tok::Word(text[start..i].to_string()), start..i));
            }
            _ => {
                i += 1;
                out.push((Tok::Other, start..i));
            }
        }
    }
    out
}

/// A container being scanned.
struct Frame {
    kind: u8,
    open: Option<usize>,
    /// The segment that led into it (none for the file).
    seg: Option<Seg>,
    expect_key: bool,
    pending: Option<(String, Range<usize>)>,
    current: Option<String>,
    index: usize,
    keys: Vec<String>,
}

impl Frame {
    fn new(kind: u8, seg: Option<Seg>) -> Frame {
        Frame { kind, open: None, seg, expect_key: kind != b'[', pending: None, current: None, index: 0, keys: Vec::new() }
    }
}

/// Where `byte` is in the value file `text` (`json`: a `.tfvars.json`): a
/// tolerant scan of the text, not the parser (a file being typed is seldom
/// complete). Never panics, whatever the text.
pub fn locate(text: &str, byte: usize, json: bool) -> Located {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte -= 1;
    }
    let toks = tokens(text, json);
    // JSON's outer object is the file's top level.
    let mut stack: Vec<Frame> = if json { Vec::new() } else { vec![Frame::new(b'T', None)] };
    let mut found: Option<(Located, usize)> = None;
    let path_of = |stack: &[Frame]| -> Vec<Seg> { stack.iter().filter_map(|f| f.seg.clone()).collect() };
    let snapshot = |stack: &[Frame], word: Range<usize>, on: Option<&(Tok, Range<usize>)>| -> Located {
        let quoted = matches!(on, Some((Tok::Str(..), _)));
        let nowhere = |word| Located { path: Vec::new(), at: At::Other, word, key: None, written: Vec::new(), open: None, close: None, quoted };
        let Some(top) = stack.last() else { return nowhere(word) };
        // Inside a call's parentheses, or a bracket no path leads to: no
        // variable's value at a known place.
        if stack.iter().enumerate().any(|(i, f)| f.kind == b'(' || (i > 0 && f.seg.is_none())) {
            return nowhere(word);
        }
        let open = top.open;
        let mut path = path_of(stack);
        let key_tok = match on {
            Some((Tok::Word(w) | Tok::Str(w, _), _)) if top.expect_key => Some(w.clone()),
            _ => None,
        };
        if top.expect_key {
            Located { path, at: At::Key, word, key: key_tok, written: Vec::new(), open, close: None, quoted }
        } else {
            if top.kind == b'[' {
                path.push(Seg::Index(top.index));
            } else if let Some(c) = &top.current {
                path.push(Seg::Key(c.clone()));
            }
            Located { path, at: At::Value, word, key: None, written: Vec::new(), open, close: None, quoted }
        }
    };
    for tok in &toks {
        let (t, r) = tok;
        if found.is_none() {
            let closed = matches!(t, Tok::Str(_, true));
            let on = match t {
                Tok::Word(_) => r.start <= byte && byte <= r.end,
                Tok::Str(..) => r.start < byte && (byte < r.end || (!closed && byte == r.end)),
                _ => false,
            };
            if on {
                let word = if matches!(t, Tok::Str(..)) { (r.start + 1).min(r.end)..if closed { r.end - 1 } else { r.end } } else { r.clone() };
                found = Some((snapshot(&stack, word, Some(tok)), stack.len()));
            } else if r.start >= byte {
                found = Some((snapshot(&stack, byte..byte, None), stack.len()));
            }
        }
        match t {
            Tok::Word(w) | Tok::Str(w, _) => {
                if let Some(f) = stack.last_mut() {
                    if f.expect_key && f.kind != b'(' && f.kind != b'[' {
                        f.pending = Some((w.clone(), r.clone()));
                    }
                }
            }
            Tok::Eq => {
                if let Some(f) = stack.last_mut() {
                    if f.expect_key {
                        if let Some((k, _)) = f.pending.take() {
                            f.keys.push(k.clone());
                            f.current = Some(k);
                        }
                        f.expect_key = false;
                    }
                }
            }
            Tok::Open(c) => {
                let seg = match stack.last() {
                    None => None,
                    Some(f) if f.kind == b'[' => Some(Seg::Index(f.index)),
                    Some(f) if f.kind == b'(' => None,
                    Some(f) => f.current.clone().map(Seg::Key),
                };
                let mut frame = Frame::new(*c, seg);
                frame.open = Some(r.start);
                if *c == b'(' {
                    frame.expect_key = false;
                }
                stack.push(frame);
            }
            Tok::Close(_) => {
                // Closing the container the cursor is in: its keys are complete.
                if let Some((loc, depth)) = &mut found {
                    if *depth == stack.len() && loc.written.is_empty() {
                        loc.written = stack.last().map(|f| f.keys.clone()).unwrap_or_default();
                        loc.close = Some(r.start);
                        *depth = usize::MAX;
                    }
                }
                if stack.len() > usize::from(!json) {
                    stack.pop();
                }
            }
            Tok::Comma => {
                if let Some(f) = stack.last_mut() {
                    if f.kind == b'[' {
                        f.index += 1;
                    } else if f.kind != b'(' {
                        f.expect_key = true;
                        f.pending = None;
                    }
                }
            }
            Tok::Newline => {
                if let Some(f) = stack.last_mut() {
                    if f.kind == b'{' || f.kind == b'T' {
                        f.expect_key = true;
                        f.pending = None;
                    }
                }
            }
            Tok::Other => {}
        }
    }
    let (mut loc, depth) = found.unwrap_or_else(|| (snapshot(&stack, byte..byte, None), stack.len()));
    if depth != usize::MAX {
        if let Some(f) = stack.get(depth.saturating_sub(1)) {
            loc.written = f.keys.clone();
        }
    }
    loc
}

/// The names a value file writes at its top level (in JSON, in its outer
/// object), by the tolerant scan: a file with a syntax error has them too.
fn top_keys(src: &str, json: bool) -> Vec<String> {
    let at = if json { src.find('{').map_or(0, |i| i + 1) } else { 0 };
    locate(src, at, json).written
}

/// The type (and its defaults, and whether the last step is an optional
/// attribute) at `path` below a variable's constraint.
fn type_at<'a>(ty: &Type, defaults: Option<&'a Defaults>, path: &[Seg]) -> Option<(Type, Option<&'a Defaults>)> {
    let mut ty = ty.clone();
    let mut d = defaults;
    for seg in path {
        let next = match (&ty, seg) {
            (Type::Object(o), Seg::Key(k)) => {
                d = d.and_then(|d| d.children.get(k));
                o.attrs.get(k)?.clone()
            }
            (Type::Map(e), Seg::Key(_)) | (Type::List(e) | Type::Set(e), Seg::Index(_)) => {
                d = d.and_then(|d| d.children.get(""));
                (**e).clone()
            }
            (Type::Tuple(es), Seg::Index(i)) => {
                d = d.and_then(|d| d.children.get(&i.to_string()));
                es.get(*i)?.clone()
            }
            (Type::Dynamic, _) => return Some((Type::Dynamic, None)),
            _ => return None,
        };
        ty = next;
    }
    Some((ty, d))
}

/// The default of attribute `name` at a defaults node, as the console shows it.
fn attr_default(d: Option<&Defaults>, name: &str) -> Option<String> {
    d?.values.get(name).map(crate::render::console)
}

/// What a completion item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    Variable,
    Attribute,
    Value,
}

/// One completion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    pub label: String,
    pub kind: ItemKind,
    /// The type as written (a variable), the type (an attribute).
    pub detail: Option<String>,
    /// The description (a variable), the default (an attribute).
    pub documentation: Option<String>,
    pub required: bool,
    /// What is inserted (`name = `, `"name": `, `true`).
    pub insert_text: String,
    /// Orders required names first, then by declaration (or name).
    pub sort_text: String,
}

fn is_json(file: &str) -> bool {
    file.ends_with(".json")
}

/// The completions at `byte` of value file `file` of the module `input`
/// (which holds the file's text).
pub fn complete(input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> Vec<Completion> {
    let Some(src) = input.files.get(file) else { return Vec::new() };
    if module::decl::is_config_file(file) {
        return complete_call_arguments(input, file, byte, p);
    }
    if !crate::editor::is_value_file(file) {
        return Vec::new();
    }
    let json = is_json(file);
    let loc = locate(src, byte, json);
    let typed = src.get(loc.word.start..byte.clamp(loc.word.start, loc.word.end)).unwrap_or("");
    let name_insert = |name: &str| match (json, loc.quoted) {
        (true, true) => name.to_string(),
        (true, false) => format!("\"{name}\": "),
        (false, _) => format!("{name} = "),
    };
    // A name written elsewhere in the object (not the one being typed).
    let written = |n: &str| loc.written.iter().any(|w| w == n) && loc.key.as_deref() != Some(n);
    match loc.at {
        At::Other => Vec::new(),
        At::Key if loc.path.is_empty() => {
            let ctx = Ctx::new(input, p);
            let mut out: Vec<Completion> = ctx
                .declared(p)
                .into_iter()
                .enumerate()
                .filter(|(_, d)| !written(&d.name) && d.name.starts_with(typed))
                .map(|(i, d)| Completion {
                    insert_text: name_insert(&d.name),
                    sort_text: format!("{}{i:06}", if d.required { 0 } else { 1 }),
                    label: d.name,
                    kind: ItemKind::Variable,
                    detail: d.type_text,
                    documentation: d.description,
                    required: d.required,
                })
                .collect();
            out.sort_by(|a, b| a.sort_text.cmp(&b.sort_text));
            out
        }
        At::Key => {
            let ctx = Ctx::new(input, p);
            let Some(Seg::Key(var)) = loc.path.first() else { return Vec::new() };
            let Some(v) = ctx.module.get(var) else { return Vec::new() };
            attributes(&v.tc.ty, v.tc.defaults.as_ref(), &loc, typed, &name_insert)
        }
        At::Value if loc.quoted => Vec::new(),
        At::Value => {
            let ctx = Ctx::new(input, p);
            let Some(Seg::Key(var)) = loc.path.first() else { return Vec::new() };
            let Some(v) = ctx.module.get(var) else { return Vec::new() };
            let mut out = bools(&v.tc.ty, &loc.path[1..]);
            if loc.path.len() == 1 {
                for w in ctx.rule_literals(v) {
                    if !out.iter().any(|c| c.label == w) {
                        out.push(value_item(&w, text(lang, "assist.from_rule"), out.len()));
                    }
                }
            }
            out.retain(|c| c.label.starts_with(typed));
            out
        }
    }
}

/// A hover: the range it is about (bytes of the file) and its Markdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hover {
    pub range: Range<usize>,
    pub markdown: String,
}

/// The input that reads `file` as its editor does (the language server, the
/// page's Module view): `input` itself for a configuration file, an
/// automatic value file or a value file its command line names already;
/// another value file is added as the last `-var-file`, so that a hover
/// tells what that file's values do.
pub fn reading(mut input: CheckInput, file: &str) -> CheckInput {
    let named = input.args.iter().any(|a| a.len() == 2 && a[0] == "-var-file" && a[1] == file);
    if crate::editor::is_value_file(file) && !crate::editor::is_auto_value_file(file) && !named {
        input.args.push(vec!["-var-file".into(), file.to_string()]);
    }
    input
}

/// [`complete`] in the reply the page's editors take (the value editor's,
/// [`ValueCompletions`]): the items, the byte range of the word they
/// replace, and the list's accessible name.
pub fn completions(input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> ValueCompletions {
    let items = complete(input, file, byte, p, lang);
    let src = input.files.get(file).map(String::as_str).unwrap_or("");
    let word = if items.is_empty() { byte..byte } else { locate(src, byte, is_json(file)).word };
    ValueCompletions { from: word.start, to: word.end, items, label: text(lang, "assist.list_label").to_string() }
}

/// The hover at `byte` of file `file` of the module `input` (which reads
/// `file`: a configuration file, an automatic value file, or a `-var-file`).
pub fn hover(input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> Option<Hover> {
    let src = input.files.get(file)?;
    if module::decl::is_config_file(file) {
        if let Some(h) = hover_call_argument(input, file, byte, p, lang) {
            return Some(h);
        }
        // The module is read once for both.
        let ctx = Ctx::new(input, p);
        return hover_declaration(&ctx, input, file, byte, p, lang).or_else(|| hover_reference(&ctx, input, file, byte, p, lang));
    }
    if !crate::editor::is_value_file(file) {
        return None;
    }
    let loc = locate(src, byte, is_json(file));
    let key = loc.key.clone().filter(|_| loc.at == At::Key)?;
    let ctx = Ctx::new(input, p);
    if loc.path.is_empty() {
        let markdown = variable_markdown(input, &ctx, &key, p, lang)?;
        return Some(Hover { range: loc.word, markdown });
    }
    let Seg::Key(var) = &loc.path[0] else { return None };
    let v = ctx.module.get(var)?;
    attribute_hover(&v.tc.ty, v.tc.defaults.as_ref(), &loc, &key, None, lang)
}

/// The object attributes at `loc` (below a variable of type `ty`) not yet
/// written there that start with `typed`, required first.
fn attributes(ty: &Type, defaults: Option<&Defaults>, loc: &Located, typed: &str, name_insert: &dyn Fn(&str) -> String) -> Vec<Completion> {
    let Some((Type::Object(o), defaults)) = type_at(ty, defaults, &loc.path[1..]) else { return Vec::new() };
    let written = |n: &str| loc.written.iter().any(|w| w == n) && loc.key.as_deref() != Some(n);
    let mut out: Vec<Completion> = o
        .attrs
        .iter()
        .filter(|(k, _)| !written(k) && k.starts_with(typed))
        .map(|(k, t)| {
            let optional = o.optional.contains(k);
            let ty = t.type_string();
            Completion {
                label: k.clone(),
                kind: ItemKind::Attribute,
                detail: Some(if optional { format!("optional({ty})") } else { ty }),
                documentation: attr_default(defaults, k).map(|d| format!("```hcl\n{d}\n```")),
                required: !optional,
                insert_text: name_insert(k),
                sort_text: format!("{}{k}", if optional { 1 } else { 0 }),
            }
        })
        .collect();
    out.sort_by(|a, b| a.sort_text.cmp(&b.sort_text));
    out
}

/// A value to complete, `i`-th in the list.
fn value_item(label: &str, detail: &str, i: usize) -> Completion {
    Completion {
        label: label.to_string(),
        kind: ItemKind::Value,
        detail: Some(detail.to_string()),
        documentation: None,
        required: false,
        insert_text: label.to_string(),
        sort_text: format!("{i:06}"),
    }
}

/// `true` and `false` where the type at `path` below `ty` is bool.
fn bools(ty: &Type, path: &[Seg]) -> Vec<Completion> {
    match type_at(ty, None, path) {
        Some((Type::Bool, _)) => vec![value_item("true", "bool", 0), value_item("false", "bool", 1)],
        _ => Vec::new(),
    }
}

/// The hover on attribute `key` of the object at `loc` (below a variable of
/// type `ty`): its type, optional or required, and its default.
/// `written`: the attribute's type as the constraint's text has it, shown
/// instead of tftype's printed form when known.
fn attribute_hover(ty: &Type, defaults: Option<&Defaults>, loc: &Located, key: &str, written: Option<String>, lang: Lang) -> Option<Hover> {
    let (parent, d) = type_at(ty, defaults, &loc.path[1..])?;
    let Type::Object(o) = &parent else { return None };
    let ty = o.attrs.get(key)?;
    let status = if o.optional.contains(key) {
        match attr_default(d, key) {
            Some(def) => fill(lang, "assist.optional_default", &[("value", &format!("`{def}`"))]),
            None => text(lang, "assist.optional").to_string(),
        }
    } else {
        text(lang, "assist.required").to_string()
    };
    let shown = written.unwrap_or_else(|| ty.type_string());
    Some(Hover { range: loc.word.clone(), markdown: format!("`{key}`: `{shown}` — {status}") })
}

/// One variable's value as the page's value editor holds it (the text of
/// a request in its format) read as a value file: `v = VALUE`, or
/// `{"v": VALUE}` for JSON, so that [`locate`] finds the cursor in it; and
/// how many bytes come before the value. Blank lines before the value stay,
/// as spaces (the same bytes): a line end would end the `v = ` attribute.
fn value_as_file(value: &str, format: ValueFormat) -> (String, usize, bool) {
    let json = matches!(format, ValueFormat::Json | ValueFormat::Ctyjson);
    let head = if json { "{\"v\": " } else { "v = " };
    let lead = value.len() - value.trim_start().len();
    (format!("{head}{}{}", value[..lead].replace('\n', " "), &value[lead..]), head.len(), json)
}

/// The completions in a single variable's value (the page's value editor)
/// and the byte range of the value they replace.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ValueCompletions {
    pub from: usize,
    pub to: usize,
    pub items: Vec<Completion>,
    /// The list's accessible name, in the request's language.
    pub label: String,
}

/// The type constraint of `req`, read as its flavor does (None when it
/// cannot be read, or the flavor is unknown).
fn constraint(req: &Request) -> Option<crate::typeexpr::TypeConstraint> {
    let p = crate::pipeline::profile(req).ok()?;
    crate::typeexpr::parse_variable_type_in(req.type_src.as_deref(), &p).ok()
}

/// The completions at `byte` of the value of `req` (one variable: its type
/// constraint, its value in its format): the attributes of the object type
/// there not yet written, required first; `true` / `false` for a bool. The
/// same rules as [`complete`] in a value file, without a module.
pub fn complete_value(req: &Request, byte: usize) -> ValueCompletions {
    // A whole `variable` block as the type: its type expression.
    if let Some(inner) = module::block::type_request(req) {
        return complete_value(&inner, byte);
    }
    let label = text(req.lang.unwrap_or_default(), "assist.list_label").to_string();
    let none = ValueCompletions { from: byte, to: byte, items: Vec::new(), label: label.clone() };
    let Some(tc) = constraint(req) else { return none };
    let (text, off, json) = value_as_file(&req.value, req.value_format);
    let byte = byte.min(req.value.len()) + off;
    let loc = locate(&text, byte, json);
    if loc.path.first() != Some(&Seg::Key("v".into())) || loc.word.start < off {
        return none;
    }
    let typed = text.get(loc.word.start..byte.clamp(loc.word.start, loc.word.end)).unwrap_or("");
    let items = match loc.at {
        At::Key => {
            let name_insert = |name: &str| match (json, loc.quoted) {
                (true, true) => name.to_string(),
                (true, false) => format!("\"{name}\": "),
                (false, _) => format!("{name} = "),
            };
            attributes(&tc.ty, tc.defaults.as_ref(), &loc, typed, &name_insert)
        }
        At::Value if !loc.quoted => {
            let mut out = bools(&tc.ty, &loc.path[1..]);
            out.retain(|c| c.label.starts_with(typed));
            out
        }
        _ => Vec::new(),
    };
    ValueCompletions { from: loc.word.start - off, to: loc.word.end - off, items, label }
}

/// The hover at `byte` of the value of `req` (one variable): on an
/// attribute's name, its type from the constraint, optional or required,
/// and its default. The same rule as [`hover`] in a value file.
pub fn hover_value(req: &Request, byte: usize) -> Option<Hover> {
    if let Some(inner) = module::block::type_request(req) {
        return hover_value(&inner, byte);
    }
    let tc = constraint(req)?;
    let (text, off, json) = value_as_file(&req.value, req.value_format);
    let loc = locate(&text, byte.min(req.value.len()) + off, json);
    let key = loc.key.clone().filter(|_| loc.at == At::Key && loc.path.first() == Some(&Seg::Key("v".into())) && loc.word.start >= off)?;
    // The attribute's type as the type editor has it written, not as tftype prints it.
    let written = written_type(req.type_src.as_deref().unwrap_or(""), &tc.spans, &loc.path[1..], &key);
    let h = attribute_hover(&tc.ty, tc.defaults.as_ref(), &loc, &key, written, req.lang.unwrap_or_default())?;
    Some(Hover { range: h.range.start - off..h.range.end - off, markdown: h.markdown })
}

/// The type of attribute `key` of the object at `path` as written in the
/// type constraint's text (`list(string)` in `tags = list(string)`; white
/// space runs shown as one space), when its place there is known.
fn written_type(src: &str, spans: &crate::diag::SpanTree, path: &[Seg], key: &str) -> Option<String> {
    let mut cur = spans;
    for seg in path {
        let k = match seg {
            Seg::Key(k) => k.clone(),
            Seg::Index(i) => i.to_string(),
        };
        cur = cur.kids.get(&k).or_else(|| cur.kids.get(""))?;
    }
    let item = src.get(cur.kids.get(key)?.range.clone())?.trim();
    let quoted = crate::goprint::go_quote(key);
    let rest = item.strip_prefix(quoted.as_str()).or_else(|| item.strip_prefix(key))?.trim_start();
    let mut ty = rest.strip_prefix('=').or_else(|| rest.strip_prefix(':'))?.trim();
    // `optional(T, default)`: the hover says optional and the default in words; T is the type.
    if let Some(inner) = ty.strip_prefix("optional").map(str::trim_start).and_then(|t| t.strip_prefix('(')).and_then(|t| t.strip_suffix(')')) {
        let mut depth = 0i32;
        let end = inner
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' | '[' | '{' => 1,
                    ')' | ']' | '}' => -1,
                    _ => 0,
                };
                c == ',' && depth == 0
            })
            .map_or(inner.len(), |(i, _)| i);
        ty = inner[..end].trim();
    }
    (!ty.is_empty()).then(|| ty.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The type of a called module's variable as written in its file.
fn callee_type(input: &CheckInput, v: &module::decl::Variable) -> Option<String> {
    let r = v.type_range.clone()?;
    let t = input.files.get(&v.file)?.get(r)?;
    Some(t.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Completion of a module call's arguments (a local module, or one `init`
/// installed): the called module's variables not set yet, required first.
fn complete_call_arguments(input: &CheckInput, file: &str, byte: usize, p: &Profile) -> Vec<Completion> {
    let Some(site) = module::calls::call_at(&input.files, file, byte, p) else { return Vec::new() };
    let Some((typed, _)) = site.typing.filter(|_| site.argument.is_none() || site.argument.as_ref().is_some_and(|(_, r)| byte == r.end)) else { return Vec::new() };
    let mut out: Vec<Completion> = site
        .callee
        .vars
        .iter()
        .enumerate()
        .filter(|(_, v)| !site.written.iter().any(|w| *w == v.name && *w != typed) && v.name.starts_with(&typed))
        .map(|(i, v)| Completion {
            label: v.name.clone(),
            kind: ItemKind::Variable,
            detail: callee_type(input, v),
            documentation: v.description.clone(),
            required: v.required(),
            insert_text: format!("{} = ", v.name),
            sort_text: format!("{}{i:06}", if v.required() { 0 } else { 1 }),
        })
        .collect();
    out.sort_by(|a, b| a.sort_text.cmp(&b.sort_text));
    out
}

/// Hover on an argument of a module call: the called module's variable,
/// its type, description and default.
fn hover_call_argument(input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> Option<Hover> {
    let site = module::calls::call_at(&input.files, file, byte, p)?;
    let (name, range) = site.argument?;
    let v = site.callee.get(&name)?;
    let mut md = format!("**{}.var.{}**", site.address, v.name);
    if let Some(t) = callee_type(input, v) {
        md += &format!(" `{t}`");
    }
    md += "\n";
    if let Some(desc) = &v.description {
        md += &format!("\n{desc}\n");
    }
    match &v.default {
        Some(d) => md += &format!("\n{}\n```hcl\n{}\n```\n", text(lang, "lsp.hover_default"), crate::render::console_within(d, crate::render::MAX_OUTPUT_BYTES).unwrap_or_default()),
        None => md += &format!("\n{}\n", text(lang, "lsp.hover_required")),
    }
    Some(Hover { range, markdown: md })
}

/// Hover on `variable "NAME"` in a configuration file: the value that wins
/// and from where.
fn hover_declaration(ctx: &Ctx, input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> Option<Hover> {
    let v = ctx.module.vars.iter().find(|v| v.file == file && v.decl_range.start.byte <= byte && byte <= v.decl_range.end.byte)?;
    let mut md = format!("**var.{}**\n", v.name);
    md += &winning(input, &v.name, p, lang);
    Some(Hover { range: v.decl_range.start.byte..v.decl_range.end.byte, markdown: md })
}

/// A variable's hover: its declaration (type, flags, description, default
/// or "required") and the value that wins. None for a name the module does
/// not declare.
fn variable_markdown(input: &CheckInput, ctx: &Ctx, name: &str, p: &Profile, lang: Lang) -> Option<String> {
    let d = ctx.declared(p).into_iter().find(|d| d.name == name)?;
    let mut md = format!("**var.{}**", d.name);
    if let Some(t) = &d.type_text {
        md += &format!(" `{t}`");
    }
    let flags: Vec<&str> = [(d.sensitive, "sensitive"), (d.ephemeral, "ephemeral"), (!d.nullable, "nullable = false")].iter().filter(|f| f.0).map(|f| f.1).collect();
    if !flags.is_empty() {
        md += &format!(" ({})", flags.join(", "));
    }
    md += "\n";
    if let Some(desc) = &d.description {
        md += &format!("\n{desc}\n");
    }
    match &d.default {
        Some(v) => md += &format!("\n{}\n```hcl\n{v}\n```\n", text(lang, "lsp.hover_default")),
        None => md += &format!("\n{}\n", text(lang, "lsp.hover_required")),
    }
    md += &winning(input, name, p, lang);
    Some(md)
}

/// `var.NAME` anywhere in a configuration file (an expression, a template,
/// a rule): the variable's hover, with the value that wins for the value
/// files the input has (the editor's environment) and where it comes from.
fn hover_reference(ctx: &Ctx, input: &CheckInput, file: &str, byte: usize, p: &Profile, lang: Lang) -> Option<Hover> {
    let src = input.files.get(file)?.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
    let byte = byte.min(src.len());
    let mut start = byte;
    while start > 0 && (ident(src[start - 1]) || src[start - 1] == b'.') {
        start -= 1;
    }
    let mut end = byte;
    while end < src.len() && (ident(src[end]) || src[end] == b'.') {
        end += 1;
    }
    // The traversal under the cursor: `var.NAME` and what follows it (`.attr`).
    let word = std::str::from_utf8(&src[start..end]).ok()?;
    let rest = word.strip_prefix("var.")?;
    if start > 0 && (src[start - 1] == b'.' || ident(src[start - 1])) {
        return None;
    }
    let name = rest.split('.').next().filter(|n| !n.is_empty())?;
    let markdown = variable_markdown(input, ctx, name, p, lang)?;
    Some(Hover { range: start..start + "var.".len() + name.len(), markdown })
}

/// The Markdown of the value of `name` that wins, as `terraform console`
/// prints it (sensitive redacted), where it comes from, and the first line
/// of its Why story. When an error elsewhere stopped the check before
/// this variable, its value alone.
fn winning(input: &CheckInput, name: &str, p: &Profile, lang: Lang) -> String {
    let r = module::check(input, p);
    let Some(v) = r.variables.iter().find(|v| v.name == name) else { return String::new() };
    let reqs = module::explain::requests(input, p, p.flavor().name);
    let req = reqs.get(name);
    let mut md = String::new();
    let console = match &v.outcome {
        Outcome::Accepted { console, .. } => Some(console.clone()),
        Outcome::Failed { stage, summary, .. } => {
            let alone = req.map(|req| crate::entry::evaluate_in(req, p));
            match alone {
                Some(a) if a.ok => a.console,
                _ => {
                    if !matches!(*stage, "skipped" | "required") {
                        md += &format!("\n{}\n", fill(lang, "assist.not_accepted", &[("summary", summary)]));
                    }
                    None
                }
            }
        }
    };
    if let Some(console) = console {
        let shown = if v.sensitive { "(sensitive value)".to_string() } else { console };
        let head = match v.source.as_deref() {
            Some(s) if s != "default" => fill(lang, "lsp.hover_wins", &[("source", &module::output::source_words(name, s, lang))]),
            _ => text(lang, "lsp.hover_wins_default").to_string(),
        };
        md += &format!("\n{head}\n```hcl\n{shown}\n```\n");
    }
    if let (Some(req), false) = (req, v.sensitive || v.ephemeral) {
        let mut story = crate::why::story(req, lang);
        if module::explain::rejected(v) {
            crate::why::close_as_converted(&mut story);
        }
        if let Some(first) = story.steps.first() {
            md += &format!("\n{}\n", first.text.lines().next().unwrap_or(""));
        }
    }
    md
}

/// A change to a file's text: a byte range and what replaces it.
pub type Edit = (Range<usize>, String);

/// A quick fix: its title and its edits of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
}

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
fn item_range(text: &str, key: usize, name: &str, value: Range<usize>) -> Option<Range<usize>> {
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
    for pl in placed.values() {
        let (Some((file, start)), false) = (&pl.at, pl.hidden) else { continue };
        let (req, start) = (&pl.request, *start);
        let Some(text) = input.files.get(file) else { continue };
        let key = format!("{lang:?}\u{0}{req:?}");
        if !cache.0.contains_key(&key) {
            if cache.0.len() >= MAX_CACHED {
                cache.0.clear();
            }
            cache.0.insert(key.clone(), crate::why::story(req, lang).notes);
        }
        let units = crate::diag::Utf16Map::new(&req.value);
        for n in &cache.0[&key] {
            let Some([a, b]) = n.value16 else { continue };
            let value = start + units.byte(a)..start + units.byte(b);
            let attr = n.params.get("attr").cloned().unwrap_or_default();
            // The note is about the attribute's value; its name is before it on the line.
            let line_start = text[..value.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
            let key = text.get(line_start..value.start).and_then(|l| l.rfind(attr.as_str())).filter(|_| !attr.is_empty()).map(|i| line_start + i);
            // A quoted name is marked from its opening quote.
            let quote = key.filter(|&k| k > 0 && text.as_bytes()[k - 1] == b'"').map_or(0, |_| 1);
            let range = key.map_or(value.start, |k| k - quote)..value.end;
            let fix = match (n.kind.as_str(), n.params.get("suggestion")) {
                ("note.dropped_suggest" | "note.dropped_suggest_top", Some(to)) => key.map(|k| Fix {
                    title: fill(lang, "assist.fix_rename", &[("from", &attr), ("to", to)]),
                    edits: vec![(k..k + attr.len(), to.clone())],
                }),
                ("note.dropped" | "note.dropped_top", _) if !file.ends_with(".json") => {
                    key.and_then(|k| item_range(text, k, &attr, value.clone())).map(|item| Fix { title: fill(lang, "assist.fix_remove", &[("name", &attr)]), edits: vec![(item, String::new())] })
                }
                _ => None,
            };
            out.push(Note { file: file.clone(), range, kind: n.kind.clone(), text: n.text.clone(), fix });
        }
    }
    out.extend(undeclared_notes(input, files, p, lang));
    out
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
    let Ok(collected) = module::sources::collect(input, &texts, p) else { return Vec::new() };
    let module = decl::load(&input.files, &texts, p);
    let names: Vec<&str> = module.vars.iter().map(|v| v.name.as_str()).collect();
    let mut out = Vec::new();
    for (name, u) in collected.values.iter().filter(|(n, _)| module.get(n).is_none()) {
        let (file, value_start, quoted) = match &u.raw {
            module::sources::Raw::Expr { file, expr } => (file, expr.range().start, false),
            module::sources::Raw::Json { subject, .. } => (&subject.filename, subject.start.byte, true),
            module::sources::Raw::Text(_) => continue,
        };
        if !files.contains(file) {
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
        let key = if quoted { before.rfind(&format!("\"{name}\"")).map(|i| from + i + 1) } else { before.rfind(name.as_str()).map(|i| from + i) };
        let Some(key) = key else { continue };
        let range = key..key + name.len();
        let (kind, text, fix) = match decl::name_suggestion(name, &names) {
            Some(to) => (
                "note.undeclared_suggest",
                fill(lang, "note.undeclared_suggest", &[("name", name), ("suggestion", to)]),
                Some(Fix { title: fill(lang, "assist.fix_rename", &[("from", name), ("to", to)]), edits: vec![(range.clone(), to.to_string())] }),
            ),
            None => ("note.undeclared", fill(lang, "note.undeclared", &[("name", name)]), None),
        };
        out.push(Note { file: file.clone(), range, kind: kind.into(), text, fix });
    }
    out
}

/// Every note of a whole check (`tftype check`): those on each value file
/// of the input (the notes an editor shows on an open file).
pub fn check_notes(input: &CheckInput, p: &Profile, lang: Lang) -> Vec<Note> {
    let files: Vec<String> = input.files.keys().filter(|k| crate::editor::is_value_file(k)).cloned().collect();
    let mut ns = notes(input, &files, p, lang);
    ns.sort_by(|a, b| (&a.file, a.range.start).cmp(&(&b.file, b.range.start)));
    ns
}

/// A value of `ty` to fill in (HCL, or JSON with `json`): the required
/// attributes of an object, each with its own placeholder.
fn placeholder(ty: &Type, json: bool, depth: usize) -> String {
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
                .map(|(k, t)| if json { format!("\"{k}\": {}", placeholder(t, json, depth + 1)) } else { format!("{k} = {}", placeholder(t, json, depth + 1)) })
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
    // Required variables without a value from any source.
    // A file that does not parse sets no value for the check, but what it
    // writes at its top level is not missing: it needs fixing, not adding.
    let mut set: Vec<String> = module::sources::collect(input, &ctx.texts, p).map(|c| c.values.into_keys().collect()).unwrap_or_default();
    set.extend(top_keys(src, json));
    let missing: Vec<&Variable> = ctx.module.vars.iter().filter(|v| v.required() && !set.contains(&v.name)).collect();
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|v| v.name.as_str()).collect();
        let title = fill(lang, "assist.fix_add_variables", &[("names", &crate::i18n::join(lang, &names))]);
        let lines: Vec<String> = missing.iter().map(|v| if json { format!("\"{}\": {}", v.name, placeholder(&v.tc.ty, true, 0)) } else { format!("{} = {}\n", v.name, placeholder(&v.tc.ty, false, 0)) }).collect();
        let edit = if json {
            // Before the outer object's closing brace.
            match src.rfind('}') {
                Some(close) => {
                    let has_items = src[..close].trim_end().trim_end_matches('{').trim_end().len() > src[..close].find('{').unwrap_or(0);
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
        if let Some(e) = edit.filter(|e| {
            let after = apply(src, std::slice::from_ref(e));
            let keys = top_keys(&after, json);
            names.iter().all(|n| keys.iter().any(|k| k == n))
        }) {
            out.push(Fix { title, edits: vec![e] });
        }
    }
    // The object at the cursor: its required attributes not yet written.
    let loc = locate(src, range.start, json);
    // The object's path: a value's path ends with its own key.
    let obj_path = if loc.at == At::Key { &loc.path[..] } else { &loc.path[..loc.path.len().saturating_sub(1)] };
    if let (Some(Seg::Key(var)), Some(close)) = (obj_path.first(), loc.close) {
        if let Some(v) = ctx.module.get(var) {
            if let Some((Type::Object(o), _)) = type_at(&v.tc.ty, v.tc.defaults.as_ref(), &obj_path[1..]) {
                let need: Vec<(&String, &Type)> = o.attrs.iter().filter(|(k, _)| !o.optional.contains(*k) && !loc.written.contains(k)).collect();
                if !need.is_empty() {
                    let items: Vec<String> = need.iter().map(|(k, t)| if json { format!("\"{k}\": {}", placeholder(t, true, 1)) } else { format!("{k} = {}", placeholder(t, false, 1)) }).collect();
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
                    out.push(Fix { title: fill(lang, "assist.fix_add_attributes", &[("names", &crate::i18n::join(lang, &names))]), edits: vec![edit] });
                }
            }
        }
    }
    out
}

/// Applies edits (non-overlapping) to a text.
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.0.start));
    let mut out = text.to_string();
    for (r, new) in sorted {
        if r.start <= r.end && r.end <= out.len() && out.is_char_boundary(r.start) && out.is_char_boundary(r.end) {
            out.replace_range(r.clone(), new);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p() -> Profile {
        crate::flavor::Flavor::default_flavor().profile()
    }

    /// `(text with a | for the cursor, json)` → where the cursor is.
    fn at(marked: &str, json: bool) -> Located {
        let byte = marked.find('|').expect("a cursor");
        locate(&marked.replacen('|', "", 1), byte, json)
    }

    fn segs(p: &[&str]) -> Vec<Seg> {
        p.iter().map(|k| k.parse::<usize>().map_or_else(|_| Seg::Key(k.to_string()), Seg::Index)).collect()
    }

    #[test]
    fn locate_finds_the_path_and_whether_a_key_or_a_value_is_written() {
        type Row<'a> = (&'a str, bool, &'a [&'a str], At, Option<&'a str>, &'a [&'a str]);
        let rows: &[Row] = &[
            // The top level of a native file.
            ("|", false, &[], At::Key, None, &[]),
            ("a = 1\nre|", false, &[], At::Key, Some("re"), &["a"]),
            ("  re|", false, &[], At::Key, Some("re"), &[]),
            ("a = 1\n|\nc = 2\n", false, &[], At::Key, None, &["a", "c"]),
            ("a = {\n}\n|", false, &[], At::Key, None, &["a"]),
            ("a = \"}\"\n|", false, &[], At::Key, None, &["a"]),
            ("a = \"open\nb = 1\n|", false, &[], At::Key, None, &["a", "b"]),
            ("a = <<EOF\n{\nEOF\n|", false, &[], At::Key, None, &["a"]),
            ("# { \n|", false, &[], At::Key, None, &[]),
            ("/* { */\n|", false, &[], At::Key, None, &[]),
            // Inside values.
            ("a = {\n  |\n}", false, &["a"], At::Key, None, &[]),
            ("a = {\n  x = 1\n  p|\n  y = 2\n}\nb = 3", false, &["a"], At::Key, Some("p"), &["x", "y"]),
            ("a = { x = 1, | }", false, &["a"], At::Key, None, &["x"]),
            ("a = 1\nsvc = {\n  net = {\n    |\n  }\n}", false, &["svc", "net"], At::Key, None, &[]),
            ("a = [{ x = 1 }, {|}]", false, &["a", "1"], At::Key, None, &[]),
            ("a = { \"k-1\" = { | } }", false, &["a", "k-1"], At::Key, None, &[]),
            ("flag = |", false, &["flag"], At::Value, None, &["flag"]),
            ("svc = { on = t| }", false, &["svc", "on"], At::Value, None, &["on"]),
            ("a = [|]", false, &["a", "0"], At::Value, None, &[]),
            // Where no variable's value is at a known place.
            ("a = f({|})", false, &[], At::Other, None, &[]),
            ("a = f(|)", false, &[], At::Other, None, &[]),
            // JSON: the outer object is the top level.
            ("{|}", true, &[], At::Key, None, &[]),
            ("{\"a\": 1, |}", true, &[], At::Key, None, &["a"]),
            ("{\"a\": 1, \"re|\"}", true, &[], At::Key, Some("re"), &["a"]),
            ("{\n  \"a\": 1,\n  \"|\"\n}", true, &[], At::Key, Some(""), &["a"]),
            ("{\"svc\": {\"name\": \"x\", |}}", true, &["svc"], At::Key, None, &["name"]),
            ("{\"flag\": |}", true, &["flag"], At::Value, None, &["flag"]),
            ("|{}", true, &[], At::Other, None, &[]),
        ];
        for (marked, json, path, at_, key, written) in rows {
            let l = at(marked, *json);
            assert_eq!((l.path.clone(), l.at, l.key.as_deref()), (segs(path), *at_, *key), "{marked:?}");
            if *at_ != At::Other {
                assert_eq!(l.written, written.iter().map(|s| s.to_string()).collect::<Vec<_>>(), "{marked:?}");
            }
        }
        // Inside strings and heredocs: quoted.
        for marked in ["a = \"x ${ {|", "a = <<EOF\n|\nEOF\n", "# a = {\nx = \"{ |\"", "{\"a\": \"x|\"}"] {
            assert!(at(marked, marked.starts_with('{')).quoted, "{marked:?}");
        }
    }

    #[test]
    fn locate_never_panics_on_broken_text() {
        for text in ["\"", "<<EOF\n", "<<", "a = \"${", "}}}]]", "/*", "{\"a\":", "a = [[[[", "é = ü", "a = <<-X\nfoo\n  X\nb", "\u{0}\u{1}", "(((", "a = \"\\"] {
            for b in 0..=text.len() + 2 {
                let _ = locate(text, b, false);
                let _ = locate(text, b, true);
            }
        }
    }

    fn files(list: &[(&str, &str)]) -> BTreeMap<String, String> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    const MAIN: &str = "variable \"region\" {\n  type        = string\n  description = \"Where it runs\"\n}\nvariable \"tags\" {\n  type    = map(string)\n  default = {}\n}\nvariable \"count_\" {\n  type = number\n}\nvariable \"token\" {\n  type      = string\n  sensitive = true\n  default   = \"s3cret\"\n}\n";

    /// The module `decls` with value file `file` holding `marked` (a `|` for
    /// the cursor): the input, and the cursor.
    fn module_at(decls: &str, file: &str, marked: &str) -> (CheckInput, usize) {
        let byte = marked.find('|').expect("a cursor");
        let mut i = CheckInput { files: files(&[("variables.tf", decls), (file, &marked.replacen('|', "", 1))]), ..Default::default() };
        if !crate::editor::is_auto_value_file(file) && !file.ends_with(".tf") {
            i.args.push(vec!["-var-file".into(), file.into()]);
        }
        (i, byte)
    }

    fn complete_in(decls: &str, file: &str, marked: &str) -> Vec<Completion> {
        let (i, byte) = module_at(decls, file, marked);
        complete(&i, file, byte, &p(), Lang::En)
    }

    fn labels(c: &[Completion]) -> Vec<&str> {
        c.iter().map(|c| c.label.as_str()).collect()
    }

    #[test]
    fn completion_at_the_top_level_offers_unset_variables_required_first() {
        let got = complete_in(MAIN, "prod.tfvars", "tags = {}\n\n|");
        assert_eq!(got.iter().map(|c| (c.label.as_str(), c.required)).collect::<Vec<_>>(), [("region", true), ("count_", true), ("token", false)]);
        assert_eq!(got[0].detail.as_deref(), Some("string"));
        assert_eq!(got[0].documentation.as_deref(), Some("Where it runs"));
        assert_eq!((got[0].insert_text.as_str(), got[0].kind), ("region = ", ItemKind::Variable));
        // Typed: only those that start so.
        assert_eq!(labels(&complete_in(MAIN, "prod.tfvars", "r|")), ["region"]);
        // Inside a map's value: nothing.
        assert!(complete_in(MAIN, "prod.tfvars", "tags = {\n  |\n}").is_empty());
        // Inside a call: nothing.
        assert!(complete_in(MAIN, "prod.tfvars", "tags = merge({|})").is_empty());
    }

    #[test]
    fn completion_in_tfvars_json_uses_json_syntax() {
        let got = complete_in(MAIN, "prod.tfvars.json", "{\"region\": \"x\", |}");
        assert_eq!(got.iter().map(|c| c.insert_text.as_str()).collect::<Vec<_>>(), ["\"count_\": ", "\"tags\": ", "\"token\": "]);
        // Inside the quotes: the name alone.
        let got = complete_in(MAIN, "prod.tfvars.json", "{\"re|\"}");
        assert_eq!(got.iter().map(|c| (c.label.as_str(), c.insert_text.as_str())).collect::<Vec<_>>(), [("region", "region")]);
        let got = complete_in(SVC, "prod.tfvars.json", "{\"svc\": {\"|\"}}");
        assert_eq!((labels(&got), got[0].insert_text.as_str()), (vec!["name", "port", "tls"], "name"));
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars.json", "{\"debug\": |}")), ["true", "false"]);
    }

    const SVC: &str = r#"variable "region" {
  type        = string
  description = "Where it runs."
  validation {
    condition     = contains(["eu-west-1", "us-east-1"], var.region)
    error_message = "Unknown region."
  }
}

variable "svc" {
  type = object({
    name = string
    port = optional(number, 8080)
    tls  = optional(bool)
  })
}

variable "debug" {
  type    = bool
  default = false
}

variable "token" {
  type      = string
  sensitive = true
}
"#;

    #[test]
    fn completion_inside_an_object_offers_unwritten_attributes_with_defaults() {
        let main = "variable \"svc\" {\n  type = list(object({\n    name = string\n    port = optional(number, 80)\n    net  = optional(object({ cidr = string }))\n  }))\n}\n";
        let got = complete_in(main, "x.tfvars", "svc = [{\n  port = 1\n  |\n}]\n");
        let rows: Vec<_> = got.iter().map(|c| (c.label.as_str(), c.detail.as_deref().unwrap_or(""), c.documentation.as_deref(), c.required)).collect();
        assert_eq!(rows, [("name", "string", None, true), ("net", "optional(object({cidr=string}))", None, false)]);
        let got = complete_in(main, "x.tfvars", "svc = [{\n  name = \"a\"\n  |\n}]\n");
        let rows: Vec<_> = got.iter().map(|c| (c.label.as_str(), c.documentation.as_deref())).collect();
        assert_eq!(rows, [("net", None), ("port", Some("```hcl\n80\n```"))]);
        let got = complete_in(main, "x.tfvars", "svc = [{ net = { | } }]\n");
        assert_eq!(got.iter().map(|c| (c.label.as_str(), c.required, c.kind)).collect::<Vec<_>>(), [("cidr", true, ItemKind::Attribute)]);
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "svc = { | }")), ["name", "port", "tls"]);
    }

    #[test]
    fn completion_of_a_value_offers_bools_and_the_literals_of_a_contains_rule() {
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "debug = |")), ["true", "false"]);
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "debug = f|")), ["false"]);
        assert_eq!(labels(&complete_in(SVC, "prod.tfvars", "svc = { tls = | }")), ["true", "false"]);
        let got = complete_in(SVC, "prod.tfvars", "region = |");
        assert_eq!(labels(&got), ["\"eu-west-1\"", "\"us-east-1\""]);
        assert_eq!(got[0].detail.as_deref(), Some("allowed by a validation rule"));
        assert!(complete_in(SVC, "prod.tfvars", "svc = { name = | }").is_empty());
        // Inside a string already: nothing (the quotes are the user's).
        assert!(complete_in(SVC, "prod.tfvars", "region = \"|\"").is_empty());
    }

    fn hover_in(decls: &str, file: &str, marked: &str, extra: &[(&str, &str)], lang: Lang) -> Option<Hover> {
        let (mut i, byte) = module_at(decls, file, marked);
        for (k, v) in extra {
            i.files.insert(k.to_string(), v.to_string());
        }
        hover(&i, file, byte, &p(), lang)
    }

    #[test]
    fn hover_on_a_variable_in_a_value_file_shows_its_declaration_and_the_value_that_wins() {
        let later = [("b.auto.tfvars", "region = \"us\"\n")];
        let h = hover_in(MAIN, "terraform.tfvars", "re|gion = \"eu\"\ntoken = \"x\"\n", &later, Lang::En).expect("a hover");
        assert_eq!(h.range, 0..6);
        assert!(h.markdown.starts_with("**var.region** `string`\n\nWhere it runs\n"), "{}", h.markdown);
        assert!(h.markdown.contains("Required: no default."), "{}", h.markdown);
        assert!(h.markdown.contains("Final value (from b.auto.tfvars:1,10-14):\n```hcl\n\"us\"\n```"), "{}", h.markdown);
        // The first line of the Why story.
        assert!(h.markdown.trim_end().ends_with("string."), "{}", h.markdown);
        let h = hover_in(MAIN, "terraform.tfvars", "region = \"eu\"\nto|ken = \"x\"\n", &later, Lang::En).expect("a hover");
        assert!(h.markdown.starts_with("**var.token** `string` (sensitive)"), "{}", h.markdown);
        assert!(!h.markdown.contains("s3cret") && !h.markdown.contains("\"x\""), "{}", h.markdown);
        assert!(hover_in(MAIN, "terraform.tfvars", "region = \"e|u\"\n", &[], Lang::En).is_none());
        // JSON, in Japanese.
        let h = hover_in(MAIN, "x.auto.tfvars.json", "{\"cou|nt_\": 3}", &[], Lang::Ja).expect("a hover");
        assert_eq!(h.range, 2..8);
        assert!(h.markdown.contains("必須") && h.markdown.contains("\n3\n"), "{}", h.markdown);
    }

    #[test]
    fn hover_on_an_attribute_shows_its_type_and_default() {
        let h = hover_in(SVC, "prod.tfvars", "svc = { name = \"a\", po|rt = 1 }", &[], Lang::En).expect("a hover");
        assert_eq!(h.markdown, "`port`: `number` — optional, default `8080`");
        let h = hover_in(SVC, "prod.tfvars.json", "{\"svc\": {\"na|me\": \"a\"}}", &[], Lang::En).expect("a hover");
        assert_eq!(h.markdown, "`name`: `string` — required");
    }

    #[test]
    fn hover_on_a_variable_block_shows_the_value_that_wins() {
        let decls = SVC.replacen("variable \"region\"", "variable \"re|gion\"", 1);
        let byte = decls.find('|').unwrap();
        let i = CheckInput { files: files(&[("variables.tf", &decls.replacen('|', "", 1)), ("terraform.tfvars", "region = \"eu-west-1\"\ntoken = \"s3cret\"\n")]), ..Default::default() };
        let h = hover(&i, "variables.tf", byte, &p(), Lang::En).expect("a hover");
        assert!(h.markdown.contains("\"eu-west-1\"") && h.markdown.contains("terraform.tfvars:1,10-21"), "{}", h.markdown);
        // A default that wins.
        let byte = i.files["variables.tf"].find("\"debug\"").unwrap();
        let h = hover(&i, "variables.tf", byte, &p(), Lang::En).expect("a hover");
        assert!(h.markdown.contains("Final value (from its default):\n```hcl\nfalse\n```"), "{}", h.markdown);
        // Elsewhere in the file: nothing.
        assert!(hover(&i, "variables.tf", decls.find("type").unwrap(), &p(), Lang::En).is_none());
    }

    /// issue 37 item 4: `var.NAME` anywhere in a `.tf` file shows the
    /// variable and the value that wins for the value files in use.
    #[test]
    fn hover_on_a_var_reference_shows_the_value_that_wins() {
        let main = "output \"where\" {\n  value = \"${var.region}-${var.debug}\"\n}\nlocals {\n  p = var.svc.port\n  u = var.nope\n}\n";
        let i = CheckInput { files: files(&[("variables.tf", SVC), ("main.tf", main), ("terraform.tfvars", "region = \"eu-west-1\"\n")]), ..Default::default() };
        let table: [(&str, Option<(&str, &str)>); 5] = [
            ("var.reg", Some(("var.region", "terraform.tfvars:1,10-21"))),
            ("var.debug", Some(("var.debug", "from its default"))),
            ("svc.po", Some(("var.svc", "**var.svc**"))),
            ("var.nope", None),
            ("output", None),
        ];
        for (at, want) in table {
            let byte = main.find(at).unwrap() + at.len() - 1;
            let h = hover(&i, "main.tf", byte, &p(), Lang::En);
            match want {
                None => assert!(h.is_none(), "{at}: {h:?}"),
                Some((range, contains)) => {
                    let h = h.unwrap_or_else(|| panic!("{at}: no hover"));
                    assert_eq!(&main[h.range.clone()], range, "{at}");
                    assert!(h.markdown.contains(contains), "{at}: {}", h.markdown);
                }
            }
        }
    }

    fn fixes_at(file: &str, marked: &str) -> Vec<(String, String)> {
        let (i, byte) = module_at(SVC, file, marked);
        let text = &i.files[file];
        actions(&i, file, byte..byte, &p(), Lang::En).into_iter().map(|f| (f.title, apply(text, &f.edits))).collect()
    }

    /// A file's value for a variable the module does not declare is a note
    /// at its name (Terraform's warning has no place), with the closest
    /// declared name and a rename to it; a name close to none gets the note
    /// alone; JSON names are placed inside their quotes.
    #[test]
    fn an_undeclared_name_is_placed_with_did_you_mean_and_a_rename() {
        let cases: [(&str, &str, &str, Option<&str>); 4] = [
            ("prod.tfvars", "region = \"eu-west-1\"\n\nregoin = \"us-east-1\"\n", "note.undeclared_suggest", Some("region = \"eu-west-1\"\n\nregion = \"us-east-1\"\n")),
            ("terraform.tfvars", "svcs    = { name = \"a\" }\n", "note.undeclared_suggest", Some("svc    = { name = \"a\" }\n")),
            ("prod.tfvars", "enable_private_nodes = true\n", "note.undeclared", None),
            ("x.auto.tfvars.json", "{\"regoin\": \"eu-west-1\"}", "note.undeclared_suggest", Some("{\"region\": \"eu-west-1\"}")),
        ];
        for (file, text, kind, renamed) in cases {
            let (i, _) = module_at(SVC, file, &format!("{text}|"));
            let ns: Vec<Note> = notes(&i, &[file.to_string()], &p(), Lang::En).into_iter().filter(|n| n.kind.starts_with("note.undeclared")).collect();
            assert_eq!(ns.len(), 1, "{file}: {ns:?}");
            let n = &ns[0];
            let name = &text[n.range.clone()];
            assert!(!name.contains('"') && !name.contains(' ') && text[n.range.end..].trim_start().starts_with(['=', '"']), "{file}: {name:?}");
            assert_eq!(n.kind, kind, "{file}");
            assert_eq!(n.fix.as_ref().map(|f| apply(text, &f.edits)).as_deref(), renamed, "{file}");
            // The quick fix at the name is the rename.
            let fixes = actions(&i, file, n.range.start..n.range.start, &p(), Lang::En);
            assert_eq!(fixes.iter().any(|f| f.title.starts_with("Rename")), renamed.is_some(), "{file}: {fixes:?}");
        }
        let (i, _) = module_at(SVC, "prod.tfvars", "regoin = \"x\"\n|");
        let n = &notes(&i, &["prod.tfvars".into()], &p(), Lang::En)[0];
        assert!(n.text.ends_with("Did you mean `region`?"), "{}", n.text);
    }

    /// A whole check's notes are every value file's, in file order.
    #[test]
    fn a_checks_notes_are_those_of_every_value_file() {
        let (mut i, _) = module_at(SVC, "terraform.tfvars", "svc = { nmae = \"a\", name = \"b\" }\n|");
        i.files.insert("envs/prod.tfvars".into(), "regoin = \"x\"\n".into());
        i.args.push(vec!["-var-file".into(), "envs/prod.tfvars".into()]);
        let ns = check_notes(&i, &p(), Lang::En);
        assert_eq!(ns.iter().map(|n| (n.file.as_str(), n.kind.as_str())).collect::<Vec<_>>(), [("envs/prod.tfvars", "note.undeclared_suggest"), ("terraform.tfvars", "note.dropped_top")]);
    }

    #[test]
    fn a_dropped_attribute_is_a_note_with_a_rename_or_a_removal() {
        let text = "svc = {\n  nmae = \"api\"\n  extra = 1\n}\n";
        let (i, _) = module_at(SVC, "prod.tfvars", &format!("{text}|"));
        let ns = notes(&i, &["prod.tfvars".into()], &p(), Lang::En);
        let kinds: Vec<(&str, &str)> = ns.iter().map(|n| (n.kind.as_str(), &text[n.range.clone()])).collect();
        assert!(kinds.contains(&("note.dropped_suggest_top", "nmae = \"api\"")), "{kinds:?}");
        assert!(kinds.contains(&("note.dropped_top", "extra = 1")), "{kinds:?}");
        let f = fixes_at("prod.tfvars", "svc = {\n  name = \"api\"\n  ex|tra = 1\n}\n");
        let remove = f.iter().find(|(t, _)| t.contains("Remove")).expect("a removal");
        assert_eq!(remove.1, "svc = {\n  name = \"api\"\n}\n");
        let f = fixes_at("prod.tfvars", "svc = {\n  nm|ae = \"api\"\n}\n");
        let rename = f.iter().find(|(t, _)| t.contains("Rename")).expect("a rename");
        assert_eq!(rename.1, "svc = {\n  name = \"api\"\n}\n");
    }

    /// reliability-5 #1: the removal deletes the attribute it names (its
    /// name, value and one separator) and nothing else, or is not offered.
    #[test]
    fn a_removal_deletes_exactly_the_attribute_it_names() {
        let table: [(&str, Option<&str>); 10] = [
            ("svc = {\n  name = \"api\"\n  ex|tra = 1\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = {\n  ex|tra = 1, name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = {\n  ex|tra = \"}{\", name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = {\n  extraa = 1, ex|tra = 2\n  name = \"api\"\n}\n", Some("svc = {\n  extraa = 1\n  name = \"api\"\n}\n")),
            ("svc = {\n  ex|tra = <<EOT\nhello\nEOT\n  name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = { name = \"api\", ex|tra = 1 }\n", Some("svc = { name = \"api\" }\n")),
            ("svc = { ex|tra = 1, name = \"api\" }\n", Some("svc = { name = \"api\" }\n")),
            ("svc = {\n  \"ex|tra\" = 1\n  name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            ("svc = {\n  ex|tra = 1,\n  name = \"api\"\n}\n", Some("svc = {\n  name = \"api\"\n}\n")),
            // A comment after it on the line: no removal (it would go too, or stay orphaned).
            ("svc = {\n  ex|tra = 1 # why\n  name = \"api\"\n}\n", None),
        ];
        for (marked, want) in table {
            let f = fixes_at("prod.tfvars", marked);
            let got = f.iter().find(|(t, _)| t.contains("Remove")).map(|(_, text)| text.as_str());
            assert_eq!(got, want, "{marked:?}");
        }
    }

    /// reliability-5 #16: a note on a quoted name starts at its opening quote.
    #[test]
    fn a_note_on_a_quoted_name_marks_the_name_with_its_quotes() {
        let text = "svc = { \"extra\" = \"x\", name = \"api\" }\n";
        let (i, _) = module_at(SVC, "prod.tfvars", &format!("{text}|"));
        let ns = notes(&i, &["prod.tfvars".into()], &p(), Lang::En);
        let marked: Vec<&str> = ns.iter().filter(|n| n.kind.starts_with("note.dropped")).map(|n| &text[n.range.clone()]).collect();
        assert_eq!(marked, ["\"extra\" = \"x\""]);
    }

    #[test]
    fn notes_are_the_same_as_check_explain_and_none_for_sensitive_values() {
        let (i, _) = module_at(SVC, "prod.tfvars", "token = 1|\nsvc = { name = 1 }\n");
        let ns = notes(&i, &["prod.tfvars".into()], &p(), Lang::En);
        let reqs = module::explain::requests(&i, &p(), p().flavor().name);
        let want: Vec<String> = crate::why::story(&reqs["svc"], Lang::En).notes.into_iter().map(|n| n.text).collect();
        assert_eq!(ns.iter().map(|n| n.text.clone()).collect::<Vec<_>>(), want);
        assert!(ns.iter().all(|n| !n.text.contains("token")));
    }

    #[test]
    fn the_required_variables_no_source_sets_are_added_with_placeholders() {
        let f = fixes_at("prod.tfvars", "debug = true|");
        let add = f.iter().find(|(t, _)| t.contains("region, svc, token")).expect("an addition");
        assert_eq!(add.1, "debug = true\nregion = \"\"\nsvc = { name = \"\" }\ntoken = \"\"\n");
        let f = fixes_at("prod.tfvars.json", "{\"debug\": true|}");
        let add = f.iter().find(|(t, _)| t.contains("region")).expect("an addition");
        assert!(serde_json::from_str::<serde_json::Value>(&add.1).is_ok(), "{}", add.1);
    }

    /// reliability-5 #13: the added variables are the ones the file does
    /// not write (even when it does not parse), and the fix is offered only
    /// where the text lands as attributes (not inside an unterminated
    /// comment, string or heredoc at the end).
    #[test]
    fn the_variables_fix_never_adds_one_the_file_sets_nor_text_inside_a_trailing_comment() {
        let table: [(&str, &str, Option<&str>); 6] = [
            // A syntax error elsewhere in the file: `svc` is written, so not missing.
            ("prod.tfvars", "svc = { name = \"a\" }\ndebug = = 1|\n", Some("region, token")),
            // An unclosed bracket at the end: the text would land inside it.
            ("prod.tfvars", "svc = { name = \"a\" }\ndebug = [|\n", None),
            ("prod.tfvars", "debug = true|\n/* trailing", None),
            ("prod.tfvars", "debug = true|\nx = <<EOT\nopen\n", None),
            ("prod.tfvars.json", "{\"svc\": {\"name\": 1}, \"debug\": |}", Some("region, token")),
            ("prod.tfvars.json", "{\"svc\": {\"name\": \"a\"}, \"debug\": \"}|", None),
        ];
        for (file, marked, want) in table {
            let f = fixes_at(file, marked);
            let got: Vec<&str> = f.iter().filter_map(|(t, _)| t.strip_prefix("Add the required variables without a value: ")).collect();
            assert_eq!(got.first().copied(), want, "{marked:?}: {f:?}");
            for (_, text) in f.iter().filter(|(t, _)| t.starts_with("Add the required variables")) {
                let keys = top_keys(text, file.ends_with(".json"));
                assert!(["region", "token"].iter().all(|n| keys.iter().any(|k| k == n)), "{text:?}");
            }
        }
    }

    /// words-5: a fix's title lists the names as the reader's language
    /// lists things (`、` in zh and ja).
    #[test]
    fn fix_titles_list_names_in_the_readers_language() {
        let table = [
            (Lang::En, "Add the required variables without a value: region, svc, token"),
            (Lang::Zh, "添加尚未赋值的必需变量：region、svc、token"),
            (Lang::Ja, "値が未設定の必須変数を追加：region、svc、token"),
        ];
        for (lang, want) in table {
            let (i, byte) = module_at(SVC, "prod.tfvars", "debug = true|");
            let titles: Vec<String> = actions(&i, "prod.tfvars", byte..byte, &p(), lang).into_iter().map(|f| f.title).collect();
            assert!(titles.iter().any(|t| t == want), "{lang:?}: {titles:?}");
        }
        let table = [(Lang::En, "Add the required attributes: name, port"), (Lang::Zh, "添加必需属性：name、port"), (Lang::Ja, "必須属性を追加：name、port")];
        let main = "variable \"o\" {\n  type = object({ name = string, port = number })\n}\n";
        for (lang, want) in table {
            let (i, byte) = module_at(main, "prod.tfvars", "o = { | }");
            let titles: Vec<String> = actions(&i, "prod.tfvars", byte..byte, &p(), lang).into_iter().map(|f| f.title).collect();
            assert!(titles.iter().any(|t| t == want), "{lang:?}: {titles:?}");
        }
    }

    /// words-5: the hover names where the value comes from in the words of
    /// `check --explain` (`TF_VAR_name` for the environment, never `env`).
    #[test]
    fn hover_names_the_source_as_check_explain_does() {
        let table = [
            (Lang::En, "Final value (from TF_VAR_region):"),
            (Lang::Zh, "最终值（来自 TF_VAR_region）："),
            (Lang::Ja, "最終的な値（TF_VAR_region から）："),
        ];
        for (lang, want) in table {
            let (mut i, _) = module_at(MAIN, "terraform.tfvars", "count_ = 1\n|");
            i.env.insert("TF_VAR_region".into(), "eu".into());
            let decl = i.files["variables.tf"].find("\"region\"").unwrap() + 1;
            let h = hover(&i, "variables.tf", decl, &p(), lang).expect("a hover");
            assert!(h.markdown.contains(want) && !h.markdown.contains("env"), "{lang:?}: {}", h.markdown);
        }
    }

    #[test]
    fn the_required_attributes_not_written_are_added_with_placeholders() {
        let f = fixes_at("prod.tfvars", "svc = { port = 1| }");
        let add = f.iter().find(|(t, _)| t.contains("name")).expect("an addition");
        assert_eq!(add.1, "svc = { port = 1, name = \"\" }");
        let f = fixes_at("prod.tfvars", "svc = {\n  port = 1|\n}\n");
        let add = f.iter().find(|(t, _)| t.contains("name")).expect("an addition");
        assert_eq!(add.1, "svc = {\n  port = 1\n  name = \"\"\n}\n");
    }

    /// One variable (type, value with a `|` for the cursor, format): the request and the cursor.
    fn one(ty: &str, marked: &str, format: ValueFormat) -> (Request, usize) {
        let byte = marked.find('|').expect("a cursor");
        let mut r = Request::new(Some(ty), &marked.replacen('|', "", 1));
        r.value_format = format;
        (r, byte)
    }

    const ONE: &str = "object({name = string, port = optional(number, 80)})";

    fn complete_one(ty: &str, marked: &str, format: ValueFormat) -> ValueCompletions {
        let (r, byte) = one(ty, marked, format);
        complete_value(&r, byte)
    }

    #[test]
    fn completion_in_one_value_offers_unwritten_attributes_required_first_with_defaults() {
        let got = complete_one(ONE, "{ | }", ValueFormat::Hcl);
        let rows: Vec<_> = got.items.iter().map(|c| (c.label.as_str(), c.detail.as_deref().unwrap_or(""), c.documentation.as_deref(), c.required, c.insert_text.as_str())).collect();
        assert_eq!(rows, [("name", "string", None, true, "name = "), ("port", "optional(number)", Some("```hcl\n80\n```"), false, "port = ")]);
        assert_eq!((got.from, got.to), (2, 2));
        // Written already: left out; typed: only those that start so, and the word is replaced.
        assert_eq!(labels(&complete_one(ONE, "{\n  name = \"a\"\n  |\n}", ValueFormat::Hcl).items), ["port"]);
        let got = complete_one(ONE, "{ p| }", ValueFormat::Tfvars);
        assert_eq!((labels(&got.items), got.from, got.to), (vec!["port"], 2, 3));
        // Lines before the value, and the -var form: the same.
        assert_eq!(labels(&complete_one(ONE, "\n\n{ | }", ValueFormat::Hcl).items), ["name", "port"]);
        assert_eq!(labels(&complete_one(ONE, "{|}", ValueFormat::Cli).items), ["name", "port"]);
        // Outside the object, inside a value, with a type that cannot be read: nothing.
        assert!(complete_one(ONE, "| { }", ValueFormat::Hcl).items.is_empty());
        assert!(complete_one(ONE, "{ name = | }", ValueFormat::Hcl).items.is_empty());
        assert!(complete_one("object({", "{ | }", ValueFormat::Hcl).items.is_empty());
    }

    #[test]
    fn completion_in_one_json_value_uses_json_syntax() {
        let got = complete_one(ONE, "{|}", ValueFormat::Json);
        assert_eq!(got.items.iter().map(|c| c.insert_text.as_str()).collect::<Vec<_>>(), ["\"name\": ", "\"port\": "]);
        let got = complete_one(ONE, "{\"name\": \"a\", \"p|\"}", ValueFormat::Json);
        assert_eq!(got.items.iter().map(|c| (c.label.as_str(), c.insert_text.as_str())).collect::<Vec<_>>(), [("port", "port")]);
        assert_eq!((got.from, got.to), (15, 16));
    }

    #[test]
    fn completion_in_one_value_descends_into_maps_and_lists_and_offers_bools() {
        let ty = "map(list(object({on = bool, cidr = string})))";
        assert_eq!(labels(&complete_one(ty, "{ a = [{ | }] }", ValueFormat::Hcl).items), ["cidr", "on"]);
        assert_eq!(labels(&complete_one(ty, "{ a = [{ on = | }] }", ValueFormat::Hcl).items), ["true", "false"]);
        assert_eq!(labels(&complete_one(ty, "{ a = [{ on = f| }] }", ValueFormat::Hcl).items), ["false"]);
        assert_eq!(labels(&complete_one("bool", "|", ValueFormat::Hcl).items), ["true", "false"]);
        // The list has an accessible name, in the request's language.
        assert_eq!(complete_one("bool", "|", ValueFormat::Hcl).label, "Suggestions");
        assert_eq!(labels(&complete_one("bool", "|", ValueFormat::Json).items), ["true", "false"]);
        // Inside a string: nothing.
        assert!(complete_one(ty, "{ a = [{ cidr = \"|\" }] }", ValueFormat::Hcl).items.is_empty());
    }

    #[test]
    fn hover_in_one_value_shows_an_attributes_type_and_default() {
        let (r, byte) = one(ONE, "{ po|rt = 1 }", ValueFormat::Hcl);
        let h = hover_value(&r, byte).expect("a hover");
        assert_eq!((h.range, h.markdown.as_str()), (2..6, "`port`: `number` — optional, default `80`"));
        let (r, byte) = one(ONE, "{\"na|me\": \"a\"}", ValueFormat::Json);
        assert_eq!(hover_value(&r, byte).expect("a hover").markdown, "`name`: `string` — required");
        // On a value, or with a type that cannot be read: none.
        let (r, byte) = one(ONE, "{ port = 1| }", ValueFormat::Hcl);
        assert!(hover_value(&r, byte).is_none());
        let (r, byte) = one("object({port = number", "{ po|rt = 1 }", ValueFormat::Hcl);
        assert!(hover_value(&r, byte).is_none());
        // The type as written in the type editor, not as tftype prints it.
        let written = "object({ tags = map( string ), ports = list(object({ p = optional( number ) })) })";
        let (r, byte) = one(written, "{ ta|gs = {} }", ValueFormat::Hcl);
        assert_eq!(hover_value(&r, byte).expect("a hover").markdown, "`tags`: `map( string )` — required");
        let (r, byte) = one(written, "{ ports = [{ |p = 1 }] }", ValueFormat::Hcl);
        assert_eq!(hover_value(&r, byte).expect("a hover").markdown, "`p`: `number` — optional");
        let (r, byte) = one("object({ a = optional(list( string ), [\"x\", \"y\"]) })", "{ |a = [] }", ValueFormat::Hcl);
        assert!(hover_value(&r, byte).expect("a hover").markdown.starts_with("`a`: `list( string )` — optional"));
        // In the request's language.
        let (mut r, byte) = one(ONE, "{ |port = 1 }", ValueFormat::Hcl);
        r.lang = Some(Lang::Ja);
        let md = hover_value(&r, byte).expect("a hover").markdown;
        assert!(md.starts_with("`port`: `number`") && md.contains("`80`") && !md.contains("optional,"), "{md}");
    }
}
