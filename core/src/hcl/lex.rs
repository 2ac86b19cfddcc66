//! The HCL native-syntax scanner: turns source text into tokens the way
//! hclsyntax's scanner does (token kinds, where literal runs split, when a
//! heredoc ends, which `}` closes a template sequence), one token at a time so
//! that a huge input never becomes a huge token vector.

use std::ops::Range;

use crate::flavor::Profile;

/// Token kinds, named after hclsyntax's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    OBrace,
    CBrace,
    OBrack,
    CBrack,
    OParen,
    CParen,
    OQuote,
    CQuote,
    OHeredoc,
    CHeredoc,
    Star,
    Slash,
    Plus,
    Minus,
    Percent,
    Equal,
    EqualOp,
    NotEqual,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Bang,
    Dot,
    Comma,
    Ellipsis,
    FatArrow,
    Question,
    Colon,
    DoubleColon,
    TemplateInterp,
    TemplateControl,
    TemplateSeqEnd,
    /// A literal run inside a quoted template (may contain backslash escapes).
    QuotedLit,
    /// A literal run inside a heredoc (no backslash escapes).
    StringLit,
    NumberLit,
    Ident,
    Comment,
    Newline,
    Eof,
    BitwiseAnd,
    BitwiseOr,
    BitwiseNot,
    BitwiseXor,
    Apostrophe,
    Backtick,
    Semicolon,
    Invalid,
    QuotedNewline,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Tok,
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

#[derive(Clone, Debug)]
enum Mode {
    Main,
    Quoted,
    Heredoc {
        marker: Range<usize>,
        start_of_line: bool,
    },
    /// A template with no delimiters, to the end of the text (hclsyntax
    /// `ParseTemplate`).
    Bare,
}

/// A streaming scanner over `src`, starting in normal (expression) mode.
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    modes: Vec<Mode>,
    braces: i64,
    ret_braces: Vec<i64>,
    /// A token produced together with the previous one (heredoc end marker + newline).
    pending: Option<Token>,
    done: bool,
    /// The flavor, asked whether `::` is one token (hcl 2.20's namespaced
    /// function calls) or two colons; None: one token, as current hcl.
    pub profile: Option<&'a Profile>,
    /// No `*/` follows this offset (found once, so that many unterminated
    /// `/*` cost one scan, not one each).
    no_block_end_from: usize,
}

pub use crate::hclsrc::{is_id_continue, is_id_start};

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            pos: 0,
            modes: vec![Mode::Main],
            braces: 0,
            ret_braces: Vec::new(),
            pending: None,
            done: false,
            profile: None,
            no_block_end_from: usize::MAX,
        }
    }

    pub fn src(&self) -> &'a str {
        self.src
    }

    /// Where the next token starts scanning, when the scanner is in plain
    /// normal mode (not inside a template, nothing pending): text from there
    /// on may then be read by other means and skipped with [`Lexer::skip_to`].
    pub fn plain_position(&self) -> Option<usize> {
        let plain = matches!(self.modes.as_slice(), [Mode::Main])
            && self.ret_braces.is_empty()
            && self.pending.is_none()
            && !self.done;
        plain.then_some(self.pos)
    }

    /// Continues scanning at `pos`, after text read by other means that left
    /// the scanner's state as it was (balanced brackets, no templates).
    pub fn skip_to(&mut self, pos: usize) {
        self.pos = pos;
    }

    fn bytes(&self) -> &'a [u8] {
        self.src.as_bytes()
    }

    fn at(&self, i: usize) -> u8 {
        *self.bytes().get(i).unwrap_or(&0)
    }

    fn starts(&self, i: usize, s: &str) -> bool {
        self.bytes().get(i..i + s.len()) == Some(s.as_bytes())
    }

    /// The length of the character at byte `i` (a character boundary), from
    /// its first byte; 1 at the end of the text.
    fn char_len(&self, i: usize) -> usize {
        utf8_len(self.at(i))
    }

    fn tok(&mut self, kind: Tok, start: usize, end: usize) -> Token {
        self.pos = end;
        Token { kind, start, end }
    }

    /// The next token; `Eof` forever once the input is exhausted.
    pub fn next_token(&mut self) -> Token {
        if let Some(t) = self.pending.take() {
            return t;
        }
        if self.done {
            return Token { kind: Tok::Eof, start: self.src.len(), end: self.src.len() };
        }
        loop {
            if self.pos >= self.src.len() {
                self.done = true;
                return Token { kind: Tok::Eof, start: self.src.len(), end: self.src.len() };
            }
            let t = match self.modes.last() {
                None | Some(Mode::Main) => self.scan_main(),
                Some(Mode::Quoted) => Some(self.scan_quoted()),
                Some(Mode::Heredoc { marker, start_of_line }) => {
                    let (marker, start_of_line) = (marker.clone(), *start_of_line);
                    Some(self.scan_heredoc(Some(marker), start_of_line))
                }
                Some(Mode::Bare) => Some(self.scan_heredoc(None, false)),
            };
            if let Some(t) = t {
                return t;
            }
        }
    }

    fn begin_sequence(&mut self, kind: Tok, start: usize) -> Token {
        let mut end = start + 2;
        if self.at(end) == b'~' {
            end += 1;
        }
        self.braces += 1;
        self.ret_braces.push(self.braces);
        if let Some(Mode::Heredoc { start_of_line, .. }) = self.modes.last_mut() {
            *start_of_line = false;
        }
        self.modes.push(Mode::Main);
        self.tok(kind, start, end)
    }

    /// Normal mode. Returns None after skipping white space.
    fn scan_main(&mut self) -> Option<Token> {
        // White space before the token, here (not a round of the caller's loop per run).
        let mut p = self.pos;
        while matches!(self.bytes().get(p), Some(b' ' | b'\t')) {
            p += 1;
        }
        self.pos = p;
        if p >= self.src.len() {
            return None;
        }
        let b = self.at(p);
        let two = |s: &str| self.starts(p, s);
        let t = match b {
            b' ' | b'\t' => {
                let mut e = p;
                while matches!(self.at(e), b' ' | b'\t') {
                    e += 1;
                }
                self.pos = e;
                return None;
            }
            b'0'..=b'9' => {
                let e = self.number_end(p);
                self.tok(Tok::NumberLit, p, e)
            }
            b'#' => {
                let e = self.line_comment_end(p);
                self.tok(Tok::Comment, p, e)
            }
            b'/' if two("//") => {
                let e = self.line_comment_end(p);
                self.tok(Tok::Comment, p, e)
            }
            b'/' if two("/*") => match (p + 2 < self.no_block_end_from).then(|| self.src[p + 2..].find("*/")).flatten()
            {
                Some(i) => self.tok(Tok::Comment, p, p + 2 + i + 2),
                None => {
                    self.no_block_end_from = self.no_block_end_from.min(p + 2);
                    self.tok(Tok::Slash, p, p + 1)
                }
            },
            b'\n' => self.tok(Tok::Newline, p, p + 1),
            b'\r' if two("\r\n") => self.tok(Tok::Newline, p, p + 2),
            b'=' if two("==") => self.tok(Tok::EqualOp, p, p + 2),
            b'=' if two("=>") => self.tok(Tok::FatArrow, p, p + 2),
            b'!' if two("!=") => self.tok(Tok::NotEqual, p, p + 2),
            b'>' if two(">=") => self.tok(Tok::Ge, p, p + 2),
            b'<' if two("<=") => self.tok(Tok::Le, p, p + 2),
            b'&' if two("&&") => self.tok(Tok::And, p, p + 2),
            b'|' if two("||") => self.tok(Tok::Or, p, p + 2),
            b':' if two("::") && self.profile.is_none_or(Profile::namespaced_function_calls) => {
                self.tok(Tok::DoubleColon, p, p + 2)
            }
            b'.' if two("...") => self.tok(Tok::Ellipsis, p, p + 3),
            b'<' if two("<<") => match self.heredoc_intro(p) {
                Some((end, marker)) => {
                    self.modes.push(Mode::Heredoc { marker, start_of_line: true });
                    self.tok(Tok::OHeredoc, p, end)
                }
                None => self.tok(Tok::Lt, p, p + 1),
            },
            b'{' => {
                self.braces += 1;
                self.tok(Tok::OBrace, p, p + 1)
            }
            b'}' => {
                if self.ret_braces.last() == Some(&self.braces) {
                    self.ret_braces.pop();
                    self.braces -= 1;
                    self.modes.pop();
                    self.tok(Tok::TemplateSeqEnd, p, p + 1)
                } else {
                    self.braces -= 1;
                    self.tok(Tok::CBrace, p, p + 1)
                }
            }
            b'~' if two("~}") => {
                if self.ret_braces.last() == Some(&self.braces) {
                    self.ret_braces.pop();
                    self.modes.pop();
                }
                self.braces -= 1;
                self.tok(Tok::TemplateSeqEnd, p, p + 2)
            }
            b'"' => {
                self.modes.push(Mode::Quoted);
                self.tok(Tok::OQuote, p, p + 1)
            }
            _ => {
                let kind = match b {
                    b'[' => Tok::OBrack,
                    b']' => Tok::CBrack,
                    b'(' => Tok::OParen,
                    b')' => Tok::CParen,
                    b'.' => Tok::Dot,
                    b',' => Tok::Comma,
                    b'*' => Tok::Star,
                    b'/' => Tok::Slash,
                    b'%' => Tok::Percent,
                    b'+' => Tok::Plus,
                    b'-' => Tok::Minus,
                    b'=' => Tok::Equal,
                    b'<' => Tok::Lt,
                    b'>' => Tok::Gt,
                    b'!' => Tok::Bang,
                    b'?' => Tok::Question,
                    b':' => Tok::Colon,
                    b'&' => Tok::BitwiseAnd,
                    b'|' => Tok::BitwiseOr,
                    b'~' => Tok::BitwiseNot,
                    b'^' => Tok::BitwiseXor,
                    b';' => Tok::Semicolon,
                    b'`' => Tok::Backtick,
                    b'\'' => Tok::Apostrophe,
                    // ASCII: a letter or `_` starts an identifier, anything
                    // else is invalid (one byte).
                    b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                        let e = self.ident_end(p);
                        return Some(self.tok(Tok::Ident, p, e));
                    }
                    0..=0x7f => return Some(self.tok(Tok::Invalid, p, p + 1)),
                    _ => {
                        let c = self.src[p..].chars().next().unwrap_or('\0');
                        if is_id_start(c) {
                            let e = self.ident_end(p);
                            return Some(self.tok(Tok::Ident, p, e));
                        }
                        let e = p + self.char_len(p);
                        return Some(self.tok(Tok::Invalid, p, e));
                    }
                };
                self.tok(kind, p, p + 1)
            }
        };
        Some(t)
    }

    /// The end of the identifier whose first character is at `p`.
    fn ident_end(&self, p: usize) -> usize {
        let b = self.bytes();
        // ASCII characters byte by byte; the rest (if any) as characters.
        let mut e = p + self.char_len(p);
        while let Some(&c) = b.get(e) {
            match ASCII_IDENT[c as usize] {
                1 => e += 1,
                0 => return e,
                _ => break,
            }
        }
        for c in self.src[e..].chars() {
            if !is_id_continue(c) {
                break;
            }
            e += c.len_utf8();
        }
        e
    }

    #[cfg(test)]
    fn ident_end_by_chars(&self, p: usize) -> usize {
        let mut e = p;
        for (i, c) in self.src[p..].char_indices() {
            if i == 0 || is_id_continue(c) {
                e = p + i + c.len_utf8();
            } else {
                break;
            }
        }
        e
    }

    fn number_end(&self, p: usize) -> usize {
        number_end(self.bytes(), p)
    }

    fn line_comment_end(&self, p: usize) -> usize {
        match self.src[p..].find('\n') {
            Some(i) => p + i + 1,
            None => self.src.len(),
        }
    }

    /// `<<` `-`? identifier newline: the end of the introducer and the marker's range.
    fn heredoc_intro(&self, p: usize) -> Option<(usize, Range<usize>)> {
        let mut i = p + 2;
        if self.at(i) == b'-' {
            i += 1;
        }
        let c = self.src[i..].chars().next()?;
        if !is_id_start(c) {
            return None;
        }
        let e = self.ident_end(i);
        if self.at(e) == b'\n' {
            Some((e + 1, i..e))
        } else if self.starts(e, "\r\n") {
            Some((e + 2, i..e))
        } else {
            None
        }
    }

    fn scan_quoted(&mut self) -> Token {
        let p = self.pos;
        let b = self.at(p);
        match b {
            b'$' | b'%' if self.at(p + 1) == b'{' => {
                let kind = if b == b'$' { Tok::TemplateInterp } else { Tok::TemplateControl };
                self.begin_sequence(kind, p)
            }
            b'$' | b'%' => {
                let e = self.escape_or_sign_end(p);
                self.tok(Tok::QuotedLit, p, e)
            }
            b'"' => {
                self.modes.pop();
                self.tok(Tok::CQuote, p, p + 1)
            }
            b'\r' | b'\n' => {
                let mut e = p;
                while matches!(self.at(e), b'\r' | b'\n') {
                    e += 1;
                }
                self.tok(Tok::QuotedNewline, p, e)
            }
            _ => {
                let bytes = self.bytes();
                let mut e = p;
                loop {
                    // Ordinary bytes, a byte at a time: the bytes that end the
                    // run are ASCII, so it ends at a character boundary.
                    while let Some(&c) = bytes.get(e) {
                        if QUOTED_STOP[c as usize] {
                            break;
                        }
                        e += 1;
                    }
                    match bytes.get(e) {
                        Some(b'\\') => {
                            let n = e + 1;
                            if n >= self.src.len() || matches!(self.at(n), b'\r' | b'\n') {
                                break;
                            }
                            e = n + self.char_len(n);
                        }
                        _ => break,
                    }
                }
                if e == p {
                    // A lone backslash before a line end or the end of input.
                    self.tok(Tok::Invalid, p, p + 1)
                } else {
                    self.tok(Tok::QuotedLit, p, e)
                }
            }
        }
    }

    /// A `$` or `%` that does not start a sequence: alone, or `$${`/`%%{` (with an optional `~`).
    fn escape_or_sign_end(&self, p: usize) -> usize {
        let b = self.at(p);
        if self.at(p + 1) == b && self.at(p + 2) == b'{' {
            if self.at(p + 3) == b'~' {
                p + 4
            } else {
                p + 3
            }
        } else {
            p + 1
        }
    }

    /// Scans the text from byte `pos` on (normal mode).
    pub fn start_at(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    /// Scans the rest of the text as a bare template from byte `pos` on
    /// (see [`Mode::Bare`]).
    pub fn start_bare_template(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
        self.modes = vec![Mode::Bare];
    }

    /// A heredoc's body up to the line of its `marker`, or (None) a bare
    /// template's to the end of the text.
    fn scan_heredoc(&mut self, marker: Option<Range<usize>>, start_of_line: bool) -> Token {
        let p = self.pos;
        let b = self.at(p);
        if (b == b'$' || b == b'%') && self.at(p + 1) == b'{' {
            let kind = if b == b'$' { Tok::TemplateInterp } else { Tok::TemplateControl };
            return self.begin_sequence(kind, p);
        }
        let set_sol = |s: &mut Self, v: bool| {
            if let Some(Mode::Heredoc { start_of_line, .. }) = s.modes.last_mut() {
                *start_of_line = v;
            }
        };
        if b == b'$' || b == b'%' {
            let e = self.escape_or_sign_end(p);
            set_sol(self, false);
            return self.tok(Tok::StringLit, p, e);
        }
        // A run of ordinary characters, then perhaps a line end.
        // (A byte at a time: the bytes that end the run are ASCII.)
        let mut e = p;
        let bytes = self.bytes();
        while e < bytes.len() && !matches!(bytes[e], b'$' | b'%' | b'\r' | b'\n') {
            e += 1;
        }
        let nl_len = if self.at(e) == b'\n' {
            1
        } else if self.starts(e, "\r\n") {
            2
        } else {
            0
        };
        if nl_len == 0 {
            if e == p {
                // A carriage return not followed by a newline: hcl's scanner
                // cannot match it and gives up on the rest of the input.
                let end = self.src.len();
                self.modes.clear();
                self.modes.push(Mode::Main);
                return self.tok(Tok::Invalid, p, end);
            }
            set_sol(self, false);
            return self.tok(Tok::StringLit, p, e);
        }
        let line_end = e + nl_len;
        if start_of_line && marker.as_ref().is_some_and(|m| self.src[p..e].trim() == &self.src[m.clone()]) {
            self.modes.pop();
            self.pending = Some(Token { kind: Tok::Newline, start: e, end: line_end });
            self.pos = line_end;
            return Token { kind: Tok::CHeredoc, start: p, end: e };
        }
        set_sol(self, true);
        self.tok(Tok::StringLit, p, line_end)
    }
}

/// Per byte: 1 continues an identifier (ASCII letters, digits, `_`, `-`),
/// 0 ends it (other ASCII), 2 is the start of a non-ASCII character.
static ASCII_IDENT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = if c >= 0x80 {
            2
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            1
        } else {
            0
        };
        i += 1;
    }
    t
};

/// The bytes that end a run of literal text in a quoted template: `$`, `%`,
/// `"`, a backslash and line ends.
static QUOTED_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'$' as usize] = true;
    t[b'%' as usize] = true;
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// The length of a UTF-8 character from its first byte (1 for a byte that
/// cannot start one).
fn utf8_len(b: u8) -> usize {
    match b {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xff => 4,
        _ => 1,
    }
}

/// Where the number literal starting at `p` (a digit) ends:
/// `digit (digit | '.' | [eE][+-]?digit)*`, never ending in `.`.
pub fn number_end(src: &[u8], p: usize) -> usize {
    let at = |i: usize| *src.get(i).unwrap_or(&0);
    let mut i = p + 1;
    let mut last_good = i;
    loop {
        let b = at(i);
        if b.is_ascii_digit() {
            i += 1;
            last_good = i;
        } else if b == b'.' {
            i += 1;
        } else if b == b'e' || b == b'E' {
            let mut j = i + 1;
            if matches!(at(j), b'+' | b'-') {
                j += 1;
            }
            if at(j).is_ascii_digit() {
                i = j + 1;
                last_good = i;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    last_good
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Tok, &str)> {
        let mut l = Lexer::new(src);
        let mut out = vec![];
        loop {
            let t = l.next_token();
            if t.kind == Tok::Eof {
                break;
            }
            out.push((t.kind, &src[t.range()]));
        }
        out
    }

    /// The ASCII fast path of identifiers ends where the general one does.
    #[test]
    fn identifier_ends_are_those_of_the_character_rules() {
        for src in [
            "a",
            "ab-c_9 x",
            "a.b",
            "aé",
            "éa-b",
            "a\u{301}b c",
            "a🙂",
            "_x\u{1C90}",
            "x\u{309B}y",
            "a\u{2028}",
            "z\u{FF9E}-",
        ] {
            let l = Lexer::new(src);
            assert_eq!(l.ident_end(0), l.ident_end_by_chars(0), "{src:?}");
        }
    }

    /// Bytes that start no identifier are one invalid token each (ASCII) or
    /// one character (other text).
    #[test]
    fn invalid_characters_are_one_character_tokens() {
        assert_eq!(kinds("@"), vec![(Tok::Invalid, "@")]);
        assert_eq!(kinds("\u{1}a"), vec![(Tok::Invalid, "\u{1}"), (Tok::Ident, "a")]);
        assert_eq!(kinds("🙂x"), vec![(Tok::Invalid, "🙂"), (Tok::Ident, "x")]);
        assert_eq!(kinds("\u{201c}"), vec![(Tok::Invalid, "\u{201c}")]);
    }

    #[test]
    fn non_ascii_text_in_strings_and_heredocs_stays_whole() {
        assert_eq!(kinds("\"é\\ü\""), vec![(Tok::OQuote, "\""), (Tok::QuotedLit, "é\\ü"), (Tok::CQuote, "\"")]);
        assert_eq!(kinds("<<X\nü€𝄞\nX\n")[1], (Tok::StringLit, "ü€𝄞\n"));
    }

    #[test]
    fn number_literal_never_ends_in_a_dot() {
        assert_eq!(kinds("1."), vec![(Tok::NumberLit, "1"), (Tok::Dot, ".")]);
        assert_eq!(kinds("1.5e+3x"), vec![(Tok::NumberLit, "1.5e+3"), (Tok::Ident, "x")]);
        assert_eq!(kinds("1.2.3"), vec![(Tok::NumberLit, "1.2.3")]);
        assert_eq!(kinds("1e"), vec![(Tok::NumberLit, "1"), (Tok::Ident, "e")]);
    }

    #[test]
    fn identifiers_may_contain_dashes() {
        assert_eq!(kinds("a-b - c"), vec![(Tok::Ident, "a-b"), (Tok::Minus, "-"), (Tok::Ident, "c")]);
    }

    #[test]
    fn quoted_template_splits_at_sequences() {
        assert_eq!(
            kinds(r#""a${b}c$${d}""#),
            vec![
                (Tok::OQuote, "\""),
                (Tok::QuotedLit, "a"),
                (Tok::TemplateInterp, "${"),
                (Tok::Ident, "b"),
                (Tok::TemplateSeqEnd, "}"),
                (Tok::QuotedLit, "c"),
                (Tok::QuotedLit, "$${"),
                (Tok::QuotedLit, "d}"),
                (Tok::CQuote, "\""),
            ]
        );
    }

    #[test]
    fn escaped_quote_does_not_end_a_string() {
        assert_eq!(kinds(r#""a\"b""#), vec![(Tok::OQuote, "\""), (Tok::QuotedLit, "a\\\"b"), (Tok::CQuote, "\"")]);
    }

    #[test]
    fn heredoc_lines_are_separate_literals_and_marker_closes() {
        assert_eq!(
            kinds("<<EOT\na\n  EOT\n"),
            vec![(Tok::OHeredoc, "<<EOT\n"), (Tok::StringLit, "a\n"), (Tok::CHeredoc, "  EOT"), (Tok::Newline, "\n"),]
        );
    }

    #[test]
    fn heredoc_marker_after_interpolation_on_same_line_does_not_close() {
        let k = kinds("<<EOT\n${x}EOT\nEOT\n");
        assert_eq!(k[4], (Tok::StringLit, "EOT\n"));
        assert_eq!(k[5], (Tok::CHeredoc, "EOT"));
    }

    #[test]
    fn brace_inside_interpolation_is_not_sequence_end() {
        assert_eq!(
            kinds(r#""${ {a=1} }""#).iter().map(|k| k.0).collect::<Vec<_>>(),
            vec![
                Tok::OQuote,
                Tok::TemplateInterp,
                Tok::OBrace,
                Tok::Ident,
                Tok::Equal,
                Tok::NumberLit,
                Tok::CBrace,
                Tok::TemplateSeqEnd,
                Tok::CQuote
            ]
        );
    }

    #[test]
    fn comments_include_their_newline() {
        assert_eq!(kinds("1 # c\n2"), vec![(Tok::NumberLit, "1"), (Tok::Comment, "# c\n"), (Tok::NumberLit, "2")]);
        assert_eq!(kinds("/* x */"), vec![(Tok::Comment, "/* x */")]);
    }
}
