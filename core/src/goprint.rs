//! Go's printing of strings: `strconv.Quote` ([`go_quote`]) and
//! `unicode.IsPrint` for Unicode 15.0.0 (Go 1.21 through 1.26), as one small
//! generated table. A leaf: types, sets, paths and messages quote names with
//! it, and [`crate::render`] re-exports it. Terraform 1.5 is built with Go
//! 1.20 (Unicode 13.0.0): [`go_quote_as`] / [`go_quote_in`] quote as a
//! flavor's Go does, leaving out what Unicode 14.0/15.0 added
//! ([`crate::unicode::is_print`]).
//!
//! A character is printable when its general category is a letter, mark,
//! number, punctuation or symbol (L, M, N, P, S), or it is the ASCII space.
//! The categories come from the `unicode-general-category` 0.6 crate
//! (Unicode 15.0.0), whose full tables would cost the playground's .wasm
//! about 5 KB gzipped; here only the code points where printability changes
//! are kept (`TOGGLES`), generated from that crate (a dev-dependency) by
//! `TFTYPE_REGEN_GOPRINT=1 cargo test -p tftype --lib goprint`, and tested
//! against it for every code point.

#[rustfmt::skip]
mod table;

use std::fmt::Write as _;

use crate::unicode::Unicode;

use table::{TOGGLES_BMP, TOGGLES_SUPP};

/// Go's `unicode.IsPrint(c)`.
pub fn is_print(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (0x20..0x7f).contains(&u);
    }
    // The toggles start with "not printable" at U+0000; an odd count of
    // toggles at or below `u` means printable.
    let below = if u <= 0xFFFF {
        TOGGLES_BMP.partition_point(|&t| t as u32 <= u)
    } else {
        TOGGLES_BMP.len() + TOGGLES_SUPP.partition_point(|&t| t <= u)
    };
    below % 2 == 1
}

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
    go_quote_as(s, crate::unicode::of(s, p))
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
    is_print(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_general_category::{get_general_category, GeneralCategory as G};

    /// The definition, on the crate's categories.
    fn by_category(c: char) -> bool {
        if c == ' ' {
            return true;
        }
        !matches!(
            get_general_category(c),
            G::SpaceSeparator
                | G::LineSeparator
                | G::ParagraphSeparator
                | G::Control
                | G::Format
                | G::Surrogate
                | G::PrivateUse
                | G::Unassigned
        )
    }

    fn generate() -> String {
        let mut toggles = Vec::new();
        let mut printable = false;
        for u in 0..=0x10FFFFu32 {
            // Surrogates are not chars; they are not printable.
            let p = char::from_u32(u).is_some_and(by_category);
            if p != printable {
                toggles.push(u);
                printable = p;
            }
        }
        let (bmp, supp): (Vec<u32>, Vec<u32>) = toggles.into_iter().partition(|&u| u <= 0xFFFF);
        let mut s = String::from(
            "// @generated by `TFTYPE_REGEN_GOPRINT=1 cargo test -p tftype --lib goprint` from\n\
             // the unicode-general-category 0.6 crate (Unicode 15.0.0); do not edit.\n\n\
             /// Code points (up to U+FFFF) where printability changes.\n",
        );
        fn list(s: &mut String, name: &str, ty: &str, v: &[u32]) {
            *s += &format!("pub(super) static {name}: [{ty}; {}] = [\n", v.len());
            for chunk in v.chunks(10) {
                *s += "    ";
                *s += &chunk.iter().map(|x| format!("{x:#x},")).collect::<Vec<_>>().join(" ");
                *s += "\n";
            }
            *s += "];\n";
        }
        list(&mut s, "TOGGLES_BMP", "u16", &bmp);
        s += "\n/// The same above U+FFFF.\n";
        list(&mut s, "TOGGLES_SUPP", "u32", &supp);
        s
    }

    #[test]
    fn goprint_table_is_the_generated_one() {
        crate::testutil::check_generated_file("src/goprint/table.rs", &generate(), "TFTYPE_REGEN_GOPRINT");
    }

    #[test]
    fn go_is_print_equals_the_general_categories_for_every_code_point() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let want = if (c as u32) < 0x80 { (' '..='~').contains(&c) } else { by_category(c) };
            assert_eq!(is_print(c), want, "{c:?}");
        }
    }

    #[test]
    fn go_is_print_examples() {
        for (c, want) in [
            (' ', true),
            ('\u{A0}', false),
            ('\u{AD}', false),
            ('é', true),
            ('\u{200B}', false),
            ('\u{2028}', false),
            ('\u{FEFF}', false),
            ('\u{E000}', false),
            ('\u{1F600}', true),
            ('\u{1FAE8}', true),  // new in Unicode 15.0
            ('\u{1FAE9}', false), // unassigned in 15.0 (assigned in 16.0)
            ('\u{10FFFF}', false),
        ] {
            assert_eq!(is_print(c), want, "{c:?}");
        }
    }
}
