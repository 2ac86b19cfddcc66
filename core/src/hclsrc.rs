//! Small facts about HCL's native syntax that other modules share. Reading
//! HCL itself (scanning, parsing, hclsyntax's diagnostics) is
//! [`crate::valueparse`]'s job, for values and type constraints alike.

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
