//! Reading variable values as Terraform does: HCL expressions (module
//! arguments / `.tfvars`), `.tfvars.json`, cty JSON and `-var`.
//!
//! The reader above the languages: HCL text is scanned, parsed and evaluated
//! by [`crate::hcl`] (hclsyntax's rules), JSON by [`crate::json`]; this module
//! picks the reader for a [`ValueFormat`], places the value in the synthetic
//! file Terraform would read it from (`v = <src>` in `terraform.tfvars`), and
//! finds the ranges of the value's parts. Values nest at most
//! [`crate::hcl::MAX_DEPTH`] levels. It also keeps whole configuration files
//! parsed from one check to the next ([`parse_config`], [`kept`]).

use serde::{Deserialize, Serialize};

use crate::diag::{Capped, Diagnostic, SpanTree};
use crate::flavor::Profile;
use crate::hcl::ast::{Expr, ExprKind};
use crate::hcl::parse::{self, Diags, Parser};
use crate::hcl::{evaluate, parse_standalone};
use crate::json;
use crate::value::Value;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueFormat {
    /// An HCL expression with Terraform's conversion functions and `sensitive`.
    #[default]
    Hcl,
    /// A `.tfvars` attribute: no function calls.
    Tfvars,
    /// A `.tfvars.json` property.
    Json,
    /// `ctyjson.ImpliedType` + `Unmarshal`.
    Ctyjson,
    /// `-var="v=..."`.
    Cli,
}

impl ValueFormat {
    /// Every format, in the order of [`ValueFormat::NAMES`].
    pub const ALL: [ValueFormat; 5] =
        [ValueFormat::Hcl, ValueFormat::Tfvars, ValueFormat::Json, ValueFormat::Ctyjson, ValueFormat::Cli];
    /// The formats' names, as serde writes them (requests, links).
    pub const NAMES: [&'static str; 5] = ["hcl", "tfvars", "json", "ctyjson", "cli"];

    /// The format of a name (serde's); None for any other text. (Not serde's reader of a
    /// string: the page's .wasm, which reads link formats so, then leaves that reader out.)
    pub fn from_name(name: &str) -> Option<ValueFormat> {
        ValueFormat::NAMES.iter().position(|n| *n == name).map(|i| ValueFormat::ALL[i])
    }

    /// The format's name (serde's).
    pub fn name(self) -> &'static str {
        ValueFormat::NAMES[self as usize]
    }
}

/// A value read from its source.
#[derive(Clone, Debug)]
pub struct ParsedValue {
    pub value: Value,
    pub spans: SpanTree,
    /// The value expression's range in Terraform's synthetic file, as hcl
    /// prints ranges (`terraform.tfvars:1,5-12`); None when Terraform has no
    /// source range for it (cty JSON, `-var`).
    pub src_range: Option<String>,
    pub from_cli: bool,
    /// Whether any part of the value may be marked sensitive. When false,
    /// nothing is (literal data and JSON carry no marks), so callers can skip
    /// looking for marks.
    pub marked: bool,
}

/// Where the value source starts in the `.tfvars` file Terraform would read: `v = <src>`.
const TFVARS_PREFIX: &str = "v = ";

/// Reads `src` in `format` as current Terraform does. `cli_literal`: a
/// `-var` value is taken as a plain string (primitive or absent constraint).
pub fn parse_value(src: &str, format: ValueFormat, cli_literal: bool) -> Result<ParsedValue, Capped<Diagnostic>> {
    parse_value_spans(src, format, cli_literal, true, &Profile::default())
}

/// [`parse_value`], with `spans` false when the ranges of the value's parts
/// are not needed: `ParsedValue::spans` then holds only the whole value's
/// range (for HCL), and a large value parses faster. Reading the same text
/// again with `spans` gives the same value and diagnostics. The flavor's
/// profile decides what its hcl and functions do differently.
pub fn parse_value_spans(
    src: &str,
    format: ValueFormat,
    cli_literal: bool,
    spans: bool,
    p: &Profile,
) -> Result<ParsedValue, Capped<Diagnostic>> {
    let want_spans = spans;
    let to_diags = |ds: Diags, offset: usize| -> Capped<Diagnostic> { ds.map(|d| d.into_diag(offset, src.len())) };
    match format {
        ValueFormat::Hcl | ValueFormat::Tfvars => parse_hcl(src, format, want_spans, true, p),
        ValueFormat::Cli if cli_literal => Ok(ParsedValue {
            value: Value::string(src),
            spans: SpanTree::leaf(0..src.len()),
            src_range: None,
            from_cli: true,
            marked: false,
        }),
        ValueFormat::Cli => {
            let expr = parse_standalone(src, "<value for var.v>", p).map_err(|d| to_diags(d, 0))?;
            let (value, spans, marked) =
                evaluate_owned(expr, false, 0, src.len(), true, p).map_err(|d| to_diags(d, 0))?;
            Ok(ParsedValue { value, spans, src_range: None, from_cli: true, marked })
        }
        ValueFormat::Json => {
            let r = json::parse_tfvars_json(src, want_spans).map_err(|d| to_diags(d, 6))?;
            Ok(ParsedValue {
                value: r.value,
                spans: r.spans,
                src_range: Some(r.src_range),
                from_cli: false,
                marked: false,
            })
        }
        ValueFormat::Ctyjson => {
            let (value, spans) = json::parse_cty_json(src, want_spans, p).map_err(|d| to_diags(d, 0))?;
            Ok(ParsedValue { value, spans, src_range: None, from_cli: false, marked: false })
        }
    }
}

/// An HCL value (`.tfvars` attribute or expression). `literal_fast`: literal
/// data takes the parser's fast path (false only in tests that compare).
fn parse_hcl(
    src: &str,
    format: ValueFormat,
    want_spans: bool,
    literal_fast: bool,
    profile: &Profile,
) -> Result<ParsedValue, Capped<Diagnostic>> {
    let to_diags = |ds: Diags, offset: usize| -> Capped<Diagnostic> { ds.map(|d| d.into_diag(offset, src.len())) };
    let file = format!("{TFVARS_PREFIX}{src}\n");
    let mut p = Parser::new(&file, "terraform.tfvars");
    p.set_profile(profile);
    p.span_offset = TFVARS_PREFIX.len();
    p.span_len = src.len();
    p.want_spans = want_spans;
    p.literal_fast = literal_fast;
    let parsed = p.parse_tfvars_attribute();
    let expr = p.finish(parsed).map_err(|d| to_diags(d, TFVARS_PREFIX.len()))?;
    let src_range = p.range_string_once(&expr.range());
    let (value, spans, marked) =
        evaluate_owned(expr, format == ValueFormat::Hcl, TFVARS_PREFIX.len(), src.len(), want_spans, profile)
            .map_err(|d| to_diags(d, TFVARS_PREFIX.len()))?;
    Ok(ParsedValue { value, spans, src_range: Some(src_range), from_cli: false, marked })
}

/// The expression tree of an HCL value as written (nothing folded into
/// constants), and a map from its ranges to the value source; None when the
/// text does not parse. For looking at how a value was written.
pub(crate) fn hcl_tree(src: &str, profile: &Profile) -> Option<(Expr, parse::SpanMap)> {
    let file = format!("{TFVARS_PREFIX}{src}\n");
    let mut p = Parser::new(&file, "terraform.tfvars");
    p.set_profile(profile);
    p.fold = false;
    p.want_spans = false;
    p.literal_fast = false;
    let parsed = p.parse_tfvars_attribute();
    let expr = p.finish(parsed).ok()?;
    Some((expr, parse::SpanMap(TFVARS_PREFIX.len(), src.len())))
}

/// Evaluates a parsed value and finds its parts' ranges, moving a value
/// folded while parsing out of the tree instead of copying it.
fn evaluate_owned(
    expr: Expr,
    functions: bool,
    offset: usize,
    src_len: usize,
    want_spans: bool,
    p: &Profile,
) -> Result<(Value, SpanTree, bool), Diags> {
    if let ExprKind::Const(c) = expr.kind {
        // Folded constants carry source ranges already, and no marks.
        return Ok((c.value, c.spans, false));
    }
    let value = evaluate(&expr, functions, p)?;
    let marked = value.has_sensitive_deep();
    if !want_spans {
        return Ok((value, span(&expr, offset, src_len), marked));
    }
    Ok((value, spans(&expr, offset, src_len), marked))
}

/// The range of a value's expression in the value source, without its parts.
fn span(e: &Expr, offset: usize, src_len: usize) -> SpanTree {
    SpanTree::leaf(parse::SpanMap(offset, src_len).range(e.range()))
}

/// A whole configuration file (`.tf`, `.tfvars`) parsed as hclsyntax's
/// `ParseConfig` does, for check mode. `fold`: literal data is folded into
/// constants (value files, where it is most of the text); configuration
/// files keep every expression as written (types are read from them).
///
/// Like hcl, it hands back what it read of a file that ends inside a block,
/// with the diagnostics. The body is shared: where parsed files are kept
/// ([`kept`]) a file read again hands back the same body, not a copy.
pub(crate) fn parse_config(
    text: &str,
    filename: &str,
    fold: bool,
    profile: &Profile,
) -> (Option<std::rc::Rc<parse::Body>>, Diags) {
    if kept::on() {
        return kept::parse(text, filename, fold, profile);
    }
    let (body, diags) = parse_config_once(text, filename, fold, profile);
    (body.map(std::rc::Rc::new), diags)
}

/// [`parse_config`], never kept (for a caller that keeps what it makes of the body).
pub(crate) fn parse_config_once(
    text: &str,
    filename: &str,
    fold: bool,
    profile: &Profile,
) -> (Option<parse::Body>, Diags) {
    let mut p = Parser::new(text, filename);
    p.set_profile(profile);
    p.fold = fold;
    p.want_spans = false;
    p.partial = true;
    let parsed = p.parse_config_file();
    p.finish_partial(parsed)
}

/// Ranges of the value's parts (for literal tuples and objects, and through
/// the functions that keep their argument's shape).
fn spans(e: &Expr, offset: usize, src_len: usize) -> SpanTree {
    let mut t = span(e, offset, src_len);
    match &e.kind {
        ExprKind::Const(c) => t.kids = c.spans.kids.clone(),
        ExprKind::Tuple { elems, .. } => {
            for (i, x) in elems.iter().enumerate() {
                t.kids.insert(i.to_string(), spans(x, offset, src_len));
            }
        }
        ExprKind::Object { items, .. } => {
            for (k, v) in items {
                if let Some(name) = static_key(k) {
                    t.kids.insert(name, spans(v, offset, src_len));
                }
            }
        }
        ExprKind::Parens(inner) | ExprKind::TemplateWrap(inner) => t.kids = spans(inner, offset, src_len).kids,
        ExprKind::Call(c) if c.args.len() == 1 && !c.expand_final && c.name != "toset" => {
            t.kids = spans(&c.args[0], offset, src_len).kids;
        }
        _ => {}
    }
    t
}

/// An object key known without evaluation.
fn static_key(k: &Expr) -> Option<String> {
    let wrapped = match &k.kind {
        ExprKind::KeywordKey(v) => return v.as_str().map(str::to_string),
        ExprKind::ObjectKey { wrapped, .. } => wrapped,
        _ => return None,
    };
    match &wrapped.kind {
        ExprKind::Template(parts) if parts.len() == 1 => match &parts[0].kind {
            ExprKind::Literal(v) => v.as_str().map(str::to_string),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests;

/// What a value's text holds that its value does not: comments, and the
/// order its objects' keys were written in (a value's attributes and map
/// elements are ordered by name). The format switch (`writeback::reformat`)
/// says when a rewritten text loses them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// At least one comment (HCL syntax only: JSON has none).
    pub comments: bool,
    /// Some object's keys are not written in name order.
    pub unsorted_keys: bool,
}

/// The [`Layout`] of `src` read as `format` (a rough scan of its tokens:
/// text that does not parse gives whatever was seen).
pub fn layout(src: &str, format: ValueFormat) -> Layout {
    match format {
        ValueFormat::Json | ValueFormat::Ctyjson => json_layout(src),
        ValueFormat::Hcl | ValueFormat::Tfvars | ValueFormat::Cli => hcl_layout(src),
    }
}

/// Whether keys, in the order written, are in name order (byte order, as
/// go-cty sorts attribute names).
fn sorted(keys: &[&str]) -> bool {
    keys.windows(2).all(|w| w[0] <= w[1])
}

fn hcl_layout(src: &str) -> Layout {
    use crate::hcl::lex::{self, Tok};
    let mut out = Layout::default();
    let mut lx = lex::Lexer::new(src);
    // One entry per open bracket: for `{`, the keys seen so far.
    let mut stack: Vec<Option<Vec<&str>>> = Vec::new();
    // The key being read (an identifier or a quoted string that starts an
    // item of an object), waiting for its `=` or `:`.
    let mut candidate: Option<&str> = None;
    let mut quoted_start: Option<usize> = None;
    let mut item_start = false;
    let mut steps = 0usize;
    loop {
        let t = lx.next_token();
        steps += 1;
        if t.kind == Tok::Eof || steps > 2_000_000 {
            break;
        }
        let text = &src[t.start..t.end];
        let starts_item = matches!(t.kind, Tok::OBrace | Tok::Comma | Tok::Newline);
        match t.kind {
            Tok::Comment => {
                out.comments = true;
                // A line comment ends its line.
                item_start |= text.ends_with('\n');
                continue;
            }
            Tok::OBrace => stack.push(Some(Vec::new())),
            Tok::OBrack | Tok::OParen | Tok::TemplateInterp | Tok::TemplateControl | Tok::OHeredoc => stack.push(None),
            Tok::CBrace | Tok::CBrack | Tok::CParen | Tok::TemplateSeqEnd | Tok::CHeredoc => {
                if let Some(Some(keys)) = stack.pop() {
                    out.unsorted_keys |= !sorted(&keys);
                }
            }
            Tok::Ident if item_start => candidate = Some(text),
            Tok::OQuote if item_start => quoted_start = Some(t.start),
            Tok::QuotedLit if quoted_start.is_some() => continue,
            Tok::CQuote if quoted_start.is_some() => {
                candidate = quoted_start.take().map(|s| src[s..t.end].trim_matches('"'));
                continue;
            }
            Tok::Equal | Tok::Colon => {
                if let (Some(k), Some(Some(keys))) = (candidate.take(), stack.last_mut()) {
                    keys.push(k);
                }
            }
            _ => {}
        }
        if !matches!(t.kind, Tok::Ident | Tok::OQuote) {
            candidate = None;
            quoted_start = None;
        }
        item_start = starts_item;
    }
    out
}

fn json_layout(src: &str) -> Layout {
    let b = src.as_bytes();
    let mut out = Layout::default();
    let mut stack: Vec<Option<Vec<&str>>> = Vec::new();
    let mut last_string: Option<&str> = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                last_string = src.get(start..i.min(b.len()));
            }
            b'{' => stack.push(Some(Vec::new())),
            b'[' => stack.push(None),
            b'}' | b']' => {
                if let Some(Some(keys)) = stack.pop() {
                    out.unsorted_keys |= !sorted(&keys);
                }
            }
            b':' => {
                if let (Some(k), Some(Some(keys))) = (last_string.take(), stack.last_mut()) {
                    keys.push(k);
                }
            }
            c if c.is_ascii_whitespace() => {}
            _ => last_string = None,
        }
        i += 1;
    }
    out
}

/// Work kept from one check to the next, for a caller that checks the same
/// module again and again (the language server, after each edit): a file
/// whose text did not change is not parsed again, and a module whose
/// configuration files did not change is not read again. Off unless
/// [`kept::keep_parsed_files`] turned it on for the thread; an entry goes
/// when its inputs change, after [`kept::ROUNDS`] rounds unused, or when
/// the caller lets go of the scope that last used it ([`kept::forget`]: the
/// scope [`kept::set_scope`] named, e.g. one module directory of the server).
pub mod kept {
    use std::any::Any;
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;

    use super::{parse, Diags, Profile};

    /// Rounds (see [`end_round`]) an unused entry is kept for.
    pub const ROUNDS: u64 = 8;

    struct Entry {
        /// The scope that last used it (see [`set_scope`]).
        scope: std::rc::Rc<str>,
        inputs: Vec<String>,
        value: Box<dyn Any>,
        /// The flavor's questions the work asked (replayed on a hit).
        asked: u64,
        used: u64,
    }

    /// What the work is, what it is of (a file, a directory), the flavor.
    type Key = (&'static str, String, &'static str);

    thread_local! {
        static ON: Cell<bool> = const { Cell::new(false) };
        static ROUND: Cell<u64> = const { Cell::new(0) };
        static SCOPE: RefCell<std::rc::Rc<str>> = RefCell::new(std::rc::Rc::from(""));
        static KEPT: RefCell<HashMap<Key, Entry>> = RefCell::new(HashMap::new());
        static HITS: RefCell<HashMap<&'static str, u64>> = RefCell::new(HashMap::new());
    }

    /// Keeps work on this thread from now on.
    pub fn keep_parsed_files() {
        ON.with(|on| on.set(true));
    }

    pub(crate) fn on() -> bool {
        ON.with(Cell::get)
    }

    /// Names whose work this thread does from now on (the empty name at
    /// first): each entry remembers the scope that last used it, and
    /// [`forget`] drops a scope's. (Work is found whatever the scope: two
    /// modules' `main.tf` of the same text share one parse, and one of
    /// another text takes its place, as before scopes.)
    pub fn set_scope(scope: &str) {
        SCOPE.with(|s| {
            if &**s.borrow() != scope {
                *s.borrow_mut() = std::rc::Rc::from(scope);
            }
        });
    }

    /// The scope work is kept for now (see [`set_scope`]).
    pub(crate) fn scope() -> std::rc::Rc<str> {
        SCOPE.with(|s| s.borrow().clone())
    }

    /// Drops the work on this thread that `scope` used last, at once (its
    /// memory is freed now, not after [`ROUNDS`] rounds). See also
    /// `module::kept::forget`, which drops a scope's modules too.
    pub fn forget(scope: &str) {
        KEPT.with(|k| k.borrow_mut().retain(|_, e| &*e.scope != scope));
    }

    /// Lets go of this thread's kept work without freeing it, for a process
    /// about to exit: the system takes the memory back at once, where
    /// freeing each parsed tree at exit cost `tftype check` 5-9 % of its
    /// instructions.
    pub fn leak() {
        KEPT.with(|k| std::mem::forget(std::mem::take(&mut *k.borrow_mut())));
    }

    /// Ends a round of checks: entries unused for [`ROUNDS`] rounds are dropped.
    pub fn end_round() {
        let round = ROUND.with(|r| {
            r.set(r.get() + 1);
            r.get()
        });
        KEPT.with(|k| k.borrow_mut().retain(|_, e| round - e.used <= ROUNDS));
    }

    /// How many entries are kept (for tests).
    pub fn count() -> usize {
        KEPT.with(|k| k.borrow().len())
    }

    /// How many times work of a kind whose name starts with `kind` was
    /// found kept on this thread (for tests).
    pub fn hits_of(kind: &str) -> u64 {
        HITS.with(|h| h.borrow().iter().filter(|(k, _)| k.starts_with(kind)).map(|(_, n)| n).sum())
    }

    /// The current round (see [`end_round`]).
    pub(crate) fn round() -> u64 {
        ROUND.with(Cell::get)
    }

    /// `work`'s answer for these inputs: kept from an earlier call with the
    /// same kind, key, flavor and inputs, or worked out now (with a profile
    /// of its own, so that the questions it asks are known) and kept.
    pub(crate) fn remember<T: Clone + 'static>(
        kind: &'static str,
        key: &str,
        inputs: &[&str],
        profile: &Profile,
        work: impl FnOnce(&Profile) -> T,
    ) -> T {
        let key: Key = (kind, key.to_string(), profile.flavor().name);
        let round = ROUND.with(Cell::get);
        let hit = KEPT.with(|k| {
            let mut k = k.borrow_mut();
            let e = k
                .get_mut(&key)
                .filter(|e| e.inputs.len() == inputs.len() && e.inputs.iter().zip(inputs).all(|(a, b)| a == b))?;
            let value = e.value.downcast_ref::<T>()?.clone();
            e.used = round;
            e.scope = scope();
            Some((value, e.asked))
        });
        if let Some((value, asked)) = hit {
            HITS.with(|h| *h.borrow_mut().entry(kind).or_default() += 1);
            profile.add_asked(asked);
            return value;
        }
        let own = profile.flavor().profile();
        let value = work(&own);
        profile.add_asked(own.asked_bits());
        let entry = Entry {
            scope: scope(),
            inputs: inputs.iter().map(|s| s.to_string()).collect(),
            value: Box::new(value.clone()),
            asked: own.asked_bits(),
            used: round,
        };
        KEPT.with(|k| k.borrow_mut().insert(key, entry));
        value
    }

    /// A file's body, kept shared (a hit costs no copy of the tree).
    pub(super) fn parse(
        text: &str,
        filename: &str,
        fold: bool,
        profile: &Profile,
    ) -> (Option<std::rc::Rc<parse::Body>>, Diags) {
        let kind = if fold { "parse folded" } else { "parse" };
        remember(kind, filename, &[text], profile, |own| {
            let (body, diags) = super::parse_config_once(text, filename, fold, own);
            (body.map(std::rc::Rc::new), diags)
        })
    }
}
