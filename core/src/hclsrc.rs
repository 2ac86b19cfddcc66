//! Small facts about HCL's native syntax that other modules share. Reading
//! HCL itself (scanning, parsing, hclsyntax's diagnostics) is
//! [`crate::hcl`]'s job, for values and type constraints alike.

/// Characters that hcl's scanner lets start an identifier: `_` and
/// Unicode 9.0's ID_Start, the tables hcl's scanner was generated from (a
/// letter added to Unicode later, such as Georgian Mtavruli `Ფ`, is an
/// "Invalid character" to Terraform). unicode-xid 0.1 has Unicode 9.0's
/// XID_Start; ID_Start has a few more characters, the ones that NFKC would
/// change, listed here.
pub fn is_id_start(c: char) -> bool {
    c == '_'
        || unicode_xid::UnicodeXID::is_xid_start(c)
        || matches!(
            c as u32,
            0x37A | 0xE33 | 0xEB3 | 0x309B | 0x309C | 0xFC5E
                ..=0xFC63
                    | 0xFDFA
                    | 0xFDFB
                    | 0xFE70
                    | 0xFE72
                    | 0xFE74
                    | 0xFE76
                    | 0xFE78
                    | 0xFE7A
                    | 0xFE7C
                    | 0xFE7E
                    | 0xFF9E
                    | 0xFF9F
        )
}

/// Characters that may continue an identifier: `-` and Unicode 9.0's
/// ID_Continue (XID_Continue and the few NFKC-unstable characters).
pub fn is_id_continue(c: char) -> bool {
    c == '-'
        || unicode_xid::UnicodeXID::is_xid_continue(c)
        || matches!(
            c as u32,
            0x37A | 0x309B | 0x309C | 0xFC5E
                ..=0xFC63 | 0xFDFA | 0xFDFB | 0xFE70 | 0xFE72 | 0xFE74 | 0xFE76 | 0xFE78 | 0xFE7A | 0xFE7C | 0xFE7E
        )
}

/// True when `s` is one HCL identifier (what `hcl.ExprAsKeyword` can return).
pub fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if is_id_start(c)) && cs.all(is_id_continue)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_start_with_a_letter_or_underscore_and_may_hold_dashes() {
        for (s, want) in [
            ("a", true),
            ("_a-b_9", true),
            ("é", true),
            ("", false),
            ("9a", false),
            ("-a", false),
            ("a b", false),
            ("a.b", false),
        ] {
            assert_eq!(is_identifier(s), want, "{s:?}");
        }
    }
}

#[cfg(test)]
mod ident_tests {
    use super::*;

    /// (character, may start, may continue): Unicode 9.0's tables, as hcl's
    /// scanner has them (checked once for every code point against the
    /// ranges of hcl v2.24.0's generated scanner tables).
    #[test]
    fn identifier_characters_are_unicode_9_as_in_hcl() {
        let cases = [
            ('a', true, true),
            ('_', true, true),
            ('-', false, true),
            ('1', false, true),
            ('é', true, true),
            ('日', true, true),
            ('\u{301}', false, true),   // combining acute: continues only
            ('\u{1C90}', false, false), // Georgian Mtavruli, Unicode 11
            ('\u{1E900}', true, true),  // Adlam, Unicode 9
            ('\u{11700}', true, true),  // Ahom, Unicode 8
            ('\u{309B}', true, true),   // ID_Start though not XID_Start
            ('\u{FF9E}', true, true),
            ('\u{37A}', true, true),
            ('🙂', false, false),
        ];
        for (c, start, cont) in cases {
            assert_eq!((is_id_start(c), is_id_continue(c)), (start, cont), "U+{:04X}", c as u32);
        }
    }
}
