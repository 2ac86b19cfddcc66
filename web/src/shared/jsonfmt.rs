//! Indents JSON text for the JSON tab without parsing it, so numbers keep
//! every digit the engine wrote (no f64 round trip).

/// Above these limits the text is shown as it came (indenting very deep or
/// very long documents costs more than it helps).
const MAX_LEN: usize = 512 * 1024;
const MAX_DEPTH: usize = 100;

/// `json` with two-space indentation, one member or element per line, and
/// `": "` after keys; empty `{}` and `[]` stay on one line. Text that is not
/// well-formed JSON comes back in some indented form, never a panic.
pub fn pretty(json: &str) -> String {
    if json.len() > MAX_LEN || depth(json) > MAX_DEPTH {
        return json.to_string();
    }
    let mut out = String::with_capacity(json.len() * 2);
    let mut level = 0usize;
    let mut in_str = false;
    let mut escaped = false;
    // An opening bracket was just written; its newline waits for the next token.
    let mut opened = false;
    for c in json.chars() {
        if in_str {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        if c.is_whitespace() {
            continue;
        }
        if opened {
            opened = false;
            if c == '}' || c == ']' {
                level = level.saturating_sub(1);
                out.push(c);
                continue;
            }
            newline(&mut out, level);
        }
        match c {
            '"' => {
                in_str = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                level += 1;
                opened = true;
            }
            '}' | ']' => {
                level = level.saturating_sub(1);
                newline(&mut out, level);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, level);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out
}

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
}

/// The deepest bracket nesting outside strings.
fn depth(json: &str) -> usize {
    let (mut d, mut max, mut in_str, mut escaped) = (0usize, 0usize, false, false);
    for b in json.bytes() {
        if in_str {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_str = false;
            }
            continue;
        }
        match b {
            b'"' => in_str = true,
            b'{' | b'[' => {
                d += 1;
                max = max.max(d);
            }
            b'}' | b']' => d = d.saturating_sub(1),
            _ => {}
        }
    }
    max
}

#[cfg(test)]
mod tests {
    use super::pretty;

    #[test]
    fn objects_and_arrays_get_one_member_per_line() {
        assert_eq!(
            pretty(r#"{"value":[1,{"a":true}],"type":["list","string"]}"#),
            "{\n  \"value\": [\n    1,\n    {\n      \"a\": true\n    }\n  ],\n  \"type\": [\n    \"list\",\n    \"string\"\n  ]\n}"
        );
    }

    #[test]
    fn empty_containers_stay_on_one_line() {
        assert_eq!(pretty(r#"{"a":{},"b":[]}"#), "{\n  \"a\": {},\n  \"b\": []\n}");
        assert_eq!(pretty("[]"), "[]");
    }

    #[test]
    fn numbers_keep_every_digit() {
        let big = "123456789012345678901234567890.000000000000000000001";
        assert_eq!(pretty(&format!("[{big}]")), format!("[\n  {big}\n]"));
    }

    #[test]
    fn strings_are_copied_verbatim_including_brackets_commas_and_escapes() {
        let s = r#"{"k,{[":"a\"b,]}\\","x":"\u00e9 é"}"#;
        assert_eq!(pretty(s), "{\n  \"k,{[\": \"a\\\"b,]}\\\\\",\n  \"x\": \"\\u00e9 é\"\n}");
    }

    #[test]
    fn existing_whitespace_is_replaced() {
        assert_eq!(pretty("{ \"a\" :\n 1 }"), "{\n  \"a\": 1\n}");
    }

    #[test]
    fn scalars_pass_through() {
        assert_eq!(pretty("\"x\""), "\"x\"");
        assert_eq!(pretty("null"), "null");
    }

    #[test]
    fn broken_or_very_deep_text_never_panics() {
        for s in ["]]]", "{{{", "\"unterminated", ",,::", "}{"] {
            let _ = pretty(s);
        }
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(pretty(&deep), deep, "too deep: shown as it came");
    }
}
