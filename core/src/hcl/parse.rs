//! A parser for HCL's native syntax that follows hclsyntax's grammar, its
//! diagnostics (summary, detail, subject range) and its template rules (strip
//! markers, flush heredocs). It stops at the first syntax error: Terraform
//! reports more, but never evaluates a value with any, and the first is the
//! one shown.
//!
//! Nesting is limited to [`MAX_DEPTH`] levels so that neither this parser nor
//! anything walking its trees or the resulting values can exhaust the stack.

mod body;
pub use body::{Attribute, Block, Body, BodyItem};

use super::ast::*;
use super::lex::{Lexer, Tok, Token};
use super::pos::PosMap;
use crate::diag::{Diagnostic, Source, SpanTree};
use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

/// The deepest nesting of expressions accepted in a value.
pub const MAX_DEPTH: u32 = 128;

/// A diagnostic with a range in the parsed text (not yet in the value source).
#[derive(Clone, Debug)]
pub struct RawDiag {
    pub summary: String,
    pub detail: String,
    pub range: Span,
}

impl RawDiag {
    pub fn new(summary: impl Into<String>, detail: impl Into<String>, range: Span) -> RawDiag {
        RawDiag { summary: summary.into(), detail: detail.into(), range }
    }

    /// Into a value diagnostic: `offset` is where the value source starts in the parsed text.
    pub fn into_diag(self, offset: usize, src_len: usize) -> Diagnostic {
        let map = |b: usize| b.saturating_sub(offset).min(src_len);
        Diagnostic::error(Source::Value, self.summary, self.detail, Some(map(self.range.start)..map(self.range.end)))
    }
}

/// Diagnostics as they are collected: the first [`crate::diag::MAX_DIAGNOSTICS`]
/// kept, the rest counted.
pub type Diags = crate::diag::Capped<RawDiag>;

/// A syntax error has been recorded; stop.
#[derive(Debug)]
pub struct Stop;

type PResult<T> = Result<T, Stop>;

/// Counts of the "never valid" tokens already reported (hcl limits repeats).
#[derive(Default)]
struct Told {
    bitwise: u32,
    backtick: u32,
    apostrophe: u32,
    semicolon: u32,
}

pub struct Parser<'a> {
    lexer: Lexer<'a>,
    /// Tokens scanned ahead: those from `head` on are not read yet.
    buf: Vec<Token>,
    head: usize,
    nl_stack: Vec<bool>,
    prev: Option<Token>,
    lex_diags: Diags,
    told: Told,
    pub diags: Diags,
    depth: u32,
    filename: &'a str,
    posmap: Option<PosMap<'a>>,
    types: TypeCache,
    /// Where the value source starts in the parsed text and how long it is:
    /// ranges of folded constants are kept in source terms.
    pub span_offset: usize,
    pub span_len: usize,
    /// Whether folded constants record their parts' ranges. They are only
    /// needed to place an error; without them a large value parses faster.
    pub want_spans: bool,
    /// Object keys written as bare names, shared (see [`Parser::key_value`]).
    keys: Vec<(&'a str, Value)>,
    /// The entries of the literal objects being scanned, one stack for all
    /// of them: an object's entries are moved from it into the object's one
    /// allocation (see [`Parser::scan_object`]).
    obj_entries: Vec<(crate::value::Key, Value)>,
    /// Bytes scanned by literal-data attempts that gave up (see [`Parser::try_literal`]).
    literal_waste: usize,
    /// How many objects read as literal data had a key written twice.
    #[cfg(not(target_arch = "wasm32"))]
    literal_dup_keys: usize,
    /// Whether literal data takes the fast path (tests compare it with the
    /// general path).
    pub literal_fast: bool,
    /// Whether tuples and objects of literal data are folded into constants
    /// (the type parser keeps every node).
    pub fold: bool,
    /// Whether the text is a type constraint (for the words of the nesting
    /// limit's diagnostic).
    pub type_source: bool,
    /// Whether a block left open at the end of the file keeps what was read
    /// of it, as hcl's body parser does (whole configuration files), and
    /// a syntax error in a body item is recovered from as hcl recovers
    /// (the rest of the body is read; later errors are not reported).
    pub partial: bool,
    /// The number of parser diagnostics when the first error was recovered
    /// from (hcl's `recovery` mode: later errors are not reported).
    recovered_at: Option<usize>,
    /// A bare template's `%{ if }` with a condition that does not parse is
    /// read on, as hclsyntax's `ParseTemplate` reads on in recovery (so that
    /// the missing `endif` is reported too).
    pub if_recovery: bool,
}

/// A value read by the literal-data path, with what the general path would
/// have recorded for it.
struct Lit {
    value: Value,
    spans: SpanTree,
    depth: u32,
    range: Span,
}

/// Literal data nests at most this deep on the fast path (deeper text takes
/// the general path, which has the real limit and its diagnostic).
const LITERAL_MAX_NEST: u32 = 24;

/// At most this many distinct bare-name keys are shared per parse (objects
/// in one value mostly repeat a few names).
const MAX_SHARED_KEYS: usize = 32;

impl<'a> Parser<'a> {
    pub fn new(src: &'a str, filename: &'a str) -> Parser<'a> {
        Parser {
            lexer: Lexer::new(src),
            buf: Vec::new(),
            head: 0,
            nl_stack: vec![true],
            prev: None,
            lex_diags: Diags::new(),
            told: Told::default(),
            diags: Diags::new(),
            depth: 0,
            filename,
            posmap: None,
            types: TypeCache::default(),
            span_offset: 0,
            span_len: usize::MAX,
            want_spans: true,
            keys: Vec::new(),
            obj_entries: Vec::new(),
            literal_waste: 0,
            #[cfg(not(target_arch = "wasm32"))]
            literal_dup_keys: 0,
            literal_fast: true,
            fold: true,
            type_source: false,
            partial: false,
            recovered_at: None,
            if_recovery: false,
        }
    }

    /// A bare-name object key as its string value. The same name in many
    /// objects is one shared string.
    fn key_value(&mut self, name: &'a str) -> Value {
        if let Some((_, v)) = self.keys.iter().find(|(k, _)| *k == name) {
            return v.clone();
        }
        let v = str_value(name);
        if self.keys.len() < MAX_SHARED_KEYS {
            self.keys.push((name, v.clone()));
        }
        v
    }

    /// Reads the text as the flavor's hcl does (whether `::` is one token).
    pub fn set_profile(&mut self, p: &'a crate::flavor::Profile) {
        self.lexer.profile = Some(p);
    }

    fn src(&self) -> &'a str {
        self.lexer.src()
    }

    fn text(&self, t: &Token) -> &'a str {
        &self.src()[t.range()]
    }

    /// [`Parser::range_string`] for a text whose ranges are printed once
    /// (no map of its lines is kept, unless one was made already).
    pub fn range_string_once(&mut self, r: &Span) -> String {
        let src = self.src();
        match &self.posmap {
            Some(pm) => pm.range_string(self.filename, r),
            None => {
                let u = self.lexer.profile.map_or(crate::unicode::Unicode::V15_0, |p| p.unicode_of(src));
                PosMap::range_string_once(src, u, self.filename, r)
            }
        }
    }

    /// `hcl.Range.String()` of a range in the parsed text.
    pub fn range_string(&mut self, r: &Span) -> String {
        let src = self.src();
        let u = self.lexer.profile.map_or(crate::unicode::Unicode::V15_0, |p| p.unicode_of(src));
        let pm = self.posmap.get_or_insert_with(|| PosMap::new_as(src, u));
        pm.range_string(self.filename, r)
    }

    // ----- token stream (hclsyntax's peeker) -----

    fn pull(&mut self) {
        let t = self.lexer.next_token();
        self.check_token(&t);
        self.buf.push(t);
    }

    /// Reports tokens that are never valid, as hclsyntax's `checkInvalidTokens` does.
    #[inline]
    fn check_token(&mut self, t: &Token) {
        if matches!(
            t.kind,
            Tok::BitwiseAnd
                | Tok::BitwiseOr
                | Tok::BitwiseXor
                | Tok::BitwiseNot
                | Tok::Backtick
                | Tok::Apostrophe
                | Tok::Semicolon
                | Tok::QuotedNewline
                | Tok::Invalid
        ) {
            self.report_invalid_token(t);
        }
    }

    #[cold]
    #[inline(never)]
    fn report_invalid_token(&mut self, t: &Token) {
        let r = t.range();
        let text = &self.src()[r.clone()];
        let d = match t.kind {
            Tok::BitwiseAnd | Tok::BitwiseOr | Tok::BitwiseXor | Tok::BitwiseNot => {
                if self.told.bitwise >= 4 {
                    return;
                }
                self.told.bitwise += 1;
                let suggestion = match t.kind {
                    Tok::BitwiseAnd => " Did you mean boolean AND (\"&&\")?",
                    Tok::BitwiseOr => " Did you mean boolean OR (\"||\")?",
                    Tok::BitwiseNot => " Did you mean boolean NOT (\"!\")?",
                    _ => "",
                };
                RawDiag::new("Unsupported operator", format!("Bitwise operators are not supported.{suggestion}"), r)
            }
            Tok::Backtick => {
                let report = self.told.backtick.is_multiple_of(2);
                if self.told.backtick <= 2 {
                    self.told.backtick += 1;
                }
                if !report {
                    return;
                }
                RawDiag::new(
                    "Invalid character",
                    "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
                    r,
                )
            }
            Tok::Apostrophe => {
                let report = self.told.apostrophe.is_multiple_of(2);
                if self.told.apostrophe <= 2 {
                    self.told.apostrophe += 1;
                }
                if !report {
                    return;
                }
                RawDiag::new("Invalid character", "Single quotes are not valid. Use double quotes (\") to enclose strings.", r)
            }
            Tok::Semicolon => {
                if self.told.semicolon >= 1 {
                    return;
                }
                self.told.semicolon += 1;
                RawDiag::new(
                    "Invalid character",
                    "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
                    r,
                )
            }
            Tok::QuotedNewline => RawDiag::new(
                "Invalid multi-line string",
                "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
                r,
            ),
            Tok::Invalid => {
                if text == "\u{201c}" || text == "\u{201d}" {
                    RawDiag::new(
                        "Invalid character",
                        "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
                        r,
                    )
                } else {
                    RawDiag::new("Invalid character", "This character is not used within the language.", r)
                }
            }
            _ => return,
        };
        self.lex_diags.push(d);
    }

    fn including_newlines(&self) -> bool {
        *self.nl_stack.last().unwrap_or(&true)
    }

    fn push_nl(&mut self, include: bool) {
        self.nl_stack.push(include);
    }

    fn pop_nl(&mut self) {
        self.nl_stack.pop();
    }

    /// The next significant token and its index among the tokens not read yet.
    #[inline]
    fn next_index(&mut self) -> (Token, usize) {
        // The common case: the next buffered token is significant.
        if let Some(&t) = self.buf.get(self.head) {
            if !matches!(t.kind, Tok::Comment | Tok::Newline) {
                return (t, 0);
            }
        }
        self.next_index_scan()
    }

    #[inline(never)]
    fn next_index_scan(&mut self) -> (Token, usize) {
        let mut i = 0;
        loop {
            while self.head + i >= self.buf.len() {
                self.pull();
            }
            let t = self.buf[self.head + i];
            match t.kind {
                Tok::Comment => {
                    if self.including_newlines() && self.text(&t).ends_with('\n') {
                        return (Token { kind: Tok::Newline, start: t.start, end: t.end }, i);
                    }
                }
                Tok::Newline if !self.including_newlines() => {}
                _ => return (t, i),
            }
            if t.kind == Tok::Eof {
                return (t, i);
            }
            i += 1;
        }
    }

    fn peek(&mut self) -> Token {
        self.next_index().0
    }

    /// The raw token right after the next significant one (no skipping).
    fn peek_after(&mut self) -> Token {
        let (_, i) = self.next_index();
        while self.head + i + 1 >= self.buf.len() {
            self.pull();
        }
        self.buf[self.head + i + 1]
    }

    fn read(&mut self) -> Token {
        let (t, i) = self.next_index();
        // The end of the input stays to be read again.
        self.consume(if t.kind == Tok::Eof { i } else { i + 1 });
        self.prev = Some(t);
        t
    }

    /// Marks the next `n` buffered tokens read.
    #[inline]
    fn consume(&mut self, n: usize) {
        self.head += n;
        if self.head >= self.buf.len() {
            self.buf.clear();
            self.head = 0;
        } else if self.head >= 64 {
            // The buffer never holds more than a few tokens ahead.
            self.buf.drain(..self.head);
            self.head = 0;
        }
    }

    fn prev_range(&mut self) -> Span {
        match self.prev {
            Some(t) => t.range(),
            None => self.peek().range(),
        }
    }

    /// Reads the rest of the input so that every never-valid token is reported.
    pub fn drain_lexer(&mut self) {
        loop {
            let t = self.lexer.next_token();
            if t.kind == Tok::Eof {
                break;
            }
            self.check_token(&t);
        }
    }

    /// The parse's result once the rest of the input has been scanned: what
    /// was parsed, or every diagnostic when there is any (see [`Parser::take_diags`]).
    pub fn finish<T>(&mut self, parsed: PResult<T>) -> Result<T, Diags> {
        self.drain_lexer();
        let diags = self.take_diags();
        match parsed {
            Ok(t) if diags.is_empty() => Ok(t),
            _ => Err(diags),
        }
    }

    /// Like [`Parser::finish`], but keeps what was parsed next to the
    /// diagnostics (hcl hands Terraform a partial body with its errors).
    pub fn finish_partial<T>(&mut self, parsed: PResult<T>) -> (Option<T>, Diags) {
        self.drain_lexer();
        if let Some(n) = self.recovered_at {
            self.diags.truncate(n);
        }
        (parsed.ok(), self.take_diags())
    }

    /// All diagnostics in hcl's order: scanner findings first, then the parser's.
    pub fn take_diags(&mut self) -> Diags {
        let mut out = std::mem::take(&mut self.lex_diags);
        out.append(std::mem::take(&mut self.diags));
        out
    }

    fn err<T>(&mut self, summary: &str, detail: impl Into<String>, range: Span) -> PResult<T> {
        self.push_err(summary, detail.into(), range);
        Err(Stop)
    }

    /// [`Parser::err`]'s diagnostic, once for every result type (issue #39:
    /// lighter in the engines' .wasm).
    #[inline(never)]
    fn push_err(&mut self, summary: &str, detail: String, range: Span) {
        self.diags.push(RawDiag::new(summary, detail, range));
    }

    /// Enters `cost` levels of nesting (constructs whose parsing needs more
    /// stack cost more), failing past [`MAX_DEPTH`].
    fn enter(&mut self, cost: u32, at: Span) -> PResult<()> {
        self.depth += cost;
        if self.depth > MAX_DEPTH {
            self.depth -= cost;
            return self.too_deep(at);
        }
        Ok(())
    }

    fn check_depth(&mut self, e: Expr) -> PResult<Expr> {
        if e.depth > MAX_DEPTH {
            return self.too_deep(e.range().start..e.range().start + 1);
        }
        Ok(e)
    }

    fn too_deep<T>(&mut self, range: Span) -> PResult<T> {
        if self.type_source {
            return self.err(
                "Type constraint too deeply nested",
                format!("This type constraint nests expressions or blocks more than {MAX_DEPTH} levels deep, which tftype does not accept. Terraform itself has no such limit, but no real type needs it."),
                range,
            );
        }
        self.err(
            "Value too deeply nested",
            format!("This value nests expressions more than {MAX_DEPTH} levels deep, which tftype does not accept. Terraform itself has no such limit, but no real value needs it."),
            range,
        )
    }

    // ----- entry points -----

    /// Parses `v = <expression>` as the single attribute of a `.tfvars` file
    /// and returns its expression.
    pub fn parse_tfvars_attribute(&mut self) -> PResult<Expr> {
        // The synthetic file always starts with `v =`.
        let name = self.read();
        let eq = self.read();
        debug_assert!(name.kind == Tok::Ident && eq.kind == Tok::Equal);
        let expr = self.parse_expression()?;
        let end = self.peek();
        if end.kind != Tok::Newline && end.kind != Tok::Eof {
            let (summary, detail) = if end.kind == Tok::Comma {
                (
                    "Unexpected comma after argument",
                    "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                )
            } else {
                ("Missing newline after argument", "An argument definition must end with a newline.")
            };
            return self.err(summary, detail, end.range());
        }
        self.read();
        // Anything else in the file would be further attributes or blocks.
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Eof => break,
                Tok::Newline => {
                    self.read();
                }
                Tok::Ident
                    if !matches!(self.peek_after().kind, Tok::Equal | Tok::OQuote | Tok::OBrace | Tok::Ident) =>
                {
                    return self.err(
                        "Argument or block definition required",
                        "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                        t.range(),
                    );
                }
                Tok::Ident => {
                    return self.err(
                        "Unexpected extra definition",
                        "The value must be a single expression. In a .tfvars file this line would start the definition of another variable.",
                        t.range(),
                    );
                }
                Tok::OQuote => {
                    return self.err("Invalid argument name", "Argument names must not be quoted.", t.range())
                }
                _ => {
                    return self.err(
                        "Argument or block definition required",
                        "An argument or block definition is required here.",
                        t.range(),
                    )
                }
            }
        }
        Ok(expr)
    }

    /// `hclsyntax.ParseExpression`: a standalone expression (newlines ignored).
    /// Reads the text from byte `start` on (the bytes before only give the
    /// positions).
    pub fn start_at(&mut self, start: usize) {
        self.lexer.start_at(start);
    }

    /// hclsyntax's `ParseTemplate` of the text from byte `start` on: a
    /// template without quotes, to the end of the text.
    pub fn parse_bare_template(&mut self, start: usize) -> PResult<Expr> {
        self.lexer.start_bare_template(start);
        let at = start.min(self.src().len());
        let (parts, passthru) = self.parse_template_inner(Tok::Eof, false, at..at)?;
        let range = at..self.src().len();
        let e = if passthru {
            let only = parts.into_iter().next().ok_or(Stop)?;
            Expr::new(ExprKind::TemplateWrap(Box::new(only)), range)
        } else {
            Expr::new(ExprKind::Template(parts), range)
        };
        Ok(e)
    }

    pub fn parse_standalone_expression(&mut self) -> PResult<Expr> {
        self.push_nl(false);
        let e = self.parse_expression();
        let e = match e {
            Ok(e) => e,
            Err(s) => {
                self.pop_nl();
                return Err(s);
            }
        };
        let next = self.peek();
        if next.kind != Tok::Eof {
            self.pop_nl();
            return self.err(
                "Extra characters after expression",
                "An expression was successfully parsed, but extra characters were found after it.",
                next.range(),
            );
        }
        self.pop_nl();
        Ok(e)
    }

    // ----- expressions -----

    pub fn parse_expression(&mut self) -> PResult<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let r = self.peek().range();
            self.depth -= 1;
            return self.too_deep(r);
        }
        let r = self.parse_ternary();
        self.depth -= 1;
        r
    }

    fn parse_ternary(&mut self) -> PResult<Expr> {
        let start = self.peek().start;
        let cond = self.parse_binary(0)?;
        if self.peek().kind != Tok::Question {
            return Ok(cond);
        }
        self.finish_conditional(start, cond)
    }

    #[inline(never)]
    fn finish_conditional(&mut self, start: usize, cond: Expr) -> PResult<Expr> {
        self.read();
        let t = self.parse_expression()?;
        let colon = self.peek();
        if colon.kind != Tok::Colon {
            return self.err(
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                colon.range(),
            );
        }
        self.read();
        let f = self.parse_expression()?;
        let range = start..f.range().end;
        let e = Expr::new(ExprKind::Conditional { cond: Box::new(cond), t: Box::new(t), f: Box::new(f) }, range);
        self.check_depth(e)
    }

    fn binop(kind: Tok) -> Option<BinOp> {
        Some(match kind {
            Tok::Or => BinOp::Or,
            Tok::And => BinOp::And,
            Tok::EqualOp => BinOp::Eq,
            Tok::NotEqual => BinOp::Ne,
            Tok::Gt => BinOp::Gt,
            Tok::Ge => BinOp::Ge,
            Tok::Lt => BinOp::Lt,
            Tok::Le => BinOp::Le,
            Tok::Plus => BinOp::Add,
            Tok::Minus => BinOp::Sub,
            Tok::Star => BinOp::Mul,
            Tok::Slash => BinOp::Div,
            Tok::Percent => BinOp::Mod,
            _ => return None,
        })
    }

    /// Precedence climbing; every level is left-associative as in hclsyntax.
    fn parse_binary(&mut self, min_level: u8) -> PResult<Expr> {
        let lhs = self.parse_with_traversals()?;
        match Self::binop(self.peek().kind) {
            Some(op) if op.level() >= min_level => self.binary_rest(lhs, min_level),
            _ => Ok(lhs),
        }
    }

    #[inline(never)]
    fn binary_rest(&mut self, mut lhs: Expr, min_level: u8) -> PResult<Expr> {
        while let Some(op) = Self::binop(self.peek().kind) {
            if op.level() < min_level {
                break;
            }
            self.read();
            let rhs = self.parse_binary(op.level() + 1)?;
            let range = lhs.range().start..rhs.range().end;
            // A long chain (`1 + 1 + …`) is as deep as it is long: say so in
            // the user's terms, not as nesting.
            if lhs.depth >= MAX_DEPTH && rhs.depth < MAX_DEPTH && matches!(lhs.kind, ExprKind::Binary { .. }) {
                return self.err(
                    "Expression too long",
                    format!("This expression chains more than {MAX_DEPTH} operators, which tftype does not accept. Terraform itself has no such limit, but no real value needs it; split it into parts."),
                    range,
                );
            }
            lhs =
                self.check_depth(Expr::new(ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }, range))?;
        }
        Ok(lhs)
    }

    fn parse_with_traversals(&mut self) -> PResult<Expr> {
        let t = self.parse_term()?;
        if matches!(self.peek().kind, Tok::Dot | Tok::OBrack) {
            self.parse_traversals(t)
        } else {
            Ok(t)
        }
    }

    fn number_value(&mut self, tok: &Token) -> PResult<Value> {
        match Number::parse_literal(self.text(tok)) {
            Ok(n) => Ok(Value::number(n)),
            // tftype's own limit, not the input's fault.
            Err(crate::number::NumberError::Range) => {
                self.err("Number too large", crate::number::LITERAL_RANGE_DETAIL, tok.range())
            }
            Err(_) => {
                self.err("Invalid number literal", "Failed to recognize the value of this number literal.", tok.range())
            }
        }
    }

    fn add_step(&mut self, e: Expr, step: Step, step_end: usize) -> PResult<Expr> {
        let range = e.range();
        let start = range.start;
        Ok(match e.kind {
            ExprKind::Scope(mut s) => {
                s.steps.push(step);
                Expr::with_depth(ExprKind::Scope(s), start..step_end, e.depth)
            }
            ExprKind::Relative(mut r) => {
                r.steps.push(step);
                Expr::with_depth(ExprKind::Relative(r), start..step_end, e.depth)
            }
            kind => {
                let e = Expr::with_depth(kind, range, e.depth);
                self.check_depth(Expr::new(
                    ExprKind::Relative(Box::new(RelativeExpr { source: e, steps: vec![step] })),
                    start..step_end,
                ))?
            }
        })
    }

    fn legacy_index_error<T>(&mut self, num: &Token, subject: Span, splat: bool) -> PResult<T> {
        let text = self.text(num);
        let (a, b) = text.split_once('.').unwrap_or((text, ""));
        let detail = if splat {
            format!("When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [{a}][{b}].")
        } else {
            format!("When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{a}][{b}].")
        };
        self.err("Invalid legacy index syntax", detail, subject)
    }

    #[inline(never)]
    fn parse_traversals(&mut self, from: Expr) -> PResult<Expr> {
        let from_start = from.range().start;
        let mut ret = from;
        loop {
            let next = self.peek();
            match next.kind {
                Tok::Dot => {
                    let dot = self.read();
                    let attr = self.peek();
                    match attr.kind {
                        Tok::Ident => {
                            self.read();
                            let name = self.text(&attr).to_string();
                            let range = dot.start..attr.end;
                            ret = self.add_step(ret, Step::Attr { name, range: range.clone() }, range.end)?;
                        }
                        Tok::NumberLit => {
                            self.read();
                            if self.text(&attr).contains('.') {
                                return self.legacy_index_error(&attr, attr.range(), false);
                            }
                            let key = self.number_value(&attr)?;
                            let range = dot.start..attr.end;
                            ret = self.add_step(ret, Step::Index { key, range: range.clone() }, range.end)?;
                        }
                        Tok::Star => {
                            let marker = self.read();
                            let mut steps = Vec::new();
                            let first_start = self.peek().start;
                            let mut last_end = marker.end;
                            while self.peek().kind == Tok::Dot {
                                let dot2 = self.read();
                                let t = self.peek();
                                if t.kind == Tok::NumberLit {
                                    self.read();
                                    if self.text(&t).contains('.') {
                                        return self.legacy_index_error(&t, attr.range(), true);
                                    }
                                    let key = self.number_value(&t)?;
                                    steps.push(Step::Index { key, range: dot2.start..t.end });
                                    last_end = t.end;
                                    continue;
                                }
                                if t.kind != Tok::Ident {
                                    if t.kind == Tok::Star {
                                        return self.err(
                                            "Nested splat expression not allowed",
                                            "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                                            t.range(),
                                        );
                                    }
                                    return self.err(
                                        "Invalid attribute name",
                                        "An attribute name is required after a dot.",
                                        attr.range(),
                                    );
                                }
                                self.read();
                                steps.push(Step::Attr { name: self.text(&t).to_string(), range: dot2.start..t.end });
                                last_end = t.end;
                            }
                            let item_range = dot.start..marker.end;
                            let item = Expr::new(ExprKind::AnonSymbol, item_range.clone());
                            let each = if steps.is_empty() {
                                item
                            } else {
                                Expr::new(
                                    ExprKind::Relative(Box::new(RelativeExpr { source: item, steps })),
                                    first_start..last_end,
                                )
                            };
                            let e = Expr::new(
                                ExprKind::Splat(Box::new(SplatExpr { source: ret, each, marker_range: item_range })),
                                from_start..last_end,
                            );
                            ret = self.check_depth(e)?;
                        }
                        _ => {
                            return self.err(
                                "Invalid attribute name",
                                "An attribute name is required after a dot.",
                                attr.range(),
                            )
                        }
                    }
                }
                Tok::OBrack => {
                    let open = self.read();
                    if self.peek().kind == Tok::Star {
                        self.read();
                        let close = self.read();
                        if close.kind != Tok::CBrack {
                            return self.err(
                                "Missing close bracket on splat index",
                                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                                close.range(),
                            );
                        }
                        let marker_range = open.start..close.end;
                        let item = Expr::new(ExprKind::AnonSymbol, marker_range.clone());
                        self.depth += 1;
                        if self.depth > MAX_DEPTH {
                            self.depth -= 1;
                            return self.too_deep(marker_range);
                        }
                        let each = self.parse_traversals(item);
                        self.depth -= 1;
                        let each = each?;
                        let end = each.range().end;
                        let e = Expr::new(
                            ExprKind::Splat(Box::new(SplatExpr { source: ret, each, marker_range })),
                            from_start..end,
                        );
                        return self.check_depth(e);
                    }
                    self.push_nl(false);
                    let key = self.parse_expression();
                    let key = match key {
                        Ok(k) => k,
                        Err(s) => {
                            self.pop_nl();
                            return Err(s);
                        }
                    };
                    let close = self.read();
                    self.pop_nl();
                    if close.kind != Tok::CBrack {
                        return self.err(
                            "Missing close bracket on index",
                            "The index operator must end with a closing bracket (\"]\").",
                            close.range(),
                        );
                    }
                    let range = open.start..close.end;
                    let literal_key = match &key.kind {
                        ExprKind::Literal(v) => Some(v.value()),
                        ExprKind::Template(parts) if parts.len() == 1 => match &parts[0].kind {
                            ExprKind::Literal(v) => Some(v.value()),
                            _ => None,
                        },
                        _ => None,
                    };
                    ret = match literal_key {
                        Some(k) => self.add_step(ret, Step::Index { key: k, range: range.clone() }, range.end)?,
                        None => {
                            let e = Expr::new(
                                ExprKind::Index(Box::new(IndexExpr {
                                    coll: ret,
                                    key,
                                    open_range: open.range(),
                                    bracket_range: range.clone(),
                                })),
                                from_start..range.end,
                            );
                            self.check_depth(e)?
                        }
                    };
                }
                _ => return Ok(ret),
            }
        }
    }

    /// One expression term (dispatch only, to keep the recursive path's stack frames small).
    fn parse_term(&mut self) -> PResult<Expr> {
        match self.peek().kind {
            Tok::OParen => self.term_parens(),
            Tok::NumberLit => self.term_number(),
            Tok::Ident => self.term_ident(),
            Tok::OQuote | Tok::OHeredoc => self.term_template(),
            Tok::Minus | Tok::Bang => self.term_unary(),
            Tok::OBrack => match self.try_literal() {
                Some(e) => Ok(e),
                None => self.parse_tuple(),
            },
            Tok::OBrace => match self.try_literal() {
                Some(e) => Ok(e),
                None => self.parse_object(),
            },
            _ => self.term_invalid(),
        }
    }

    // ----- literal data -----
    //
    // Values are mostly literal data: tuples and objects of numbers, plain
    // strings, bools and nulls. Such a tuple or object is read here byte by
    // byte straight into its value, with the same result the general path
    // gives after folding it (`finish_tuple`, `parse_object_items`): the same
    // value, ranges and tree height, without tokens or expressions. Anything
    // else (an expression, an escape, a comment, a non-ASCII name, a syntax
    // error) makes the attempt give up without consuming anything, and the
    // general path, which has all of hcl's rules and messages, reads it.

    /// The tuple or object at the next token as literal data, or None (and
    /// nothing consumed) when it is not. Attempts stop once those that gave
    /// up have scanned twice the text, so the general path never pays more
    /// than that for them.
    #[inline(never)]
    fn try_literal(&mut self) -> Option<Expr> {
        if !self.literal_fast
            || !self.fold
            || self.literal_waste > 2 * self.src().len() + 4096
            || self.depth + 3 * LITERAL_MAX_NEST >= MAX_DEPTH
        {
            return None;
        }
        // Read from the bytes only when the scanner holds nothing beyond the
        // opening bracket, so that it can continue after the literal.
        let open = self.peek();
        if self.buf.len() - self.head != 1 || self.lexer.plain_position() != Some(open.end) {
            return None;
        }
        let mut end = open.start;
        #[cfg(not(target_arch = "wasm32"))]
        let dups = self.literal_dup_keys;
        let Some(l) = self.scan_value(&mut end, 0) else {
            self.literal_waste += end.saturating_sub(open.start);
            return None;
        };
        let kind = if open.kind == Tok::OBrack { Tok::CBrack } else { Tok::CBrace };
        self.buf.clear();
        self.head = 0;
        self.lexer.skip_to(end);
        self.prev = Some(Token { kind, start: end - 1, end });
        Some(Expr::with_depth(
            ExprKind::Const(Box::new(ConstVal {
                #[cfg(not(target_arch = "wasm32"))]
                keys_once: self.literal_dup_keys == dups,
                ..ConstVal::new(l.value, l.spans, open.range())
            })),
            l.range,
            l.depth,
        ))
    }

    /// One literal at byte `*at`: a number (negated or not), a plain string,
    /// `true`, `false`, `null`, or a tuple or object of literals; `*at` moves
    /// past it (or to where reading gave up).
    fn scan_value(&mut self, at: &mut usize, nest: u32) -> Option<Lit> {
        let src = self.src();
        let b = src.as_bytes();
        let p = *at;
        match *b.get(p)? {
            b'0'..=b'9' => {
                let e = super::lex::number_end(b, p);
                *at = e;
                let n = Number::parse_literal(&src[p..e]).ok()?;
                Some(self.lit_leaf(Value::number(n), p..e, 1))
            }
            b'-' => {
                let q = skip_blanks(b, p + 1);
                *at = q;
                if !b.get(q)?.is_ascii_digit() {
                    return None;
                }
                let e = super::lex::number_end(b, q);
                *at = e;
                let n = Number::parse_literal(&src[q..e]).ok()?;
                Some(self.lit_leaf(Value::number(n.neg()), p..e, 2))
            }
            b'"' => {
                let e = plain_string_end(b, p)?;
                *at = e;
                Some(self.lit_leaf(str_value(&src[p + 1..e - 1]), p..e, 2))
            }
            b't' | b'f' | b'n' => {
                let e = ascii_ident_end(b, p)?;
                *at = e;
                let v = match &src[p..e] {
                    "true" => Value::bool(true),
                    "false" => Value::bool(false),
                    "null" => Value::null(Type::Dynamic),
                    _ => return None,
                };
                Some(self.lit_leaf(v, p..e, 1))
            }
            b'[' if nest < LITERAL_MAX_NEST => self.scan_tuple(at, nest),
            b'{' if nest < LITERAL_MAX_NEST => self.scan_object(at, nest),
            _ => None,
        }
    }

    fn scan_tuple(&mut self, at: &mut usize, nest: u32) -> Option<Lit> {
        let b = self.src().as_bytes();
        let open = *at;
        let m = SpanMap(self.span_offset, self.span_len);
        let mut vals = Vec::new();
        let mut kids = std::collections::BTreeMap::new();
        let mut depth = 0;
        // Inside brackets newlines are not significant.
        *at = skip_blanks_and_newlines(b, open + 1);
        loop {
            if b.get(*at) == Some(&b']') {
                break;
            }
            let e = self.scan_value(at, nest + 1)?;
            depth = depth.max(e.depth);
            if self.want_spans {
                kids.insert(vals.len().to_string(), e.spans);
            }
            vals.push(e.value);
            *at = skip_blanks_and_newlines(b, *at);
            match b.get(*at)? {
                b']' => break,
                b',' => *at = skip_blanks_and_newlines(b, *at + 1),
                _ => return None,
            }
        }
        *at += 1;
        let range = open..*at;
        Some(Lit {
            value: self.types.tuple(vals),
            spans: SpanTree { range: m.range(range.clone()), kids },
            depth: depth + 1,
            range,
        })
    }

    fn scan_object(&mut self, at: &mut usize, nest: u32) -> Option<Lit> {
        let base = self.obj_entries.len();
        let r = self.scan_object_entries(at, nest, base);
        if r.is_none() {
            // Given up: the entries read so far are not this object's.
            self.obj_entries.truncate(base);
        }
        r
    }

    /// [`Parser::scan_object`], its entries pushed from `base` on.
    fn scan_object_entries(&mut self, at: &mut usize, nest: u32, base: usize) -> Option<Lit> {
        let src = self.src();
        let b = src.as_bytes();
        let open = *at;
        // `{for ...}` is a `for` expression.
        let first = skip_blanks_and_newlines(b, open + 1);
        if ascii_ident_end(b, first).is_some_and(|e| &src[first..e] == "for") {
            return None;
        }
        let m = SpanMap(self.span_offset, self.span_len);
        let mut kids = std::collections::BTreeMap::new();
        let mut depth = 0;
        *at = open + 1;
        loop {
            // Inside braces newlines separate attributes; blank lines are skipped.
            *at = skip_blanks(b, *at);
            let nl = newline_len(b, *at);
            if nl > 0 {
                *at += nl;
                continue;
            }
            let p = *at;
            let (name, key_depth) = match *b.get(p)? {
                b'}' => break,
                b'"' => {
                    let e = plain_string_end(b, p)?;
                    *at = e;
                    (str_value(&src[p + 1..e - 1]), 3)
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    let e = ascii_ident_end(b, p)?;
                    *at = e;
                    (self.key_value(&src[p..e]), 1)
                }
                _ => return None,
            };
            let crate::value::Kind::String(name) = name.kind else {
                return None;
            };
            // `=` or `:` (in `==`, `=>` or `::` what follows is no value).
            *at = skip_blanks(b, *at);
            if !matches!(b.get(*at)?, b'=' | b':') {
                return None;
            }
            *at += 1;
            *at = skip_blanks(b, *at);
            let e = self.scan_value(at, nest + 1)?;
            depth = depth.max(key_depth).max(e.depth);
            // As in hcl, a later duplicate key wins.
            if self.want_spans {
                kids.insert(name.to_string(), e.spans);
            }
            self.obj_entries.push((name, e.value));
            *at = skip_blanks(b, *at);
            match *b.get(*at)? {
                b'}' => break,
                b',' => *at += 1,
                _ => match newline_len(b, *at) {
                    0 => return None,
                    n => *at += n,
                },
            }
        }
        *at += 1;
        let range = open..*at;
        // cty's order (keys bytewise); the sort keeps a key written twice in
        // the order written, and as in hcl the later one wins.
        let entries = &mut self.obj_entries[base..];
        crate::value::sort_entries(entries);
        let attrs = if entries.windows(2).any(|w| w[0].0 == w[1].0) {
            let mut vals = crate::value::AttrMap::with_capacity(entries.len());
            self.literal_dup_key();
            for (k, v) in self.obj_entries.drain(base..) {
                vals.insert(k, v);
            }
            vals.into()
        } else {
            crate::value::Attrs::from_sorted(self.obj_entries.drain(base..))
        };
        Some(Lit {
            value: self.types.object_attrs(attrs, crate::value::Marks::NONE),
            spans: SpanTree { range: m.range(range.clone()), kids },
            depth: depth + 1,
            range,
        })
    }

    /// Counts an object of literal data with a key written twice (native
    /// only: see [`crate::hcl::ast::ConstVal::keys_once`]).
    #[inline]
    fn literal_dup_key(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.literal_dup_keys += 1;
        }
    }

    fn lit_leaf(&self, value: Value, range: Span, depth: u32) -> Lit {
        let m = SpanMap(self.span_offset, self.span_len);
        Lit { value, spans: SpanTree::leaf(m.range(range.clone())), depth, range }
    }

    /// A quoted string without escapes or sequences (the common case), built
    /// directly: the same template hcl builds, with fewer allocations.
    fn plain_string(&mut self, open: &Token) -> Option<Expr> {
        let t = self.peek();
        let (lit, close) = match t.kind {
            Tok::CQuote => (None, t),
            Tok::QuotedLit => {
                let text = self.text(&t);
                if text.contains('\\') || text.starts_with("$$") || text.starts_with("%%") {
                    return None;
                }
                let c = self.peek_after();
                if c.kind != Tok::CQuote {
                    return None;
                }
                (Some(t), c)
            }
            _ => return None,
        };
        let part = match lit {
            Some(t) => {
                self.read();
                Expr::new(ExprKind::Literal(LitVal::string(self.text(&t))), t.range())
            }
            // hcl puts the empty literal just after the token that follows the quote.
            None => Expr::new(ExprKind::Literal(LitVal::string("")), close.end..close.end),
        };
        self.read();
        Some(Expr::new(ExprKind::Template(vec![part]), open.start..close.end))
    }

    #[cold]
    #[inline(never)]
    fn term_invalid(&mut self) -> PResult<Expr> {
        let start = self.peek();
        if start.kind == Tok::Eof {
            return self.err(
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                start.range(),
            );
        }
        self.err(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
            start.range(),
        )
    }

    #[inline(never)]
    fn term_parens(&mut self) -> PResult<Expr> {
        let open = self.read();
        self.push_nl(false);
        let inner = self.parse_expression();
        let inner = match inner {
            Ok(e) => e,
            Err(s) => {
                self.pop_nl();
                return Err(s);
            }
        };
        let close = self.peek();
        if close.kind != Tok::CParen {
            self.pop_nl();
            return self.err(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                close.range(),
            );
        }
        let close = self.read();
        self.pop_nl();
        let e = Expr::new(ExprKind::Parens(Box::new(inner)), open.start..close.end);
        self.check_depth(e)
    }

    #[inline(never)]
    fn term_number(&mut self) -> PResult<Expr> {
        let t = self.read();
        let v = self.number_value(&t)?;
        let crate::value::Kind::Number(n) = v.kind else {
            return Err(Stop);
        };
        Ok(Expr::new(ExprKind::Literal(LitVal::number(n)), t.range()))
    }

    #[inline(never)]
    fn term_ident(&mut self) -> PResult<Expr> {
        let t = self.read();
        if self.peek().kind == Tok::OParen {
            return self.finish_call(t);
        }
        if self.peek().kind == Tok::DoubleColon {
            // Provider-namespaced functions (`provider::p::f()`) arrived in hcl 2.20.
            return self.finish_namespaced_call(t);
        }
        let name = self.text(&t);
        let v = match name {
            "true" => LitVal::bool(true),
            "false" => LitVal::bool(false),
            "null" => LitVal::null(),
            _ => {
                return Ok(Expr::new(
                    ExprKind::Scope(Box::new(ScopeExpr {
                        root: name.to_string(),
                        root_range: t.range(),
                        steps: vec![],
                    })),
                    t.range(),
                ));
            }
        };
        Ok(Expr::new(ExprKind::Literal(v), t.range()))
    }

    #[inline(never)]
    fn term_template(&mut self) -> PResult<Expr> {
        let open = self.read();
        if open.kind == Tok::OQuote {
            if let Some(e) = self.plain_string(&open) {
                return Ok(e);
            }
        }
        let (closer, flush) = if open.kind == Tok::OQuote {
            (Tok::CQuote, false)
        } else {
            (Tok::CHeredoc, self.text(&open).starts_with("<<-"))
        };
        self.enter(1, open.range())?;
        let inner = self.parse_template_inner(closer, flush, open.range());
        self.depth -= 1;
        let (parts, passthru) = inner?;
        let close = self.prev_range();
        let range = open.start..close.end;
        let e = if passthru {
            let only = parts.into_iter().next().ok_or(Stop)?;
            Expr::new(ExprKind::TemplateWrap(Box::new(only)), range)
        } else {
            Expr::new(ExprKind::Template(parts), range)
        };
        self.check_depth(e)
    }

    #[inline(never)]
    fn term_unary(&mut self) -> PResult<Expr> {
        let t = self.read();
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return self.too_deep(t.range());
        }
        let operand = self.parse_with_traversals();
        self.depth -= 1;
        let operand = operand?;
        let op = if t.kind == Tok::Minus { UnOp::Neg } else { UnOp::Not };
        let range = t.start..operand.range().end;
        let e = Expr::new(ExprKind::Unary { op, val: Box::new(operand) }, range);
        self.check_depth(e)
    }

    fn finish_namespaced_call(&mut self, first: Token) -> PResult<Expr> {
        let mut last = first;
        while self.peek().kind == Tok::DoubleColon {
            self.read();
            let t = self.peek();
            if t.kind != Tok::Ident {
                return self.err(
                    "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name in this scope.",
                    t.range(),
                );
            }
            last = self.read();
        }
        if self.peek().kind != Tok::OParen {
            let t = self.peek();
            return self.err(
                "Missing function call",
                "A function namespace must be followed by a function call.",
                t.range(),
            );
        }
        let name_tok = Token { kind: Tok::Ident, start: first.start, end: last.end };
        self.finish_call(name_tok)
    }

    #[inline(never)]
    fn finish_call(&mut self, name: Token) -> PResult<Expr> {
        let open = self.read();
        let mut args = Vec::new();
        let mut expand_final = false;
        self.push_nl(false);
        let close = loop {
            let t = self.peek();
            if t.kind == Tok::CParen {
                break self.read();
            }
            let arg = match self.parse_expression() {
                Ok(a) => a,
                Err(s) => {
                    self.pop_nl();
                    return Err(s);
                }
            };
            args.push(arg);
            let sep = self.read();
            match sep.kind {
                Tok::CParen => break sep,
                Tok::Ellipsis => {
                    expand_final = true;
                    if self.peek().kind != Tok::CParen {
                        self.pop_nl();
                        return self.err(
                            "Missing closing parenthesis",
                            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                            sep.range(),
                        );
                    }
                    break self.read();
                }
                Tok::Comma => {
                    if self.peek().kind == Tok::CParen {
                        break self.read();
                    }
                }
                Tok::Eof => {
                    self.pop_nl();
                    return self.err(
                        "Unterminated function call",
                        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parethesis nesting elsewhere in this file.",
                        name.start..open.end,
                    );
                }
                _ => {
                    self.pop_nl();
                    return self.err(
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        sep.range(),
                    );
                }
            }
        };
        self.pop_nl();
        let e = Expr::new(
            ExprKind::Call(Box::new(CallExpr {
                name: self.text(&name).to_string(),
                name_range: name.range(),
                args,
                expand_final,
                open_range: open.range(),
                close_range: close.range(),
            })),
            name.start..close.end,
        );
        self.check_depth(e)
    }

    fn is_keyword(&self, t: &Token, kw: &str) -> bool {
        t.kind == Tok::Ident && self.text(t) == kw
    }

    #[inline(never)]
    fn parse_tuple(&mut self) -> PResult<Expr> {
        let open = self.read();
        self.push_nl(false);
        let r = self.parse_tuple_inner(open);
        self.pop_nl();
        r
    }

    fn parse_tuple_inner(&mut self, open: Token) -> PResult<Expr> {
        let t = self.peek();
        if self.is_keyword(&t, "for") {
            return self.finish_for(open);
        }
        let mut elems = Vec::new();
        let close = loop {
            if self.peek().kind == Tok::CBrack {
                break self.read();
            }
            elems.push(self.parse_expression()?);
            let next = self.peek();
            if next.kind == Tok::CBrack {
                break self.read();
            }
            if next.kind != Tok::Comma {
                return self.tuple_separator_error(next, open);
            }
            self.read();
        };
        self.finish_tuple(elems, open, close)
    }

    #[inline(never)]
    fn finish_tuple(&mut self, elems: Vec<Expr>, open: Token, close: Token) -> PResult<Expr> {
        if self.fold && elems.iter().all(is_const) {
            let mut vals = Vec::with_capacity(elems.len());
            let m = SpanMap(self.span_offset, self.span_len);
            let mut spans = SpanTree::leaf(m.range(open.start..close.end));
            let mut depth = 0;
            for (i, e) in elems.into_iter().enumerate() {
                depth = depth.max(e.depth);
                let (v, t) = into_const(e, m);
                vals.push(v);
                if self.want_spans {
                    spans.kids.insert(i.to_string(), t);
                }
            }
            let value = self.types.tuple(vals);
            let e = Expr::with_depth(
                ExprKind::Const(Box::new(ConstVal::new(value, spans, open.range()))),
                open.start..close.end,
                depth + 1,
            );
            return self.check_depth(e);
        }
        let e = Expr::new(ExprKind::Tuple { elems }, open.start..close.end);
        self.check_depth(e)
    }

    #[cold]
    #[inline(never)]
    fn tuple_separator_error(&mut self, next: Token, open: Token) -> PResult<Expr> {
        if next.kind == Tok::Eof {
            return self.err(
                "Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                open.range(),
            );
        }
        self.err("Missing item separator", "Expected a comma to mark the beginning of the next item.", next.range())
    }

    #[inline(never)]
    fn parse_object(&mut self) -> PResult<Expr> {
        let open = self.read();
        self.push_nl(false);
        let t = self.peek();
        let is_for = self.is_keyword(&t, "for");
        self.pop_nl();
        if is_for {
            self.push_nl(false);
            let r = self.finish_for(open);
            self.pop_nl();
            return r;
        }
        self.push_nl(true);
        let r = self.parse_object_items(open);
        self.pop_nl();
        r
    }

    #[inline(never)]
    fn parse_object_items(&mut self, open: Token) -> PResult<Expr> {
        let mut items = Vec::new();
        let unterminated = |p: &mut Self| -> PResult<Expr> {
            p.err(
                "Unterminated object constructor expression",
                "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                open.range(),
            )
        };
        let close = loop {
            let next = self.peek();
            if next.kind == Tok::Newline {
                self.read();
                continue;
            }
            if next.kind == Tok::CBrace {
                break self.read();
            }
            let key = if next.kind == Tok::Ident && matches!(self.peek_after().kind, Tok::Equal | Tok::Colon) {
                // `name =`: the key is the bare name (a fast path for the common case).
                let t = self.read();
                let name = self.key_value(self.text(&t));
                Expr::new(ExprKind::KeywordKey(LitVal::of_string(name)), t.range())
            } else {
                let force_non_literal = next.kind == Tok::OParen;
                let key = self.parse_expression()?;
                object_key(key, force_non_literal)
            };
            let next = self.peek();
            if next.kind != Tok::Equal && next.kind != Tok::Colon {
                return match next.kind {
                    Tok::Newline | Tok::Comma => self.err(
                        "Missing attribute value",
                        "Expected an attribute value, introduced by an equals sign (\"=\").",
                        next.range(),
                    ),
                    Tok::Ident => self.err(
                        "Missing key/value separator",
                        "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
                        next.range(),
                    ),
                    Tok::Eof => unterminated(self),
                    _ => self.err(
                        "Missing key/value separator",
                        "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                        next.range(),
                    ),
                };
            }
            self.read();
            let value = self.parse_expression()?;
            items.push((key, value));
            let next = self.peek();
            if next.kind == Tok::CBrace {
                break self.read();
            }
            if next.kind != Tok::Comma && next.kind != Tok::Newline {
                if next.kind == Tok::Eof {
                    return unterminated(self);
                }
                return self.err(
                    "Missing attribute separator",
                    "Expected a newline or comma to mark the beginning of the next attribute.",
                    next.range(),
                );
            }
            self.read();
        };
        if self.fold && items.iter().all(|(k, v)| const_key(k).is_some() && is_const(v)) {
            let mut vals = crate::value::AttrMap::with_capacity(items.len());
            let m = SpanMap(self.span_offset, self.span_len);
            let mut spans = SpanTree::leaf(m.range(open.start..close.end));
            let mut depth = 0;
            for (k, v) in items {
                depth = depth.max(k.depth).max(v.depth);
                let name = const_key(&k).unwrap_or_else(|| "".into());
                let (v, t) = into_const(v, m);
                // As in hcl, a later duplicate key wins.
                if self.want_spans {
                    spans.kids.insert(name.to_string(), t);
                }
                vals.insert(name, v);
            }
            let value = self.types.object(vals, crate::value::Marks::NONE);
            let e = Expr::with_depth(
                ExprKind::Const(Box::new(ConstVal::new(value, spans, open.range()))),
                open.start..close.end,
                depth + 1,
            );
            return self.check_depth(e);
        }
        let e = Expr::new(ExprKind::Object { items }, open.start..close.end);
        self.check_depth(e)
    }

    #[inline(never)]
    fn finish_for(&mut self, open: Token) -> PResult<Expr> {
        self.enter(2, open.range())?;
        self.push_nl(false);
        let r = self.finish_for_inner(open);
        self.pop_nl();
        self.depth -= 2;
        r
    }

    /// The head of a `for` expression or directive after `for`:
    /// `[key_name ","] value_name "in" collection`, with the messages of
    /// the construct (hcl words them slightly differently for each).
    fn parse_for_header(&mut self, words: &ForWords) -> PResult<(Option<String>, String, Expr)> {
        let bad = |p: &mut Self, detail: &str| -> PResult<(Option<String>, String, Expr)> {
            let r = p.peek().range();
            p.err(words.summary, detail, r)
        };
        if self.peek().kind != Tok::Ident {
            return bad(self, words.no_name);
        }
        let first = self.read();
        let mut val_var = self.text(&first).to_string();
        let mut key_var = None;
        if self.peek().kind == Tok::Comma {
            self.read();
            if self.peek().kind != Tok::Ident {
                return bad(self, words.no_value_name);
            }
            key_var = Some(val_var);
            let t = self.read();
            val_var = self.text(&t).to_string();
        }
        let t = self.peek();
        if !self.is_keyword(&t, "in") {
            return bad(self, words.no_in);
        }
        self.read();
        let coll = self.parse_expression()?;
        Ok((key_var, val_var, coll))
    }

    #[inline(never)]
    fn finish_for_inner(&mut self, open: Token) -> PResult<Expr> {
        self.read(); // `for`
        let make_obj = open.kind == Tok::OBrace;
        let close_kind = if make_obj { Tok::CBrace } else { Tok::CBrack };
        let bad = |p: &mut Self, detail: &str| -> PResult<Expr> {
            let r = p.peek().range();
            p.err("Invalid 'for' expression", detail, r)
        };
        let (key_var, val_var, coll) = self.parse_for_header(&FOR_EXPRESSION_WORDS)?;
        if self.peek().kind != Tok::Colon {
            return bad(self, "For expression requires a colon after the collection expression.");
        }
        self.read();
        let mut val_expr = self.parse_expression()?;
        let mut key_expr = None;
        if self.peek().kind == Tok::FatArrow {
            self.read();
            key_expr = Some(val_expr);
            val_expr = self.parse_expression()?;
        }
        let mut group = None;
        if self.peek().kind == Tok::Ellipsis {
            group = Some(self.read());
        }
        let mut cond = None;
        let t = self.peek();
        if self.is_keyword(&t, "if") {
            self.read();
            cond = Some(self.parse_expression()?);
        }
        let close = if self.peek().kind == close_kind {
            self.read()
        } else {
            return bad(self, "Extra characters after the end of the 'for' expression.");
        };
        if !make_obj {
            if let Some(k) = &key_expr {
                let r = k.range();
                return self.err("Invalid 'for' expression", "Key expression is not valid when building a tuple.", r);
            }
            if let Some(g) = group {
                return self.err(
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    g.range(),
                );
            }
        } else if key_expr.is_none() {
            let r = val_expr.range();
            return self.err("Invalid 'for' expression", "Key expression is required when building an object.", r);
        }
        let e = Expr::new(
            ExprKind::For(Box::new(ForExpr {
                key_var,
                val_var,
                coll,
                key_expr,
                val_expr,
                cond,
                group: group.is_some(),
                open_range: open.range(),
            })),
            open.start..close.end,
        );
        self.check_depth(e)
    }

    // ----- templates -----

    /// Parses template parts up to `end` and builds their expressions.
    /// Returns the parts and whether the template is a single interpolation.
    ///
    /// Consecutive literal tokens become one literal part, as hclsyntax's
    /// `meldConsecutiveStringLiterals` (`parser_template.go`, hcl v2.16.0,
    /// commit 5fe5697; every pinned hcl and OpenTofu's fork have it) melds
    /// them after the flush of a `<<-` heredoc. The scanner splits a
    /// template's text into several literal tokens: one per heredoc line,
    /// and one for each `$` or `%` not starting `${`/`%{` (with `$${`/`%%{`).
    /// Melded, a template's first part (its `StartRange`, what a function
    /// argument's diagnostic points at) runs up to its first interpolation
    /// or directive, not to its first `$`, `%` or line end (hcl ≤ 2.15,
    /// which the oracle's packaged hcl 2.14.1 still is); and `x["a$b"]` is
    /// a traversal, as `x["ab"]` is. See [`meld_literals`].
    #[inline(never)]
    fn parse_template_inner(&mut self, end: Tok, flush: bool, open_range: Span) -> PResult<(Vec<Expr>, bool)> {
        // Melded while reading, except in a heredoc to flush: that needs
        // its literal parts line by line, and is melded after the flush.
        let mut parts = self.parse_template_parts(end, open_range, !flush)?;
        if flush {
            let u = self.lexer.profile.map_or(crate::unicode::Unicode::V15_0, |p| p.unicode_of(self.src()));
            flush_heredoc(&mut parts, u);
            meld_literals(&mut parts);
        }
        let passthru = parts.len() == 2 && matches!(parts[0], TPart::Interp(_));
        let tp = TemplateParser { parts, pos: 0 };
        let exprs = tp.parse_root(self)?;
        Ok((exprs, passthru))
    }

    #[inline(never)]
    /// `merge`: a literal token right after another literal part is appended
    /// to it, as hcl melds them (see [`Parser::parse_template_inner`]).
    fn parse_template_parts(&mut self, end: Tok, open_range: Span, merge: bool) -> PResult<Vec<TPart>> {
        let mut parts: Vec<TPart> = Vec::new();
        // Where the last literal token's text starts in the last part: a
        // `~` strips the white space of that token only, as hcl does.
        let mut last_lit_at = 0;
        let start_range = self.peek().range();
        let mut ltrim_next = false;
        let mut next_can_trim_prev = false;
        let end_range;
        loop {
            let next = self.read();
            if next.kind == end {
                end_range = next.range();
                break;
            }
            let ltrim = std::mem::take(&mut ltrim_next);
            let can_trim_prev = std::mem::take(&mut next_can_trim_prev);
            match next.kind {
                Tok::QuotedLit | Tok::StringLit => {
                    let mut s = self.string_literal(&next)?;
                    if ltrim {
                        s = s.trim_start_matches(is_go_space).to_string();
                    }
                    match parts.last_mut() {
                        Some(TPart::Lit(prev, r)) if merge => {
                            last_lit_at = prev.len();
                            prev.push_str(&s);
                            r.end = next.end;
                        }
                        _ => {
                            last_lit_at = 0;
                            parts.push(TPart::Lit(s, next.range()));
                        }
                    }
                    next_can_trim_prev = true;
                }
                Tok::TemplateInterp | Tok::TemplateControl => {
                    let strip_prev = self.text(&next).ends_with('~');
                    if can_trim_prev && strip_prev {
                        if let Some(TPart::Lit(s, _)) = parts.last_mut() {
                            let t = last_lit_at + s[last_lit_at..].trim_end_matches(is_go_space).len();
                            s.truncate(t);
                        }
                    }
                    self.push_nl(false);
                    let r = if next.kind == Tok::TemplateInterp {
                        self.parse_interp(next, end, &start_range, &mut parts)
                    } else {
                        self.parse_directive(next, &mut parts)
                    };
                    self.pop_nl();
                    ltrim_next = r?;
                }
                _ => {
                    let _ = open_range;
                    return self.err(
                        "Unterminated template string",
                        "No closing marker was found for the string.",
                        next.range(),
                    );
                }
            }
        }
        if parts.is_empty() {
            let at = start_range.end..start_range.end;
            parts.push(TPart::Lit(String::new(), at));
        }
        parts.push(TPart::End(end_range));
        Ok(parts)
    }

    /// `${ expr }`; returns whether the closer strips following white space.
    #[inline(never)]
    fn parse_interp(&mut self, open: Token, end: Tok, start_range: &Span, parts: &mut Vec<TPart>) -> PResult<bool> {
        let expr = self.parse_expression()?;
        let close = self.peek();
        if close.kind != Tok::TemplateSeqEnd {
            return match close.kind {
                Tok::Eof => self.err(
                    "Unclosed template interpolation sequence",
                    "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                    start_range.clone(),
                ),
                Tok::Colon => self.err(
                    "Extra characters after interpolation expression",
                    "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                    close.range(),
                ),
                Tok::CQuote | Tok::OQuote if end == Tok::CQuote => self.err(
                    "Unclosed template interpolation sequence",
                    "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                    start_range.clone(),
                ),
                _ => self.err(
                    "Extra characters after interpolation expression",
                    "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                    close.range(),
                ),
            };
        }
        self.read();
        parts.push(TPart::Interp(expr));
        let _ = open;
        Ok(self.text(&close).starts_with('~'))
    }

    /// `%{ if/else/endif/for/endfor }`; returns whether the closer strips.
    #[inline(never)]
    fn parse_directive(&mut self, open: Token, parts: &mut Vec<TPart>) -> PResult<bool> {
        let kw = self.peek();
        if kw.kind != Tok::Ident {
            return self.err(
                "Invalid template directive",
                "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                kw.range(),
            );
        }
        self.read();
        let word = self.text(&kw);
        match word {
            "if" => {
                let cond = match self.parse_expression() {
                    Ok(c) => c,
                    Err(Stop) if self.if_recovery => {
                        // Read on to the end of the sequence, reporting nothing more of it.
                        self.if_recovery = false;
                        while !matches!(self.peek().kind, Tok::TemplateSeqEnd | Tok::Eof) {
                            self.read();
                        }
                        Expr::new(ExprKind::Literal(crate::hcl::ast::LitVal::null()), kw.range())
                    }
                    Err(e) => return Err(e),
                };
                let r = open.start..self.peek().end;
                parts.push(TPart::If(Box::new(cond), r));
            }
            "else" | "endif" | "endfor" => {
                let r = open.start..self.peek().end;
                let which = match word {
                    "else" => EndCtrl::Else,
                    "endif" => EndCtrl::EndIf,
                    _ => EndCtrl::EndFor,
                };
                parts.push(TPart::EndCtrl(which, r));
            }
            "for" => {
                let (key_var, val_var, coll) = self.parse_for_header(&FOR_DIRECTIVE_WORDS)?;
                let r = open.start..self.peek().end;
                parts.push(TPart::For(Box::new(ForPart { key_var, val_var, coll, range: r })));
            }
            _ => {
                let suggestion = name_suggestion(word, &["if", "for", "else", "endif", "endfor"])
                    .map(|s| format!(" Did you mean {}?", go_quote(s)))
                    .unwrap_or_default();
                return self.err(
                    "Invalid template control keyword",
                    format!("{} is not a valid template control keyword.{suggestion}", go_quote(word)),
                    kw.range(),
                );
            }
        }
        let close = self.peek();
        if close.kind != Tok::TemplateSeqEnd {
            return self.err(
                &format!("Extra characters in {word} marker"),
                "Expected a closing brace to end the sequence, but found extra characters.",
                close.range(),
            );
        }
        self.read();
        Ok(self.text(&close).starts_with('~'))
    }

    /// hclsyntax's `ParseStringLiteralToken`: resolves escapes in a literal token.
    fn string_literal(&mut self, tok: &Token) -> PResult<String> {
        let quoted = tok.kind == Tok::QuotedLit;
        let text = self.text(tok);
        let b = text.as_bytes();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        let mut lit_start = 0;
        while i < b.len() {
            let c = b[i];
            if quoted && c == b'\\' {
                out.push_str(&text[lit_start..i]);
                let r0 = tok.start + i;
                // As hcl's ParseStringLiteralToken, a bad escape is reported and the
                // literal read on (every bad escape has its diagnostic); the escape's
                // text is kept as written (an unknown selector: without its backslash).
                if i + 1 >= b.len() {
                    self.diags.push(RawDiag::new(
                        "Invalid escape sequence",
                        "Backslash must be followed by an escape sequence selector character.",
                        r0..r0 + 1,
                    ));
                    lit_start = i;
                    i += 1;
                    continue;
                }
                let sel = b[i + 1];
                match sel {
                    b'n' | b'r' | b't' | b'"' | b'\\' => {
                        out.push(match sel {
                            b'n' => '\n',
                            b'r' => '\r',
                            b't' => '\t',
                            b'"' => '"',
                            _ => '\\',
                        });
                        i += 2;
                    }
                    b'u' | b'U' => {
                        let max = if sel == b'u' { 4 } else { 8 };
                        let mut j = i + 2;
                        while j < b.len() && j - (i + 2) < max && b[j].is_ascii_hexdigit() {
                            j += 1;
                        }
                        let range = r0..tok.start + j;
                        if j - (i + 2) != max {
                            let detail = if sel == b'u' {
                                "The \\u escape sequence must be followed by four hexadecimal digits."
                            } else {
                                "The \\U escape sequence must be followed by eight hexadecimal digits."
                            };
                            self.diags.push(RawDiag::new("Invalid escape sequence", detail, range));
                            out.push_str(&text[i..j]);
                            i = j;
                            lit_start = i;
                            continue;
                        }
                        let n = u32::from_str_radix(&text[i + 2..j], 16).unwrap_or(u32::MAX);
                        match char::from_u32(n) {
                            Some(ch) => out.push(ch),
                            None => {
                                self.diags.push(RawDiag::new(
                                    "Invalid escape sequence",
                                    format!("Cannot encode character U+{n:04x} in UTF-8."),
                                    range,
                                ));
                                out.push_str(&text[i..j]);
                            }
                        }
                        i = j;
                    }
                    _ => {
                        let ch = text[i + 1..].chars().next().unwrap_or('\\');
                        let range = r0..r0 + 1 + ch.len_utf8();
                        self.diags.push(RawDiag::new(
                            "Invalid escape sequence",
                            format!(
                                "The symbol {} is not a valid escape sequence selector.",
                                go_quote(&ch.to_string())
                            ),
                            range,
                        ));
                        out.push(ch);
                        i += 1 + ch.len_utf8();
                    }
                }
                lit_start = i;
                continue;
            }
            if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') {
                out.push_str(&text[lit_start..i]);
                out.push(c as char);
                out.push('{');
                i += 3;
                lit_start = i;
                continue;
            }
            i += 1;
        }
        out.push_str(&text[lit_start..]);
        Ok(out)
    }
}

/// Whether an expression is literal data: a number, bool, null, plain
/// string, negated number literal, or a folded tuple or object.
fn is_const(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Literal(_) | ExprKind::Const(_) => true,
        ExprKind::Template(parts) => {
            matches!(parts.as_slice(), [Expr { kind: ExprKind::Literal(v), .. }] if v.as_str().is_some())
        }
        ExprKind::Unary { op: UnOp::Neg, val, .. } => {
            matches!(&val.kind, ExprKind::Literal(v) if v.as_number().is_some())
        }
        _ => false,
    }
}

/// hcl's messages for a malformed `for` head, in a `for` expression or a
/// `%{ for }` template directive.
struct ForWords {
    summary: &'static str,
    no_name: &'static str,
    no_value_name: &'static str,
    no_in: &'static str,
}

const FOR_EXPRESSION_WORDS: ForWords = ForWords {
    summary: "Invalid 'for' expression",
    no_name: "For expression requires variable name after 'for'.",
    no_value_name: "For expression requires value variable name after comma.",
    no_in: "For expression requires the 'in' keyword after its name declarations.",
};

const FOR_DIRECTIVE_WORDS: ForWords = ForWords {
    summary: "Invalid 'for' directive",
    no_name: "For directive requires variable name after 'for'.",
    no_value_name: "For directive requires value variable name after comma.",
    no_in: "For directive requires 'in' keyword after names.",
};

/// Past the spaces and tabs at `i` (the scanner's white space; not newlines).
fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    i
}

/// The length of the newline token at `i` (`\n` or `\r\n`), or 0.
fn newline_len(b: &[u8], i: usize) -> usize {
    match (b.get(i), b.get(i + 1)) {
        (Some(b'\n'), _) => 1,
        (Some(b'\r'), Some(b'\n')) => 2,
        _ => 0,
    }
}

/// Past blanks and newlines at `i`.
fn skip_blanks_and_newlines(b: &[u8], mut i: usize) -> usize {
    loop {
        i = skip_blanks(b, i);
        match newline_len(b, i) {
            0 => return i,
            n => i += n,
        }
    }
}

/// The end of the ASCII identifier starting at `i`, or None when there is
/// none or it may go on with a non-ASCII character (left to the scanner).
fn ascii_ident_end(b: &[u8], i: usize) -> Option<usize> {
    if !b.get(i).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') {
        return None;
    }
    let mut e = i + 1;
    while let Some(&c) = b.get(e) {
        if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            e += 1;
        } else if c >= 0x80 {
            return None;
        } else {
            break;
        }
    }
    Some(e)
}

/// The end (past the closing quote) of the quoted string starting at `i`
/// when it is plain text: no escapes, no `$` or `%` (template sequences),
/// on one line.
fn plain_string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut e = i + 1;
    loop {
        match *b.get(e)? {
            b'"' => return Some(e + 1),
            b'\\' | b'$' | b'%' | b'\r' | b'\n' => return None,
            _ => e += 1,
        }
    }
}

/// Maps ranges in the parsed text to ranges in the value source.
#[derive(Clone, Copy)]
pub struct SpanMap(pub usize, pub usize);

impl SpanMap {
    pub fn range(self, r: Span) -> Span {
        let f = |b: usize| b.saturating_sub(self.0).min(self.1);
        f(r.start)..f(r.end)
    }
}

/// The value and part ranges of a constant (see [`is_const`]).
fn into_const(e: Expr, m: SpanMap) -> (Value, SpanTree) {
    let range = e.range();
    match e.kind {
        ExprKind::Const(c) => {
            let c = *c;
            (c.value, c.spans)
        }
        ExprKind::Literal(v) => (v.value(), SpanTree::leaf(m.range(range.clone()))),
        ExprKind::Template(mut parts) => match parts.pop().map(|p| p.kind) {
            Some(ExprKind::Literal(v)) => (v.value(), SpanTree::leaf(m.range(range.clone()))),
            _ => (Value::null(Type::Dynamic), SpanTree::leaf(m.range(range.clone()))),
        },
        ExprKind::Unary { val, .. } => {
            let n = val.kind_number().map(Number::neg).unwrap_or_else(|| Number::from_i64(0));
            (Value::number(n), SpanTree::leaf(m.range(range.clone())))
        }
        _ => (Value::null(Type::Dynamic), SpanTree::leaf(m.range(range.clone()))),
    }
}

/// An object key that is a bare name or a plain quoted string.
fn const_key(k: &Expr) -> Option<crate::value::Key> {
    let key_of = |v: &LitVal| v.as_arc_str().cloned();
    match &k.kind {
        ExprKind::KeywordKey(v) => key_of(v),
        ExprKind::ObjectKey { wrapped, force_non_literal: false } => match &wrapped.kind {
            ExprKind::Template(parts) => match parts.as_slice() {
                [Expr { kind: ExprKind::Literal(v), .. }] => key_of(v),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// Wraps an object constructor key: a bare name becomes its string.
fn object_key(key: Expr, force_non_literal: bool) -> Expr {
    if !force_non_literal {
        if let Some(name) = key.as_keyword() {
            return Expr::with_depth(ExprKind::KeywordKey(LitVal::string(&name)), key.range(), 1);
        }
    }
    let (range, depth) = (key.range(), key.depth + 1);
    Expr::with_depth(ExprKind::ObjectKey { wrapped: Box::new(key), force_non_literal }, range, depth)
}

/// Go's `unicode.IsSpace`.
pub fn is_go_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{85}' | '\u{a0}')
        || (c > '\u{ff}' && c.is_whitespace())
}

/// Go's `strconv.Quote` (shared with the renderer).
pub fn go_quote(s: &str) -> String {
    crate::render::go_quote(s)
}

/// hcl's "did you mean" rule: the first candidate within Levenshtein distance 2.
pub fn name_suggestion<'s>(given: &str, candidates: &[&'s str]) -> Option<&'s str> {
    candidates.iter().copied().find(|c| levenshtein(given, c) < 3)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

// ----- template parts -> expressions -----

#[derive(Clone, Copy, Debug, PartialEq)]
enum EndCtrl {
    Else,
    EndIf,
    EndFor,
}

impl EndCtrl {
    fn name(self) -> &'static str {
        match self {
            EndCtrl::Else => "else",
            EndCtrl::EndIf => "endif",
            EndCtrl::EndFor => "endfor",
        }
    }
}

/// One part of a template as read, before the parts are nested. A part is
/// as large as an expression: the template's expressions are then written
/// over the parts they were made of (see [`TemplateParser::parse_root`]).
/// A directive's expressions are boxed (a part stays that small).
enum TPart {
    Lit(String, Span),
    Interp(Expr),
    If(Box<Expr>, Span),
    For(Box<ForPart>),
    EndCtrl(EndCtrl, Span),
    End(Span),
}

/// A `%{ for }` directive's header.
struct ForPart {
    key_var: Option<String>,
    val_var: String,
    coll: Expr,
    range: Span,
}

/// hcl's flush-heredoc rule: remove the smallest leading white space (counted
/// in grapheme clusters) of the lines from every line that starts with a literal.
fn flush_heredoc(parts: &mut [TPart], u: crate::unicode::Unicode) {
    let mut min = usize::MAX;
    let mut newline = true;
    let mut adjust = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        if newline {
            newline = false;
            let mut spaces = 0;
            match p {
                TPart::Lit(s, _) => {
                    let trimmed = s.trim_start_matches(is_go_space);
                    if trimmed.is_empty() && s.ends_with('\n') {
                        spaces = usize::MAX;
                    } else {
                        let ws = &s[..s.len() - trimmed.len()];
                        spaces = crate::unicode::grapheme_count(ws, u);
                        adjust.push(i);
                    }
                }
                TPart::End(_) => break,
                _ => {}
            }
            min = min.min(spaces);
        }
        if let TPart::Lit(s, _) = p {
            if s.ends_with('\n') {
                newline = true;
            }
        }
    }
    if min == usize::MAX {
        return;
    }
    for i in adjust {
        if let TPart::Lit(s, r) = &mut parts[i] {
            let cut: usize = crate::unicode::graphemes(s, u).take(min).map(str::len).sum();
            s.drain(..cut);
            r.start += cut;
        }
    }
}

/// hclsyntax's `meldConsecutiveStringLiterals`: each run of consecutive
/// literal parts becomes one part (texts joined, range from the first's
/// start to the last's end). In place, linear in the number of parts.
fn meld_literals(parts: &mut Vec<TPart>) {
    let mut out = 0;
    for i in 0..parts.len() {
        let part = std::mem::replace(&mut parts[i], TPart::End(0..0));
        if out > 0 {
            if let (TPart::Lit(prev, pr), TPart::Lit(s, r)) = (&mut parts[out - 1], &part) {
                prev.push_str(s);
                pr.end = r.end;
                continue;
            }
        }
        parts[out] = part;
        out += 1;
    }
    parts.truncate(out);
}

struct TemplateParser {
    parts: Vec<TPart>,
    pos: usize,
}

/// The text of a `%{if}` directive whose condition is the literal `true` or
/// `false` and whose branches are literal text only; None otherwise.
fn folded_if(cond: &Expr, t: &[Expr], f: &[Expr]) -> Option<String> {
    let ExprKind::Literal(c) = &cond.kind else { return None };
    let choose_t = c.as_bool()?;
    let text = |es: &[Expr]| -> Option<String> {
        let mut out = String::new();
        for e in es {
            match &e.kind {
                ExprKind::Literal(l) => out.push_str(l.as_str()?),
                _ => return None,
            }
        }
        Some(out)
    };
    let (t, f) = (text(t)?, text(f)?);
    Some(if choose_t { t } else { f })
}

impl TemplateParser {
    fn peek(&self) -> &TPart {
        &self.parts[self.pos.min(self.parts.len() - 1)]
    }

    fn take(&mut self) -> TPart {
        let i = self.pos.min(self.parts.len() - 1);
        if !matches!(self.parts[i], TPart::End(_)) {
            self.pos += 1;
        }
        std::mem::replace(&mut self.parts[i], TPart::End(0..0))
    }

    /// The template's top-level expressions. Each is made of at least one
    /// part, so the `n`th is written over a part already read: the parts'
    /// room is reused for the expressions (a template holds one copy of its
    /// parts, not two).
    fn parse_root(mut self, p: &mut Parser) -> PResult<Vec<Expr>> {
        let mut n = 0;
        // Folding (value sources): a run of literal text, folded
        // `%{if}` directives included, becomes one literal part, its text
        // gathered here (a template's value is its parts' texts joined).
        // The part's range is the `StartRange` of the run's first piece,
        // which hcl keeps as a part of its own: a literal's range, or a
        // directive's condition's start (a template's start range is its
        // first part's).
        let mut run: Option<(String, usize, usize)> = None;
        while !matches!(self.peek(), TPart::End(_)) {
            let cond_start = match self.peek() {
                TPart::If(cond, _) => Some(cond.start_range()),
                _ => None,
            };
            let e = self.parse_expr(p)?;
            if p.fold {
                if let ExprKind::Literal(lit) = &e.kind {
                    if let Some(text) = lit.as_str() {
                        match &mut run {
                            Some((buf, _, _)) => buf.push_str(text),
                            None => {
                                let r = cond_start.unwrap_or_else(|| e.range());
                                run = Some((text.to_string(), r.start, r.end));
                            }
                        }
                        continue;
                    }
                }
                if let Some((buf, start, end)) = run.take() {
                    self.parts[n] = TPart::Interp(Expr::new(ExprKind::Literal(LitVal::string(&buf)), start..end));
                    n += 1;
                }
            }
            self.parts[n] = TPart::Interp(e);
            n += 1;
        }
        if let Some((buf, start, end)) = run.take() {
            self.parts[n] = TPart::Interp(Expr::new(ExprKind::Literal(LitVal::string(&buf)), start..end));
            n += 1;
        }
        self.parts.truncate(n);
        // Collected in place (an expression is no larger than a part); the
        // room of the parts beyond the expressions is given back.
        let mut exprs: Vec<Expr> = self
            .parts
            .into_iter()
            .filter_map(|t| match t {
                TPart::Interp(e) => Some(e),
                _ => None,
            })
            .collect();
        exprs.shrink_to_fit();
        Ok(exprs)
    }

    fn parse_expr(&mut self, p: &mut Parser) -> PResult<Expr> {
        match self.peek() {
            TPart::Lit(..) => match self.take() {
                TPart::Lit(s, r) => Ok(Expr::new(ExprKind::Literal(LitVal::string(&s)), r)),
                _ => Err(Stop),
            },
            TPart::Interp(_) => match self.take() {
                TPart::Interp(e) => Ok(e),
                _ => Err(Stop),
            },
            // Directives nest: each level counts against the nesting limit
            // (hcl has none, but the stack here and in the browser has).
            TPart::If(..) | TPart::For(..) => {
                let at = match self.peek() {
                    TPart::If(_, r) => r.clone(),
                    TPart::For(f) => f.range.clone(),
                    _ => return Err(Stop),
                };
                p.enter(1, at)?;
                let e = if matches!(self.peek(), TPart::If(..)) { self.parse_if(p) } else { self.parse_for(p) };
                p.depth -= 1;
                e
            }
            TPart::End(r) => {
                let r = r.clone();
                p.err("Unexpected end of template", "The control directives within this template are unbalanced.", r)
            }
            TPart::EndCtrl(which, r) => {
                let (w, r) = (*which, r.clone());
                p.err(
                    &format!("Unexpected {} directive", w.name()),
                    "The control directives within this template are unbalanced.",
                    r,
                )
            }
        }
    }

    fn parse_if(&mut self, p: &mut Parser) -> PResult<Expr> {
        let TPart::If(cond, if_range) = self.take() else {
            return Err(Stop);
        };
        let mut if_exprs = Vec::new();
        let mut else_exprs = Vec::new();
        let mut in_else = false;
        let endif_range;
        loop {
            match self.peek() {
                TPart::End(r) => {
                    let r = r.clone();
                    let at = p.range_string(&if_range);
                    return p.err(
                        "Unexpected end of template",
                        format!("The if directive at {at} is missing its corresponding endif directive."),
                        r,
                    );
                }
                TPart::EndCtrl(which, r) => {
                    let (which, r) = (*which, r.clone());
                    self.take();
                    match which {
                        EndCtrl::Else if !in_else => {
                            in_else = true;
                            continue;
                        }
                        EndCtrl::Else => {
                            let at = p.range_string(&if_range);
                            return p.err(
                                "Unexpected else directive",
                                format!("Already in the else clause for the if started at {at}."),
                                r,
                            );
                        }
                        EndCtrl::EndIf => {
                            endif_range = r;
                            break;
                        }
                        EndCtrl::EndFor => {
                            let at = p.range_string(&if_range);
                            return p.err(
                                "Unexpected endfor directive",
                                format!("Expecting an endif directive for the if started at {at}."),
                                r,
                            );
                        }
                    }
                }
                _ => {
                    let e = self.parse_expr(p)?;
                    if in_else {
                        else_exprs.push(e);
                    } else {
                        if_exprs.push(e);
                    }
                }
            }
        }
        if if_exprs.is_empty() {
            if_exprs.push(Expr::new(ExprKind::Literal(LitVal::string("")), if_range.end..if_range.end));
        }
        if else_exprs.is_empty() {
            else_exprs.push(Expr::new(ExprKind::Literal(LitVal::string("")), endif_range.start..endif_range.start));
        }
        // Folding (value sources): a condition written as `true` or `false`
        // with literal text in both branches is the chosen branch's text (hcl
        // evaluates both branches; literal text cannot fail nor carry marks).
        if p.fold {
            if let Some(text) = folded_if(&cond, &if_exprs, &else_exprs) {
                return p
                    .check_depth(Expr::new(ExprKind::Literal(LitVal::string(&text)), if_range.start..endif_range.end));
            }
        }
        // Most branches hold one part: keep no room for more (a vector's
        // first push reserves four).
        if_exprs.shrink_to_fit();
        else_exprs.shrink_to_fit();
        let tr = if_exprs[0].range().start..if_exprs[if_exprs.len() - 1].range().end;
        let fr = else_exprs[0].range().start..else_exprs[else_exprs.len() - 1].range().end;
        let t = Expr::new(ExprKind::Template(if_exprs), tr);
        let f = Expr::new(ExprKind::Template(else_exprs), fr);
        let e =
            Expr::new(ExprKind::Conditional { cond, t: Box::new(t), f: Box::new(f) }, if_range.start..endif_range.end);
        p.check_depth(e)
    }

    fn parse_for(&mut self, p: &mut Parser) -> PResult<Expr> {
        let TPart::For(f) = self.take() else {
            return Err(Stop);
        };
        let ForPart { key_var, val_var, coll, range: for_range } = *f;
        let mut content = Vec::new();
        let endfor_range;
        loop {
            match self.peek() {
                TPart::End(r) => {
                    let r = r.clone();
                    let at = p.range_string(&for_range);
                    return p.err(
                        "Unexpected end of template",
                        format!("The for directive at {at} is missing its corresponding endfor directive."),
                        r,
                    );
                }
                TPart::EndCtrl(which, r) => {
                    let (which, r) = (*which, r.clone());
                    self.take();
                    match which {
                        EndCtrl::EndFor => {
                            endfor_range = r;
                            break;
                        }
                        EndCtrl::Else => {
                            return p.err(
                                "Unexpected else directive",
                                "An else clause is not expected for a for directive.",
                                r,
                            );
                        }
                        EndCtrl::EndIf => {
                            let at = p.range_string(&for_range);
                            return p.err(
                                "Unexpected endif directive",
                                format!("Expecting an endfor directive corresponding to the for directive at {at}."),
                                r,
                            );
                        }
                    }
                }
                _ => content.push(self.parse_expr(p)?),
            }
        }
        if content.is_empty() {
            content.push(Expr::new(ExprKind::Literal(LitVal::string("")), for_range.end..for_range.end));
        }
        let cr = content[0].range().start..content[content.len() - 1].range().end;
        let val_expr = Expr::new(ExprKind::Template(content), cr);
        let range = for_range.start..endfor_range.end;
        let f = Expr::new(
            ExprKind::For(Box::new(ForExpr {
                key_var,
                val_var,
                coll,
                key_expr: None,
                val_expr,
                cond: None,
                group: false,
                open_range: for_range,
            })),
            range.clone(),
        );
        let e = Expr::new(ExprKind::TemplateJoin(Box::new(f)), range);
        p.check_depth(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How a text is parsed: a standalone expression with literal data
    /// folded (values, expression mode), one with every node kept, and an
    /// attribute of a configuration file (check mode).
    const PATHS: [&str; 3] = ["folded", "kept", "config"];

    /// The argument of the call `f(arg)` parsed along `path`.
    fn call_arg(arg: &str, path: &str) -> (String, Expr) {
        let src = if path == "config" { format!("a = f({arg})\n") } else { format!("f({arg})") };
        let mut p = Parser::new(&src, "t.tf");
        p.fold = path == "folded";
        let expr = if path == "config" {
            let parsed = p.parse_config_file();
            let body = p.finish(parsed).unwrap_or_else(|_| panic!("{arg}: parses"));
            match body.items.into_iter().next() {
                Some(body::BodyItem::Attr(a)) => a.expr,
                _ => panic!("{arg}: an attribute"),
            }
        } else {
            let parsed = p.parse_standalone_expression();
            p.finish(parsed).unwrap_or_else(|_| panic!("{arg}: parses"))
        };
        let ExprKind::Call(call) = expr.kind else { panic!("{arg}: a call") };
        let arg = call.args.into_iter().next().unwrap_or_else(|| panic!("{arg}: an argument"));
        (src, arg)
    }

    /// hcl (≥ 2.16.0, every pinned version) melds a template's consecutive
    /// literal tokens into one part, so the start range of a string (what
    /// "Invalid function argument" points at) runs over all its literal
    /// text up to the first interpolation or directive: not only up to the
    /// first `$` or `%` or line end, where the scanner splits the text
    /// (hcl 2.14.1, the oracle's packaged parser, stops there). A template
    /// that starts with a directive starts at its condition. Each expected
    /// range is what hcl v2.16.2's parser gives (`StartRange` of the
    /// argument).
    #[test]
    fn a_template_starts_with_its_melded_literal_text() {
        let table: &[(&str, &str)] = &[
            (r#""a$b""#, "a$b"),
            (r#""$a""#, "$a"),
            (r#""a$""#, "a$"),
            (r#""$""#, "$"),
            (r#""%""#, "%"),
            (r#""a%b""#, "a%b"),
            (r#""a$$b""#, "a$$b"),
            (r#""a%%b""#, "a%%b"),
            (r#""a$${b""#, "a$${b"),
            (r#""a%%{b""#, "a%%{b"),
            (r#""a$${~b""#, "a$${~b"),
            (r#""a$b$c$""#, "a$b$c$"),
            (r#""\n$a""#, r"\n$a"),
            (r#""a\"$""#, r#"a\"$"#),
            ("\"\u{e9}x$a\"", "\u{e9}x$a"),
            (r#""a${"x"}b$c""#, "a"),
            (r#""a $ ${~ "b"}""#, "a $ "),
            (r#""${"x"}$c""#, "x"),
            (r#""a%{if true}b%{endif}""#, "a"),
            (r#""a%{if true}$b%{endif}c""#, "a"),
            (r#""%{if true}b%{endif}""#, "true"),
            (r#""a%{if true}b%{else}c%{endif}""#, "a"),
            (r#""a%{for x in [1]}b%{endfor}""#, "a"),
            ("<<EOT\na$b\nEOT\n", "a$b\n"),
            ("<<EOT\nab\ncd\nEOT\n", "ab\ncd\n"),
            ("<<-EOT\n  a$b\n  EOT\n", "a$b\n"),
            ("<<-EOT\n  a\n    b$c\n  EOT\n", "a\n    b$c\n"),
        ];
        for path in PATHS {
            for (arg, want) in table {
                let (src, e) = call_arg(arg, path);
                assert_eq!(&src[e.start_range()], *want, "{path}: f({arg})");
            }
        }
    }

    /// Melded, a quoted key with `$` or `%` in it is one literal part: an
    /// index with it is a traversal step, as with any other quoted key
    /// (hcl ≤ 2.15 made it an index expression).
    #[test]
    fn a_quoted_key_with_a_dollar_sign_is_a_traversal_step() {
        for path in PATHS {
            for key in [r#""a$b""#, r#""a%%b""#, r#""$""#] {
                let (_, e) = call_arg(&format!("x[{key}]"), path);
                assert!(matches!(&e.kind, ExprKind::Scope(s) if s.steps.len() == 1), "{path}: x[{key}]: {:?}", e.kind);
            }
        }
    }

    /// The melded text is the template's value: the same with and without
    /// melding (escapes resolved per token; `~` strips the token before it).
    #[test]
    fn melded_literal_text_keeps_the_templates_value() {
        let table: &[(&str, &str)] = &[
            (r#""a$$b""#, "a$$b"),
            (r#""a$${b%%{c""#, "a${b%{c"),
            (r#""a\n$b""#, "a\n$b"),
            (r#""a $ ${~ "b"}""#, "a $b"),
            ("<<-EOT\n  a$b\n    c%d\n  EOT\n", "a$b\n  c%d\n"),
        ];
        let p = crate::flavor::Profile::default();
        for path in PATHS {
            for (arg, want) in table {
                let (_, e) = call_arg(arg, path);
                let v = crate::hcl::eval_const(&e, &p).unwrap_or_else(|_| panic!("{path}: {arg} evaluates"));
                assert_eq!(v.as_str(), Some(*want), "{path}: {arg}");
            }
        }
    }

    /// `keys_once` of literal data read byte by byte says that no object in
    /// it writes a key twice: the notes skip reading the text again for
    /// such keys when it says so, so it must agree with the lint that reads
    /// them ([`crate::lint::duplicate_keys`]). Anything else (the general
    /// path) does not know, and says false.
    #[test]
    fn keys_once_agrees_with_the_duplicate_keys_lint() {
        let table: &[(&str, bool, bool)] = &[
            ("{ a = 1, b = 2 }", true, false),
            ("{ a = 1, a = 2 }", false, true),
            ("{ a = 1, \"a\" = 2 }", false, true),
            ("[{ a = 1 }, { a = 2, b = { c = 1, c = 2 } }]", false, true),
            ("[{ a = 1 }, { a = 2, b = { c = 1, d = 2 } }]", true, false),
            ("{ x = { a = 1, a = 2 }, x = 3 }", false, true),
            ("[1, \"a\", true, null]", true, false),
            ("{\n  a = 1\n  b = [1, 2]\n}", true, false),
            ("{ a = 1 + 1, b = 2 }", false, false),
            ("{ a = 1 + 1, a = 2 }", false, true),
        ];
        let p = crate::flavor::Profile::default();
        for (value, want, twice) in table {
            let src = format!("v = {value}\n");
            let mut parser = Parser::new(&src, "t.tfvars");
            let parsed = parser.parse_config_file();
            let body = parser.finish(parsed).unwrap_or_else(|_| panic!("{value}: parses"));
            let Some(body::BodyItem::Attr(a)) = body.items.into_iter().next() else { panic!("{value}: an attribute") };
            let once = matches!(&a.expr.kind, ExprKind::Const(c) if c.keys_once);
            assert_eq!(once, *want, "{value}");
            let dups = crate::lint::duplicate_keys(value, &p);
            assert_eq!(!dups.is_empty(), *twice, "{value}: {dups:?}");
            assert!(!(once && *twice), "{value}");
        }
    }
}
