//! Configuration bodies (attributes and blocks), as hclsyntax's body parser
//! reads them: what Terraform sees in a `.tf` file. The type editor's source
//! is read as the `type` argument of a `variable` block, so a user can close
//! the block or add arguments and blocks; this finds them with hcl's
//! diagnostics. Like the expression parser, it stops at the first syntax
//! error (after noting hcl's non-fatal "Attribute redefined").

use super::super::ast::{Expr, ScopeExpr, Span};
use super::super::lex::{Tok, Token};
use super::{go_quote, PResult, Parser, RawDiag, Stop};

/// A body: its attributes and blocks in source order.
#[derive(Clone, Debug, Default)]
pub struct Body {
    pub items: Vec<BodyItem>,
}

#[derive(Clone, Debug)]
pub enum BodyItem {
    Attr(Attribute),
    Block(Block),
}

#[derive(Clone, Debug)]
pub struct Attribute {
    pub name: String,
    pub name_range: Span,
    pub expr: Expr,
    /// From the name to the end of the expression.
    pub range: Span,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub kind: String,
    pub kind_range: Span,
    /// The labels (quoted or bare) with their ranges, in order.
    pub labels: Vec<(String, Span)>,
    /// The opening brace (where hcl points at something missing in the body).
    pub open_range: Span,
    pub body: Body,
    /// From the block type to the closing brace.
    pub range: Span,
}

/// The attribute names a body has set, with the range of each name's first
/// setting. Most bodies set a few names (a short list, no hashing); a body
/// of many (a value file) hashes them, so each look-up costs the same.
#[derive(Default)]
struct SeenNames<'a> {
    few: [(&'a str, Span); FEW_NAMES],
    n: usize,
    many: crate::NameMap<&'a str, Span>,
}

/// Above this many names a body's names are hashed.
const FEW_NAMES: usize = 8;

impl<'a> SeenNames<'a> {
    /// Where `name` was first set, or None (and it is now set at `range`).
    fn first(&mut self, name: &'a str, range: &Span) -> Option<Span> {
        if self.many.is_empty() {
            if let Some((_, r)) = self.few[..self.n].iter().find(|(n, _)| *n == name) {
                return Some(r.clone());
            }
            if self.n < FEW_NAMES {
                self.few[self.n] = (name, range.clone());
                self.n += 1;
                return None;
            }
            self.many.extend(self.few.iter().cloned());
        }
        match self.many.entry(name) {
            std::collections::hash_map::Entry::Occupied(e) => Some(e.get().clone()),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(range.clone());
                None
            }
        }
    }
}

const DEFINITION_REQUIRED: &str = "Argument or block definition required";
const UNCLOSED_BLOCK: &str = "Unclosed configuration block";
const UNCLOSED_BLOCK_DETAIL: &str = "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";
const INVALID_BLOCK: &str = "Invalid block definition";
const INVALID_SINGLE: &str = "Invalid single-argument block definition";
const INVALID_STRING: &str = "Invalid string literal";
const SINGLE_COMMA: &str = "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.";
const SINGLE_NEWLINE: &str = "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.";

impl<'a> Parser<'a> {
    /// `hclsyntax.ParseConfig`: the whole text as a configuration body.
    pub fn parse_config_file(&mut self) -> PResult<Body> {
        self.parse_body(Tok::Eof, 0..0)
    }

    /// hclsyntax's `ParseBody`: items up to `end` (a closing brace, or the
    /// end of the file at the top). `start` is the body's opening brace.
    fn parse_body(&mut self, end: Tok, start: Span) -> PResult<Body> {
        let mut body = Body::default();
        // Attribute names already set in this body (their text, which is
        // the name), with their name ranges.
        let mut seen = SeenNames::default();
        loop {
            let next = self.peek();
            if next.kind == end {
                self.read();
                return Ok(body);
            }
            match next.kind {
                Tok::Newline => {
                    self.read();
                }
                Tok::Ident => {
                    let (nl, depth) = (self.nl_stack.len(), self.depth);
                    let item = match self.parse_body_item() {
                        Ok(item) => item,
                        // hcl's recoverAfterBodyItem: on to the next line.
                        Err(Stop) if self.partial => {
                            self.nl_stack.truncate(nl);
                            self.depth = depth;
                            self.recovered_at.get_or_insert(self.diags.len());
                            self.recover_after_item_from(next.start);
                            continue;
                        }
                        Err(stop) => return Err(stop),
                    };
                    if let BodyItem::Attr(a) = &item {
                        let name = &self.src()[a.name_range.clone()];
                        debug_assert_eq!(name, a.name);
                        if let Some(first) = seen.first(name, &a.name_range) {
                            // Not a syntax error: hcl goes on parsing.
                            let at = self.range_string(&first);
                            self.diags.push(RawDiag::new(
                                "Attribute redefined",
                                format!(
                                    "The argument {} was already set at {at}. Each argument may be set only once.",
                                    go_quote(&a.name)
                                ),
                                a.name_range.clone(),
                            ));
                        }
                    }
                    body.items.push(item);
                }
                _ if self.partial && !(next.kind == Tok::Eof && end == Tok::CBrace) => {
                    // hcl reports the token (unless already recovering) and
                    // skips to the end of this body.
                    let bad = self.read();
                    let (summary, detail) = match bad.kind {
                        Tok::OQuote => ("Invalid argument name", "Argument names must not be quoted."),
                        Tok::Eof => (
                            "Unclosed configuration body",
                            "Found end of file before the end of this configuration body.",
                        ),
                        _ => (DEFINITION_REQUIRED, "An argument or block definition is required here."),
                    };
                    let range = if bad.kind == Tok::Eof { start.clone() } else { bad.range() };
                    self.diags.push(RawDiag::new(summary, detail, range));
                    self.recovered_at.get_or_insert(self.diags.len());
                    if bad.kind != Tok::Eof && bad.kind != end {
                        self.recover_to(end);
                    }
                    return Ok(body);
                }
                _ => {
                    let bad = self.read();
                    return match bad.kind {
                        Tok::OQuote => {
                            self.err("Invalid argument name", "Argument names must not be quoted.", bad.range())
                        }
                        Tok::Eof if end == Tok::CBrace && self.partial => {
                            self.diags.push(RawDiag::new(UNCLOSED_BLOCK, UNCLOSED_BLOCK_DETAIL, start));
                            Ok(body)
                        }
                        Tok::Eof if end == Tok::CBrace => self.err(UNCLOSED_BLOCK, UNCLOSED_BLOCK_DETAIL, start),
                        Tok::Eof => self.err(
                            "Unclosed configuration body",
                            "Found end of file before the end of this configuration body.",
                            start,
                        ),
                        _ => self.err(
                            DEFINITION_REQUIRED,
                            "An argument or block definition is required here.",
                            bad.range(),
                        ),
                    };
                }
            }
        }
    }

    /// hclsyntax's `ParseBodyItem`, at a name.
    fn parse_body_item(&mut self) -> PResult<BodyItem> {
        let ident = self.read();
        match self.peek().kind {
            Tok::Equal => Ok(BodyItem::Attr(self.finish_body_attribute(ident, false)?)),
            Tok::OQuote | Tok::OBrace | Tok::Ident => {
                Ok(BodyItem::Block(self.finish_body_block(ident)?))
            }
            _ => self.err(
                DEFINITION_REQUIRED,
                "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                ident.range(),
            ),
        }
    }

    fn finish_body_attribute(&mut self, ident: Token, single_line: bool) -> PResult<Attribute> {
        self.read(); // `=`
        let first = self.peek();
        let (nl, depth) = (self.nl_stack.len(), self.depth);
        let expr = match self.parse_expression() {
            Ok(e) => e,
            // No expression at all in a one-line block body: hcl recovers
            // from that token, as after a malformed head.
            Err(_)
                if single_line
                    && first.kind != Tok::Eof
                    && self.diags.last().is_some_and(|d| d.range == first.range())
                    && self.peek() == first =>
            {
                let Some(d) = self.diags.pop() else {
                    return Err(Stop);
                };
                return self.single_attribute_head_error(d);
            }
            // hcl keeps the argument, its value what the parser made of
            // it (nothing known, no references), and goes on after the line.
            Err(Stop) if self.partial && !single_line => {
                self.nl_stack.truncate(nl);
                self.depth = depth;
                self.recovered_at.get_or_insert(self.diags.len());
                self.recover_after_item_from(ident.start);
                let range = first.start..self.prev_range().end.max(first.start);
                let expr = self.syntax_error_expr(first.start, range.clone());
                return Ok(Attribute {
                    name: self.text(&ident).to_string(),
                    name_range: ident.range(),
                    range: ident.start..range.end,
                    expr,
                });
            }
            Err(stop) => return Err(stop),
        };
        if !single_line {
            let end = self.peek();
            let bad = match end.kind {
                Tok::Newline | Tok::Eof => {
                    self.read();
                    None
                }
                Tok::Comma => Some((
                    "Unexpected comma after argument",
                    "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                )),
                _ => Some(("Missing newline after argument", "An argument definition must end with a newline.")),
            };
            if let Some((summary, detail)) = bad {
                if !self.partial {
                    return self.err(summary, detail, end.range());
                }
                // hcl keeps the argument and goes on after the line.
                self.diags.push(RawDiag::new(summary, detail, end.range()));
                self.recovered_at.get_or_insert(self.diags.len());
                self.recover_after_body_item();
            }
        }
        Ok(Attribute {
            name: self.text(&ident).to_string(),
            name_range: ident.range(),
            range: ident.start..expr.range().end,
            expr,
        })
    }

    fn finish_body_block(&mut self, ident: Token) -> PResult<Block> {
        let mut labels = Vec::new();
        let open = loop {
            let tok = self.peek();
            match tok.kind {
                Tok::OBrace => break self.read(),
                Tok::OQuote => labels.push(self.block_label()?),
                Tok::Ident => {
                    let t = self.read();
                    labels.push((self.text(&t).to_string(), t.range()));
                }
                Tok::Equal => {
                    return self.err(
                        INVALID_BLOCK,
                        "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                        tok.range(),
                    )
                }
                Tok::Newline => {
                    return self.err(
                        INVALID_BLOCK,
                        "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                        tok.range(),
                    )
                }
                _ => {
                    return self.err(
                        INVALID_BLOCK,
                        "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                        tok.range(),
                    )
                }
            }
        };
        // Blocks nest like expressions: count them against the same limit.
        self.enter(1, ident.range())?;
        let body = self.block_body(open);
        self.depth -= 1;
        let body = body?;
        let close = self.prev_range();
        let eol = self.peek();
        if eol.kind == Tok::Newline || eol.kind == Tok::Eof {
            self.read();
        } else if self.partial {
            // hcl keeps the block and goes on after the line.
            self.diags.push(RawDiag::new(
                "Missing newline after block definition",
                "A block definition must end with a newline.",
                eol.range(),
            ));
            self.recovered_at.get_or_insert(self.diags.len());
            self.recover_after_body_item();
        } else {
            return self.err(
                "Missing newline after block definition",
                "A block definition must end with a newline.",
                eol.range(),
            );
        }
        Ok(Block {
            kind: self.text(&ident).to_string(),
            kind_range: ident.range(),
            labels,
            open_range: open.range(),
            body,
            range: ident.start..close.end,
        })
    }

    /// The body after a block's `{`, through its `}`.
    fn block_body(&mut self, open: Token) -> PResult<Body> {
        match self.peek().kind {
            Tok::Newline | Tok::Eof | Tok::CBrace => self.parse_body(Tok::CBrace, open.range()),
            _ => {
                // One line, one argument: `name { arg = value }`.
                let attr = self.single_attribute_body()?;
                let next = self.peek();
                match next.kind {
                    Tok::CBrace => {
                        self.read();
                        Ok(Body {
                            items: vec![BodyItem::Attr(attr)],
                        })
                    }
                    Tok::Comma => self.err(INVALID_SINGLE, SINGLE_COMMA, next.range()),
                    Tok::Newline => self.err(INVALID_SINGLE, SINGLE_NEWLINE, next.range()),
                    Tok::Eof => self.err(UNCLOSED_BLOCK, UNCLOSED_BLOCK_DETAIL, open.range()),
                    _ => self.err(
                        INVALID_SINGLE,
                        "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                        next.range(),
                    ),
                }
            }
        }
    }

    /// A one-line block body that is not `name = ...`: hcl skips to the end
    /// of the line and looks at what follows before reporting this error
    /// (`body_error`): a comma or an empty line there is reported first.
    /// (After an error in the argument's expression, hcl's recovery ends
    /// elsewhere, mostly at the end of the file, and reports nothing more.)
    fn single_attribute_head_error<T>(&mut self, body_error: RawDiag) -> PResult<T> {
        self.push_nl(true);
        self.recover_after_body_item();
        let next = self.peek();
        self.pop_nl();
        match next.kind {
            Tok::Comma => self.diags.push(RawDiag::new(INVALID_SINGLE, SINGLE_COMMA, next.range())),
            Tok::Newline => self.diags.push(RawDiag::new(INVALID_SINGLE, SINGLE_NEWLINE, next.range())),
            _ => {}
        }
        self.diags.push(body_error);
        Err(Stop)
    }

    /// What hcl keeps of an expression that failed to parse: the traversals
    /// read before the error (`ROOT.NAME`), found again in its text up to
    /// where the error stopped the parser.
    fn syntax_error_expr(&mut self, from: usize, range: Span) -> Expr {
        use super::super::ast::{CallExpr, ExprKind, Step, SYNTAX_ERROR_CALL};
        let upto = self.prev_range().end.max(from);
        let mut lx = super::super::lex::Lexer::new(&self.src()[from..upto]);
        lx.profile = self.lexer.profile;
        let mut toks = Vec::new();
        loop {
            let t = lx.next_token();
            if t.kind == Tok::Eof {
                break;
            }
            if !matches!(t.kind, Tok::Newline | Tok::Comment) {
                toks.push(t);
            }
        }
        let mut args = Vec::new();
        let text = |t: &Token| self.src()[from + t.start..from + t.end].to_string();
        let mut i = 0;
        while i + 2 < toks.len() {
            let (a, dot, b) = (toks[i], toks[i + 1], toks[i + 2]);
            let after_dot = i > 0 && toks[i - 1].kind == Tok::Dot;
            if a.kind == Tok::Ident && dot.kind == Tok::Dot && b.kind == Tok::Ident && !after_dot {
                let r = from + a.start..from + b.end;
                args.push(Expr::new(
                    ExprKind::Scope(Box::new(ScopeExpr {
                        root: text(&a),
                        root_range: from + a.start..from + a.end,
                        steps: vec![Step::Attr { name: text(&b), range: from + dot.start..from + b.end }],
                    })),
                    r,
                ));
                i += 3;
            } else {
                i += 1;
            }
        }
        let call = CallExpr {
            name: SYNTAX_ERROR_CALL.to_string(),
            name_range: range.clone(),
            args,
            expand_final: false,
            open_range: range.clone(),
            close_range: range.clone(),
        };
        Expr::new(ExprKind::Call(Box::new(call)), range)
    }

    /// hclsyntax's `recover`: reads through the token that closes the
    /// current body (`end`), skipping nested pairs.
    fn recover_to(&mut self, end: Tok) {
        let start = match end {
            Tok::CBrace => Some(Tok::OBrace),
            _ => None,
        };
        let mut nest = 0usize;
        loop {
            let t = self.read();
            if t.kind == Tok::Eof {
                return;
            }
            if Some(t.kind) == start {
                nest += 1;
            } else if t.kind == end {
                if nest == 0 {
                    return;
                }
                nest -= 1;
            }
        }
    }

    /// hclsyntax's `recoverAfterBodyItem`: reads through the end of the line,
    /// skipping over bracketed parts.
    fn recover_after_body_item(&mut self) {
        self.recover_after_body_item_in(Vec::new());
    }

    /// [`Self::recover_after_body_item`] from inside the brackets that are
    /// open between `from` and the next token (an expression that failed
    /// inside them): those close first, as hcl's own recovery inside each
    /// bracket does.
    fn recover_after_item_from(&mut self, from: usize) {
        let here = self.peek().start;
        let mut open = Vec::new();
        if from < here {
            let mut lx = super::super::lex::Lexer::new(&self.src()[from..here]);
            lx.profile = self.lexer.profile;
            loop {
                let t = lx.next_token();
                match t.kind {
                    Tok::Eof => break,
                    Tok::OBrace
                    | Tok::OBrack
                    | Tok::OParen
                    | Tok::OQuote
                    | Tok::OHeredoc
                    | Tok::TemplateInterp
                    | Tok::TemplateControl => open.push(t.kind),
                    Tok::CBrace | Tok::CBrack | Tok::CParen | Tok::CQuote | Tok::CHeredoc => {
                        open.pop();
                    }
                    Tok::TemplateSeqEnd => {
                        open.pop();
                    }
                    _ => {}
                }
            }
        }
        self.recover_after_body_item_in(open);
    }

    fn recover_after_body_item_in(&mut self, mut open: Vec<Tok>) {
        loop {
            let t = self.read();
            match t.kind {
                Tok::Newline if open.is_empty() => return,
                Tok::Eof => return,
                Tok::OBrace
                | Tok::OBrack
                | Tok::OParen
                | Tok::OQuote
                | Tok::OHeredoc
                | Tok::TemplateInterp
                | Tok::TemplateControl => open.push(t.kind),
                Tok::CBrace | Tok::CBrack | Tok::CParen | Tok::CQuote | Tok::CHeredoc => {
                    let opener = match t.kind {
                        Tok::CBrace => Tok::OBrace,
                        Tok::CBrack => Tok::OBrack,
                        Tok::CParen => Tok::OParen,
                        Tok::CQuote => Tok::OQuote,
                        _ => Tok::OHeredoc,
                    };
                    while open.last().is_some_and(|&o| o != opener) {
                        open.pop();
                    }
                    open.pop();
                }
                Tok::TemplateSeqEnd => {
                    while open.last().is_some_and(|&o| o != Tok::TemplateInterp && o != Tok::TemplateControl) {
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }

    /// hclsyntax's `parseSingleAttrBody`.
    fn single_attribute_body(&mut self) -> PResult<Attribute> {
        let ident = self.read();
        if ident.kind != Tok::Ident {
            return self.single_attribute_head_error(RawDiag::new(
                DEFINITION_REQUIRED,
                "An argument or block definition is required here.",
                ident.range(),
            ));
        }
        let next = self.peek();
        match next.kind {
            Tok::Equal => self.finish_body_attribute(ident, true),
            Tok::OQuote | Tok::OBrace | Tok::Ident => {
                let name = self.text(&ident).to_string();
                self.single_attribute_head_error(RawDiag::new(
                    "Argument definition required",
                    format!("A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.", go_quote(&name)),
                    ident.start..next.end,
                ))
            }
            _ => self.single_attribute_head_error(RawDiag::new(
                DEFINITION_REQUIRED,
                "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                ident.range(),
            )),
        }
    }

    /// A quoted block label (hclsyntax's `parseQuotedStringLiteral`): plain
    /// text and escapes only; its value and range (quotes included).
    fn block_label(&mut self) -> PResult<(String, Span)> {
        let open = self.read(); // `"`
        let mut value = String::new();
        loop {
            let tok = self.read();
            match tok.kind {
                Tok::CQuote => return Ok((value, open.start..tok.end)),
                Tok::QuotedLit => {
                    value.push_str(&self.string_literal(&tok)?);
                }
                Tok::TemplateInterp | Tok::TemplateControl => {
                    let which = if tok.kind == Tok::TemplateControl { "%" } else { "$" };
                    return self.err(
                        INVALID_STRING,
                        format!("Template sequences are not allowed in this string. To include a literal {}, double it (as \"{which}{which}\") to escape it.", go_quote(which)),
                        tok.range(),
                    );
                }
                Tok::Eof => {
                    return self.err(
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        tok.range(),
                    )
                }
                _ => return self.err(INVALID_STRING, "This item is not valid in a string literal.", tok.range()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name set again is reported at its second setting with the range of
    /// its first, whether the body has set few names or many (hashed).
    #[test]
    fn redefined_attribute_names_point_at_their_first_setting() {
        for n in [1usize, 7, 8, 9, 40] {
            let mut src: String = (0..n).map(|i| format!("a{i} = {i}\n")).collect();
            let first = src.find("a0 =").unwrap_or(0);
            src.push_str("a0 = 1\n");
            let again = src.rfind("a0 =").unwrap_or(0);
            let mut p = Parser::new(&src, "t.tf");
            let parsed = p.parse_config_file();
            assert!(parsed.is_ok(), "{n}");
            let diags: Vec<RawDiag> = p.take_diags().into_iter().collect();
            assert_eq!(diags.len(), 1, "{n}");
            assert_eq!(diags[0].summary, "Attribute redefined");
            assert_eq!(diags[0].range, again..again + 2, "{n}");
            assert!(
                diags[0].detail.contains(&format!("t.tf:1,{}-{}", first + 1, first + 3)),
                "{n}: {}",
                diags[0].detail
            );
        }
    }
}
