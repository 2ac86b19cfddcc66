//! Reading HCL native syntax the way Terraform's `hclsyntax` reads it, on top
//! of hcl-edit's parser.
//!
//! hcl-edit parses the same language but differs in a few places that matter
//! for a playground that must answer exactly as Terraform does:
//!
//! * it is recursive, and a debug build needs about 20 KiB of stack per
//!   nesting level; [`parse_wrapped`] therefore checks the nesting depth with
//!   a cheap lexical pre-scan and refuses deeper input before hcl-edit sees it;
//! * it rejects repeated object keys (`{a = 1, a = 2}`), which hclsyntax
//!   accepts (the last one wins when evaluated, and `typeexpr` reports its own
//!   error); such keys are renamed in a copy of the text, keeping every byte
//!   offset, and listed in [`Parsed::renamed`];
//! * it rejects number literals beyond f64's range (`1e400`), which hclsyntax
//!   reads as big floats; their digits are replaced by zeros in the copy, so
//!   read number literals from the *original* text through their spans;
//! * its error messages are not hclsyntax's: [`parse_wrapped`] reports
//!   hclsyntax's token-level diagnostics itself (invalid characters,
//!   unsupported operators, quoted newlines) and translates parse errors into
//!   hclsyntax's summaries and details by looking at where they happen.
//!
//! Everything here is independent of what the text means (a type or a
//! value): callers give the wrapper text (Terraform parses `type = ...`
//! inside a `variable` block, a `.tfvars` value as `v = ...`) and the
//! [`Source`] their diagnostics belong to.

use std::ops::Range;

use hcl::edit::parser::parse_body;
use hcl::edit::structure::Body;

use crate::diag::{Diagnostic, Source};

/// Deepest bracket / template nesting accepted by [`parse_wrapped`] callers
/// that have no reason to choose otherwise. hcl-edit itself stops at 64
/// levels; at 32 a debug build still parses within a 1 MiB stack.
pub const DEFAULT_MAX_DEPTH: usize = 32;

/// Most attributes accepted in one object (or body) by
/// [`DEFAULT_LIMITS`]: hcl-edit checks each new key against all earlier ones,
/// so reading an object takes time quadratic in its size (8,000 keys take
/// about two seconds in a release build).
pub const DEFAULT_MAX_ITEMS: usize = 1024;

/// How much nesting and how many attributes per object a caller accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_depth: usize,
    pub max_items: usize,
}

pub const DEFAULT_LIMITS: Limits = Limits {
    max_depth: DEFAULT_MAX_DEPTH,
    max_items: DEFAULT_MAX_ITEMS,
};

/// Summary of the diagnostic for input nested deeper than the limit.
pub const SUMMARY_TOO_DEEP: &str = "Nesting too deep";

/// Summary of the diagnostic for an object with too many attributes.
pub const SUMMARY_TOO_MANY_ITEMS: &str = "Object too large";

/// What an opening token starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    /// `(` right after an identifier: function call arguments.
    Call,
    /// `(` anywhere else: a parenthesised expression.
    Group,
    /// `[` starting a tuple constructor.
    Bracket,
    /// `[` right after an expression: an index.
    Index,
    /// `{`: an object constructor or a block body.
    Brace,
    /// `${` or `%{` inside a template.
    Interp,
    /// `"`: a quoted template.
    Quote,
    /// `<<EOT` / `<<-EOT`: a heredoc template.
    Heredoc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    Ident,
    Number,
    Open(Open),
    /// Closes the innermost construct of this kind.
    Close(Open),
    /// Operators and punctuation (`=`, `==`, `,`, `...`, `::`, ...); the text
    /// is the token's range.
    Punct,
    /// A character hclsyntax does not accept.
    Invalid,
    /// A line end outside templates (comments ending a line included).
    Newline,
}

impl TokKind {
    /// True for tokens that can end an expression.
    fn ends_expression(self) -> bool {
        matches!(self, TokKind::Ident | TokKind::Number | TokKind::Close(_))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokKind,
    pub range: Range<usize>,
}

/// The result of the lexical pre-scan of a text.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    /// Significant tokens (no white space, comments or template text).
    pub tokens: Vec<Token>,
    /// hclsyntax's token-level diagnostics, in source order (ranges in the
    /// scanned text).
    pub problems: Vec<(String, String, Range<usize>)>,
    /// Invalid escape sequences in quoted strings (hclsyntax reports them
    /// while parsing, after the token-level ones).
    pub escape_problems: Vec<(String, String, Range<usize>)>,
    /// The opening token that went past the nesting limit; scanning stops
    /// there.
    pub too_deep: Option<Range<usize>>,
    /// The `=` or `:` of the first attribute past the per-object limit;
    /// scanning stops there.
    pub too_many_items: Option<Range<usize>>,
    /// Number literals whose value is beyond f64 (hcl-edit rejects them).
    pub huge_numbers: Vec<Range<usize>>,
}

fn is_id_start(c: char) -> bool {
    unicode_ident::is_xid_start(c) || c == '_'
}

fn is_id_continue(c: char) -> bool {
    unicode_ident::is_xid_continue(c) || c == '-'
}

/// True when `s` is one HCL identifier (what `hcl.ExprAsKeyword` can return).
pub fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if is_id_start(c)) && cs.all(is_id_continue)
}

struct Frame {
    open: Open,
    /// Heredoc delimiter (byte range in the text).
    delim: Range<usize>,
    /// `=` / `:` tokens seen directly inside (braces only).
    items: usize,
}

/// Scans `text` as hclsyntax's scanner would, far enough to find its token
/// diagnostics, the nesting structure and oversized numbers. Openers at or
/// after byte `count_from` count towards `limits.max_depth` (nesting already
/// open there does not); `=` and `:` directly inside a brace or at the top
/// count towards `limits.max_items`.
pub fn lex(text: &str, count_from: usize, limits: Limits) -> Lexed {
    let max_depth = limits.max_depth;
    let mut root_items = 0usize;
    let b = text.as_bytes();
    let mut out = Lexed::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut base: Option<usize> = None;
    let (mut told_bitwise, mut told_exp, mut told_backtick, mut told_apos, mut told_semi) =
        (0, 0, 0, 0, 0);
    let mut i = 0;

    macro_rules! push {
        ($open:expr, $range:expr, $delim:expr) => {{
            let range: Range<usize> = $range;
            if range.start >= count_from {
                let base = *base.get_or_insert(stack.len());
                if stack.len() + 1 - base.min(stack.len() + 1) > max_depth {
                    out.too_deep = Some(range);
                    return out;
                }
            }
            stack.push(Frame {
                open: $open,
                delim: $delim,
                items: 0,
            });
            out.tokens.push(Token {
                kind: TokKind::Open($open),
                range,
            });
        }};
    }

    while i < b.len() {
        if i >= count_from && base.is_none() {
            base = Some(stack.len());
        }
        let mode = stack.last().map(|f| f.open);
        match mode {
            Some(Open::Quote) => {
                let c = b[i];
                if c == b'\\' {
                    i = check_escape(text, i, &mut out.escape_problems);
                } else if c == b'"' {
                    stack.pop();
                    out.tokens.push(Token {
                        kind: TokKind::Close(Open::Quote),
                        range: i..i + 1,
                    });
                    i += 1;
                } else if c == b'\n' {
                    out.problems.push((
                        "Invalid multi-line string".into(),
                        "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.".into(),
                        i..i + 1,
                    ));
                    i += 1;
                } else if (c == b'$' || c == b'%')
                    && b.get(i + 1) == Some(&c)
                    && b.get(i + 2) == Some(&b'{')
                {
                    i += 3;
                } else if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&b'{') {
                    push!(Open::Interp, i..i + 2, 0..0);
                    i += 2;
                } else {
                    i += utf8_len(c);
                }
            }
            Some(Open::Heredoc) => {
                let delim = stack.last().map(|f| f.delim.clone()).unwrap_or(0..0);
                let line_start = i == 0 || b[i - 1] == b'\n';
                if line_start {
                    let mut j = i;
                    while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                        j += 1;
                    }
                    let d = &text[delim.clone()];
                    if text[j..].starts_with(d) {
                        let after = text[j + d.len()..].chars().next();
                        if after.is_none_or(|c| !is_id_continue(c)) {
                            stack.pop();
                            out.tokens.push(Token {
                                kind: TokKind::Close(Open::Heredoc),
                                range: j..j + d.len(),
                            });
                            i = j + d.len();
                            continue;
                        }
                    }
                }
                let c = b[i];
                if (c == b'$' || c == b'%')
                    && b.get(i + 1) == Some(&c)
                    && b.get(i + 2) == Some(&b'{')
                {
                    i += 3;
                } else if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&b'{') {
                    push!(Open::Interp, i..i + 2, 0..0);
                    i += 2;
                } else {
                    i += utf8_len(c);
                }
            }
            _ => {
                let c = text[i..].chars().next().unwrap_or(' ');
                let n = c.len_utf8();
                let next = b.get(i + 1).copied();
                match c {
                    ' ' | '\t' | '\r' => i += 1,
                    '\n' => {
                        out.tokens.push(Token {
                            kind: TokKind::Newline,
                            range: i..i + 1,
                        });
                        i += 1;
                    }
                    '#' => i = skip_line(b, i),
                    '/' if next == Some(b'/') => i = skip_line(b, i),
                    '/' if next == Some(b'*') => {
                        i = match text[i + 2..].find("*/") {
                            Some(k) => i + 2 + k + 2,
                            None => b.len(),
                        }
                    }
                    '"' => {
                        push!(Open::Quote, i..i + 1, 0..0);
                        i += 1;
                    }
                    '<' if next == Some(b'<') => {
                        // `<<EOT` or `<<-EOT` followed by a newline.
                        let mut j = i + 2;
                        if b.get(j) == Some(&b'-') {
                            j += 1;
                        }
                        let id_start = j;
                        let mut cs = text[j..].char_indices();
                        let mut id_end = j;
                        if let Some((_, c0)) = cs.next() {
                            if is_id_start(c0) {
                                id_end = j + c0.len_utf8();
                                for (k, ck) in cs {
                                    if !is_id_continue(ck) {
                                        break;
                                    }
                                    id_end = j + k + ck.len_utf8();
                                }
                            }
                        }
                        let mut k = id_end;
                        if b.get(k) == Some(&b'\r') {
                            k += 1;
                        }
                        if id_end > id_start && b.get(k) == Some(&b'\n') {
                            push!(Open::Heredoc, i..id_end, id_start..id_end);
                            i = k + 1;
                        } else {
                            out.tokens.push(Token {
                                kind: TokKind::Punct,
                                range: i..i + 2,
                            });
                            i += 2;
                        }
                    }
                    '(' => {
                        let call = matches!(last_significant(&out.tokens, &stack), Some(t) if t.kind == TokKind::Ident);
                        push!(if call { Open::Call } else { Open::Group }, i..i + 1, 0..0);
                        i += 1;
                    }
                    '[' => {
                        let index = matches!(last_significant(&out.tokens, &stack), Some(t) if t.kind.ends_expression());
                        push!(
                            if index { Open::Index } else { Open::Bracket },
                            i..i + 1,
                            0..0
                        );
                        i += 1;
                    }
                    '{' => {
                        push!(Open::Brace, i..i + 1, 0..0);
                        i += 1;
                    }
                    ')' | ']' | '}' => {
                        let top = stack.last().map(|f| f.open);
                        let kind = match (c, top) {
                            (')', Some(o @ (Open::Call | Open::Group))) => Some(o),
                            (']', Some(o @ (Open::Bracket | Open::Index))) => Some(o),
                            ('}', Some(o @ (Open::Brace | Open::Interp))) => Some(o),
                            _ => None,
                        };
                        match kind {
                            Some(o) => {
                                stack.pop();
                                out.tokens.push(Token {
                                    kind: TokKind::Close(o),
                                    range: i..i + 1,
                                });
                            }
                            None => out.tokens.push(Token {
                                kind: TokKind::Punct,
                                range: i..i + 1,
                            }),
                        }
                        i += 1;
                    }
                    '0'..='9' => {
                        let start = i;
                        let mut j = i;
                        while j < b.len() && b[j].is_ascii_digit() {
                            j += 1;
                        }
                        if b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
                            j += 1;
                            while j < b.len() && b[j].is_ascii_digit() {
                                j += 1;
                            }
                        }
                        if matches!(b.get(j), Some(b'e' | b'E')) {
                            let mut k = j + 1;
                            if matches!(b.get(k), Some(b'+' | b'-')) {
                                k += 1;
                            }
                            if b.get(k).is_some_and(u8::is_ascii_digit) {
                                while k < b.len() && b[k].is_ascii_digit() {
                                    k += 1;
                                }
                                j = k;
                            }
                        }
                        if text[start..j]
                            .parse::<f64>()
                            .map_or(true, |f| !f.is_finite())
                        {
                            out.huge_numbers.push(start..j);
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Number,
                            range: start..j,
                        });
                        i = j;
                    }
                    c if is_id_start(c) => {
                        let start = i;
                        let mut j = i + n;
                        for ck in text[j..].chars() {
                            if !is_id_continue(ck) {
                                break;
                            }
                            j += ck.len_utf8();
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Ident,
                            range: start..j,
                        });
                        i = j;
                    }
                    '&' | '|' if next == Some(c as u8) => {
                        out.tokens.push(Token {
                            kind: TokKind::Punct,
                            range: i..i + 2,
                        });
                        i += 2;
                    }
                    '&' | '|' | '^' | '~' => {
                        if told_bitwise < 4 {
                            let suggestion = match c {
                                '&' => " Did you mean boolean AND (\"&&\")?",
                                '|' => " Did you mean boolean OR (\"||\")?",
                                '~' => " Did you mean boolean NOT (\"!\")?",
                                _ => "",
                            };
                            out.problems.push((
                                "Unsupported operator".into(),
                                format!("Bitwise operators are not supported.{suggestion}"),
                                i..i + 1,
                            ));
                            told_bitwise += 1;
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Invalid,
                            range: i..i + 1,
                        });
                        i += 1;
                    }
                    '*' if next == Some(b'*') => {
                        if told_exp < 1 {
                            out.problems.push((
                                "Unsupported operator".into(),
                                "\"**\" is not a supported operator. Exponentiation is not supported as an operator.".into(),
                                i..i + 2,
                            ));
                            told_exp += 1;
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Invalid,
                            range: i..i + 2,
                        });
                        i += 2;
                    }
                    '`' => {
                        if told_backtick % 2 == 0 {
                            out.problems.push((
                                "Invalid character".into(),
                                "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".".into(),
                                i..i + 1,
                            ));
                        }
                        if told_backtick <= 2 {
                            told_backtick += 1;
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Invalid,
                            range: i..i + 1,
                        });
                        i += 1;
                    }
                    '\'' => {
                        if told_apos % 2 == 0 {
                            out.problems.push((
                                "Invalid character".into(),
                                "Single quotes are not valid. Use double quotes (\") to enclose strings.".into(),
                                i..i + 1,
                            ));
                        }
                        if told_apos <= 2 {
                            told_apos += 1;
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Invalid,
                            range: i..i + 1,
                        });
                        i += 1;
                    }
                    ';' => {
                        if told_semi < 1 {
                            out.problems.push((
                                "Invalid character".into(),
                                "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.".into(),
                                i..i + 1,
                            ));
                            told_semi += 1;
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Invalid,
                            range: i..i + 1,
                        });
                        i += 1;
                    }
                    '=' | '!' | '<' | '>' | ':' | '.' | ',' | '?' | '+' | '-' | '*' | '/' | '%' => {
                        let len = punct_len(&text[i..]);
                        if len == 1 && (c == '=' || c == ':') {
                            let count = match stack.last_mut() {
                                Some(f) if f.open == Open::Brace => Some(&mut f.items),
                                None => Some(&mut root_items),
                                _ => None,
                            };
                            if let Some(count) = count {
                                *count += 1;
                                if *count > limits.max_items {
                                    out.too_many_items = Some(i..i + 1);
                                    return out;
                                }
                            }
                        }
                        out.tokens.push(Token {
                            kind: TokKind::Punct,
                            range: i..i + len,
                        });
                        i += len;
                    }
                    _ => {
                        let detail = if c == '\u{201c}' || c == '\u{201d}' {
                            "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\"."
                        } else {
                            "This character is not used within the language."
                        };
                        out.problems
                            .push(("Invalid character".into(), detail.into(), i..i + n));
                        out.tokens.push(Token {
                            kind: TokKind::Invalid,
                            range: i..i + n,
                        });
                        i += n;
                    }
                }
            }
        }
    }
    if let Some(f) = stack.last() {
        if f.open == Open::Heredoc {
            let start = out
                .tokens
                .iter()
                .rev()
                .find(|t| t.kind == TokKind::Open(Open::Heredoc))
                .map_or(0..0, |t| t.range.clone());
            out.problems.push((
                "Unterminated template string".into(),
                "No closing marker was found for the string.".into(),
                start,
            ));
        }
    }
    out
}

/// The token before the current position as hclsyntax's parser sees it:
/// line ends are tokens in braces and at the top, and skipped elsewhere.
fn last_significant<'t>(tokens: &'t [Token], stack: &[Frame]) -> Option<&'t Token> {
    let newline_sensitive = matches!(stack.last().map(|f| f.open), None | Some(Open::Brace));
    if newline_sensitive {
        tokens.last()
    } else {
        tokens.iter().rev().find(|t| t.kind != TokKind::Newline)
    }
}

/// Checks the escape sequence at `text[i]` (a backslash in a quoted
/// string) as hclsyntax decodes it; returns the offset after it.
fn check_escape(text: &str, i: usize, problems: &mut Vec<(String, String, Range<usize>)>) -> usize {
    let rest = &text[i + 1..];
    let Some(sel) = rest.chars().next() else {
        problems.push((
            "Invalid escape sequence".into(),
            "Backslash must be followed by an escape sequence selector character.".into(),
            i..i + 1,
        ));
        return i + 1;
    };
    match sel {
        'n' | 'r' | 't' | '"' | '\\' => i + 2,
        'u' | 'U' => {
            let want = if sel == 'u' { 4 } else { 8 };
            let digits = rest[1..]
                .bytes()
                .take(want)
                .take_while(u8::is_ascii_hexdigit)
                .count();
            let end = i + 2 + digits;
            if digits != want {
                let detail = if sel == 'u' {
                    "The \\u escape sequence must be followed by four hexadecimal digits."
                } else {
                    "The \\U escape sequence must be followed by eight hexadecimal digits."
                };
                problems.push(("Invalid escape sequence".into(), detail.into(), i..end));
            } else {
                let n = u32::from_str_radix(&text[i + 2..end], 16).unwrap_or(u32::MAX);
                if char::from_u32(n).is_none() {
                    problems.push((
                        "Invalid escape sequence".into(),
                        format!("Cannot encode character U+{n:04x} in UTF-8."),
                        i..end,
                    ));
                }
            }
            end
        }
        '\n' => {
            // The newline itself is reported as a quoted newline.
            problems.push((
                "Invalid escape sequence".into(),
                "Backslash must be followed by an escape sequence selector character.".into(),
                i..i + 1,
            ));
            i + 1
        }
        c => {
            let end = i + 1 + c.len_utf8();
            problems.push((
                "Invalid escape sequence".into(),
                format!(
                    "The symbol {} is not a valid escape sequence selector.",
                    crate::render::go_quote(&c.to_string())
                ),
                i..end,
            ));
            end
        }
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

fn skip_line(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += 1;
    }
    i
}

fn punct_len(s: &str) -> usize {
    for op in ["...", "==", "!=", "<=", ">=", "=>", "::"] {
        if s.starts_with(op) {
            return op.len();
        }
    }
    1
}

/// A successful parse of `PREFIX SRC SUFFIX`.
pub struct Parsed {
    pub body: Body,
    /// The text hcl-edit parsed (the wrapper around the source, with the
    /// replacements described in the module docs). Spans in `body` point
    /// into it; [`Parsed::to_src`] maps them to the source.
    pub text: String,
    /// The wrapper around the source as given (same length as `text`): read
    /// number literals and renamed keys here.
    pub original: String,
    /// Where the source starts in `text`.
    pub base: usize,
    /// Length of the source.
    pub len: usize,
    /// Object keys that were renamed because they repeat an earlier key of
    /// the same object (ranges in `text`; the original key is the source
    /// text at the same place).
    pub renamed: Vec<Range<usize>>,
}

impl Parsed {
    /// A range in `text` as a range in the source (clamped to it).
    pub fn to_src(&self, r: Range<usize>) -> Range<usize> {
        let f = |x: usize| x.saturating_sub(self.base).min(self.len);
        f(r.start)..f(r.end)
    }

    /// The original text at a range of `text`.
    pub fn original_at(&self, r: Range<usize>) -> &str {
        self.original.get(r).unwrap_or("")
    }

    /// True when the object key at this range (in `text`) was renamed.
    pub fn is_renamed(&self, r: &Range<usize>) -> bool {
        self.renamed.iter().any(|k| k.start == r.start)
    }
}

/// Parses `prefix + src + suffix` as an HCL body, with hclsyntax's
/// diagnostics (ranges in `src`, the rest of the wrapper clamped to its
/// edges). `max_depth` limits bracket / template nesting inside `src`.
///
/// `file` names the wrapper in messages that quote positions, as hcl's
/// ranges do (`main.tf:2,3-7`).
pub fn parse_wrapped(
    src: &str,
    prefix: &str,
    suffix: &str,
    file: &str,
    source: Source,
    limits: Limits,
) -> Result<Parsed, Vec<Diagnostic>> {
    let max_depth = limits.max_depth;
    let mut text = String::with_capacity(prefix.len() + src.len() + suffix.len());
    text.push_str(prefix);
    text.push_str(src);
    text.push_str(suffix);
    let base = prefix.len();
    let len = src.len();
    let to_src = |r: Range<usize>| {
        let f = |x: usize| x.saturating_sub(base).min(len);
        f(r.start)..f(r.end)
    };

    let lexed = lex(&text, base, limits);
    if let Some(r) = &lexed.too_deep {
        return Err(vec![too_deep(source, to_src(r.clone()), max_depth)]);
    }
    if let Some(r) = &lexed.too_many_items {
        let max = limits.max_items;
        return Err(vec![Diagnostic::error(
            source,
            SUMMARY_TOO_MANY_ITEMS,
            format!("An object here has more than {max} attributes. tftype reads at most {max} attributes in one object, as larger ones would keep the page busy for seconds."),
            Some(to_src(r.clone())),
        )]);
    }
    if !lexed.problems.is_empty() {
        return Err(lexed
            .problems
            .iter()
            .map(|(s, d, r)| {
                Diagnostic::error(source, s.clone(), d.clone(), Some(to_src(r.clone())))
            })
            .collect());
    }

    if !lexed.escape_problems.is_empty() {
        return Err(lexed
            .escape_problems
            .iter()
            .map(|(s, d, r)| {
                Diagnostic::error(source, s.clone(), d.clone(), Some(to_src(r.clone())))
            })
            .collect());
    }

    // hcl-edit copes with neither f64 overflow nor repeated keys.
    let mut work = text.clone().into_bytes();
    for r in &lexed.huge_numbers {
        for x in &mut work[r.clone()] {
            if x.is_ascii_digit() {
                *x = b'0';
            }
        }
    }
    let mut work = String::from_utf8(work).unwrap_or_else(|_| text.clone());
    let mut renamed: Vec<Range<usize>> = Vec::new();
    let mut attempt = 0usize;
    loop {
        match parse_body(&work) {
            Ok(body) => {
                return Ok(Parsed {
                    body,
                    text: work,
                    original: text,
                    base,
                    len,
                    renamed,
                })
            }
            Err(e) => {
                let off = e.location().offset();
                if e.message().contains("redefined object key") && attempt < 64 {
                    if let Some(r) = key_extent(&lexed.tokens, &text, off) {
                        attempt += 1;
                        let name = placeholder_ident(r.len(), attempt);
                        work.replace_range(r.clone(), &name);
                        if !renamed.iter().any(|k| k.start == r.start) {
                            renamed.push(r);
                        }
                        continue;
                    }
                }
                return Err(vec![translate_error(
                    &e,
                    &text,
                    &lexed.tokens,
                    base,
                    len,
                    file,
                    source,
                    max_depth,
                )]);
            }
        }
    }
}

fn too_deep(source: Source, range: Range<usize>, max_depth: usize) -> Diagnostic {
    Diagnostic::error(
        source,
        SUMMARY_TOO_DEEP,
        format!("Brackets, braces and template interpolations here are nested more than {max_depth} levels deep. tftype stops reading at that depth so that the page cannot run out of stack; real type constraints and values need far fewer levels."),
        Some(range),
    )
}

/// An identifier of exactly `len` bytes (len >= 1), different for each `n`.
fn placeholder_ident(len: usize, n: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if len == 1 {
        return (LETTERS[n % LETTERS.len()] as char).to_string();
    }
    // `_` and base-36 digits of n, padded with `_`.
    let mut digits = Vec::new();
    let mut m = n;
    loop {
        digits.push(b"0123456789abcdefghijklmnopqrstuvwxyz"[m % 36]);
        m /= 36;
        if m == 0 {
            break;
        }
    }
    let mut s = String::from("_");
    for d in digits.iter().rev().take(len - 1) {
        s.push(*d as char);
    }
    while s.len() < len {
        s.push('_');
    }
    s
}

/// The range of the object key starting at byte `start`: up to the last
/// token before its `=` or `:` at the same nesting level.
fn key_extent(tokens: &[Token], text: &str, start: usize) -> Option<Range<usize>> {
    let first = tokens.iter().position(|t| t.range.start >= start)?;
    let mut depth = 0i64;
    let mut end = None;
    for t in &tokens[first..] {
        if t.kind == TokKind::Newline {
            continue;
        }
        match t.kind {
            TokKind::Open(_) => depth += 1,
            TokKind::Close(_) => depth -= 1,
            TokKind::Punct if depth == 0 && matches!(&text[t.range.clone()], "=" | ":") => {
                return end.map(|e| start..e);
            }
            TokKind::Punct if depth == 0 && matches!(&text[t.range.clone()], "," | "}") => {
                return None
            }
            _ => {}
        }
        if depth < 0 {
            return None;
        }
        end = Some(t.range.end);
    }
    None
}

/// One construct open at some offset, as [`context_at`] replays it.
#[derive(Clone, Copy, Debug)]
struct Ctx {
    open: Open,
    /// Where its opening token starts.
    at: usize,
    /// In an object or body: the current item has its `=` / `:` already.
    has_eq: bool,
    /// `?` of conditionals still waiting for their `:`.
    questions: usize,
}

/// The open constructs at byte `off` (replaying the tokens), outermost
/// first, after a root entry for the top level.
fn context_at(tokens: &[Token], text: &str, off: usize) -> Vec<Ctx> {
    let mut stack = vec![Ctx {
        open: Open::Brace,
        at: usize::MAX,
        has_eq: false,
        questions: 0,
    }];
    for t in tokens {
        if t.range.start >= off {
            break;
        }
        match t.kind {
            TokKind::Open(o) => stack.push(Ctx {
                open: o,
                at: t.range.start,
                has_eq: false,
                questions: 0,
            }),
            TokKind::Close(_) => {
                if stack.len() > 1 {
                    stack.pop();
                }
            }
            _ => {
                let top = stack.last_mut().expect("root");
                match (t.kind, &text[t.range.clone()]) {
                    (TokKind::Punct, "?") => top.questions += 1,
                    (TokKind::Punct, ":") if top.questions > 0 => top.questions -= 1,
                    (TokKind::Punct, "=" | ":") => top.has_eq = true,
                    (TokKind::Punct, ",") | (TokKind::Newline, _) if top.open == Open::Brace => {
                        top.has_eq = false;
                        top.questions = 0;
                    }
                    (TokKind::Punct, ",") => top.questions = 0,
                    _ => {}
                }
            }
        }
    }
    stack
}

/// hcl-edit's parse error as the diagnostic hclsyntax would give at that
/// place: hclsyntax's message for the token found where the error is, in
/// the construct open there.
#[allow(clippy::too_many_arguments)]
fn translate_error(
    e: &hcl::edit::parser::Error,
    text: &str,
    tokens: &[Token],
    base: usize,
    len: usize,
    file: &str,
    source: Source,
    max_depth: usize,
) -> Diagnostic {
    let to_src = |r: Range<usize>| {
        let f = |x: usize| x.saturating_sub(base).min(len);
        f(r.start)..f(r.end)
    };
    let msg = e.message();
    let mut off = e.location().offset().min(text.len());
    // hcl-edit has consumed the character that is not `=` or `:`.
    if msg.contains("object value assignment") {
        off = text[..off]
            .char_indices()
            .next_back()
            .map_or(off, |(i, _)| i);
    }
    let mut msg = msg.to_string();
    if imprecise(&msg) {
        (off, msg) = refine(text, tokens, off, msg, base);
    }
    // An offset inside a token means that token.
    if let Some(t) = tokens
        .iter()
        .find(|t| t.range.start < off && off < t.range.end)
    {
        off = t.range.start;
    }
    // hcl-edit may have gone one token past the end of an expression trying
    // to read an operator (`!` is not one; `<<EOT` opens a heredoc):
    // hclsyntax stops at that token.
    {
        let sig: Vec<&Token> = tokens
            .iter()
            .filter(|t| t.range.end <= off && t.kind != TokKind::Newline)
            .collect();
        if let [.., a, b] = sig.as_slice() {
            let adjacent = !tokens.iter().any(|t| {
                t.kind == TokKind::Newline
                    && t.range.start >= a.range.end
                    && t.range.end <= b.range.start
            });
            let stray = &text[b.range.clone()] == "!"
                || b.kind == TokKind::Open(Open::Heredoc)
                || b.kind == TokKind::Close(Open::Heredoc);
            if adjacent
                && a.kind.ends_expression()
                && stray
                && b.kind != TokKind::Close(Open::Heredoc)
            {
                off = b.range.start;
            }
        }
    }
    let msg = msg.as_str();
    let at_eof = text.get(off..).is_none_or(|rest| rest.trim().is_empty());
    let here = text.get(off..).and_then(|s| s.chars().next());
    // The token hcl-edit stopped at, and the significant one before it.
    let tok = tokens.iter().find(|t| t.range.end > off).cloned();
    let before: Vec<&Token> = tokens.iter().take_while(|t| t.range.end <= off).collect();
    let prev_i = before.iter().rposition(|t| t.kind != TokKind::Newline);
    let prev = prev_i.map(|i| before[i]);
    let prev_text = prev.map_or("", |t| &text[t.range.clone()]);
    let newline_since_prev = prev_i.map_or(!before.is_empty(), |i| i + 1 < before.len());
    let subject = if at_eof {
        len..len
    } else {
        match &tok {
            Some(t) if t.kind != TokKind::Newline => to_src(t.range.clone()),
            _ => to_src(off..off + here.map_or(0, char::len_utf8)),
        }
    };
    let stack = context_at(tokens, text, off);
    let inner = *stack.last().expect("root");
    let mk = |summary: &str, detail: &str| {
        Diagnostic::error(source, summary, detail, Some(subject.clone()))
    };

    if msg.contains("nesting depth") {
        return too_deep(source, subject, max_depth);
    }
    if msg.contains("binary operation") {
        return mk(
            "Expression too complex",
            "This expression chains more than 128 binary operators. tftype stops reading here so that the page cannot run out of stack.",
        );
    }
    if msg.contains("redefined attribute") {
        // hclsyntax: "Attribute redefined", quoting where the first one is.
        if let Some(t) = tok.as_ref().filter(|t| t.kind == TokKind::Ident) {
            let name = &text[t.range.clone()];
            let depth = context_at(tokens, text, t.range.start).len();
            let first = tokens.iter().enumerate().find(|(i, f)| {
                f.range.start < t.range.start
                    && f.kind == TokKind::Ident
                    && &text[f.range.clone()] == name
                    && tokens
                        .get(i + 1)
                        .is_some_and(|n| &text[n.range.clone()] == "=")
                    && context_at(tokens, text, f.range.start).len() == depth
            });
            if let Some((_, f)) = first {
                return Diagnostic::error(
                    source,
                    "Attribute redefined",
                    format!(
                        "The argument {} was already set at {}. Each argument may be set only once.",
                        crate::render::go_quote(name),
                        hcl_range(file, text, f.range.clone())
                    ),
                    Some(to_src(t.range.clone())),
                );
            }
        }
    }
    if msg.contains("heredoc end delimiter") {
        return mk(
            "Unterminated template string",
            "No closing marker was found for the string.",
        );
    }
    if at_eof && stack.len() > 1 {
        let opener = to_src(inner.at..inner.at + 1);
        let d = |s: &str, dt: &str| Diagnostic::error(source, s, dt, Some(opener.clone()));
        return match inner.open {
            Open::Call => d(
                "Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
            ),
            Open::Brace if inner.at < base => d(
                "Unclosed configuration block",
                "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
            ),
            Open::Brace => d(
                "Unterminated object constructor expression",
                "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
            ),
            Open::Bracket => d(
                "Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
            ),
            Open::Index => d("Missing close bracket on index", "The index operator must end with a closing bracket (\"]\")."),
            Open::Group => d("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression."),
            Open::Interp => d(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
            ),
            Open::Quote | Open::Heredoc => d("Unterminated template string", "No closing marker was found for the string."),
        };
    }

    // Right after a dot, a `::` name, `...` or an open conditional.
    if prev_text == "." {
        return mk(
            "Invalid attribute name",
            "An attribute name is required after a dot.",
        );
    }
    if prev_text == "::"
        || (prev.is_some_and(|t| t.kind == TokKind::Ident)
            && prev_i.is_some_and(|i| i > 0 && &text[before[i - 1].range.clone()] == "::"))
    {
        return mk(
            "Missing open parenthesis",
            "Function selector must be followed by an open parenthesis to begin the function call.",
        );
    }
    if prev_text == "..." && inner.open == Open::Call {
        return mk(
            "Missing closing parenthesis",
            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
        );
    }
    let ended = prev.is_some_and(|t| t.kind.ends_expression());
    if ended && inner.questions > 0 && here != Some(':') {
        return mk(
            "Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
        );
    }

    let object = inner.open == Open::Brace && inner.at != usize::MAX && inner.at >= base;
    if object && !inner.has_eq && ended && !newline_since_prev {
        // After a key, before its `=`.
        return match here {
            Some('\n' | '\r' | ',' | '#') => mk("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\")."),
            Some('/') if text[off..].starts_with("//") => {
                mk("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\").")
            }
            _ if tok.as_ref().is_some_and(|t| t.kind == TokKind::Ident && t.range.start == off) => mk(
                "Missing key/value separator",
                "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
            ),
            _ => mk("Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value."),
        };
    }
    if !ended {
        return mk(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
        );
    }
    match inner.open {
        Open::Call => mk("Missing argument separator", "A comma is required to separate each function argument from the next."),
        Open::Group => mk("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression."),
        Open::Bracket => mk("Missing item separator", "Expected a comma to mark the beginning of the next item."),
        Open::Index => mk("Missing close bracket on index", "The index operator must end with a closing bracket (\"]\")."),
        Open::Interp => mk(
            "Extra characters after interpolation expression",
            "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
        ),
        _ if object && newline_since_prev => mk("Invalid expression", "Expected the start of an expression, but found an invalid expression token."),
        _ if object => mk("Missing attribute separator", "Expected a newline or comma to mark the beginning of the next attribute."),
        _ if inner.has_eq && !newline_since_prev => {
            if here == Some(',') {
                mk(
                    "Unexpected comma after argument",
                    "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                )
            } else {
                mk("Missing newline after argument", "An argument definition must end with a newline.")
            }
        }
        _ => {
            // A line of a body that is neither an argument nor a block.
            let first_on_line = before.iter().rev().take_while(|t| t.kind != TokKind::Newline).last().copied().or(tok.as_ref());
            if first_on_line.is_some_and(|t| t.kind == TokKind::Ident) {
                mk(
                    "Argument or block definition required",
                    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                )
            } else {
                mk("Argument or block definition required", "An argument or block definition is required here.")
            }
        }
    }
}

/// The byte offset of a parse error in `text`: hcl-edit reports an error
/// at the end of the input at the last byte, with a column one further.
fn error_offset(e: &hcl::edit::parser::Error, text: &str) -> usize {
    let off = e.location().offset().min(text.len());
    let line_start = text[..off].rfind('\n').map_or(0, |k| k + 1);
    let col = text[line_start..off].chars().count() + 1;
    if e.location().column() > col {
        (off + text[off..].chars().next().map_or(0, char::len_utf8)).min(text.len())
    } else {
        off
    }
}

/// hcl-edit errors that are reported where a construct started, after
/// backtracking out of it, rather than where it went wrong.
fn imprecise(msg: &str) -> bool {
    msg.starts_with("expected `)` or expression")
        || msg.starts_with("expected `]`")
        || msg.contains("block body")
}

/// Message [`refine`] gives for "something follows a complete expression".
const AFTER_EXPRESSION: &str = "unexpected token after expression";

/// Finds where hclsyntax would stop, starting from an imprecise error at
/// `off`: whole expression terms are checked one by one (each with its own
/// hcl-edit parse), stepping over binary operators, until one fails at a
/// precise place or is followed by something that cannot continue it.
fn refine(
    text: &str,
    tokens: &[Token],
    mut off: usize,
    mut msg: String,
    base: usize,
) -> (usize, String) {
    if off < base {
        off = base;
    }
    for _ in 0..64 {
        let Some(term) = term_extent(tokens, text, off) else {
            break;
        };
        let slice = &text[term.clone()];
        match hcl::edit::parser::parse_expr(slice) {
            Ok(_) => {
                // What follows the term: an operator continues the expression.
                let next = tokens
                    .iter()
                    .find(|t| t.range.start >= term.end && t.kind != TokKind::Newline);
                match next {
                    Some(t) if is_binary_operator(&text[t.range.clone()]) => match tokens
                        .iter()
                        .find(|n| n.range.start >= t.range.end && n.kind != TokKind::Newline)
                    {
                        Some(n) => off = n.range.start,
                        None => return (t.range.end, AFTER_EXPRESSION.into()),
                    },
                    Some(t) => return (t.range.start, AFTER_EXPRESSION.into()),
                    None => return (term.end, AFTER_EXPRESSION.into()),
                }
            }
            Err(e) => {
                let inner = error_offset(&e, slice);
                let p = term.start + inner;
                msg = e.message().to_string();
                if !imprecise(&msg) {
                    return (p, msg);
                }
                if p > off {
                    off = p;
                } else {
                    // Failed at its very start: look inside its brackets.
                    match tokens
                        .iter()
                        .find(|t| t.range.start > off && t.kind != TokKind::Newline)
                    {
                        Some(t) if t.range.start < term.end => off = t.range.start,
                        _ => return (off, msg),
                    }
                }
            }
        }
    }
    (off, msg)
}

fn is_binary_operator(s: &str) -> bool {
    matches!(
        s,
        "==" | "!="
            | "<"
            | ">"
            | "<="
            | ">="
            | "+"
            | "-"
            | "*"
            | "/"
            | "%"
            | "&&"
            | "||"
            | "?"
            | ":"
    )
}

/// The extent of the expression term (operand of binary operators) that
/// starts with the token at `off`: unary operators, a literal, name, call,
/// bracketed construct or template, and its traversals.
fn term_extent(tokens: &[Token], text: &str, off: usize) -> Option<Range<usize>> {
    let mut i = tokens.partition_point(|t| t.range.start < off);
    let start = tokens.get(i)?.range.start;
    let skip_nl = |mut i: usize| {
        while tokens.get(i).is_some_and(|t| t.kind == TokKind::Newline) {
            i += 1;
        }
        i
    };
    // Index just past the balanced construct opened at `i`.
    let balanced = |i: usize| -> Option<usize> {
        let mut depth = 0i64;
        for (k, t) in tokens.iter().enumerate().skip(i) {
            match t.kind {
                TokKind::Open(_) => depth += 1,
                TokKind::Close(_) => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                return Some(k + 1);
            }
        }
        None
    };
    while matches!(
        tokens.get(i).map(|t| &text[t.range.clone()]),
        Some("-" | "!")
    ) {
        i = skip_nl(i + 1);
    }
    let t = tokens.get(i)?;
    i = match t.kind {
        TokKind::Number => i + 1,
        TokKind::Ident => {
            let mut j = i + 1;
            while tokens
                .get(j)
                .is_some_and(|t| &text[t.range.clone()] == "::")
                && tokens.get(j + 1).is_some_and(|t| t.kind == TokKind::Ident)
            {
                j += 2;
            }
            if tokens
                .get(j)
                .is_some_and(|t| t.kind == TokKind::Open(Open::Call))
            {
                balanced(j)?
            } else {
                j
            }
        }
        TokKind::Open(Open::Call | Open::Index | Open::Interp) => return None,
        TokKind::Open(_) => balanced(i)?,
        _ => return None,
    };
    // Traversals.
    loop {
        match tokens.get(i) {
            Some(t)
                if &text[t.range.clone()] == "."
                    && tokens.get(i + 1).is_some_and(|n| {
                        matches!(n.kind, TokKind::Ident | TokKind::Number)
                            || &text[n.range.clone()] == "*"
                    }) =>
            {
                i += 2
            }
            Some(t) if t.kind == TokKind::Open(Open::Index) => i = balanced(i)?,
            _ => break,
        }
    }
    Some(start..tokens.get(i - 1)?.range.end)
}

/// hcl's position of a byte offset: 1-based line and column, the column
/// counting grapheme clusters as hcl's scanner does.
pub fn hcl_pos(text: &str, byte: usize) -> (usize, usize) {
    use unicode_segmentation::UnicodeSegmentation;
    let mut b = byte.min(text.len());
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    let before = &text[..b];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].graphemes(true).count() + 1)
}

/// hcl's `Range.String()`: `file:line,col-col` on one line,
/// `file:line,col-line,col` across lines.
pub fn hcl_range(file: &str, text: &str, r: Range<usize>) -> String {
    let (l1, c1) = hcl_pos(text, r.start);
    let (l2, c2) = hcl_pos(text, r.end);
    if l1 == l2 {
        format!("{file}:{l1},{c1}-{c2}")
    } else {
        format!("{file}:{l1},{c1}-{l2},{c2}")
    }
}

/// Skips white space and comments from byte `i`; returns the next
/// significant byte offset.
pub fn skip_trivia(text: &str, mut i: usize) -> usize {
    let b = text.as_bytes();
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => i = skip_line(b, i),
            b'/' if b.get(i + 1) == Some(&b'/') => i = skip_line(b, i),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = match text[i + 2..].find("*/") {
                    Some(k) => i + 2 + k + 2,
                    None => b.len(),
                }
            }
            _ => break,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokKind, &str)> {
        lex(
            src,
            0,
            Limits {
                max_depth: 100,
                max_items: 100,
            },
        )
        .tokens
        .iter()
        .filter(|t| t.kind != TokKind::Newline)
        .map(|t| (t.kind, &src[t.range.clone()]))
        .collect()
    }

    #[test]
    fn lexer_tells_calls_from_groups() {
        let k = kinds("list((string))");
        assert_eq!(k[1], (TokKind::Open(Open::Call), "("));
        assert_eq!(k[2], (TokKind::Open(Open::Group), "("));
    }

    #[test]
    fn lexer_skips_comments_and_string_contents() {
        let k = kinds("a # (\n/* [ */ \"(${b}\" // {");
        let texts: Vec<&str> = k.iter().map(|x| x.1).collect();
        assert_eq!(texts, ["a", "\"", "${", "b", "}", "\""]);
    }

    #[test]
    fn lexer_follows_heredocs_to_their_delimiter() {
        let k = kinds("<<-EOT\n  x ( ${y}\n  EOT\nz");
        let texts: Vec<&str> = k.iter().map(|x| x.1).collect();
        assert_eq!(texts, ["<<-EOT", "${", "y", "}", "EOT", "z"]);
    }

    #[test]
    fn lexer_stops_at_the_nesting_limit() {
        let src = format!("{}x{}", "[".repeat(10_000), "]".repeat(10_000));
        let l = lex(&src, 0, DEFAULT_LIMITS);
        assert_eq!(l.too_deep, Some(32..33));
    }

    #[test]
    fn lexer_stops_at_the_item_limit() {
        let limits = Limits {
            max_depth: 10,
            max_items: 3,
        };
        let l = lex("{a = 1, b = {x = 1, y = 2, z = 3}, c: 3}", 0, limits);
        assert_eq!(l.too_many_items, None);
        let l = lex("{a = 1, b = {x = 1}, c: 3, d = [1, 2, 3, 4]}", 0, limits);
        assert_eq!(l.too_many_items, Some(29..30));
        let l = lex("a = 1\nb = 2\nc = 3\nd = 4", 0, limits);
        assert_eq!(l.too_many_items, Some(20..21));
        let l = lex(
            "{a == b, c => d, e >= f}",
            0,
            Limits {
                max_depth: 10,
                max_items: 0,
            },
        );
        assert_eq!(l.too_many_items, None);
    }

    #[test]
    fn lexer_finds_numbers_beyond_f64() {
        let l = lex("[1e400, 1.5, 1e-400]", 0, DEFAULT_LIMITS);
        assert_eq!(l.huge_numbers, vec![1..6]);
    }

    #[test]
    fn lexer_reports_hclsyntax_token_problems_in_order() {
        let l = lex("a & b; 'c' `d` @ **", 0, DEFAULT_LIMITS);
        let s: Vec<&str> = l.problems.iter().map(|p| p.1.as_str()).collect();
        assert_eq!(s.len(), 6);
        assert!(s[0].starts_with("Bitwise operators are not supported. Did you mean boolean AND"));
        assert!(s[1].starts_with("The \";\" character"));
        assert!(s[2].starts_with("Single quotes"));
        assert!(s[3].starts_with("The \"`\" character"));
        assert_eq!(s[4], "This character is not used within the language.");
        assert!(s[5].starts_with("\"**\" is not a supported operator"));
    }

    #[test]
    fn quoted_newline_is_an_invalid_multi_line_string() {
        let l = lex("\"abc\n", 0, DEFAULT_LIMITS);
        assert_eq!(l.problems[0].0, "Invalid multi-line string");
        assert_eq!(l.problems[0].2, 4..5);
    }

    #[test]
    fn repeated_object_keys_are_renamed_keeping_offsets() {
        let src = "{a = 1, \"a\" = 2, a = 3, (a) = 4, (a) = 5}";
        let p = parse_wrapped(
            src,
            "v = ",
            "\n",
            "terraform.tfvars",
            Source::Value,
            DEFAULT_LIMITS,
        )
        .unwrap();
        let renamed: Vec<_> = p.renamed.iter().map(|r| p.to_src(r.clone())).collect();
        assert_eq!(renamed, vec![17..18, 33..36]);
        assert_eq!(p.text.len(), "v = ".len() + src.len() + 1);
    }

    #[test]
    fn hcl_ranges_count_lines_and_grapheme_clusters() {
        let text = "v = \"e\u{301}\u{1F600}\"\nw = 1";
        assert_eq!(
            hcl_range("terraform.tfvars", text, 4..text.find('\n').unwrap()),
            "terraform.tfvars:1,5-9"
        );
        assert_eq!(hcl_range("f", text, 0..text.len()), "f:1,1-2,6");
    }

    #[test]
    fn repeated_attributes_quote_the_first_definition() {
        let e = parse_wrapped(
            "1\nv = 2",
            "v = ",
            "\n",
            "terraform.tfvars",
            Source::Value,
            DEFAULT_LIMITS,
        )
        .err()
        .unwrap();
        assert_eq!(e[0].summary, "Attribute redefined");
        assert_eq!(e[0].detail, "The argument \"v\" was already set at terraform.tfvars:1,1-2. Each argument may be set only once.");
        assert_eq!(e[0].range, Some(2..3));
    }

    #[test]
    fn placeholders_have_the_requested_length() {
        for len in 1..6 {
            for n in 0..100 {
                let p = placeholder_ident(len, n);
                assert_eq!(p.len(), len);
                assert!(is_identifier(&p));
            }
        }
    }

    #[test]
    fn numbers_beyond_f64_parse() {
        let p = parse_wrapped(
            "[1e400, 2]",
            "v = ",
            "\n",
            "terraform.tfvars",
            Source::Value,
            DEFAULT_LIMITS,
        )
        .unwrap();
        assert!(p.text.contains("0e000"));
    }

    fn first_error(src: &str) -> (String, String) {
        let e = parse_wrapped(
            src,
            "variable \"v\" {\n  type = ",
            "\n}\n",
            "main.tf",
            Source::Type,
            DEFAULT_LIMITS,
        )
        .err()
        .expect("should fail");
        (e[0].summary.clone(), e[0].detail.clone())
    }

    #[test]
    fn parse_errors_read_as_hclsyntax_reads_them() {
        let cases = [
            ("set(string)(number)", "Missing newline after argument"),
            ("list(string", "Missing argument separator"),
            ("object({a=string", "Unterminated function call"),
            ("object({a=string)", "Missing attribute separator"),
            ("tuple([string", "Missing item separator"),
            ("list(string))", "Missing newline after argument"),
            ("list(,)", "Invalid expression"),
            ("object({a=})", "Invalid expression"),
            ("object({a})", "Missing key/value separator"),
            ("object({=string})", "Invalid expression"),
            ("list(string]", "Missing argument separator"),
            ("\"abc", "Invalid multi-line string"),
            ("list(\"a)", "Invalid multi-line string"),
            ("object({a=string b=number})", "Missing attribute separator"),
            ("object({a=string,,b=number})", "Invalid expression"),
            ("string string", "Missing newline after argument"),
            ("$", "Invalid character"),
            ("list(string)}", "Missing newline after argument"),
            ("list(string) = 1", "Missing newline after argument"),
            ("<<EOT\nstring", "Unterminated template string"),
            ("object({a=string}", "Missing argument separator"),
            ("{", "Unclosed configuration block"),
            ("[", "Invalid expression"),
            ("(", "Invalid expression"),
            (")", "Invalid expression"),
            ("", "Invalid expression"),
            ("\nstring", "Invalid expression"),
            ("# c\nstring", "Invalid expression"),
            ("object({a=string\n,b=number})", "Invalid expression"),
            (
                "object({a=optional(number, 0x10)})",
                "Missing argument separator",
            ),
            ("list(string) & x", "Unsupported operator"),
            ("list(string);", "Invalid character"),
            ("'string'", "Invalid character"),
            ("\u{201c}string\u{201d}", "Invalid character"),
        ];
        for (src, want) in cases {
            assert_eq!(first_error(src).0, want, "{src:?}");
        }
    }
}
