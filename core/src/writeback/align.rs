//! `=` signs lined up the way `terraform fmt` (hclwrite's `formatCells`)
//! lines them up: over each run of consecutive lines that assign a whole
//! one-line value (`name = "x"`, `key = <<EOT` too). A line whose value
//! opens brackets it does not close (`tags = {`), a bracket line, a blank
//! line or heredoc text ends the run. Widths are counted in grapheme
//! clusters, as hclwrite counts columns.

/// `text` (HCL as hcl-rs writes it: `key = value`, one space each side)
/// with the `=` of each run of assignments at one column.
pub fn align(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    // For each line: the byte offset of its ` = ` when it is a one-line
    // assignment.
    let mut assign: Vec<Option<usize>> = Vec::with_capacity(lines.len());
    let mut heredoc: Option<String> = None;
    for line in &lines {
        if let Some(d) = &heredoc {
            if line.trim() == d {
                heredoc = None;
            }
            assign.push(None);
            continue;
        }
        let (eq, opens) = scan(line);
        heredoc = opens;
        assign.push(eq);
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut i = 0;
    while i < lines.len() {
        let Some(_) = assign[i] else {
            out.push_str(lines[i]);
            out.push('\n');
            i += 1;
            continue;
        };
        let start = i;
        while i < lines.len() && assign[i].is_some() {
            i += 1;
        }
        let width = (start..i).map(|j| columns(&lines[j][..assign[j].unwrap_or(0)])).max().unwrap_or(0);
        for j in start..i {
            let at = assign[j].unwrap_or(0);
            let lead = &lines[j][..at];
            out.push_str(lead);
            out.push_str(&" ".repeat(width - columns(lead)));
            out.push_str(&lines[j][at..]);
            out.push('\n');
        }
    }
    out.pop();
    out
}

/// `text` with `pad` put before each line after the first, except heredoc
/// text and closing delimiters (moving those would change the string).
pub fn indent_after_first_line(text: &str, pad: &str) -> String {
    if pad.is_empty() || !text.contains('\n') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut heredoc: Option<String> = None;
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            if heredoc.is_none() && !line.is_empty() {
                out.push_str(pad);
            }
        }
        out.push_str(line);
        if let Some(d) = &heredoc {
            if i > 0 && line.trim() == d {
                heredoc = None;
            }
        } else {
            heredoc = scan(line).1;
        }
    }
    out
}

fn columns(s: &str) -> usize {
    crate::unicode::grapheme_count(s, crate::unicode::Unicode::V15_0)
}

/// Where the line's first top-level ` = ` is, when the line assigns a
/// whole value; and the delimiter of a heredoc the line opens.
fn scan(line: &str) -> (Option<usize>, Option<String>) {
    let b = line.as_bytes();
    let mut i = 0;
    let mut eq = None;
    let mut depth: i64 = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => depth -= 1,
            b'=' if eq.is_none() && depth == 0 && i > 0 && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ') => {
                if line[..i].trim().is_empty() {
                    return (None, None);
                }
                eq = Some(i - 1);
                depth = 0;
            }
            b'<' if b.get(i + 1) == Some(&b'<') => {
                // A heredoc opens: the rest of the line is its delimiter.
                let rest = line[i + 2..].trim_start_matches('-').trim();
                return (eq.filter(|_| depth == 0), Some(rest.to_string()));
            }
            _ => {}
        }
        i += 1;
    }
    (eq.filter(|_| depth == 0), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_one_line_assignments_line_up() {
        let text = "a = 1\nlong_name = 2\n\"quoted key\" = 3";
        assert_eq!(align(text), "a            = 1\nlong_name    = 2\n\"quoted key\" = 3");
    }

    #[test]
    fn a_value_that_opens_a_block_stands_alone_and_ends_the_run() {
        let text = "a = 1\ntags = {\n  x = 1\n  yy = 2\n}\nbb = 3\nc = 4";
        assert_eq!(align(text), "a = 1\ntags = {\n  x  = 1\n  yy = 2\n}\nbb = 3\nc  = 4");
    }

    #[test]
    fn heredoc_text_is_left_alone_and_its_opening_line_is_aligned() {
        let text = "a = <<EOT\nx = 1\nEOT\nbb = 2\nc = 3";
        assert_eq!(align(text), "a = <<EOT\nx = 1\nEOT\nbb = 2\nc  = 3");
        let text = "a = <<EOT\nhi\nEOT\nbbb = 2";
        assert_eq!(align(text), "a = <<EOT\nhi\nEOT\nbbb = 2");
        assert_eq!(align("a = 1\nbbb = <<EOT\nhi\nEOT"), "a   = 1\nbbb = <<EOT\nhi\nEOT");
    }

    #[test]
    fn equals_signs_inside_strings_and_one_line_objects_are_not_assignments() {
        assert_eq!(align("a = \"x = y\"\nbb = { c = 1 }"), "a  = \"x = y\"\nbb = { c = 1 }");
        assert_eq!(align("  { c = 1 },\n  x = 2"), "  { c = 1 },\n  x = 2");
    }

    #[test]
    fn keys_are_measured_in_grapheme_clusters() {
        assert_eq!(align("\"é\" = 1\nab = 2"), "\"é\" = 1\nab  = 2");
        assert_eq!(align("\"e\u{301}\" = 1\nabc = 2"), "\"e\u{301}\" = 1\nabc = 2");
    }
}
