//! README.md as a reader meets it (ux-5 L11): a table of contents that
//! lists every section, and no issue numbers of this project's own work in
//! what users read (they name nothing a user can look up).

use std::path::Path;

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// GitHub's anchor of a heading: lower case, spaces as `-`, punctuation
/// other than `-` and `_` left out.
fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(anchor("Versions (flavors)"), "versions-flavors");
    assert_eq!(anchor("In CI and in pre-commit"), "in-ci-and-in-pre-commit");
}

#[test]
fn the_contents_list_every_section_in_order() {
    let text = readme();
    let (head, body) = text.split_once("\n## Contents\n").expect("README has a ## Contents section");
    assert!(!head.contains("\n## "), "Contents is the first section");
    let (contents, rest) = body.split_once("\n## ").expect("a section after Contents");
    let listed: Vec<(usize, String)> = contents
        .lines()
        .filter_map(|l| {
            let depth = l.len() - l.trim_start().len();
            let link = l.trim_start().strip_prefix("- [")?;
            let (title, rest) = link.split_once("](#")?;
            assert_eq!(rest.strip_suffix(')'), Some(anchor(title).as_str()), "the link of {title}");
            Some((depth, title.to_string()))
        })
        .collect();
    let mut sections = Vec::new();
    let mut in_code = false;
    for l in format!("## {rest}").lines() {
        if l.starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            if let Some(t) = l.strip_prefix("## ") {
                sections.push((0, t.to_string()));
            } else if let Some(t) = l.strip_prefix("### ") {
                sections.push((2, t.to_string()));
            }
        }
    }
    assert_eq!(listed, sections, "Contents against the README's ## and ### headings");
}

#[test]
fn no_issue_numbers_in_what_users_read() {
    let text = readme();
    let found: Vec<&str> = text
        .lines()
        .filter(|l| {
            let b = l.as_bytes();
            l.to_lowercase().contains("issue #")
                || b.windows(2).enumerate().any(|(i, w)| {
                    w[0] == b'#'
                        && w[1].is_ascii_digit()
                        && (i == 0 || !b[i - 1].is_ascii_alphanumeric() && b[i - 1] != b'&')
                })
        })
        .collect();
    assert!(found.is_empty(), "{found:#?}");
}
