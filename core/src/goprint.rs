//! Go's printing of strings: `strconv.Quote` ([`go_quote`]), which keeps
//! the characters Go's `unicode.IsPrint` calls printable
//! ([`crate::unicode::is_print`]). Types, sets, paths and messages quote
//! names with it, and [`crate::render`] re-exports it. Terraform 1.5 is built
//! with Go 1.20 (Unicode 13.0.0): [`go_quote_as`] / [`go_quote_in`] quote as
//! a flavor's Go does, leaving out what Unicode 14.0/15.0 added.

use std::fmt::Write as _;

use crate::unicode::Unicode;

// ---------------------------------------------------------------------------
// Go's strconv.Quote
// ---------------------------------------------------------------------------

/// Go's `strconv.Quote`: `"` + the string + `"`, where `"` and `\` are
/// backslash-escaped, printable runes (Go's `strconv.IsPrint`) are kept,
/// `\a \b \f \n \r \t \v` use their short escapes, other runes below U+0020
/// and U+007F are written `\xHH`, other non-printable runes `\uHHHH` or
/// `\UHHHHHHHH` (lower-case hex).
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    go_quote_into(s, &mut out);
    out
}

/// [`go_quote`], appending to `out`.
pub fn go_quote_into(s: &str, out: &mut String) {
    go_quote_into_as(s, Unicode::V15_0, out)
}

/// [`go_quote`] by the Go of a Unicode version (Go ≤ 1.20 escapes what
/// Unicode 14.0/15.0 added).
pub fn go_quote_as(s: &str, u: Unicode) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    go_quote_into_as(s, u, &mut out);
    out
}

/// [`go_quote`] by the Go of the flavor of `p` (its Unicode version asked
/// only for non-ASCII text).
pub fn go_quote_in(s: &str, p: &crate::flavor::Profile) -> String {
    go_quote_as(s, p.unicode_of(s))
}

/// [`go_quote_as`], appending to `out`.
pub fn go_quote_into_as(s: &str, u: Unicode, out: &mut String) {
    out.push('"');
    // The common case: printable ASCII other than `"` and `\` is copied as it is.
    let plain = s.bytes().take_while(|&b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\').count();
    out.push_str(&s[..plain]);
    for c in s[plain..].chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if crate::unicode::is_print(c, u) => out.push(c),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\x7f' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if (c as u32) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
    out.push('"');
}

/// Go's `strconv.IsPrint` (= `unicode.IsPrint`): letters, marks, numbers,
/// punctuation, symbols (general categories L, M, N, P, S) and the ASCII
/// space. Everything else — other spaces such as U+00A0, controls, format
/// characters such as U+00AD, U+200B, U+FEFF, line/paragraph separators,
/// surrogates, private use and unassigned code points — is not printable.
/// Categories are Unicode 15.0.0's, as in Go 1.21 through 1.26.
pub fn go_is_print(c: char) -> bool {
    crate::unicode::is_print(c, Unicode::V15_0)
}
